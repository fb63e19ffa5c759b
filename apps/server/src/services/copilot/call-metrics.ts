import { sql, type SQL } from 'drizzle-orm';
import {
  ANY_TAG,
  COPILOT_LIMITS,
  listRankMetric,
  rankDescending,
  COPILOT_METRICS,
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
import type { GroupScope } from '../../db/group-scope.ts';
import { queryRows } from '../../db/pg-arrays.ts';

/** The call's score, null until a quality average or a warning tag exists (C18). */
const MEASURED_SCORE =
  'case when mos_avg is not null or jitter_avg_ms is not null or rtt_avg_ms is not null or packets_lost_fraction is not null or cardinality(tags) > 0 then score end';

/** Column expressions of each metric's per-call value in call_summaries. */
const METRIC_COLUMNS: Record<CopilotThreshold['metric'], SQL> = {
  mos: sql.raw('mos_avg'),
  jitter: sql.raw('jitter_avg_ms'),
  packetLoss: sql.raw('(packets_lost_fraction * 100)'),
  rtt: sql.raw('rtt_avg_ms'),
  duration: sql.raw('duration_seconds'),
  // A score counts once measured (decision C18): a live call's default 10 is no score yet.
  score: sql.raw(MEASURED_SCORE),
};

const MATCH_COLUMNS: Record<CopilotMatchField, SQL> = {
  agent: sql.raw('agent'),
  isp: sql.raw('agent_isp'),
  networkLabel: sql.raw('network_label'),
  region: sql.raw('agent_region'),
  networkType: sql.raw('network_type'),
};

const OPS: Record<CopilotThreshold['op'], SQL> = {
  lt: sql.raw('<'),
  lte: sql.raw('<='),
  gt: sql.raw('>'),
  gte: sql.raw('>='),
};

function groupKey(dimension: CopilotDimension, timeZone: string): SQL {
  if (dimension === 'day') return sql`to_char(start_time at time zone ${timeZone}, 'YYYY-MM-DD')`;
  if (dimension === 'hour')
    return sql`to_char(start_time at time zone ${timeZone}, 'YYYY-MM-DD HH24:00')`;
  if (dimension === 'insight') return sql.raw('insight.tag');
  return MATCH_COLUMNS[dimension];
}

/** Names as conditions: any of the values of one field, every field. */
function matchConditions(matches: CopilotQuery['matches']): SQL[] {
  const byField = new Map<CopilotMatchField, string[]>();
  for (const m of matches)
    byField.set(m.field, [...(byField.get(m.field) ?? []), m.value.toLowerCase()]);
  return [...byField].map(
    ([field, values]) =>
      sql`lower(${MATCH_COLUMNS[field]}) in (${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )})`,
  );
}

/**
 * The calls chosen: the group, the window on start_time and the names; our own test calls only
 * when the question asks for them (issue 33: a monitor's agent is not ranked among people).
 */
function chosen(
  scope: GroupScope,
  query: CopilotQuery,
  window: ResolvedCopilotRange,
  rowFilter: SQL | null,
): SQL {
  return sql.join(
    [
      sql`group_id = ${scope.groupId}`,
      ...(rowFilter ? [rowFilter] : []),
      ...(query.testCalls ? [] : [sql`not synthetic`]),
      sql`start_time >= ${window.from.toISOString()}::timestamptz`,
      sql`start_time < ${window.to.toISOString()}::timestamptz`,
      ...matchConditions(query.matches),
    ],
    sql` and `,
  );
}

/** What a chosen call is counted by: thresholds, insight tags and share names (true without). */
function counted(query: CopilotQuery): SQL {
  const parts: SQL[] = query.thresholds.map(
    (t) => sql`${METRIC_COLUMNS[t.metric]} ${OPS[t.op]} ${t.value}::float8`,
  );
  for (const tag of query.tags)
    parts.push(tag === ANY_TAG ? sql`cardinality(tags) > 0` : sql`${tag} = any(tags)`);
  parts.push(...matchConditions(query.shareMatches));
  return parts.length ? sql`(${sql.join(parts, sql` and `)})` : sql`true`;
}

function aggregates(condition: SQL): SQL {
  const avg = (column: string) => sql`avg(${sql.raw(column)}) filter (where ${condition})::float8`;
  return sql`count(*)::float8 as "total",
    count(*) filter (where ${condition})::float8 as "callCount",
    ${avg('mos_avg')} as "mos", ${avg('jitter_avg_ms')} as "jitter",
    ${avg('packets_lost_fraction * 100')} as "packetLoss", ${avg('rtt_avg_ms')} as "rtt",
    ${avg('duration_seconds')} as "duration", ${avg(MEASURED_SCORE)} as "score",
    (100.0 * count(*) filter (where ${condition}) / greatest(count(*), 1))::float8 as "share"`;
}

/** A call list's order: newest first, or by the ranked measure ("the 5 worst calls by MOS"). */
function listOrder(query: CopilotQuery): SQL {
  const metric = listRankMetric(query);
  if (!metric || !query.rank) return sql`start_time desc, contact_id`;
  const direction = rankDescending(query.rank.order, metric) ? sql`desc` : sql`asc`;
  return sql`${METRIC_COLUMNS[metric]} ${direction} nulls last, start_time desc, contact_id`;
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
 * Runs a copilot query over the group's calls (call_summaries only, through its (group_id,
 * start_time) index): aggregates per group of the breakdown, or the matching calls one by one.
 * This is the query function both engines use; the LLM path calls it as a tool.
 */
