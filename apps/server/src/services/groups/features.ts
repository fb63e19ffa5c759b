import { eq } from 'drizzle-orm';
import {
  FEATURE_FLAGS,
  FeatureFlagSchema,
  type EnabledFeature,
  type FeatureFlag,
} from '@callsight/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import { forGroup } from '../../db/group-scope.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { Caller } from '../../lib/caller.ts';
import { groupFeatures } from '../../db/schema/index.ts';

/** The enabled features of a group, as the access token carries them. */
export async function enabledFeatures(db: DbOrTx, groupId: string): Promise<EnabledFeature[]> {
  const scope = forGroup(db, groupId);
  const rows = await db
    .select({ feature: groupFeatures.feature })
    .from(groupFeatures)
    .where(scope.owns(groupFeatures, eq(groupFeatures.enabled, true)));
  const out: EnabledFeature[] = [];
  for (const r of rows) {
    const parsed = FeatureFlagSchema.safeParse(r.feature);
    if (parsed.success) out.push({ group: groupId, feature: parsed.data });
  }
  return out;
}

/** Every known flag of a group with its state (missing rows are off). */
export async function featureStates(
  db: DbOrTx,
  groupId: string,
): Promise<Record<FeatureFlag, boolean>> {
  const on = new Set((await enabledFeatures(db, groupId)).map((f) => f.feature));
  return Object.fromEntries(FEATURE_FLAGS.map((f) => [f, on.has(f)])) as Record<
    FeatureFlag,
    boolean
  >;
}

/** Sets some flags of a group in one transaction, with an audit row. */
export async function setFeatures(
  db: Db,
  caller: Caller,
  groupId: string,
  changes: Partial<Record<FeatureFlag, boolean>>,
): Promise<Record<FeatureFlag, boolean>> {
  await db.transaction(async (tx) => {
    const scope = forGroup(tx, groupId);
    for (const [feature, enabled] of Object.entries(changes)) {
      await tx
        .insert(groupFeatures)
        .values(scope.row(groupFeatures, { feature, enabled }))
        .onConflictDoUpdate({
          target: [groupFeatures.groupId, groupFeatures.feature],
          set: { enabled },
        });
    }
    await recordAudit(tx, {
      groupId,
      userId: caller.userId,
      actor: caller.email,
      service: 'groups',
      action: 'setFeatures',
      targetId: groupId,
      result: 'success',
      details: changes,
    });
  });
  return featureStates(db, groupId);
}
