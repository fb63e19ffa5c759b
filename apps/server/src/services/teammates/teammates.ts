import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  ERROR_CODES,
  TEAMMATE_TEXTS,
  VALIDATION_TEXTS,
  type GroupRole,
  type Teammate,
  type TeammateCreateInput,
  type TeammateUpdateInput,
  type UserLookup,
} from '@callsight/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import { acrossGroups, forGroup, type GroupScope } from '../../db/group-scope.ts';
import { groups, memberships, users } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { hashPassword } from '../auth/passwords.ts';
import { revokeOtherSessions, type SessionEndings } from '../auth/session.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { Caller } from '../../lib/caller.ts';
import type { MailAdapter } from '../../adapters/mail/mail-adapter.ts';

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
export async function listTeammates(scope: GroupScope, caller: Actor): Promise<Teammate[]> {
  const rows = await scope.db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(groups, eq(groups.id, memberships.groupId))
    .where(scope.owns(memberships))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.email));
  return withVisibleGroups(scope.db, caller, rows);
}

/** One member of the group (the caller's current one from the route); anyone else is not found. */
export async function getTeammate(
  scope: GroupScope,
  caller: Actor,
  userId: string,
): Promise<Teammate> {
  const [row] = await scope.db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(groups, eq(groups.id, memberships.groupId))
    .where(scope.owns(memberships, eq(memberships.userId, userId)))
    .limit(1);
  if (!row) throw notFound(TEAMMATE_TEXTS.notFound);
  const [teammate] = await withVisibleGroups(scope.db, caller, [row]);
  if (!teammate) throw notFound(TEAMMATE_TEXTS.notFound);
  return teammate;
}

/**
 * The e-mail check of the teammate form (spec 001 §5): id, name and e-mail of the account, or
 * null. A group admin sees only accounts of the current group's customer (Sec2); any other
 * account (another customer's, a shared one, a super user) answers null, as an unknown address.
 * Null is a normal answer, not an error: the form checks every address typed.
 */
export async function lookupUserByEmail(
  db: DbOrTx,
  caller: Actor,
  email: string,
): Promise<UserLookup | null> {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, isSuper: users.isSuper })
    .from(users)
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  if (!row) return null;
  if (!caller.isSuper) {
    const current = await findGroup(db, caller.groupId);
    if (!current || !(await belongsToCustomer(db, row, current.customerId))) return null;
  }
  return { id: row.id, name: row.name, email: row.email };
}

/** What adding a teammate may need besides the database: the mail of an invitation. */
export interface TeammateDeps {
  mail?: Pick<MailAdapter, 'send'>;
}

/** The invitation mailed to an account's owner when another customer's admin names its address. */
export const INVITATION_MAIL = {
  subject: (groupName: string) => `Invitation to join ${groupName} on Callsight`,
  text: (by: string, groupName: string, role: GroupRole) =>
    `${by} asked to add this e-mail address to the group ${groupName} (role: ${role}). ` +
    'Your account has not been changed and nobody else can sign in with it. If you want to join, ' +
    'ask your platform administrator to add your account to that group; otherwise ignore this message.',
};

/**
 * Adds a teammate to a group the caller administers: a new account (password hashed with
 * argon2), or an existing account found by the e-mail check, which then becomes a member.
 * A new account's address that an account outside the caller's customer already has (the
 * e-mail check answered null for it) gets the same answer as a new address (issue 31): no
 * account is changed, its owner is mailed an invitation, and only platform staff's log says so.
 */
