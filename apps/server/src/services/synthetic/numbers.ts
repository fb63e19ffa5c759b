import { CONNECT_REGION_NAMES } from '@callsight/shared';
import type { GroupScope } from '../../db/group-scope.ts';
import { fieldOf, readValue } from '../config/config-entries.ts';
import { probeNumber } from './scheduler.ts';

const strings = (v: unknown) =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x.trim() !== '') : [];

/**
 * GET /gsm/heartbeat/numbers/source: the numbers a test may call from: the probes' own numbers
 * (one per connect region) and the group's Simulate "From" numbers.
 */
export async function sourceNumbers(scope: GroupScope): Promise<string[]> {
  const simulate = strings(await readValue(scope, fieldOf('SIMULATE_FROM_NUMBERS')));
  return [...new Set([...CONNECT_REGION_NAMES.map(probeNumber), ...simulate])];
}

/** GET /gsm/heartbeat/options: the Heartbeat Config's target numbers and virtual agent names. */
export async function heartbeatOptions(scope: GroupScope) {
  const [targets, agents] = await Promise.all([
    readValue(scope, fieldOf('HEARTBEAT_TARGET_PHONE_NUMBERS')),
    readValue(scope, fieldOf('HEARTBEAT_VIRTUAL_AGENT_NAMES')),
  ]);
  return { targetPhoneNumbers: strings(targets), virtualAgentNames: strings(agents) };
}
