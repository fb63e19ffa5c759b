import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { GroupScope } from '../db/group-scope.ts';
import { customers, groups, networkLabels } from '../db/schema/index.ts';
import { DEMO_CUSTOMER_NAME, DEMO_GROUPS } from '../db/bootstrap.ts';
import { DEMO_NETWORK_LABELS } from './catalogue.ts';

/** The group that receives demo traffic: "Acme Support" of the demo customer. */
export const DEMO_TRAFFIC_GROUP = DEMO_GROUPS[0]?.name ?? 'Acme Support';

/** The id of the demo traffic group, or null when demo data was never seeded. */
export async function findDemoGroupId(db: Db): Promise<string | null> {
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .innerJoin(customers, eq(customers.id, groups.customerId))
    .where(and(eq(customers.name, DEMO_CUSTOMER_NAME), eq(groups.name, DEMO_TRAFFIC_GROUP)))
    .orderBy(asc(groups.createdAt))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Gives the demo group its office and VPN ranges in Network Labelling, unless it already has a
 * list (an administrator's edits are kept), so that demo calls from the offices get labels.
 */
export async function ensureDemoNetworkLabels(scope: GroupScope): Promise<void> {
  const [existing] = await scope.db
    .select({ position: networkLabels.position })
    .from(networkLabels)
    .where(scope.owns(networkLabels))
    .limit(1);
  if (existing) return;
  await scope.db.insert(networkLabels).values(
    scope.rows(
      networkLabels,
      DEMO_NETWORK_LABELS.map((l, position) => ({ position, ...l })),
    ),
  );
}
