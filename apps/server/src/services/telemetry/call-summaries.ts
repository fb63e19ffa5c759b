import { asc, sql, type SQL } from 'drizzle-orm';
import {
  CALL_TAGS,
  callQualityFromSeconds,
  emptyCallQualityState,
  evaluateCallQuality,
  parseCallQualityState,
  STORED_LAST_SECOND_KEY,
  storeCallQualityState,
  type CallQualityState,
} from '@callsight/shared';
import { callSummaries } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { forGroup, type GroupScope } from '../../db/group-scope.ts';
import { loadSeconds } from './call-samples.ts';
import { ConcurrentSummaryUpdate } from './retryable-errors.ts';
import {
  msToTimestamp,
  queryRows,
  timestampToMs,
  textArrayLiteral,
  numberArrayLiteral,
  unnestRows,
  type UnnestColumn,
} from '../../db/pg-arrays.ts';

/** Joins a row's tags into one text; no tag holds it (they are the CALL_TAGS constants). */
const TAG_SEPARATOR = '|';
if (Object.values(CALL_TAGS).some((tag) => tag.includes(TAG_SEPARATOR)))
  throw new Error(`a call tag holds the separator ${TAG_SEPARATOR}`);

/** A call summary row as read for update. */
export type CallSummaryRow = typeof callSummaries.$inferSelect;

/** The locked summaries of a batch's calls, and which of them this transaction created. */
export interface LockedSummaries<R = CallSummaryRow> {
  rows: Map<string, R>;
  created: Set<string>;
}

/** What a row's derived columns are computed from (the samples path reads only these). */
export type QualityInputs = Pick<
  CallSummaryRow,
  | 'contactId'
  | 'startTime'
  | 'endTime'
  | 'errorLogCount'
  | 'browserName'
  | 'browserVersion'
  | 'summaryReceivedAt'
  | 'sampleCount'
  | 'qualityState'
> & {
  /** The derived columns as stored: through which second, and the tags and score shown. */
  shown?: ShownQuality;
  /** The row's ctid when read: the write-back finds it by that, unless it moved meanwhile. */
  rowTid?: string;
};

/** What a summary row shows of its accumulator: derived through `throughMs`, with these tags and score. */
export interface ShownQuality {
  throughMs: number | null;
  tags: string;
  score: number;
}

/**
 * Creates the missing summary rows (with `startMs` as their start until a summary arrives) and
 * answers which ones were created, each with the ERROR log lines already stored for its contact.
 */
async function ensureCallSummaries(
  tx: DbOrTx,
  groupId: string,
  ids: readonly string[],
  seeds: ReadonlyMap<string, number>,
): Promise<Map<string, number>> {
  const starts = ids.map((id) => seeds.get(id) ?? null);
  const inserted = await queryRows<{ contact_id: string }>(
    tx,
    sql`insert into call_summaries (group_id, contact_id, start_time)
        select ${groupId}::uuid, u.c, ${msToTimestamp('u.t')}
        from unnest(${textArrayLiteral(ids)}::text[], ${numberArrayLiteral(starts)}::float8[]) as u(c, t)
        order by u.c
        on conflict do nothing
        returning contact_id`,
  );
  const created = new Map(inserted.map((r) => [r.contact_id, 0]));
  if (created.size > 0) {
    const counts = await queryRows<{ contact_id: string; n: number }>(
      tx,
      sql`select contact_id, count(*)::int as n from softphone_logs
          where group_id = ${groupId}::uuid and level = 'ERROR'
            and contact_id = any(${textArrayLiteral([...created.keys()])}::text[])
          group by contact_id`,
    );
    for (const { contact_id, n } of counts) created.set(contact_id, n);
  }
  return created;
}

/**
 * Makes sure each call has a summary row (created with `startMs` as its start until a summary
 * arrives) and locks the rows, in contact order so that two batches never wait on each other in
 * a cycle. A created row starts with the ERROR log lines already stored for its contact.
 */
export async function lockCallSummaries(
  tx: DbOrTx,
  groupId: string,
  seeds: ReadonlyMap<string, number>,
): Promise<LockedSummaries> {
  const ids = [...seeds.keys()].sort();
  if (ids.length === 0) return { rows: new Map(), created: new Set() };
  const created = await ensureCallSummaries(tx, groupId, ids, seeds);
  return withErrorCounts(await selectLocked(forGroup(tx, groupId), ids), created);
}

