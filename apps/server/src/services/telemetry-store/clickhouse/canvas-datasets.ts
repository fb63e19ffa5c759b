import type { DatasetId, TeamCondition } from '@callsight/shared';
import { GROUP_PREDICATE, type ClickHouseGroupScope } from '../../../db/clickhouse/group-scope.ts';
import type { ClickHouseParams } from '../../../db/clickhouse/client.ts';

/*
 * The canvas datasets over the telemetry the ClickHouse store holds (decision CH30): the same
 * columns as services/canvas/datasets.ts (names, types and labels come from there; only the SQL
 * is ClickHouse's), each expression computing what PostgreSQL's computes for the same row.
 */

/**
 * Named parameters of one query: each value gets the next name (`prefix` and a number), bound by
 * the server. A query that merges another's parameters gives each its own prefix.
 */
export class ChParams {
  readonly values: ClickHouseParams = {};
  private n = 0;
  constructor(private readonly prefix = 'p') {}
  add(type: string, value: unknown): string {
    const name = `${this.prefix}${this.n++}`;
    this.values[name] = value;
    return `{${name}:${type}}`;
  }
}

export interface ChDataset {
  /**
   * What a chart reads FROM (the compiler adds GROUP_PREDICATE to its WHERE), given the window's
   * bounds as parameters: a table's current rows (FINAL), or the seconds one per time.
   */
  source: (from: string, to: string) => string;
  /** The row's time: the chart's window, grain and time filters apply to it (DateTime64(3)). */
  time: string;
  columns: Readonly<Record<string, string>>;
  /** A team's conditions as this dataset's row filter (null: none). */
  rowFilter: (conditions: readonly TeamCondition[], p: ChParams) => string | null;
  /** Rows every chart of the dataset leaves out, as the PostgreSQL dataset's defaultFilter. */
  defaultFilter?: string;
}

/** Agent Group n's column of call_summaries (a team condition's type). */
export const AGENT_GROUP_COLUMNS = {
  group1: 'agent_group_1',
  group2: 'agent_group_2',
  group3: 'agent_group_3',
  group4: 'agent_group_4',
  group5: 'agent_group_5',
} as const;

/**
 * A team's conditions on a call summary, as callRowFilter: Agent Group n is level n, CTR
 * Attributes the attribute of that name (NULL when the call has none, as jsonb's ->>); equals or
 * startsWith, ANDed.
 */
export function chCallRowFilter(conditions: readonly TeamCondition[], p: ChParams): string | null {
  if (!conditions.length) return null;
  const parts = conditions.map((cond) => {
    let value: string;
    if (cond.type === 'attributes') {
      const field = p.add('String', cond.field ?? '');
      value = `if(JSONHas(ifNull(ctr_attributes, '{}'), ${field}), JSONExtractString(ifNull(ctr_attributes, '{}'), ${field}), NULL)`;
    } else {
      value = AGENT_GROUP_COLUMNS[cond.type];
    }
    const bound = p.add('String', cond.value);
    return cond.operator === 'equals' ? `${value} = ${bound}` : `startsWith(${value}, ${bound})`;
  });
  return `ifNull(${parts.join(' AND ')}, 0)`;
}

/** Rows that belong to a call: the call's summary (same group, that contact) passes the rules. */
function throughCall(contactId: string) {
  return (conditions: readonly TeamCondition[], p: ChParams): string | null => {
    const rule = chCallRowFilter(conditions, p);
    if (!rule) return null;
    return `${contactId} IN (SELECT contact_id FROM call_summaries FINAL WHERE ${GROUP_PREDICATE} AND ${rule})`;
  };
}

