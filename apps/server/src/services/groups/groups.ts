import { asc, eq, sql } from 'drizzle-orm';
import type { Group } from '@callsight/shared';
import type { DbOrTx } from '../../db/client.ts';
import { acrossGroups, forGroup } from '../../db/group-scope.ts';
import { configEntries, customers, groups, memberships } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { Caller } from '../../lib/caller.ts';

/** Read through a left join of the group's HEARTBEAT_ENABLED entry (at most one: the key). */
const heartbeatEnabled = sql<boolean>`coalesce(${configEntries.value} = 'true', false)`;
export const HEARTBEAT_KEY = 'HEARTBEAT_ENABLED';

/** A group's columns as listed (GroupSchema); read with the HEARTBEAT_KEY entry left-joined. */
export const groupColumns = {
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
  // A list of groups: each row joins its own group's entry and membership.
  const base = db
    .select(groupColumns)
    .from(groups)
    .innerJoin(customers, eq(customers.id, groups.customerId))
    .leftJoin(
      configEntries,
      acrossGroups.where(
        eq(configEntries.groupId, groups.id),
        eq(configEntries.key, HEARTBEAT_KEY),
      ),
    );
  const rows = caller.isSuper
    ? await base.where(eq(groups.status, 'active')).orderBy(asc(groups.name))
    : await base
        .innerJoin(
          memberships,
          acrossGroups.where(
            eq(memberships.groupId, groups.id),
            eq(memberships.userId, caller.userId),
          ),
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
  const scope = forGroup(db, id);
  const query = db
    .select(groupColumns)
    .from(groups)
    .innerJoin(customers, eq(customers.id, groups.customerId))
    .leftJoin(configEntries, scope.owns(configEntries, eq(configEntries.key, HEARTBEAT_KEY)));
  const [row] = caller.isSuper
    ? await query.where(eq(groups.id, id)).limit(1)
    : await query
        .innerJoin(memberships, scope.owns(memberships, eq(memberships.userId, caller.userId)))
        .where(eq(groups.id, id))
        .limit(1);
  if (!row) throw notFound('Group not found');
  return row;
}
