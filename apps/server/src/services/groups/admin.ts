import { reinstallStandard } from '../canvas/dashboard-imports.ts';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import {
  GROUP_ADMIN_TEXTS,
  type Customer,
  type GroupActionResult,
  type GroupCreateInput,
  type GroupDetail,
  type GroupSaveResult,
  type GroupUpdateInput,
} from '@callsight/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import { acrossGroups, forGroup } from '../../db/group-scope.ts';
import { configEntries, customers, groups } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { randomToken } from '../../lib/crypto.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { getGroup, groupColumns, HEARTBEAT_KEY } from './groups.ts';

type Actor = Pick<Caller, 'userId' | 'email' | 'isSuper' | 'groupId'>;

/**
 * Config entries every new group starts with, so it works at once; other catalogue fields
 * read their documented defaults while unset.
 */
export const DEFAULT_GROUP_CONFIG: Record<string, string> = {
  HEARTBEAT_ENABLED: 'false',
};

const detailColumns = {
  ...groupColumns,
  secret: groups.secret,
  archivedAt: groups.archivedAt,
};

type DetailRow = Omit<GroupDetail, 'archivedAt'> & { archivedAt: Date | null };

function toDetail(row: DetailRow): GroupDetail {
  return { ...row, archivedAt: row.archivedAt ? row.archivedAt.toISOString() : null };
}

/** One group with its secret and archive time, for platform staff; unknown ids are not found. */
export async function getGroupDetail(db: DbOrTx, id: string): Promise<GroupDetail> {
  const scope = forGroup(db, id);
  const [row] = await db
    .select(detailColumns)
    .from(groups)
    .innerJoin(customers, eq(customers.id, groups.customerId))
    .leftJoin(configEntries, scope.owns(configEntries, eq(configEntries.key, HEARTBEAT_KEY)))
    .where(eq(groups.id, id))
    .limit(1);
  if (!row) throw notFound('Group not found');
  return toDetail(row);
}

/** GET /groups/{id}: the group as members see it, plus the secret for a super user. */
export async function getGroupForCaller(
  db: DbOrTx,
  caller: Pick<Caller, 'userId' | 'isSuper'>,
  id: string,
): Promise<GroupDetail> {
  const group = await getGroup(db, caller, id);
  return caller.isSuper ? getGroupDetail(db, group.id) : group;
}

/** Archived groups, most recently archived first. */
export async function listArchivedGroups(db: DbOrTx): Promise<GroupDetail[]> {
  // Platform staff's list of groups: each row joins its own group's entry.
  const rows = await db
    .select(detailColumns)
    .from(groups)
    .innerJoin(customers, eq(customers.id, groups.customerId))
    .leftJoin(
      configEntries,
      acrossGroups.where(
        eq(configEntries.groupId, groups.id),
        eq(configEntries.key, HEARTBEAT_KEY),
      ),
    )
    .where(eq(groups.status, 'archived'))
    .orderBy(sql`${groups.archivedAt} desc nulls last`, asc(groups.name));
  return rows.map(toDetail);
}

/** Every customer with the number of its groups, in name order. */
export async function listCustomers(db: DbOrTx): Promise<Customer[]> {
  return db
    .select({
      customerID: customers.id,
      customerName: customers.name,
      groupCount: sql<number>`count(${groups.id})::int`,
    })
    .from(customers)
    .leftJoin(groups, eq(groups.customerId, customers.id))
    .groupBy(customers.id, customers.name)
    .orderBy(asc(sql`lower(${customers.name})`));
}

/**
 * Provisions a group: a new or existing customer, a generated secret and the default config.
 * BI and Canvas set-up have no server to talk to yet; they are recorded and reported as done.
 */
export async function createGroup(
  db: Db,
  caller: Actor,
  input: GroupCreateInput,
): Promise<GroupSaveResult> {
  const groupId = await db.transaction(async (tx) => {
    const customerId = await resolveCustomer(tx, caller, input);
    await assertNameFree(tx, customerId, input.name);
    const [group] = await tx
      .insert(groups)
      .values({
        customerId,
        name: input.name,
        region: input.region,
        ccaasProvider: input.ccaasProvider,
        secret: randomToken(32),
      })
      .returning({ id: groups.id });
    if (!group) throw new Error('group not created');
    await tx.insert(configEntries).values(
      forGroup(tx, group.id).rows(
        configEntries,
        Object.entries(DEFAULT_GROUP_CONFIG).map(([key, value]) => ({ key, value })),
      ),
    );
    await recordAudit(tx, {
      groupId: group.id,
      userId: caller.userId,
      actor: caller.email,
      service: 'groups',
      action: 'createGroup',
      targetId: group.id,
      result: 'success',
      details: {
        name: input.name,
        region: input.region,
        ccaasProvider: input.ccaasProvider,
        customerId,
      },
    });
    return group.id;
  });
  // The group is made; a canvas that could not be installed is said, not a failed creation.
  let message = '';
  try {
    await configureBi(db, caller, groupId);
  } catch (err) {
    message = `Error while enabling Canvas: ${err instanceof Error ? err.message : String(err)}`;
  }
  return { group: await getGroupDetail(db, groupId), message };
}