const calls: ChDataset = {
  source: () => 'call_summaries FINAL',
  time: 'start_time',
  columns: {
    contact_id: 'contact_id',
    agent: 'agent',
    direction: 'direction',
    start_time: 'start_time',
    end_time: 'end_time',
    ended_by: 'ended_by',
    disconnect_reason: 'disconnect_reason',
    agent_isp: 'agent_isp',
    browser_name: 'browser_name',
    agent_country: 'agent_country',
    agent_region: 'agent_region',
    network_type: 'network_type',
    network_label: 'network_label',
    sip_response_code: 'sip_response_code',
    duration_seconds: 'duration_seconds',
    mos_avg: 'mos_avg',
    mos_min: 'mos_min',
    mos_inbound_avg: 'mos_inbound_avg',
    mos_outbound_avg: 'mos_outbound_avg',
    jitter_avg_ms: 'jitter_avg_ms',
    rtt_avg_ms: 'rtt_avg_ms',
    // PostgreSQL multiplies a real by an integer as float8 (real * float8): the exact product.
    packets_lost_percent: '(toFloat64(packets_lost_fraction) * 100)',
    cpu_available_min_percent: 'cpu_available_min_percent',
    memory_used_max_percent: 'memory_used_max_percent',
    error_log_count: 'error_log_count',
    score: 'score',
    tags: 'tags',
    agent_group_1: 'agent_group_1',
    agent_group_2: 'agent_group_2',
    agent_group_3: 'agent_group_3',
    agent_group_4: 'agent_group_4',
    agent_group_5: 'agent_group_5',
  },
  rowFilter: chCallRowFilter,
  defaultFilter: 'synthetic = 0',
};

// PostgreSQL computes a second's loss in numeric (integer * 100.0); float64 here (CH32).
const lossPercent = (lost: string, received: string) =>
  `(${lost} * 100.0 / nullIf(${received} + ${lost}, 0))`;

const callSeconds: ChDataset = {
  // One row per stored time (decision CH5): a second written twice by crossing batches reads once.
  source: (from, to) =>
    `(SELECT * FROM call_seconds WHERE ${GROUP_PREDICATE} AND t >= ${from} AND t < ${to} LIMIT 1 BY contact_id, t)`,
  time: 't',
  columns: {
    contact_id: 'contact_id',
    second: 't',
    mos_inbound: 'in_mos',
    mos_outbound: 'out_mos',
    packets_lost_inbound: 'in_lost',
    packets_lost_outbound: 'out_lost',
    loss_inbound_percent: lossPercent('in_lost', 'in_packets'),
    loss_outbound_percent: lossPercent('out_lost', 'out_packets'),
    rtt_ms: 'rtt_ms',
    jitter_ms: 'jitter_ms',
    cpu_available_percent: 'cpu_available_percent',
    memory_used_percent: 'memory_used_percent',
    agent_status:
      "multiIf(agent_status = 3, 'Talk', agent_status = 2, 'On Mute', agent_status = 1, 'On Hold', NULL)",
  },
  rowFilter: throughCall('contact_id'),
};

const logs: ChDataset = {
  source: () => 'softphone_logs FINAL',
  time: 'ts',
  columns: {
    ts: 'ts',
    level: 'level',
    agent: 'agent',
    contact_id: 'contact_id',
    text: 'text',
    // As PostgreSQL's: the line without its numbers, 120 characters at most.
    message: "leftUTF8(replaceRegexpAll(text, '[0-9]+', 'n'), 120)",
  },
  rowFilter: throughCall('contact_id'),
};

/**
 * The AI summaries' parameters (decision CH50): the summarised traces' ids and, by position, their
 * texts' first 300 characters, read from PostgreSQL by runCanvasChart and bound by the compiler.
 */
export const AI_TRACE_IDS = '{ai_trace_ids:Array(String)}';
export const AI_TEXTS = '{ai_texts:Array(String)}';

const journeys: ChDataset = {
  source: () => 'journey_traces FINAL',
  time: 'start_time',
  columns: {
    trace_id: 'trace_id',
    start_time: 'start_time',
    platform: 'platform',
    journey_id: 'journey_id',
    agent: 'agent_username',
    service_name: 'service_name',
    root_span_name: 'root_span_name',
    network_type: 'network_type',
    duration_seconds: '(duration_ms / 1000.0)',
    span_count: 'span_count',
    error_count: 'error_count',
    insight_count: 'insight_count',
    mos_avg: 'mos_avg',
    talk_time: 'talk_time',
    outcome: "multiIf(error_count > 0, 'With errors', insight_count > 0, 'With insights', 'Clean')",
    // IN and transform build a hash of the bound array once per query, not a scan per row.
    summarized: `if(trace_id IN ${AI_TRACE_IDS}, 'Summarised', 'Not summarised')`,
    summary: `transform(trace_id, ${AI_TRACE_IDS}, CAST(${AI_TEXTS} AS Array(Nullable(String))), NULL)`,
  },
  rowFilter: throughCall('softphone_contact_id'),
};

/**
 * A span's time as PostgreSQL's to_timestamp(start_ns / 1e9) computes it (decision CH51): the
 * numeric quotient rounded to 8 decimals (16 significant digits), as float8, then rounded to the
 * microsecond after moving to the 2000 epoch; so a span on a bucket's or window's edge falls on
 * the same side in both stores.
 */
