import { and, eq, inArray } from 'drizzle-orm';
import { DEMO_ACCOUNTS, type DemoAccounts, type DemoAccountsRemoved } from '@callsight/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import { acrossGroups } from '../../db/group-scope.ts';
import { memberships, users } from '../../db/schema/index.ts';
import { auditActor, recordAudit } from '../audit/audit-log.ts';
import type { Caller } from '../../lib/caller.ts';

const DEMO_EMAILS = DEMO_ACCOUNTS.map((a) => a.email);

/** The demo accounts (by their seeded address) that exist; a super user is never one. */
async function findDemoUsers(db: DbOrTx) {
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(inArray(users.email, DEMO_EMAILS), eq(users.isSuper, false)));
}

/** The demo accounts that can still sign in, in the seeded order. */
export async function listDemoAccounts(db: Db): Promise<DemoAccounts> {
  const present = new Set((await findDemoUsers(db)).map((u) => u.email));
  return {
    accounts: DEMO_ACCOUNTS.filter((a) => present.has(a.email)).map(({ email, role }) => ({
      email,
      role,
    })),
  };
}

/**
 * Deletes the demo accounts (memberships and sessions go with them, so their tokens stop at
 * once). The demo customer, groups and data stay: the super user may still need a group to
 * sign in to. Audited in the caller's group and in every group the accounts belonged to.
 */
export async function removeDemoAccounts(
  db: Db,
  caller: Caller,
  /** Told after the commit, so that the accounts' push sockets close. */
  endings?: { endUserSessions(userId: string): void },
): Promise<DemoAccountsRemoved> {
  let ids: string[] = [];
  const removed = await db.transaction(async (tx) => {
    const demo = await findDemoUsers(tx);
    ids = demo.map((u) => u.id);
    const emails = demo.map((u) => u.email);
    const touched =
      ids.length === 0
        ? []
        : await tx
            .selectDistinct({ groupId: memberships.groupId })
            .from(memberships)
            // Every group the demo accounts were in gets the audit note.
            .where(acrossGroups.where(inArray(memberships.userId, ids)));
    if (ids.length > 0) await tx.delete(users).where(inArray(users.id, ids));
    const entry = {
      ...auditActor(caller),
      service: 'users',
      action: 'removeDemoAccounts',
      result: 'success' as const,
      details: { removed: emails },
    };
    await recordAudit(tx, entry);
    for (const { groupId } of touched) {
      if (groupId !== caller.groupId) await recordAudit(tx, { ...entry, groupId });
    }
    return { removed: emails };
  });
  for (const id of ids) endings?.endUserSessions(id);
  return removed;
}