export async function createTeammate(
  db: Db,
  caller: Actor,
  input: TeammateCreateInput,
  deps: TeammateDeps = {},
): Promise<Teammate> {
  const group = await assertManages(forGroup(db, input.group), caller);
  type Outcome = { userId: string } | { invited: Teammate };
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const scope = forGroup(tx, input.group);
    if (input.id) {
      const user = await findUser(tx, input.id);
      // Another customer's account (or a platform administrator) is as unknown as a wrong id.
      if (!user || (!caller.isSuper && !(await belongsToCustomer(tx, user, group.customerId))))
        throw notFound(TEAMMATE_TEXTS.notFound);
      if (user.email !== input.email) {
        throw badRequest(TEAMMATE_TEXTS.existingUserMismatch, {
          email: TEAMMATE_TEXTS.existingUserMismatch,
        });
      }
      if (await roleIn(scope, user.id)) throw conflict(TEAMMATE_TEXTS.alreadyMember);
      await tx
        .insert(memberships)
        .values(scope.row(memberships, { userId: user.id, role: input.role }));
      if (!user.currentGroupId)
        await tx.update(users).set({ currentGroupId: input.group }).where(eq(users.id, user.id));
      await auditMembership(tx, caller, group, 'addTeammate', user.id, {
        email: user.email,
        role: input.role,
      });
      return { userId: user.id };
    }
    const [taken] = await tx
      .select({ id: users.id, isSuper: users.isSuper })
      .from(users)
      .where(eq(users.email, input.email))
      .limit(1);
    // The spec's duplicate text where the e-mail check shows the account (the caller's customer,
    // or platform staff, who see every account); elsewhere the answer of a new address.
    if (taken && (caller.isSuper || (await belongsToCustomer(tx, taken, group.customerId))))
      throw emailTaken();
    // The schema guarantees a password for a new account; checked again so the type says so.
    if (input.password === undefined)
      throw badRequest(VALIDATION_TEXTS.required('Password'), {
        password: VALIDATION_TEXTS.required('Password'),
      });
    // Hashed in both cases, so that the answer takes as long for a held address as for a new one.
    const passwordHash = await hashPassword(input.password);
    if (taken) return { invited: await recordInvitation(tx, caller, group, input, taken.id) };
    const [created] = await tx
      .insert(users)
      .values({
        email: input.email,
        name: input.name,
        passwordHash,
        currentGroupId: input.group,
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!created) throw emailTaken();
    await tx
      .insert(memberships)
      .values(scope.row(memberships, { userId: created.id, role: input.role }));
    await auditMembership(tx, caller, group, 'createTeammate', created.id, {
      email: input.email,
      role: input.role,
    });
    return { userId: created.id };
  });
  if ('userId' in outcome) return getTeammate(forGroup(db, input.group), caller, outcome.userId);
  // After the commit and not awaited: the answer does not wait on (or reveal) the mail.
  void deps.mail
    ?.send({
      to: input.email,
      subject: INVITATION_MAIL.subject(group.name),
      text: INVITATION_MAIL.text(caller.email, group.name, input.role),
    })
    .catch(() => undefined);
  return outcome.invited;
}

/**
 * Records an invitation of another customer's account: the caller's group logs it as it logs a
 * new account (its members must not learn the address is taken), platform staff's log (no group)
 * and each group of the account say what happened. Answers the teammate a new account would be,
 * under an id no account has.
 */
async function recordInvitation(
  tx: DbOrTx,
  caller: Actor,
  group: GroupInfo,
  input: TeammateCreateInput,
  accountId: string,
): Promise<Teammate> {
  const placeholderId = randomUUID();
  const who = { userId: caller.userId, actor: caller.email, service: 'users' };
  const asked = { email: input.email, role: input.role };
  await recordAudit(tx, {
    ...who,
    groupId: group.id,
    action: 'createTeammate',
    targetId: placeholderId,
    result: 'success',
    details: asked,
  });
  await recordAudit(tx, {
    ...who,
    groupId: null,
    action: 'inviteTeammate',
    targetId: accountId,
    result: 'success',
    details: { ...asked, group: { id: group.id, name: group.name }, placeholderId },
  });
  const theirs = await tx
    .select({ groupId: memberships.groupId })
    .from(memberships)
    .where(acrossGroups.where(eq(memberships.userId, accountId)));
  for (const other of theirs) {
    await recordAudit(tx, {
      ...who,
      groupId: other.groupId,
      action: 'inviteTeammateElsewhere',
      targetId: accountId,
      result: 'success',
      details: { ...asked, group: null, otherCustomer: true },
    });
  }
  const inGroup = { id: group.id, name: group.name };
  return {
    id: placeholderId,
    name: input.name,
    email: input.email,
    picture: null,
    role: input.role,
    isSuper: false,
    isMember: true,
    group: inGroup,
    groups: [inGroup],
    createdAt: new Date().toISOString(),
  };
}

/**
 * Updates a member of a group the caller administers. Name, e-mail and password belong to the
 * account, so an admin may change them only when the account is wholly inside the group's
 * customer and every group of the user is one they administer.
 */
