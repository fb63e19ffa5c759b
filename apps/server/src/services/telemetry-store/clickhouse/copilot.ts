import {
  ANY_TAG,
  COPILOT_LIMITS,
  COPILOT_METRICS,
  listRankMetric,
  rankDescending,
  type CopilotCallRow,
  type CopilotDimension,
  type CopilotGroupRow,
  type CopilotMatchField,
  type CopilotMetric,
  type CopilotQuery,
  type CopilotResult,
  type CopilotThreshold,
  type KnownValues,
  type ResolvedCopilotRange,
} from '@callsight/shared';
import { chMs, chTime, type ClickHouseParams } from '../../../db/clickhouse/client.ts';
import type { ClickHouseGroupScope } from '../../../db/clickhouse/group-scope.ts';
import type { ChRowFilter } from './canvas-datasets.ts';

/*
 * The copilot's queries (services/copilot/call-metrics.ts) on ClickHouse: the same conditions,
 * aggregates and orders over the current version of each summary (FINAL). Float32 columns are
 * widened with toFloat64 as PostgreSQL's ::float8 does, so single values answer alike; averages
 * may differ in their last bits (summation order).
 */

/** The call's score, NULL until a quality average or a warning tag exists (C18). */
const MEASURED_SCORE =
  'if(mos_avg IS NOT NULL OR jitter_avg_ms IS NOT NULL OR rtt_avg_ms IS NOT NULL OR packets_lost_fraction IS NOT NULL OR notEmpty(tags), score, NULL)';

const METRIC_COLUMNS: Record<CopilotThreshold['metric'], string> = {
  mos: 'toFloat64(mos_avg)',
  jitter: 'toFloat64(jitter_avg_ms)',
  packetLoss: '(toFloat64(packets_lost_fraction) * 100)',
  rtt: 'toFloat64(rtt_avg_ms)',
  duration: 'toFloat64(duration_seconds)',
  score: `toFloat64(${MEASURED_SCORE})`,
};

const MATCH_COLUMNS: Record<CopilotMatchField, string> = {
  agent: 'agent',
  isp: 'agent_isp',
  networkLabel: 'network_label',
  region: 'agent_region',
  networkType: 'network_type',
};

const OPS: Record<CopilotThreshold['op'], string> = { lt: '<', lte: '<=', gt: '>', gte: '>=' };

/** Named parameters of one query: each value gets the next name. */
class Params {
  readonly values: ClickHouseParams = {};
  private n = 0;
  add(type: string, value: unknown): string {
    const name = `p${this.n++}`;
    this.values[name] = value;
    return `{${name}:${type}}`;
  }
}

function groupKey(dimension: CopilotDimension, timeZone: string, p: Params): string {
  if (dimension === 'day')
    return `formatDateTime(start_time, '%Y-%m-%d', ${p.add('String', timeZone)})`;
  if (dimension === 'hour')
    return `formatDateTime(start_time, '%Y-%m-%d %H:00', ${p.add('String', timeZone)})`;
  if (dimension === 'insight') return 'insight_tag';
  return MATCH_COLUMNS[dimension];
}

function matchConditions(matches: CopilotQuery['matches'], p: Params): string[] {
  const byField = new Map<CopilotMatchField, string[]>();
  for (const m of matches)
    byField.set(m.field, [...(byField.get(m.field) ?? []), m.value.toLowerCase()]);
  return [...byField].map(
    ([field, values]) => `lowerUTF8(${MATCH_COLUMNS[field]}) IN ${p.add('Array(String)', values)}`,
  );
}

/**
 * The calls chosen: the group, the team's rules, the window on start_time and the names; our own
 * test calls only when the question asks for them (issue 33).
 */
function chosen(
  query: CopilotQuery,
  window: ResolvedCopilotRange,
  p: Params,
  rowFilter: ChRowFilter | null,
): string {
  if (rowFilter) Object.assign(p.values, rowFilter.params);
  return [
    'group_id = {group_id:UUID}',
    ...(rowFilter ? [rowFilter.sql] : []),
    ...(query.testCalls ? [] : ['synthetic = 0']),
    `start_time >= ${p.add("DateTime64(3, 'UTC')", chTime(window.from.getTime()))}`,
    `start_time < ${p.add("DateTime64(3, 'UTC')", chTime(window.to.getTime()))}`,
    ...matchConditions(query.matches, p),
  ].join(' AND ');
}

function counted(query: CopilotQuery, p: Params): string {
  const parts = query.thresholds.map(
    (t) => `${METRIC_COLUMNS[t.metric]} ${OPS[t.op]} ${p.add('Float64', t.value)}`,
  );
  for (const tag of query.tags)
    parts.push(tag === ANY_TAG ? 'notEmpty(tags)' : `has(tags, ${p.add('String', tag)})`);
  parts.push(...matchConditions(query.shareMatches, p));
  // A NULL comparison does not count, as PostgreSQL's filter.
  return parts.length ? `ifNull(${parts.join(' AND ')}, 0)` : '1';
}

function aggregates(condition: string): string {
  const avg = (column: string) => `avgIf(${column}, ${condition})`;
  return `toFloat64(count()) AS total, toFloat64(countIf(${condition})) AS callCount,
    ${avg(METRIC_COLUMNS.mos)} AS mos, ${avg(METRIC_COLUMNS.jitter)} AS jitter,
    ${avg(METRIC_COLUMNS.packetLoss)} AS packetLoss, ${avg(METRIC_COLUMNS.rtt)} AS rtt,
    ${avg(METRIC_COLUMNS.duration)} AS duration, ${avg(METRIC_COLUMNS.score)} AS score,
    100.0 * countIf(${condition}) / greatest(count(), 1) AS share`;
}

