import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  TEAMMATE_TEXTS,
  type GroupRole,
  type Teammate,
  type TeammateCreateInput,
  type TeammateUpdateInput,
  type UserLookup,
} from '@callsight/shared';
import type { Db } from '../../db/client.ts';
import { groups, memberships, refreshSessions, users } from '../../db/schema/index.ts';
import { recordAudit, type DbOrTx } from '../audit/audit-log.ts';
import { hashPassword } from '../auth/passwords.ts';
import { conflict, forbidden, notFound, badRequest } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/authenticate.ts';

type Actor = Pick<Caller, 'userId' | 'email' | 'isSuper' | 'groupId'>;

const memberColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  picture: users.picture,
  isSuper: users.isSuper,
  createdAt: users.createdAt,
  role: memberships.role,
  groupId: groups.id,
  groupName: groups.name,
};

/** Members of one group, in name order, as the teammates table shows them. */
export async function listTeammates(
  db: DbOrTx,
  caller: Actor,
  groupId = caller.groupId,
): Promise<Teammate[]> {
  const rows = await db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(groups, eq(groups.id, memberships.groupId))
    .where(eq(memberships.groupId, groupId))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.email));
  return withVisibleGroups(db, caller, rows);
}

/** One member of the caller's current group; anyone else is not found. */
export async function getTeammate(
  db: DbOrTx,
  caller: Actor,
  userId: string,
  groupId = caller.groupId,
): Promise<Teammate> {
  const [row] = await db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(groups, eq(groups.id, memberships.groupId))
    .where(and(eq(memberships.groupId, groupId), eq(memberships.userId, userId)))
    .limit(1);
  if (!row) throw notFound(TEAMMATE_TEXTS.notFound);
  const [teammate] = await withVisibleGroups(db, caller, [row]);
  if (!teammate) throw notFound(TEAMMATE_TEXTS.notFound);
  return teammate;
}

/** The e-mail check of the teammate form: id, name and e-mail of the account, or not found. */
export async function lookupUserByEmail(db: DbOrTx, email: string): Promise<UserLookup> {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  if (!row) throw notFound('No user with this email');
  return row;
}

/**
 * Adds a teammate to a group the caller administers: a new account (password hashed with
 * argon2), or an existing account found by the e-mail check, which then becomes a member.
 */
export async function createTeammate(
  db: Db,
  caller: Actor,
  input: TeammateCreateInput,
): Promise<Teammate> {
  await assertManages(db, caller, input.group);
  const userId = await db.transaction(async (tx) => {
    if (input.id) {
      const user = await findUser(tx, input.id);
      if (!user) throw notFound(TEAMMATE_TEXTS.notFound);
      if (user.email !== input.email) {
        throw badRequest(TEAMMATE_TEXTS.existingUserMismatch, {
          email: TEAMMATE_TEXTS.existingUserMismatch,
        });
      }
      if (user.isSuper && !caller.isSuper) throw forbidden(TEAMMATE_TEXTS.superOnlyBySuper);
      const [already] = await tx
        .select({ role: memberships.role })
        .from(memberships)
        .where(and(eq(memberships.userId, user.id), eq(memberships.groupId, input.group)))
        .limit(1);
      if (already) throw conflict(TEAMMATE_TEXTS.alreadyMember);
      await tx
        .insert(memberships)
        .values({ userId: user.id, groupId: input.group, role: input.role });
      if (!user.currentGroupId)
        await tx.update(users).set({ currentGroupId: input.group }).where(eq(users.id, user.id));
      await audit(tx, caller, input.group, 'addTeammate', user.id, {
        email: user.email,
        role: input.role,
      });
      return user.id;
    }
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, input.email))
      .limit(1);
    if (taken) throw conflict(TEAMMATE_TEXTS.duplicateEmail);
    // The schema guarantees a password for a new account; checked again so the type says so.
    if (input.password === undefined)
      throw badRequest('Required (Password)', { password: 'Required (Password)' });
    const [created] = await tx
      .insert(users)
      .values({
        email: input.email,
        name: input.name,
        passwordHash: await hashPassword(input.password),
        currentGroupId: input.group,
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!created) throw conflict(TEAMMATE_TEXTS.duplicateEmail);
    await tx
      .insert(memberships)
      .values({ userId: created.id, groupId: input.group, role: input.role });
    await audit(tx, caller, input.group, 'createTeammate', created.id, {
      email: input.email,
      role: input.role,
    });
    return created.id;
  });
  return getTeammate(db, caller, userId, input.group);
}

