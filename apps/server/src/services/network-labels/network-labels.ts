import { asc, eq } from 'drizzle-orm';
import type { NetworkLabel, NetworkLabelMap, NetworkLabelMapUpdate } from '@callsight/shared';
import type { Db } from '../../db/client.ts';
import { groups, networkLabels } from '../../db/schema/index.ts';
import { forGroup, type GroupScope } from '../../db/group-scope.ts';
import type { Caller } from '../../lib/caller.ts';
import { recordAudit } from '../audit/audit-log.ts';

/** The ordered network labels of a group (first match wins), as `ipMap`. */
export async function getNetworkLabels(scope: GroupScope): Promise<NetworkLabelMap> {
  const rows = await scope.db
    .select({ cidr: networkLabels.cidr, label: networkLabels.label })
    .from(networkLabels)
    .where(scope.owns(networkLabels))
    .orderBy(asc(networkLabels.position));
  return { ipMap: rows };
}

/**
 * Replaces the caller's group list with the validated, ordered one in one transaction, with an
 * audit row holding the list before and after. The group row is locked first so that two
 * concurrent saves run one after the other instead of colliding on positions.
 */
export async function replaceNetworkLabels(
  db: Db,
  caller: Caller,
  input: NetworkLabelMapUpdate,
): Promise<NetworkLabelMap> {
  const groupId = caller.groupId;
  return db.transaction(async (tx) => {
    const scope = forGroup(tx, groupId);
    await tx.select({ id: groups.id }).from(groups).where(eq(groups.id, groupId)).for('update');
    const before = await getNetworkLabels(scope);
    await tx.delete(networkLabels).where(scope.owns(networkLabels));
    const rows = input.ipMap.map((entry: NetworkLabel, position) => ({
      position,
      cidr: entry.cidr,
      label: entry.label,
    }));
    if (rows.length > 0) await tx.insert(networkLabels).values(scope.rows(networkLabels, rows));
    await recordAudit(tx, {
      groupId,
      userId: caller.userId,
      actor: caller.email,
      service: 'config',
      action: 'replaceNetworkLabels',
      targetId: groupId,
      result: 'success',
      message: `Network labels saved: ${before.ipMap.length} → ${rows.length}`,
      details: { before: before.ipMap, after: input.ipMap },
    });
    return { ipMap: input.ipMap };
  });
}