/** Updates name, customer and CCaaS provider; the region is fixed once the group exists. */
export async function updateGroup(
  db: Db,
  caller: Actor,
  input: GroupUpdateInput,
): Promise<GroupSaveResult> {
  await db.transaction(async (tx) => {
    const before = await getGroupDetail(tx, input.id);
    if (input.region !== undefined && input.region !== before.region) {
      throw badRequest(GROUP_ADMIN_TEXTS.regionLocked, { region: GROUP_ADMIN_TEXTS.regionLocked });
    }
    const [customer] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.id, input.customerID))
      .limit(1);
    if (!customer)
      throw badRequest(GROUP_ADMIN_TEXTS.customerNotFound, {
        customerID: GROUP_ADMIN_TEXTS.customerNotFound,
      });
    await assertNameFree(tx, customer.id, input.name, input.id);
    await tx
      .update(groups)
      .set({ name: input.name, customerId: customer.id, ccaasProvider: input.ccaasProvider })
      .where(eq(groups.id, input.id));
    await recordAudit(tx, {
      groupId: input.id,
      userId: caller.userId,
      actor: caller.email,
      service: 'groups',
      action: 'updateGroup',
      targetId: input.id,
      result: 'success',
      details: {
        before: {
          name: before.name,
          customerId: before.customerID,
          ccaasProvider: before.ccaasProvider,
        },
        after: { name: input.name, customerId: customer.id, ccaasProvider: input.ccaasProvider },
      },
    });
  });
  return { group: await getGroupDetail(db, input.id), message: '' };
}

/** Archives a group: its members lose access at once; super users still see it. */
export async function archiveGroup(db: Db, caller: Actor, id: string): Promise<GroupDetail> {
  return setArchived(db, caller, id, true);
}

/** Restores an archived group to active. */
export async function restoreGroup(db: Db, caller: Actor, id: string): Promise<GroupDetail> {
  return setArchived(db, caller, id, false);
}

async function setArchived(
  db: Db,
  caller: Actor,
  id: string,
  archive: boolean,
): Promise<GroupDetail> {
  await db.transaction(async (tx) => {
    const group = await getGroupDetail(tx, id);
    if (archive && group.status === 'archived') throw conflict(GROUP_ADMIN_TEXTS.groupArchived);
    if (!archive && group.status !== 'archived') throw conflict(GROUP_ADMIN_TEXTS.groupNotArchived);
    await tx
      .update(groups)
      .set(
        archive
          ? { status: 'archived', archivedAt: new Date() }
          : { status: 'active', archivedAt: null },
      )
      .where(eq(groups.id, id));
    await recordAudit(tx, {
      groupId: id,
      userId: caller.userId,
      actor: caller.email,
      service: 'groups',
      action: archive ? 'archiveGroup' : 'restoreGroup',
      targetId: id,
      result: 'success',
      details: { name: group.name },
    });
  });
  return getGroupDetail(db, id);
}

/**
 * POST /groups/{id}/bi/configure, Group management's Update Canvas: the group's canvas gets the
 * latest published standard import again (issue 21; the built-in set when none was published).
 * Safe to repeat.
 */
export async function configureBi(db: Db, caller: Actor, id: string): Promise<GroupActionResult> {
  await getGroupDetail(db, id);
  const message = await reinstallStandard(db, id);
  await db.transaction(async (tx) => {
    await recordAudit(tx, {
      groupId: id,
      userId: caller.userId,
      actor: caller.email,
      service: 'groups',
      action: 'configureBi',
      targetId: id,
      result: 'success',
      message,
    });
  });
  return { message };
}

async function resolveCustomer(
  tx: DbOrTx,
  caller: Actor,
  input: GroupCreateInput,
): Promise<string> {
  if (input.customerSelection === 'existing') {
    const id = input.customerID ?? '';
    const [row] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.id, id))
      .limit(1);
    if (!row)
      throw badRequest(GROUP_ADMIN_TEXTS.customerNotFound, {
        customerID: GROUP_ADMIN_TEXTS.customerNotFound,
      });
    return row.id;
  }
  const name = (input.newCustomerName ?? '').trim();
  const [taken] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(sql`lower(${customers.name}) = lower(${name})`)
    .limit(1);
  if (taken) throw conflict(GROUP_ADMIN_TEXTS.customerNameTaken);
  const [created] = await tx.insert(customers).values({ name }).returning({ id: customers.id });
  if (!created) throw new Error('customer not created');
  await recordAudit(tx, {
    userId: caller.userId,
    actor: caller.email,
    service: 'customers',
    action: 'createCustomer',
    targetId: created.id,
    result: 'success',
    details: { name },
  });
  return created.id;
}

/** Group names are unique per customer (case-insensitive) so lists stay unambiguous. */
async function assertNameFree(
  tx: DbOrTx,
  customerId: string,
  name: string,
  exceptId?: string,
): Promise<void> {
  const [taken] = await tx
    .select({ id: groups.id })
    .from(groups)
    .where(
      and(
        eq(groups.customerId, customerId),
        sql`lower(${groups.name}) = lower(${name})`,
        exceptId ? ne(groups.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw conflict(GROUP_ADMIN_TEXTS.groupNameTaken);
}