function listOrder(query: CopilotQuery): string {
  const metric = listRankMetric(query);
  if (!metric || !query.rank) return 'start_time DESC, contact_id ASC';
  const direction = rankDescending(query.rank.order, metric) ? 'DESC' : 'ASC';
  return `${METRIC_COLUMNS[metric]} ${direction} NULLS LAST, start_time DESC, contact_id ASC`;
}

type ValueRow = Record<CopilotMetric, number | string | null>;

function valuesOf(row: ValueRow): Record<CopilotMetric, number | null> {
  const out = {} as Record<CopilotMetric, number | null>;
  for (const m of COPILOT_METRICS) {
    const v = row[m];
    out[m] = v === null || v === undefined ? null : Number(v);
  }
  return out;
}

function groupRow(r: ValueRow & { key?: string | null; total: number | string }): CopilotGroupRow {
  return { key: r.key ?? null, values: valuesOf(r), total: Number(r.total) };
}

/**
 * runCopilotQuery on ClickHouse: aggregates per group of the breakdown, or the calls one by one.
 * `rowFilter`: the caller's team rules on the calls (chRowFilter('calls', ...)), or null.
 */
export async function runCopilotQuery(
  scope: ClickHouseGroupScope,
  query: CopilotQuery,
  window: ResolvedCopilotRange,
  timeZone: string,
  rowFilter: ChRowFilter | null = null,
): Promise<CopilotResult> {
  const p = new Params();
  const where = chosen(query, window, p, rowFilter);
  const condition = counted(query, p);
  if (query.list) {
    const limit = Math.min(query.rank?.limit ?? COPILOT_LIMITS.listRows, COPILOT_LIMITS.listRows);
    const [rows, totals] = await Promise.all([
      scope.query<
        ValueRow & { contactId: string; startMs: string; agent: string | null; isp: string | null }
      >(
        `SELECT contact_id AS contactId, toUnixTimestamp64Milli(start_time) AS startMs, agent,
           agent_isp AS isp, toFloat64(1) AS callCount, ${METRIC_COLUMNS.mos} AS mos,
           ${METRIC_COLUMNS.jitter} AS jitter, ${METRIC_COLUMNS.packetLoss} AS packetLoss,
           ${METRIC_COLUMNS.rtt} AS rtt, ${METRIC_COLUMNS.duration} AS duration,
           ${METRIC_COLUMNS.score} AS score, NULL AS share
         FROM call_summaries FINAL WHERE ${where} AND ${condition}
         ORDER BY ${listOrder(query)} LIMIT ${p.add('UInt32', limit)}`,
        p.values,
      ),
      scope.query<{ total: string | number }>(
        `SELECT count() AS total FROM call_summaries FINAL WHERE ${where} AND ${condition}`,
        p.values,
      ),
    ]);
    const calls: CopilotCallRow[] = rows.map((r) => ({
      contactId: r.contactId,
      startTime: new Date(chMs(r.startMs)).toISOString(),
      agent: r.agent,
      isp: r.isp,
      values: valuesOf(r),
    }));
    return { kind: 'calls', rows: calls, total: Number(totals[0]?.total ?? 0) };
  }
  if (!query.groupBy) {
    const rows = await scope.query<ValueRow & { total: number }>(
      `SELECT ${aggregates(condition)} FROM call_summaries FINAL WHERE ${where}`,
      p.values,
    );
    return { kind: 'groups', rows: rows.map(groupRow) };
  }
  const key = groupKey(query.groupBy, timeZone, p);
  const join = query.groupBy === 'insight' ? 'ARRAY JOIN tags AS insight_tag' : '';
  const rows = await scope.query<ValueRow & { key: string | null; total: number }>(
    `SELECT ${key} AS key, ${aggregates(condition)} FROM call_summaries FINAL ${join}
     WHERE ${where} GROUP BY key ORDER BY key ASC NULLS LAST
     LIMIT ${p.add('UInt32', COPILOT_LIMITS.groupRows)}`,
    p.values,
  );
  return { kind: 'groups', rows: rows.map(groupRow) };
}

const KNOWN_FIELDS: [CopilotMatchField, string][] = [
  ['agent', 'agent'],
  ['isp', 'agent_isp'],
  ['networkLabel', 'network_label'],
  ['region', 'agent_region'],
  ['networkType', 'network_type'],
];

/**
 * knownValues on ClickHouse: the group's names of its last 90 days, for the parser. `rowFilter`:
 * the caller's team rules on the calls (another team's agents are not named), or null.
 */
export async function knownValues(
  scope: ClickHouseGroupScope,
  now: Date,
  rowFilter: ChRowFilter | null = null,
): Promise<KnownValues> {
  const pairs = KNOWN_FIELDS.map(([field, column]) => `tuple('${field}', ${column})`).join(', ');
  const rows = await scope.query<{ field: CopilotMatchField; value: string }>(
    `SELECT DISTINCT tupleElement(pair, 1) AS field, assumeNotNull(tupleElement(pair, 2)) AS value
     FROM (
       SELECT arrayJoin([${pairs}]) AS pair FROM call_summaries FINAL
       WHERE group_id = {group_id:UUID} AND start_time >= {since:DateTime64(3, 'UTC')}${
         rowFilter ? ` AND ${rowFilter.sql}` : ''
       }
     )
     WHERE tupleElement(pair, 2) IS NOT NULL LIMIT 2000`,
    { ...rowFilter?.params, since: chTime(now.getTime() - 90 * 24 * 3_600_000) },
  );
  const out: Record<CopilotMatchField, string[]> = {
    agent: [],
    isp: [],
    networkLabel: [],
    region: [],
    networkType: [],
  };
  for (const r of rows) out[r.field].push(r.value);
  return out;
}