/**
 * Updates a member of a group the caller administers. Name, e-mail and password belong to the
 * account, so an admin may change them only when every group of the user is one they administer.
 */
export async function updateTeammate(
  db: Db,
  caller: Actor,
  input: TeammateUpdateInput,
): Promise<Teammate> {
  await assertManages(db, caller, input.group);
  await db.transaction(async (tx) => {
    const user = await findUser(tx, input.id);
    const role = user ? await roleIn(tx, user.id, input.group) : null;
    if (!user || !role) throw notFound(TEAMMATE_TEXTS.notFound);
    if (user.isSuper && !caller.isSuper) throw forbidden(TEAMMATE_TEXTS.superOnlyBySuper);

    const changed: string[] = [];
    if (input.name !== user.name) changed.push('name');
    if (input.email !== user.email) changed.push('email');
    if (input.password !== undefined) changed.push('password');
    if (
      changed.length > 0 &&
      !caller.isSuper &&
      !(await administersAllGroupsOf(tx, caller.userId, user.id))
    ) {
      throw forbidden(TEAMMATE_TEXTS.accountNotManaged);
    }
    if (changed.includes('email')) {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, input.email), ne(users.id, user.id)))
        .limit(1);
      if (taken) throw conflict(TEAMMATE_TEXTS.duplicateEmail);
    }
    // A platform administrator's role is not changed here (spec 001 §5).
    const newRole: GroupRole = user.isSuper ? role : input.role;
    if (newRole !== role) {
      changed.push('role');
      if (role === 'admin') await assertAnotherAdmin(tx, input.group, user.id);
    }
    if (changed.length === 0) return;

    const accountSet = {
      ...(changed.includes('name') ? { name: input.name } : {}),
      ...(changed.includes('email') ? { email: input.email } : {}),
      ...(input.password !== undefined ? { passwordHash: await hashPassword(input.password) } : {}),
    };
    if (Object.keys(accountSet).length > 0)
      await tx.update(users).set(accountSet).where(eq(users.id, user.id));
    if (newRole !== role) {
      await tx
        .update(memberships)
        .set({ role: newRole })
        .where(and(eq(memberships.userId, user.id), eq(memberships.groupId, input.group)));
    }
    // Someone else's new password ends their other sessions.
    if (input.password !== undefined && user.id !== caller.userId) {
      await tx
        .update(refreshSessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshSessions.userId, user.id), sql`${refreshSessions.revokedAt} is null`));
    }
    await audit(tx, caller, input.group, 'updateTeammate', user.id, { changed, role: newRole });
  });
  return getTeammate(db, caller, input.id, input.group);
}

/**
 * Removes a member from the caller's current group (not from their other groups). An account
 * left with no group and no platform role is deleted, so no orphan credentials remain.
 */
export async function removeTeammate(db: Db, caller: Actor, userId: string): Promise<void> {
  const groupId = caller.groupId;
  await db.transaction(async (tx) => {
    const user = await findUser(tx, userId);
    const role = user ? await roleIn(tx, user.id, groupId) : null;
    if (!user || !role) throw notFound(TEAMMATE_TEXTS.notFound);
    if (user.isSuper && !caller.isSuper) throw forbidden(TEAMMATE_TEXTS.superOnlyBySuper);
    if (role === 'admin') await assertAnotherAdmin(tx, groupId, user.id);
    await tx
      .delete(memberships)
      .where(and(eq(memberships.userId, user.id), eq(memberships.groupId, groupId)));
    const [left] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(memberships)
      .where(eq(memberships.userId, user.id));
    const accountDeleted = !user.isSuper && (left?.n ?? 0) === 0;
    if (accountDeleted) await tx.delete(users).where(eq(users.id, user.id));
    await audit(tx, caller, groupId, 'removeTeammate', user.id, {
      email: user.email,
      role,
      accountDeleted,
    });
  });
}

