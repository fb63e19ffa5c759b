import { CAMPAIGN_TEXTS, isFeatureEnabled } from '@callsight/shared';
import type { DbOrTx } from '../../db/client.ts';
import { forbidden } from '../../lib/errors.ts';
import { enabledFeatures } from '../groups/features.ts';

/** Campaigns and their settings need the simulate flag (spec 000 §6): 403 while it is off. */
export async function requireSimulate(db: DbOrTx, groupId: string): Promise<void> {
  const features = await enabledFeatures(db, groupId);
  if (!isFeatureEnabled(features, groupId, 'simulate')) throw forbidden(CAMPAIGN_TEXTS.notEnabled);
}
