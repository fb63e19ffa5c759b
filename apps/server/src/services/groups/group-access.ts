import { desc, eq, exists, sql } from 'drizzle-orm';
import { permissionsFor, type GroupRole, type Permission } from '@callsight/shared';
import type { DbOrTx } from '../../db/client.ts';
import { acrossGroups, forGroup } from '../../db/group-scope.ts';
import { groups, memberships, usageDays, usageDirty, users } from '../../db/schema/index.ts';

export interface GroupAccess {
  groupId: string;
  role: GroupRole | null;
  permissions: Permission[];
}

/**
 * What a user may do in a group: the membership role, or everything for a super user.
 * Null when the group does not exist, is archived for a non-super, or the user is not in it.
 */
export async function resolveGroupAccess(
  db: DbOrTx,
  user: { id: string; isSuper: boolean; platformPermissions?: readonly string[] },
  groupId: string,
): Promise<GroupAccess | null> {
  const scope = forGroup(db, groupId);
  const [row] = await db
    .select({ status: groups.status, role: memberships.role })
    .from(groups)
    .leftJoin(memberships, scope.owns(memberships, eq(memberships.userId, user.id)))
    .where(eq(groups.id, groupId))
    .limit(1);
  if (!row) return null;
  if (!user.isSuper && (!row.role || row.status !== 'active')) return null;
  const role = row.role ?? null;
  return {
    groupId,
    role,
    permissions: permissionsFor(role, user.isSuper, user.platformPermissions),
  };
}

/**
 * True for a group with data: a day of usage (calls, journeys, test calls) rolled up, or data
 * written that the rollup has yet to count. Both live in PostgreSQL whichever telemetry store.
 */
function hasData(db: DbOrTx) {
  const rolledUp = db
    .select({ one: usageDays.groupId })
    .from(usageDays)
    .where(acrossGroups.where(eq(usageDays.groupId, groups.id)));
  const waiting = db
    .select({ one: usageDirty.groupId })
    .from(usageDirty)
    .where(acrossGroups.where(eq(usageDirty.groupId, groups.id)));
  return sql<boolean>`(${exists(rolledUp)} or ${exists(waiting)})`;
}

/**
 * The group a user works in: the saved current group (the last used) if still allowed, else the
 * first allowed group that has data, else the first allowed (issue 33: not an empty group).
 */
export async function pickCurrentGroup(
  db: DbOrTx,
  user: {
    id: string;
    isSuper: boolean;
    currentGroupId: string | null;
    platformPermissions?: readonly string[];
  },
): Promise<GroupAccess | null> {
  if (user.currentGroupId) {
    const access = await resolveGroupAccess(db, user, user.currentGroupId);
    if (access) return access;
  }
  const candidates = user.isSuper
    ? await db
        .select({ id: groups.id })
        .from(groups)
        .where(eq(groups.status, 'active'))
        .orderBy(desc(hasData(db)), groups.createdAt, groups.name)
        .limit(1)
    : // Sign-in: the user's first group with data, else their first group.
      await db
        .select({ id: groups.id })
        .from(memberships)
        .innerJoin(groups, eq(groups.id, memberships.groupId))
        .where(acrossGroups.where(eq(memberships.userId, user.id), eq(groups.status, 'active')))
        .orderBy(desc(hasData(db)), groups.createdAt, groups.name)
        .limit(1);
  const first = candidates[0];
  return first ? resolveGroupAccess(db, user, first.id) : null;
}

export async function findUserById(db: DbOrTx, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}