export async function updateTeammate(
  db: Db,
  caller: Actor,
  input: TeammateUpdateInput,
  /** Told whose sessions a new password ended, so that their push sockets close too. */
  endings?: Pick<SessionEndings, 'endUserSessions'>,
): Promise<Teammate> {
  const group = await assertManages(forGroup(db, input.group), caller);
  let passwordSetFor: string | undefined;
  await db.transaction(async (tx) => {
    const scope = forGroup(tx, input.group);
    const user = await findUser(tx, input.id);
    const role = user ? await roleIn(scope, user.id) : null;
    if (!user || !role) throw notFound(TEAMMATE_TEXTS.notFound);
    if (user.isSuper && !caller.isSuper) throw forbidden(TEAMMATE_TEXTS.superOnlyBySuper);

    const changed: string[] = [];
    if (input.name !== user.name) changed.push('name');
    if (input.email !== user.email) changed.push('email');
    if (input.password !== undefined) changed.push('password');
    if (changed.length > 0 && !caller.isSuper) {
      // A password set for one customer must never open another customer's group.
      if (!(await belongsToCustomer(tx, user, group.customerId)))
        throw forbidden(TEAMMATE_TEXTS.accountOtherCustomer);
      if (!(await administersAllGroupsOf(tx, caller.userId, user.id)))
        throw forbidden(TEAMMATE_TEXTS.accountNotManaged);
    }
    if (changed.includes('email')) {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, input.email), ne(users.id, user.id)))
        .limit(1);
      if (taken) throw emailTaken();
    }
    // A platform administrator's role is not changed here (spec 001 §5).
    const newRole: GroupRole = user.isSuper ? role : input.role;
    if (newRole !== role) {
      changed.push('role');
      if (role === 'admin') await assertAnotherAdmin(scope, user.id);
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
        .where(scope.owns(memberships, eq(memberships.userId, user.id)));
    }
    // Someone else's new password ends every session of theirs (API, refresh and push).
    if (input.password !== undefined && user.id !== caller.userId) {
      await revokeOtherSessions(tx, user.id, undefined, new Date());
      passwordSetFor = user.id;
    }
    await auditMembership(tx, caller, group, 'updateTeammate', user.id, {
      changed,
      role: newRole,
    });
  });
  if (passwordSetFor) endings?.endUserSessions(passwordSetFor);
  return getTeammate(forGroup(db, input.group), caller, input.id);
}

/**
 * Removes a member from the caller's current group (not from their other groups). An account
 * left with no group and no platform role is deleted, so no orphan credentials remain.
 */
export async function removeTeammate(db: Db, caller: Actor, userId: string): Promise<void> {
  const groupId = caller.groupId;
  const group = await findGroup(db, groupId);
  if (!group) throw notFound(TEAMMATE_TEXTS.notFound);
  await db.transaction(async (tx) => {
    const scope = forGroup(tx, groupId);
    const user = await findUser(tx, userId);
    const role = user ? await roleIn(scope, user.id) : null;
    if (!user || !role) throw notFound(TEAMMATE_TEXTS.notFound);
    if (user.isSuper && !caller.isSuper) throw forbidden(TEAMMATE_TEXTS.superOnlyBySuper);
    if (role === 'admin') await assertAnotherAdmin(scope, user.id);
    await tx.delete(memberships).where(scope.owns(memberships, eq(memberships.userId, user.id)));
    // The account's memberships in any group: none left deletes it.
    const [left] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(memberships)
      .where(acrossGroups.where(eq(memberships.userId, user.id)));
    const accountDeleted = !user.isSuper && (left?.n ?? 0) === 0;
    if (accountDeleted) await tx.delete(users).where(eq(users.id, user.id));
    await auditMembership(tx, caller, group, 'removeTeammate', user.id, {
      email: user.email,
      role,
      accountDeleted,
    });
  });
}

interface GroupInfo {
  id: string;
  name: string;
  customerId: string;
  status: 'active' | 'archived';
}

async function findGroup(db: DbOrTx, groupId: string): Promise<GroupInfo | null> {
  const [group] = await db
    .select({
      id: groups.id,
      name: groups.name,
      customerId: groups.customerId,
      status: groups.status,
    })
    .from(groups)
    .where(eq(groups.id, groupId))
    .limit(1);
  return group ?? null;
}

/** Refuses unless the caller is a super user or an admin of the (active) group; answers it. */
async function assertManages(scope: GroupScope, caller: Actor): Promise<GroupInfo> {
  const group = await findGroup(scope.db, scope.groupId);
  if (caller.isSuper && group) return group;
  const role = group?.status === 'active' ? await roleIn(scope, caller.userId) : null;
  if (!group || role !== 'admin') throw forbidden(TEAMMATE_TEXTS.notGroupAdmin);
  return group;
}

