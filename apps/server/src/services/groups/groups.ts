import { and, asc, eq, sql } from 'drizzle-orm';
import type { Group } from '@callsight/shared';
import type { DbOrTx } from '../audit/audit-log.ts';
import { configEntries, customers, groups, memberships } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/authenticate.ts';

const heartbeatEnabled = sql<boolean>`coalesce((
  select ${configEntries.value} = 'true' from ${configEntries}
  where ${configEntries.groupId} = ${groups.id} and ${configEntries.key} = 'HEARTBEAT_ENABLED'
), false)`;

const groupColumns = {
  id: groups.id,
  name: groups.name,
  customerID: groups.customerId,
  customerName: customers.name,
  region: groups.region,
  status: groups.status,
  ccaasProvider: groups.ccaasProvider,
  heartbeatEnabled,
};

/** The active groups the caller may enter: their memberships, or every group for a super user. */
export async function listGroups(
  db: DbOrTx,
  caller: Pick<Caller, 'userId' | 'isSuper'>,
): Promise<Group[]> {
  const base = db
    .select(groupColumns)
    .from(groups)
    .innerJoin(customers, eq(customers.id, groups.customerId));
  const rows = caller.isSuper
    ? await base.where(eq(groups.status, 'active')).orderBy(asc(groups.name))
    : await base
        .innerJoin(
          memberships,
          and(eq(memberships.groupId, groups.id), eq(memberships.userId, caller.userId)),
        )
        .where(eq(groups.status, 'active'))
        .orderBy(asc(groups.name));
  return rows;
}

/** One group the caller may see; another group's id is answered as not found. */
export async function getGroup(
  db: DbOrTx,
  caller: Pick<Caller, 'userId' | 'isSuper'>,
  id: string,
): Promise<Group> {
  const query = db
    .select(groupColumns)
    .from(groups)
    .innerJoin(customers, eq(customers.id, groups.customerId));
  const [row] = caller.isSuper
    ? await query.where(eq(groups.id, id)).limit(1)
    : await query
        .innerJoin(
          memberships,
          and(eq(memberships.groupId, groups.id), eq(memberships.userId, caller.userId)),
        )
        .where(eq(groups.id, id))
        .limit(1);
  if (!row) throw notFound('Group not found');
  return row;
}
