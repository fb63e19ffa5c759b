import type {
  CampaignConfiguration,
  CampaignConfigurationUpdate,
  ConfigWrite,
  SimulateNumbers,
} from '@callsight/shared';
import type { Db } from '../../db/client.ts';
import type { GroupScope } from '../../db/group-scope.ts';
import type { Caller } from '../../lib/caller.ts';
import { fieldOf, readValue, setConfigEntries } from '../config/config-entries.ts';

/**
 * The group configuration of campaigns (spec 001 §3) lives in the Simulate config fields of
 * the catalogue (spec 000 §6): one store, and each field keeps its read and write roles.
 */
export const SIMULATE_KEYS = {
  cpsLimit: 'SIMULATE_CALLS_PER_SECOND',
  fromNumbers: 'SIMULATE_FROM_NUMBERS',
  toNumbers: 'SIMULATE_ALLOWED_TO_NUMBERS',
  noAnswerTimeout: 'SIMULATE_NO_ANSWER_TIMEOUT_SECONDS',
} as const;

const asList = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
const asNumber = (v: unknown, dflt: number): number => {
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : dflt;
};

/** The group's campaign settings with the catalogue defaults, plus the default no-answer timeout. */
export async function loadCampaignSettings(
  scope: GroupScope,
): Promise<CampaignConfiguration & { noAnswerTimeout: number }> {
  const [cps, from, to, timeout] = await Promise.all([
    readValue(scope, fieldOf(SIMULATE_KEYS.cpsLimit)),
    readValue(scope, fieldOf(SIMULATE_KEYS.fromNumbers)),
    readValue(scope, fieldOf(SIMULATE_KEYS.toNumbers)),
    readValue(scope, fieldOf(SIMULATE_KEYS.noAnswerTimeout)),
  ]);
  return {
    account: { cpsLimit: asNumber(cps, 1) },
    fromNumbers: asList(from),
    toNumbers: asList(to),
    noAnswerTimeout: asNumber(timeout, 30),
  };
}

/** GET configuration: account.cpsLimit, fromNumbers, toNumbers. */
export async function getCampaignConfiguration(scope: GroupScope): Promise<CampaignConfiguration> {
  const { account, fromNumbers, toNumbers } = await loadCampaignSettings(scope);
  return { account, fromNumbers, toNumbers };
}

/** GET /simulate/numbers: the numbers offered by the wizard's From and To dropdowns. */
export async function getSimulateNumbers(scope: GroupScope): Promise<SimulateNumbers> {
  const { fromNumbers, toNumbers } = await loadCampaignSettings(scope);
  return { fromNumbers, toNumbers };
}

/**
 * PUT configuration: writes the given parts through the config service, all or none, with each
 * field's write roles (calls per second and "From" numbers super only; "To" numbers admin too).
 */
export async function setCampaignConfiguration(
  db: Db,
  caller: Caller,
  scope: GroupScope,
  update: CampaignConfigurationUpdate,
): Promise<CampaignConfiguration> {
  const writes: ConfigWrite[] = [];
  if (update.account)
    writes.push({ key: SIMULATE_KEYS.cpsLimit, value: String(update.account.cpsLimit) });
  if (update.fromNumbers)
    writes.push({ key: SIMULATE_KEYS.fromNumbers, value: update.fromNumbers });
  if (update.toNumbers) writes.push({ key: SIMULATE_KEYS.toNumbers, value: update.toNumbers });
  if (writes.length > 0) await setConfigEntries(db, caller, writes);
  return getCampaignConfiguration(scope);
}
