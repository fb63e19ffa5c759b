import type { ClickHouseGroupScope } from '../../../db/clickhouse/group-scope.ts';
import type { CallSummaryRow } from '../../telemetry/call-summaries.ts';
import {
  fromSummaryRecord,
  SUMMARY_SELECT,
  toSummaryRecord,
  type StoredSummary,
  type SummaryRecord,
} from './summary-record.ts';

/** FINAL may skip granules by the contact's bloom filter: a call's versions share its contact id. */
const BY_CONTACT_SETTINGS = 'SETTINGS use_skip_indexes_if_final = 1';

/** The current version of these calls' summaries (FINAL: deleted and older versions left out). */
export async function readSummaries(
  scope: ClickHouseGroupScope,
  contactIds: readonly string[],
): Promise<Map<string, StoredSummary>> {
  if (contactIds.length === 0) return new Map();
  const records = await scope.query<SummaryRecord>(
    `SELECT ${SUMMARY_SELECT}
     FROM call_summaries FINAL
     WHERE group_id = {group_id:UUID} AND contact_id IN {ids:Array(String)}
     ${BY_CONTACT_SETTINGS}`,
    { ids: [...new Set(contactIds)] },
  );
  return new Map(
    records.map((r) => {
      const stored = fromSummaryRecord(scope.groupId, r);
      return [stored.row.contactId, stored];
    }),
  );
}

/** The ERROR log lines stored per contact (a summary created after its lines counts them). */
export async function countErrorLines(
  scope: ClickHouseGroupScope,
  contactIds: readonly string[],
): Promise<Map<string, number>> {
  if (contactIds.length === 0) return new Map();
  const rows = await scope.query<{ contact_id: string; n: string }>(
    `SELECT contact_id, count() AS n FROM softphone_logs FINAL
     WHERE group_id = {group_id:UUID} AND level = 'ERROR' AND contact_id IN {ids:Array(String)}
     GROUP BY contact_id
     ${BY_CONTACT_SETTINGS}`,
    { ids: [...contactIds] },
  );
  return new Map(rows.map((r) => [r.contact_id, Number(r.n)]));
}

/**
 * A new call's summary row, as PostgreSQL's defaults create it (ensureCallSummaries): started
 * at `startMs` until its summary arrives, with the ERROR lines already stored for its contact.
 */
export function newSummaryRow(
  groupId: string,
  contactId: string,
  startMs: number,
  errorLogCount: number,
  nowMs: number,
): CallSummaryRow {
  const now = new Date(nowMs);
  return {
    groupId,
    contactId,
    agent: null,
    direction: null,
    startTime: new Date(startMs),
    endTime: null,
    endedBy: null,
    disconnectReason: null,
    agentIsp: null,
    agentLocalIp: null,
    agentExternalIp: null,
    browserName: null,
    browserVersion: null,
    agentCountry: null,
    agentRegion: null,
    networkType: null,
    networkLabel: null,
    holdIntervals: null,
    sipResponseCode: null,
    agentGroup1: null,
    agentGroup2: null,
    agentGroup3: null,
    agentGroup4: null,
    agentGroup5: null,
    ctrAttributes: null,
    synthetic: false,
    summaryReceivedAt: null,
    sampleCount: 0,
    firstSampleAt: null,
    lastSampleAt: null,
    durationSeconds: null,
    mosAvg: null,
    mosMin: null,
    mosInboundAvg: null,
    mosOutboundAvg: null,
    jitterAvgMs: null,
    jitterMaxMs: null,
    rttAvgMs: null,
    rttMaxMs: null,
    packetsCount: 0,
    packetsLost: 0,
    packetsLostFraction: null,
    cpuAvailableMinPercent: null,
    memoryUsedMaxPercent: null,
    errorLogCount,
    score: 10,
    tags: [],
    insights: [],
    qualityState: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** The summaries of a batch's calls: those stored, and new rows for the rest (`created`). */
export interface BatchSummaries {
  rows: Map<string, CallSummaryRow>;
  created: Set<string>;
  /** Each stored row's version and start when read: the next version and a moved start's tombstone. */
  before: Map<string, { version: number; startMs: number }>;
}

/**
 * The summaries of these calls (`seeds`: contact → start of a new row), creating the missing ones
 * in memory, each with the ERROR lines already stored for its contact (see lockCallSummaries;
 * `errorCounts` when the caller counted them).
 */
export async function summariesOf(
  scope: ClickHouseGroupScope,
  seeds: ReadonlyMap<string, number>,
  nowMs: number,
  errorCounts?: ReadonlyMap<string, number>,
): Promise<BatchSummaries> {
  const stored = await readSummaries(scope, [...seeds.keys()]);
  const missing = [...seeds.keys()].filter((id) => !stored.has(id));
  const errors = errorCounts ?? (await countErrorLines(scope, missing));
  const rows = new Map<string, CallSummaryRow>();
  const before = new Map<string, { version: number; startMs: number }>();
  for (const [contactId, { row, version }] of stored) {
    rows.set(contactId, row);
    before.set(contactId, { version, startMs: row.startTime.getTime() });
  }
  for (const contactId of missing) {
    const startMs = seeds.get(contactId) ?? nowMs;
    const errorCount = errors.get(contactId) ?? 0;
    rows.set(contactId, newSummaryRow(scope.groupId, contactId, startMs, errorCount, nowMs));
  }
  return { rows, created: new Set(missing), before };
}

let lastVersion = 0;

/**
 * A version above `previous` and above every version this process gave: microseconds of the
 * clock, so that versions also follow time across processes.
 */
function nextVersion(previous: number, nowMs: number): number {
  lastVersion = Math.max(previous + 1, lastVersion + 1, nowMs * 1000);
  return lastVersion;
}

/**
 * Inserts the new version of each changed row; a row whose start moved also gets, at its old
 * key, a deleted row of the same version (decision CH3), so FINAL answers only the new one.
 */
export async function saveSummaries(
  scope: ClickHouseGroupScope,
  summaries: BatchSummaries,
  changed: readonly CallSummaryRow[],
  nowMs: number,
): Promise<void> {
  const records = [];
  for (const row of changed) {
    const before = summaries.before.get(row.contactId);
    const version = nextVersion(before?.version ?? 0, nowMs);
    row.updatedAt = new Date(nowMs);
    records.push(toSummaryRecord(row, version));
    if (before && before.startMs !== row.startTime.getTime()) {
      const old = { ...row, startTime: new Date(before.startMs) };
      records.push(toSummaryRecord(old, version, true));
    }
  }
  await scope.insert('call_summaries', records);
}