/** Refuses unless the caller is a super user or an admin of the (active) group. */
async function assertManages(db: DbOrTx, caller: Actor, groupId: string): Promise<void> {
  const [group] = await db
    .select({ status: groups.status })
    .from(groups)
    .where(eq(groups.id, groupId))
    .limit(1);
  if (caller.isSuper && group) return;
  const role = group?.status === 'active' ? await roleIn(db, caller.userId, groupId) : null;
  if (role !== 'admin') throw forbidden(TEAMMATE_TEXTS.notGroupAdmin);
}

/** A group must keep a Group Admin: refuses when `userId` is its only one. */
async function assertAnotherAdmin(db: DbOrTx, groupId: string, userId: string): Promise<void> {
  const [other] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(
      and(
        eq(memberships.groupId, groupId),
        eq(memberships.role, 'admin'),
        ne(memberships.userId, userId),
      ),
    )
    .limit(1);
  if (!other) throw conflict(TEAMMATE_TEXTS.lastAdmin);
}

/** True when every group of the user is one where the caller is an admin. */
async function administersAllGroupsOf(
  db: DbOrTx,
  callerId: string,
  userId: string,
): Promise<boolean> {
  const adminOf = db
    .select({ groupId: memberships.groupId })
    .from(memberships)
    .where(and(eq(memberships.userId, callerId), eq(memberships.role, 'admin')));
  const [outside] = await db
    .select({ groupId: memberships.groupId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), sql`${memberships.groupId} not in ${adminOf}`))
    .limit(1);
  return !outside;
}

async function findUser(db: DbOrTx, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}

async function roleIn(db: DbOrTx, userId: string, groupId: string): Promise<GroupRole | null> {
  const [row] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.groupId, groupId)))
    .limit(1);
  return row?.role ?? null;
}

interface MemberRow {
  id: string;
  name: string;
  email: string;
  picture: string | null;
  isSuper: boolean;
  createdAt: Date;
  role: GroupRole;
  groupId: string;
  groupName: string;
}

/** Adds each member's groups, limited to groups the caller may see (all for a super user). */
async function withVisibleGroups(
  db: DbOrTx,
  caller: Actor,
  rows: MemberRow[],
): Promise<Teammate[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const callerGroups = db
    .select({ groupId: memberships.groupId })
    .from(memberships)
    .where(eq(memberships.userId, caller.userId));
  const visible = await db
    .select({ userId: memberships.userId, id: groups.id, name: groups.name })
    .from(memberships)
    .innerJoin(groups, eq(groups.id, memberships.groupId))
    .where(
      and(
        inArray(memberships.userId, ids),
        caller.isSuper ? undefined : sql`${memberships.groupId} in ${callerGroups}`,
      ),
    )
    .orderBy(asc(groups.name));
  const byUser = new Map<string, { id: string; name: string }[]>();
  for (const g of visible) {
    const list = byUser.get(g.userId) ?? [];
    list.push({ id: g.id, name: g.name });
    byUser.set(g.userId, list);
  }
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    picture: r.picture,
    role: r.role,
    isSuper: r.isSuper,
    isMember: true,
    group: { id: r.groupId, name: r.groupName },
    groups: byUser.get(r.id) ?? [],
    createdAt: r.createdAt.toISOString(),
  }));
}

function audit(
  tx: DbOrTx,
  caller: Actor,
  groupId: string,
  action: string,
  targetId: string,
  details: Record<string, unknown>,
) {
  return recordAudit(tx, {
    groupId,
    userId: caller.userId,
    actor: caller.email,
    service: 'users',
    action,
    targetId,
    result: 'success',
    details,
  });
}
