import { SYNTHETIC_TEXTS } from '@callsight/shared';
import type { DbOrTx } from '../../db/client.ts';
import { forGroup } from '../../db/group-scope.ts';
import { forbidden } from '../../lib/errors.ts';
import { fieldOf, readValue } from '../config/config-entries.ts';

export async function heartbeatEnabled(db: DbOrTx, groupId: string): Promise<boolean> {
  return (await readValue(forGroup(db, groupId), fieldOf('HEARTBEAT_ENABLED'))) === true;
}

/** Heartbeat tests, logs and insights need HEARTBEAT_ENABLED (spec 002 §6): 403 while it is off. */
export async function requireHeartbeat(db: DbOrTx, groupId: string): Promise<void> {
  if (!(await heartbeatEnabled(db, groupId))) throw forbidden(SYNTHETIC_TEXTS.heartbeatDisabled);
}