/** Rows locked for update, in contact order so that two writers never wait on each other in a cycle. */
const selectLocked = (scope: GroupScope, ids: readonly string[], ...more: SQL[]) =>
  scope.db
    .select()
    .from(callSummaries)
    .where(
      scope.owns(
        callSummaries,
        sql`${callSummaries.contactId} = any(${textArrayLiteral(ids)}::text[])`,
        ...more,
      ),
    )
    .orderBy(asc(callSummaries.contactId))
    .for('update');

/**
 * A row whose accumulator holds seconds after the last one its shown columns were derived from.
 * The accumulator is JSON text written by storeCallQualityState; its last second is the number
 * (or null) at its top-level key STORED_LAST_SECOND_KEY.
 */
const TRAILING = sql`(quality_state::json ->> ${STORED_LAST_SECOND_KEY}::text)::float8 >
  coalesce(${timestampToMs('last_sample_at')}, -1)`;

/**
 * Re-derives the shown columns of those of these calls whose shown columns trail their
 * accumulator (written by stateUpdate since), and answers how many were rewritten.
 */
export async function refreshTrailingSummaries(
  tx: DbOrTx,
  groupId: string,
  ids: readonly string[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await selectLocked(forGroup(tx, groupId), ids, TRAILING);
  await refreshAndSaveCallSummaries(tx, groupId, rows);
  return rows.length;
}

/**
 * The calls of any group that started in the last `withinMs` and whose shown columns trail their
 * accumulator: left so by a process that stopped before refreshing them. One index range per group.
 */
export async function findTrailingSummaries(
  db: DbOrTx,
  withinMs: number,
): Promise<{ groupId: string; contactId: string }[]> {
  const rows = await queryRows<{ group_id: string; contact_id: string }>(
    db,
    sql`select s.group_id, s.contact_id from groups g
        join call_summaries s on s.group_id = g.id
          and s.start_time > now() - make_interval(secs => ${withinMs / 1000})
        where ${TRAILING}`,
  );
  return rows.map((r) => ({ groupId: r.group_id, contactId: r.contact_id }));
}

interface QualityInputsRow {
  contact_id: string;
  start_ms: number;
  end_ms: number | null;
  error_log_count: number;
  browser_name: string | null;
  browser_version: string | null;
  summary_ms: number | null;
  sample_count: number;
  quality_state: string | null;
  row_tid: string;
  shown_through_ms: number | null;
  shown_tags: string;
  shown_score: number;
}

const dateOrNull = (ms: number | null) => (ms === null ? null : new Date(ms));

/** Rows of these contacts as the samples path reads them (one primary-key lookup per contact). */
function selectQualityInputs(tx: DbOrTx, groupId: string, ids: readonly string[]) {
  return queryRows<QualityInputsRow>(
    tx,
    sql`select s.* from unnest(${textArrayLiteral(ids)}::text[]) as k(c)
        cross join lateral (
          select contact_id, ${timestampToMs('start_time')} as start_ms,
            ${timestampToMs('end_time')} as end_ms, error_log_count, browser_name,
            browser_version, ${timestampToMs('summary_received_at')} as summary_ms, sample_count,
            quality_state, ctid::text as row_tid,
            ${timestampToMs('last_sample_at')} as shown_through_ms,
            array_to_string(tags, ${TAG_SEPARATOR}) as shown_tags, score as shown_score
          from call_summaries
          where group_id = ${groupId}::uuid and contact_id = k.c) s`,
  );
}

/**
 * What the derived columns of these calls need (the samples hot path), creating the missing
 * summary rows, without locking: each row comes with its ctid, and saveQualityColumns writes
 * only rows still at that ctid (any update moves a row), so a batch that crossed another one on
 * the same call is retried (ConcurrentSummaryUpdate) instead of every batch locking 1,000 rows.
 * One primary-key lookup per contact: stale statistics never turn it into a scan.
 */
export async function readQualityInputs(
  tx: DbOrTx,
  groupId: string,
  seeds: ReadonlyMap<string, number>,
): Promise<LockedSummaries<QualityInputs>> {
  const ids = [...seeds.keys()];
  if (ids.length === 0) return { rows: new Map(), created: new Set() };
  const found = await selectQualityInputs(tx, groupId, ids);
  let created = new Map<string, number>();
  if (found.length < ids.length) {
    const have = new Set(found.map((r) => r.contact_id));
    const missing = ids.filter((id) => !have.has(id)).sort();
    created = await ensureCallSummaries(tx, groupId, missing, seeds);
    found.push(...(await selectQualityInputs(tx, groupId, missing)));
  }
  const rows: QualityInputs[] = found.map((r) => ({
    contactId: r.contact_id,
    startTime: new Date(r.start_ms),
    endTime: dateOrNull(r.end_ms),
    errorLogCount: r.error_log_count,
    browserName: r.browser_name,
    browserVersion: r.browser_version,
    summaryReceivedAt: dateOrNull(r.summary_ms),
    sampleCount: r.sample_count,
    qualityState: r.quality_state,
    rowTid: r.row_tid,
    shown: { throughMs: r.shown_through_ms, tags: r.shown_tags, score: r.shown_score },
  }));
  return withErrorCounts(rows, created);
}

function withErrorCounts<R extends { contactId: string; errorLogCount: number }>(
  locked: R[],
  created: ReadonlyMap<string, number>,
): LockedSummaries<R> {
  const rows = new Map<string, R>();
  for (const row of locked) {
    const errors = created.get(row.contactId);
    if (errors !== undefined) row.errorLogCount = errors;
    rows.set(row.contactId, row);
  }
  return { rows, created: new Set(created.keys()) };
}

/** The stored accumulator of a row (an empty one for a new call; null when unreadable: rescan). */
export function qualityStateOf(
  row: Pick<QualityInputs, 'qualityState' | 'sampleCount'>,
): CallQualityState | null {
  if (row.qualityState === null) return row.sampleCount === 0 ? emptyCallQualityState() : null;
  try {
    return parseCallQualityState(JSON.parse(row.qualityState));
  } catch {
    return null;
  }
}

/** The columns a row derives from its accumulator, error count, browser and times. */
export type DerivedColumns = Pick<
  CallSummaryRow,
  | 'qualityState'
  | 'sampleCount'
  | 'firstSampleAt'
  | 'lastSampleAt'
  | 'durationSeconds'
  | 'mosAvg'
  | 'mosMin'
  | 'mosInboundAvg'
  | 'mosOutboundAvg'
  | 'jitterAvgMs'
  | 'jitterMaxMs'
  | 'rttAvgMs'
  | 'rttMaxMs'
  | 'packetsCount'
  | 'packetsLost'
  | 'packetsLostFraction'
  | 'cpuAvailableMinPercent'
  | 'memoryUsedMaxPercent'
  | 'score'
  | 'tags'
  | 'insights'
>;

/** Aggregates, tags, insights and score of a row from its accumulator; the duration from its times. */
export function deriveColumns(row: QualityInputs, state: CallQualityState): DerivedColumns {
  const endMs = row.endTime ? row.endTime.getTime() : null;
  const quality = evaluateCallQuality({
    state,
    endMs,
    errorLogCount: row.errorLogCount,
    browser: row.browserName ? { name: row.browserName, version: row.browserVersion } : null,
  });
  const a = quality.aggregates;
  const startMs = row.startTime.getTime();
  return {
    qualityState: JSON.stringify(storeCallQualityState(state)),
    sampleCount: a.sampleCount,
    firstSampleAt: a.firstSampleMs === null ? null : new Date(a.firstSampleMs),
    lastSampleAt: a.lastSampleMs === null ? null : new Date(a.lastSampleMs),
    durationSeconds:
      endMs !== null
        ? Math.round((endMs - startMs) / 1000)
        : a.lastSampleMs !== null
          ? Math.max(0, Math.round((a.lastSampleMs - startMs) / 1000) + 1)
          : null,
    mosAvg: a.mosAvg,
    mosMin: a.mosMin,
    mosInboundAvg: a.mosInboundAvg,
    mosOutboundAvg: a.mosOutboundAvg,
    jitterAvgMs: a.jitterAvgMs,
    jitterMaxMs: a.jitterMaxMs,
    rttAvgMs: a.rttAvgMs,
    rttMaxMs: a.rttMaxMs,
    packetsCount: a.packetsCount,
    packetsLost: a.packetsLost,
    packetsLostFraction: a.packetsLostFraction,
    cpuAvailableMinPercent: a.cpuAvailableMinPercent,
    memoryUsedMaxPercent: a.memoryUsedMaxPercent,
    score: quality.score,
    tags: quality.tags,
    insights: quality.insights,
  };
}

/** Recomputes what a row derives (see deriveColumns). Mutates and returns the row. */
export function refreshDerived<R extends QualityInputs & DerivedColumns>(
  row: R,
  state: CallQualityState,
): R {
  return Object.assign(row, deriveColumns(row, state));
}

const ms = (d: Date | null) => (d === null ? null : d.getTime());
const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

type Col<R> = UnnestColumn<R> & { set?: string };

/** The columns a summary sets; times travel as epoch ms. */
const SUMMARY_COLUMNS: Col<CallSummaryRow>[] = [
  { name: 'contact_id', type: 'text', value: (r) => r.contactId },
  { name: 'agent', type: 'text', value: (r) => r.agent },
  { name: 'direction', type: 'text', value: (r) => r.direction },
  {
    name: 'start_time',
    type: 'float8',
    value: (r) => ms(r.startTime),
    set: 'to_timestamp(u.start_time / 1000.0)',
  },
  {
    name: 'end_time',
    type: 'float8',
    value: (r) => ms(r.endTime),
    set: 'to_timestamp(u.end_time / 1000.0)',
  },
  { name: 'ended_by', type: 'text', value: (r) => r.endedBy },
  { name: 'disconnect_reason', type: 'text', value: (r) => r.disconnectReason },
  { name: 'agent_isp', type: 'text', value: (r) => r.agentIsp },
  { name: 'agent_local_ip', type: 'text', value: (r) => r.agentLocalIp },
  { name: 'agent_external_ip', type: 'text', value: (r) => r.agentExternalIp },
  { name: 'browser_name', type: 'text', value: (r) => r.browserName },
  { name: 'browser_version', type: 'text', value: (r) => r.browserVersion },
  { name: 'agent_country', type: 'text', value: (r) => r.agentCountry },
  { name: 'agent_region', type: 'text', value: (r) => r.agentRegion },
  { name: 'network_type', type: 'text', value: (r) => r.networkType },
  { name: 'network_label', type: 'text', value: (r) => r.networkLabel },
  { name: 'hold_intervals', type: 'jsonb', value: (r) => json(r.holdIntervals) },
  { name: 'sip_response_code', type: 'int2', value: (r) => r.sipResponseCode },
  { name: 'agent_group_1', type: 'text', value: (r) => r.agentGroup1 },
  { name: 'agent_group_2', type: 'text', value: (r) => r.agentGroup2 },
  { name: 'agent_group_3', type: 'text', value: (r) => r.agentGroup3 },
  { name: 'agent_group_4', type: 'text', value: (r) => r.agentGroup4 },
  { name: 'agent_group_5', type: 'text', value: (r) => r.agentGroup5 },
  { name: 'ctr_attributes', type: 'jsonb', value: (r) => json(r.ctrAttributes) },
  {
    name: 'synthetic',
    type: 'int2',
    value: (r) => (r.synthetic ? 1 : 0),
    set: 'u.synthetic <> 0',
  },
  {
    name: 'summary_received_at',
    type: 'float8',
    value: (r) => ms(r.summaryReceivedAt),
    set: 'to_timestamp(u.summary_received_at / 1000.0)',
  },
];

/** The columns the samples path writes: the start, the error count and the derived columns. */
const QUALITY_COLUMNS: Col<QualityInputs & DerivedColumns>[] = [
  { name: 'contact_id', type: 'text', value: (r) => r.contactId },
  {
    name: 'start_time',
    type: 'float8',
    value: (r) => ms(r.startTime),
    set: 'to_timestamp(u.start_time / 1000.0)',
  },
  { name: 'error_log_count', type: 'int4', value: (r) => r.errorLogCount },
  { name: 'sample_count', type: 'int4', value: (r) => r.sampleCount },
  {
    name: 'first_sample_at',
    type: 'float8',
    value: (r) => ms(r.firstSampleAt),
    set: 'to_timestamp(u.first_sample_at / 1000.0)',
  },
  {
    name: 'last_sample_at',
    type: 'float8',
    value: (r) => ms(r.lastSampleAt),
    set: 'to_timestamp(u.last_sample_at / 1000.0)',
  },
  { name: 'duration_seconds', type: 'int4', value: (r) => r.durationSeconds },
  { name: 'mos_avg', type: 'real', value: (r) => r.mosAvg },
  { name: 'mos_min', type: 'real', value: (r) => r.mosMin },
  { name: 'mos_inbound_avg', type: 'real', value: (r) => r.mosInboundAvg },
  { name: 'mos_outbound_avg', type: 'real', value: (r) => r.mosOutboundAvg },
  { name: 'jitter_avg_ms', type: 'real', value: (r) => r.jitterAvgMs },
  { name: 'jitter_max_ms', type: 'real', value: (r) => r.jitterMaxMs },
  { name: 'rtt_avg_ms', type: 'real', value: (r) => r.rttAvgMs },
  { name: 'rtt_max_ms', type: 'real', value: (r) => r.rttMaxMs },
  {
    name: 'packets_count',
    type: 'float8',
    value: (r) => r.packetsCount,
    set: 'u.packets_count::bigint',
  },
  {
    name: 'packets_lost',
    type: 'float8',
    value: (r) => r.packetsLost,
    set: 'u.packets_lost::bigint',
  },
  { name: 'packets_lost_fraction', type: 'real', value: (r) => r.packetsLostFraction },
  { name: 'cpu_available_min_percent', type: 'real', value: (r) => r.cpuAvailableMinPercent },
  { name: 'memory_used_max_percent', type: 'real', value: (r) => r.memoryUsedMaxPercent },
  { name: 'score', type: 'real', value: (r) => r.score },
  {
    // One text per row, split by PostgreSQL: a jsonb array cost a subquery per row.
    name: 'tags',
    type: 'text',
    value: (r) => r.tags.join(TAG_SEPARATOR),
    set: `string_to_array(u.tags, '${TAG_SEPARATOR}')`,
  },
  { name: 'insights', type: 'jsonb', value: (r) => json(r.insights) },
  { name: 'quality_state', type: 'text', value: (r) => r.qualityState },
];

/** Every column a full write-back sets. */
const WRITTEN: Col<CallSummaryRow>[] = [
  ...SUMMARY_COLUMNS,
  ...QUALITY_COLUMNS.filter((c) => !SUMMARY_COLUMNS.some((s) => s.name === c.name)),
];

const setList = <R>(columns: readonly Col<R>[]) =>
  columns
    .filter((c) => c.name !== 'contact_id')
    .map((c) => `${c.name} = ${c.set ?? `u.${c.name}`}`)
    .concat('updated_at = now()')
    .join(', ');
const SET_LIST = setList(WRITTEN);

/** Writes the rows back in one statement (rows must be locked by lockCallSummaries). */
export async function saveCallSummaries(
  tx: DbOrTx,
  groupId: string,
  rows: readonly CallSummaryRow[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(
    sql`update call_summaries s set ${sql.raw(SET_LIST)}
        from ${unnestRows(WRITTEN, rows)}
        where s.group_id = ${groupId}::uuid
          and s.contact_id = any(${textArrayLiteral(rows.map((r) => r.contactId))}::text[])
          and s.contact_id = u.contact_id`,
  );
}

/** An update of summaries' derived columns, built by qualityUpdate and run by runQualityUpdate. */
export interface QualityUpdate {
  query: SQL;
  rows: number;
}

/**
 * The write-back of the start, error count and derived columns of rows read by readQualityInputs,
 * in one statement (`binary`: arrays in the binary format, node-postgres only), each row found by
 * its ctid. Built at once: the rows' objects are not kept while it runs. Null for no rows.
 */
export function qualityUpdate(
  binary: boolean,
  groupId: string,
  rows: readonly (QualityInputs & DerivedColumns)[],
): QualityUpdate | null {
  return updateByTid(QUALITY_COLUMNS, binary, groupId, rows);
}

/**
 * An update of `columns` of rows read by readQualityInputs, each row found by its ctid: one that
 * another transaction updated since (any update moves a row) is not written. Null for no rows.
 */
function updateByTid<R extends Pick<QualityInputs, 'contactId' | 'rowTid'>>(
  columns: readonly Col<R>[],
  binary: boolean,
  groupId: string,
  rows: readonly R[],
): QualityUpdate | null {
  if (rows.length === 0) return null;
  const withTid: Col<R>[] = [...columns, { name: 'row_tid', type: 'text', value: (r) => r.rowTid }];
  return {
    rows: rows.length,
    query: sql`with w as (
          update call_summaries s set ${sql.raw(setList(columns))}
          from ${unnestRows(withTid, rows, 'u', binary)}
          where s.ctid = u.row_tid::tid and s.group_id = ${groupId}::uuid
            and s.contact_id = u.contact_id
          returning 1)
        select count(*)::int as n from w`,
  };
}

/**
 * How far a live call's shown columns may trail its accumulator, in seconds of the call: a batch
 * whose seconds leave the tags and score as shown, and end less than this after the last second
 * shown, writes only the accumulator (decisions.md P8).
 */
export const LIVE_SUMMARY_REFRESH_MS = 30_000;

/**
 * Whether a batch must rewrite a row's shown (derived, indexed) columns: always for a call's first
 * seconds, an ended call, a moved start, changed tags or score, or once the shown columns trail
 * the accumulator by LIVE_SUMMARY_REFRESH_MS. Otherwise only the accumulator is written (stateUpdate).
 */
export function mustRefreshShown(
  row: QualityInputs,
  startBeforeMs: number,
  derived: DerivedColumns,
): boolean {
  const shown = row.shown;
  if (!shown || shown.throughMs === null || row.endTime !== null) return true;
  if (row.startTime.getTime() !== startBeforeMs) return true;
  if (derived.score !== shown.score || derived.tags.join(TAG_SEPARATOR) !== shown.tags) return true;
  const through = derived.lastSampleAt?.getTime() ?? shown.throughMs;
  return through - shown.throughMs >= LIVE_SUMMARY_REFRESH_MS;
}

/** The columns an accumulator-only write sets. */
const STATE_COLUMNS: Col<Pick<QualityInputs, 'contactId' | 'rowTid' | 'qualityState'>>[] = [
  { name: 'contact_id', type: 'text', value: (r) => r.contactId },
  { name: 'quality_state', type: 'text', value: (r) => r.qualityState },
];

/**
 * The write-back of only the accumulator of rows read by readQualityInputs (by ctid, as
 * qualityUpdate): no indexed column changes, so PostgreSQL updates the row in place (HOT) without
 * touching the summary's nine indexes. Null for no rows.
 */
export function stateUpdate(
  binary: boolean,
  groupId: string,
  rows: readonly Pick<QualityInputs, 'contactId' | 'rowTid' | 'qualityState'>[],
): QualityUpdate | null {
  return updateByTid(STATE_COLUMNS, binary, groupId, rows);
}

/** Runs a qualityUpdate: a row another transaction updated since is not written, and the batch is retried. */
export async function runQualityUpdate(tx: DbOrTx, update: QualityUpdate): Promise<void> {
  const [written] = await queryRows<{ n: number }>(tx, update.query);
  const n = Number(written?.n ?? 0);
  if (n < update.rows)
    throw new ConcurrentSummaryUpdate(`${update.rows - n} call summaries changed meanwhile`);
}

/**
 * Re-derives the rows after a change of their summary fields or error count and writes them back.
 * A row whose accumulator cannot be read is recomputed from its stored seconds.
 */
export async function refreshAndSaveCallSummaries(
  tx: DbOrTx,
  groupId: string,
  rows: readonly CallSummaryRow[],
): Promise<void> {
  const unreadable = rows.filter((r) => qualityStateOf(r) === null).map((r) => r.contactId);
  const seconds = await loadSeconds(tx, groupId, unreadable);
  for (const row of rows) {
    refreshDerived(
      row,
      qualityStateOf(row) ?? callQualityFromSeconds(seconds.get(row.contactId) ?? []),
    );
  }
  await saveCallSummaries(tx, groupId, rows);
}