/**
 * True when a group admin acting for `customerId` may see, add or manage this account: not a
 * platform administrator, and every group of the account (at least one) is of that customer.
 */
async function belongsToCustomer(
  db: DbOrTx,
  user: { id: string; isSuper: boolean },
  customerId: string,
): Promise<boolean> {
  if (user.isSuper) return false;
  // Every group of the account, to compare their customers.
  const [first, second] = await db
    .select({ customerId: groups.customerId })
    .from(memberships)
    .innerJoin(groups, eq(groups.id, memberships.groupId))
    .where(acrossGroups.where(eq(memberships.userId, user.id)))
    .groupBy(groups.customerId)
    .limit(2);
  return first !== undefined && second === undefined && first.customerId === customerId;
}

/** The spec's duplicate text, on the e-mail field too so the form shows it there. */
function emailTaken(): AppError {
  return new AppError(409, ERROR_CODES.conflict, TEAMMATE_TEXTS.duplicateEmail, {
    email: TEAMMATE_TEXTS.duplicateEmail,
  });
}

/** A group must keep a Group Admin: refuses when `userId` is its only one. */
async function assertAnotherAdmin(scope: GroupScope, userId: string): Promise<void> {
  const [other] = await scope.db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(scope.owns(memberships, eq(memberships.role, 'admin'), ne(memberships.userId, userId)))
    .limit(1);
  if (!other) throw conflict(TEAMMATE_TEXTS.lastAdmin);
}

/** True when every group of the user is one where the caller is an admin. */
async function administersAllGroupsOf(
  db: DbOrTx,
  callerId: string,
  userId: string,
): Promise<boolean> {
  // Compares two accounts' memberships over every group.
  const adminOf = db
    .select({ groupId: memberships.groupId })
    .from(memberships)
    .where(acrossGroups.where(eq(memberships.userId, callerId), eq(memberships.role, 'admin')));
  const [outside] = await db
    .select({ groupId: memberships.groupId })
    .from(memberships)
    .where(
      acrossGroups.where(
        eq(memberships.userId, userId),
        sql`${memberships.groupId} not in ${adminOf}`,
      ),
    )
    .limit(1);
  return !outside;
}

async function findUser(db: DbOrTx, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}

async function roleIn(scope: GroupScope, userId: string): Promise<GroupRole | null> {
  const [row] = await scope.db
    .select({ role: memberships.role })
    .from(memberships)
    .where(scope.owns(memberships, eq(memberships.userId, userId)))
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
  // The members' other groups, as far as the caller's own groups reach.
  const callerGroups = db
    .select({ groupId: memberships.groupId })
    .from(memberships)
    .where(acrossGroups.where(eq(memberships.userId, caller.userId)));
  const visible = await db
    .select({ userId: memberships.userId, id: groups.id, name: groups.name })
    .from(memberships)
    .innerJoin(groups, eq(groups.id, memberships.groupId))
    .where(
      acrossGroups.where(
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

/**
 * Audits a membership change in the group changed, and notes it (`<action>Elsewhere`) in every
 * other group of the account, so each customer sees what happens to its members. Another
 * customer's group is not named in the note.
 */
async function auditMembership(
  tx: DbOrTx,
  caller: Actor,
  group: GroupInfo,
  action: string,
  targetId: string,
  details: Record<string, unknown>,
): Promise<void> {
  const who = { userId: caller.userId, actor: caller.email, service: 'users', targetId };
  await recordAudit(tx, { ...who, groupId: group.id, action, result: 'success', details });
  // The account's other groups each get a note.
  const others = await tx
    .select({ groupId: memberships.groupId, customerId: groups.customerId })
    .from(memberships)
    .innerJoin(groups, eq(groups.id, memberships.groupId))
    .where(acrossGroups.where(eq(memberships.userId, targetId), ne(memberships.groupId, group.id)));
  for (const other of others) {
    const otherCustomer = other.customerId !== group.customerId;
    await recordAudit(tx, {
      ...who,
      groupId: other.groupId,
      action: `${action}Elsewhere`,
      result: 'success',
      details: {
        ...details,
        group: otherCustomer ? null : { id: group.id, name: group.name },
        otherCustomer,
      },
    });
  }
}