export async function runCopilotQuery(
  scope: GroupScope,
  query: CopilotQuery,
  window: ResolvedCopilotRange,
  timeZone: string,
  /** The caller's team rules on call_summaries (callRowFilter), or null for every call. */
  rowFilter: SQL | null = null,
): Promise<CopilotResult> {
  const { db } = scope;
  const where = chosen(scope, query, window, rowFilter);
  const condition = counted(query);
  if (query.list) {
    const [rows, totals] = await Promise.all([
      queryRows<
        ValueRow & {
          contactId: string;
          startTime: string | Date;
          agent: string | null;
          isp: string | null;
        }
      >(
        db,
        sql`select contact_id as "contactId", start_time as "startTime", agent, agent_isp as "isp",
          1::float8 as "callCount", mos_avg::float8 as "mos", jitter_avg_ms::float8 as "jitter",
          (packets_lost_fraction * 100)::float8 as "packetLoss", rtt_avg_ms::float8 as "rtt",
          duration_seconds::float8 as "duration", (${sql.raw(MEASURED_SCORE)})::float8 as "score", null as "share"
          from call_summaries where ${where} and ${condition}
          order by ${listOrder(query)} limit ${Math.min(query.rank?.limit ?? COPILOT_LIMITS.listRows, COPILOT_LIMITS.listRows)}`,
      ),
      queryRows<{ total: number | string }>(
        db,
        sql`select count(*)::int as total from call_summaries where ${where} and ${condition}`,
      ),
    ]);
    const calls: CopilotCallRow[] = rows.map((r) => ({
      contactId: r.contactId,
      startTime: new Date(r.startTime).toISOString(),
      agent: r.agent,
      isp: r.isp,
      values: valuesOf(r),
    }));
    return { kind: 'calls', rows: calls, total: Number(totals[0]?.total ?? 0) };
  }
  if (!query.groupBy) {
    const rows = await queryRows<ValueRow & { total: number }>(
      db,
      sql`select ${aggregates(condition)} from call_summaries where ${where}`,
    );
    return { kind: 'groups', rows: rows.map(groupRow) };
  }
  const key = groupKey(query.groupBy, timeZone);
  const from =
    query.groupBy === 'insight'
      ? sql`call_summaries cross join lateral unnest(tags) as insight(tag)`
      : sql`call_summaries`;
  const rows = await queryRows<ValueRow & { key: string | null; total: number }>(
    db,
    sql`select ${key} as "key", ${aggregates(condition)} from ${from} where ${where}
      group by 1 order by 1 nulls last limit ${COPILOT_LIMITS.groupRows}`,
  );
  return { kind: 'groups', rows: rows.map(groupRow) };
}

/** Agents, ISPs, network labels and regions of the group's last 90 days, for the parser. */
export async function knownValues(
  scope: GroupScope,
  now: Date,
  /** The caller's team rules (callRowFilter): another team's agents are not named. */
  rowFilter: SQL | null = null,
): Promise<KnownValues> {
  const since = new Date(now.getTime() - 90 * 24 * 3_600_000).toISOString();
  const team = rowFilter ? sql` and ${rowFilter}` : sql``;
  const rows = await queryRows<{ field: CopilotMatchField; value: string }>(
    scope.db,
    sql`select distinct field, value from (
      select 'agent' as field, agent as value from call_summaries where group_id = ${scope.groupId} and start_time >= ${since}::timestamptz${team}
      union all select 'isp', agent_isp from call_summaries where group_id = ${scope.groupId} and start_time >= ${since}::timestamptz${team}
      union all select 'networkLabel', network_label from call_summaries where group_id = ${scope.groupId} and start_time >= ${since}::timestamptz${team}
      union all select 'region', agent_region from call_summaries where group_id = ${scope.groupId} and start_time >= ${since}::timestamptz${team}
      union all select 'networkType', network_type from call_summaries where group_id = ${scope.groupId} and start_time >= ${since}::timestamptz${team}
    ) v where value is not null limit 2000`,
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
