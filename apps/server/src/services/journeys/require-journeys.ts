import { isFeatureEnabled, TRACE_TEXTS } from '@callsight/shared';
import type { DbOrTx } from '../../db/client.ts';
import { forbidden } from '../../lib/errors.ts';
import { enabledFeatures } from '../groups/features.ts';

/** Journey pages and their API need the journeyExplorer flag (spec 002 §6): 403 while it is off. */
export async function requireJourneys(db: DbOrTx, groupId: string): Promise<void> {
  const features = await enabledFeatures(db, groupId);
  if (!isFeatureEnabled(features, groupId, 'journeyExplorer'))
    throw forbidden(TRACE_TEXTS.notEnabled);
}