const SPAN_TIME = (() => {
  const tens = 'intDiv(start_ns + 5, 10)';
  const seconds = `(toFloat64(intDiv(${tens}, 100000000)) + toFloat64(${tens} % 100000000) / 100000000)`;
  return `fromUnixTimestamp64Micro(toInt64(round((${seconds} - 946684800) * 1000000)) + 946684800000000, 'UTC')`;
})();

const spans: ChDataset = {
  // The spans of the traces that overlap the window (a span starts within its trace), found by
  // the spans' key; not by the spans' own start, whose partition pruning under FINAL could hide a
  // resend that moved a span to another month (CH51).
  source: (from, to) =>
    `(SELECT *, ${SPAN_TIME} AS span_time FROM journey_spans FINAL WHERE ${GROUP_PREDICATE} AND trace_id IN (SELECT trace_id FROM journey_traces FINAL WHERE ${GROUP_PREDICATE} AND start_time < ${to} + INTERVAL 1 SECOND AND end_time >= ${from} - INTERVAL 1 SECOND))`,
  time: 'span_time',
  columns: {
    trace_id: 'trace_id',
    name: 'name',
    service_name: 'service_name',
    start_time: 'span_time',
    duration_ms: 'duration_ms',
    status: "multiIf(status_code = 2, 'Error', status_code = 1, 'Ok', 'Unset')",
    insight_count: 'insight_count',
  },
  rowFilter: throughCall('call_id'),
};

/** The datasets the ClickHouse store answers; the others read PostgreSQL's tables (CH30). */
export const CLICKHOUSE_DATASETS: Partial<Record<DatasetId, ChDataset>> = {
  calls,
  call_seconds: callSeconds,
  softphone_logs: logs,
  journeys,
  journey_spans: spans,
};

/**
 * A team's row filter for one query of a store read (issue 33): the condition on the dataset's
 * rows (its calls', or through its contact, as CLICKHOUSE_DATASETS[id].rowFilter) and the values
 * it binds, named `team_0`, `team_1`, ... so they merge with the query's own parameters. The
 * condition may hold GROUP_PREDICATE (a subquery of the group's calls): the scope binds it.
 */
export interface ChRowFilter {
  readonly sql: string;
  readonly params: ClickHouseParams;
}

/** The team's conditions as a row filter of dataset `id` (null: no conditions, every row). */
export function chRowFilter(
  id: DatasetId,
  conditions: readonly TeamCondition[],
): ChRowFilter | null {
  const dataset = CLICKHOUSE_DATASETS[id];
  if (!dataset) throw new Error(`the ${id} dataset is not in ClickHouse`);
  const p = new ChParams('team_');
  const sql = dataset.rowFilter(conditions, p);
  return sql ? { sql, params: p.values } : null;
}

/** Whether the scope's group has this call's summary and it passes the conditions (ClickHouse). */
export async function callPassesRules(
  scope: ClickHouseGroupScope,
  contactId: string,
  conditions: readonly TeamCondition[],
): Promise<boolean> {
  const p = new ChParams();
  const contact = p.add('String', contactId);
  const rule = chCallRowFilter(conditions, p);
  const rows = await scope.query<{ one: number }>(
    `SELECT 1 AS one FROM call_summaries FINAL
     WHERE ${GROUP_PREDICATE} AND contact_id = ${contact}${rule ? ` AND ${rule}` : ''} LIMIT 1`,
    p.values,
  );
  return rows.length > 0;
}

/**
 * Whether the scope's group has this journey and its agent's call passes the conditions
 * (ClickHouse, as tracePassesRules on PostgreSQL): the journey's softphone contact has a call
 * summary of the group that passes them; a journey of no call passes no conditions.
 */
export async function tracePassesRules(
  scope: ClickHouseGroupScope,
  traceId: string,
  conditions: readonly TeamCondition[],
): Promise<boolean> {
  const p = new ChParams();
  const trace = p.add('String', traceId);
  const rule = journeys.rowFilter(conditions, p);
  const rows = await scope.query<{ one: number }>(
    `SELECT 1 AS one FROM journey_traces FINAL
     WHERE ${GROUP_PREDICATE} AND trace_id = ${trace}${rule ? ` AND ${rule}` : ''} LIMIT 1
     SETTINGS use_skip_indexes_if_final = 1`,
    p.values,
  );
  return rows.length > 0;
}
