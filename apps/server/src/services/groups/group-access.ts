import { eq } from 'drizzle-orm';
import { permissionsFor, type GroupRole, type Permission } from '@callsight/shared';
import type { DbOrTx } from '../../db/client.ts';
import { acrossGroups, forGroup } from '../../db/group-scope.ts';
import { groups, memberships, users } from '../../db/schema/index.ts';

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

/** The group a user works in: the saved current group if still allowed, else the first allowed. */
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
        .orderBy(groups.createdAt, groups.name)
        .limit(1)
    : // Sign-in: the user's first group, whichever it is.
      await db
        .select({ id: groups.id })
        .from(memberships)
        .innerJoin(groups, eq(groups.id, memberships.groupId))
        .where(acrossGroups.where(eq(memberships.userId, user.id), eq(groups.status, 'active')))
        .orderBy(groups.createdAt, groups.name)
        .limit(1);
  const first = candidates[0];
  return first ? resolveGroupAccess(db, user, first.id) : null;
}

export async function findUserById(db: DbOrTx, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}
