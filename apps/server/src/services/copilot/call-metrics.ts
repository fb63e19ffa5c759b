import { sql, type SQL } from 'drizzle-orm';
import {
  COPILOT_LIMITS,
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

/** Column expressions of each metric's per-call value in call_summaries. */
const METRIC_COLUMNS: Record<Exclude<CopilotMetric, 'callCount'>, SQL> = {
  mos: sql.raw('mos_avg'),
  jitter: sql.raw('jitter_avg_ms'),
  packetLoss: sql.raw('(packets_lost_fraction * 100)'),
  rtt: sql.raw('rtt_avg_ms'),
  duration: sql.raw('duration_seconds'),
  score: sql.raw('score'),
};

const MATCH_COLUMNS: Record<CopilotMatchField, SQL> = {
  agent: sql.raw('agent'),
  isp: sql.raw('agent_isp'),
  networkLabel: sql.raw('network_label'),
  region: sql.raw('agent_region'),
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
  return MATCH_COLUMNS[dimension];
}

/** The where clause: the group, the window on start_time, thresholds and name matches. */
function conditions(scope: GroupScope, query: CopilotQuery, window: ResolvedCopilotRange): SQL {
  const parts: SQL[] = [
    sql`group_id = ${scope.groupId}`,
    sql`start_time >= ${window.from.toISOString()}::timestamptz`,
    sql`start_time < ${window.to.toISOString()}::timestamptz`,
  ];
  for (const t of query.thresholds) {
    parts.push(sql`${METRIC_COLUMNS[t.metric]} ${OPS[t.op]} ${t.value}::float8`);
  }
  for (const m of query.matches) {
    parts.push(sql`lower(${MATCH_COLUMNS[m.field]}) = lower(${m.value})`);
  }
  return sql.join(parts, sql` and `);
}

const AGGREGATES = sql.raw(
  [
    'count(*)::float8 as "callCount"',
    'avg(mos_avg)::float8 as "mos"',
    'avg(jitter_avg_ms)::float8 as "jitter"',
    'avg(packets_lost_fraction * 100)::float8 as "packetLoss"',
    'avg(rtt_avg_ms)::float8 as "rtt"',
    'avg(duration_seconds)::float8 as "duration"',
    'avg(score)::float8 as "score"',
  ].join(', '),
);

type ValueRow = Record<CopilotMetric, number | string | null>;

function valuesOf(row: ValueRow): Record<CopilotMetric, number | null> {
  const out = {} as Record<CopilotMetric, number | null>;
  for (const m of COPILOT_METRICS) {
    const v = row[m];
    out[m] = v === null || v === undefined ? null : Number(v);
  }
  return out;
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
): Promise<CopilotResult> {
  const { db } = scope;
  const where = conditions(scope, query, window);
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
          duration_seconds::float8 as "duration", score::float8 as "score"
          from call_summaries where ${where}
          order by start_time desc, contact_id limit ${COPILOT_LIMITS.listRows}`,
      ),
      queryRows<{ total: number | string }>(
        db,
        sql`select count(*)::int as total from call_summaries where ${where}`,
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
    const rows = await queryRows<ValueRow>(
      db,
      sql`select ${AGGREGATES} from call_summaries where ${where}`,
    );
    const groups: CopilotGroupRow[] = rows.map((r) => ({ key: null, values: valuesOf(r) }));
    return { kind: 'groups', rows: groups };
  }
  const key = groupKey(query.groupBy, timeZone);
  const rows = await queryRows<ValueRow & { key: string | null }>(
    db,
    sql`select ${key} as "key", ${AGGREGATES} from call_summaries where ${where}
      group by 1 order by 1 nulls last limit ${COPILOT_LIMITS.groupRows}`,
  );
  return { kind: 'groups', rows: rows.map((r) => ({ key: r.key, values: valuesOf(r) })) };
}

/** Agents, ISPs, network labels and regions of the group's last 90 days, for the parser. */
export async function knownValues(scope: GroupScope, now: Date): Promise<KnownValues> {
  const since = new Date(now.getTime() - 90 * 24 * 3_600_000).toISOString();
  const rows = await queryRows<{ field: CopilotMatchField; value: string }>(
    scope.db,
    sql`select distinct field, value from (
      select 'agent' as field, agent as value from call_summaries where group_id = ${scope.groupId} and start_time >= ${since}::timestamptz
      union all select 'isp', agent_isp from call_summaries where group_id = ${scope.groupId} and start_time >= ${since}::timestamptz
      union all select 'networkLabel', network_label from call_summaries where group_id = ${scope.groupId} and start_time >= ${since}::timestamptz
      union all select 'region', agent_region from call_summaries where group_id = ${scope.groupId} and start_time >= ${since}::timestamptz
    ) v where value is not null limit 2000`,
  );
  const out: Record<CopilotMatchField, string[]> = {
    agent: [],
    isp: [],
    networkLabel: [],
    region: [],
  };
  for (const r of rows) out[r.field].push(r.value);
  return out;
}
