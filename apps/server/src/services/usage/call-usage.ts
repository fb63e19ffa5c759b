import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { GroupScope } from '../../db/group-scope.ts';
import { queryRows, textArrayLiteral } from '../../db/pg-arrays.ts';

/**
 * The softphone-call part of usage metering and extension coverage (decisions B1, B10, CH37-CH40),
 * asked of the telemetry store: on PostgreSQL these queries, on ClickHouse
 * telemetry-store/clickhouse/usage.ts over the call_usage view. Both answer the same figures for
 * the same calls (test/telemetry-store-usage-contract.test.ts).
 */

/** One local day of a group: its bounds in UTC, [from, to). */
export interface UsageDayRange {
  day: string;
  from: Date;
  to: Date;
}

/** The call figures of one day (decision B1), each call at its last version, counted once. */
export interface UsageCallDay {
  day: string;
  calls: number;
  /** Every reported call by its duration, rounded up per call (AgentDurationRoundedMin). */
  agentDurationMin: number;
  /** Seconds of the ended calls with an agent that lasted more than 0 s (AgentDurationSecFiltered). */
  agentDurationSecFiltered: number;
  /** Calls with an agent, by duration less hold, rounded up per call. */
  agentInteractionMin: number;
  /** Measured seconds rounded up per call (CallsightStatsDurationRoundedMin). */
  statsMin: number;
  /** The day's distinct agents, in code-unit order. */
  agents: string[];
}

/** The calls side of extension coverage over a window. */
export interface CoverageCalls {
  /** Reported calls per agent (calls with an agent), in code-unit order of the agent. */
  measured: { agent: string; calls: number }[];
}

/** Code-unit order (as ClickHouse orders bytes for ASCII; decision CH9). */
export const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The call figures of the days `d` (columns g, day, f, t) from call_summaries: one CTE body,
 * used by the rollup's own statement (recomputeDays) and by the PostgreSQL store's
 * usageCallFigures, so that the two cannot drift. Our own test calls (synthetic) are not billed:
 * a monitor's or heartbeat test's agent leg is our measurement, not an agent's call (issue 33).
 */
export const CALL_FIGURES_OF_D = sql`
  select d.g, d.day,
         count(*)::int as calls,
         coalesce(sum(ceil(greatest(coalesce(c.duration_seconds, 0), 0) / 60.0)), 0)::int
           as agent_duration_min,
         coalesce(sum(c.duration_seconds) filter (
           where c.agent is not null and c.end_time is not null and c.duration_seconds > 0
         ), 0)::bigint as agent_duration_sec_filtered,
         coalesce(sum(ceil(greatest(coalesce(c.duration_seconds, 0) - coalesce(h.hold, 0), 0) / 60.0))
           filter (where c.agent is not null), 0)::int as agent_interaction_min,
         coalesce(sum(ceil(c.sample_count / 60.0)), 0)::int as stats_min,
         coalesce(array_agg(distinct c.agent) filter (where c.agent is not null), '{}') as agents
  from d
  join call_summaries c on c.group_id = d.g and c.start_time >= d.f and c.start_time < d.t
    and not c.synthetic
  left join lateral (
    select sum((e->>'end')::float8 - (e->>'start')::float8) / 1000.0 as hold
    from jsonb_array_elements(coalesce(c.hold_intervals, '[]'::jsonb)) e
    where e->>'end' is not null
  ) h on true
  group by d.g, d.day
`;

/** PostgreSQL's usageCallFigures: the figures of the days of `ranges` holding calls, by day. */
export async function usageCallFiguresPg(
  scope: GroupScope,
  ranges: readonly UsageDayRange[],
): Promise<UsageCallDay[]> {
  if (ranges.length === 0) return [];
  const rows = await queryRows<{
    day: string;
    calls: number;
    agent_duration_min: number;
    agent_duration_sec_filtered: string | number;
    agent_interaction_min: number;
    stats_min: number;
    agents: string[];
  }>(
    scope.db,
    sql`
      with d as (
        select ${scope.groupId}::uuid as g, x.day, x.f, x.t
        from unnest(
          ${textArrayLiteral(ranges.map((r) => r.day))}::date[],
          ${textArrayLiteral(ranges.map((r) => r.from.toISOString()))}::timestamptz[],
          ${textArrayLiteral(ranges.map((r) => r.to.toISOString()))}::timestamptz[]
        ) as x(day, f, t)
      ),
      c as (${CALL_FIGURES_OF_D})
      select c.day::text as day, c.calls, c.agent_duration_min, c.agent_duration_sec_filtered,
             c.agent_interaction_min, c.stats_min, c.agents
      from c order by c.day
    `,
  );
  return rows.map((r) => ({
    day: r.day,
    calls: Number(r.calls),
    agentDurationMin: Number(r.agent_duration_min),
    agentDurationSecFiltered: Number(r.agent_duration_sec_filtered),
    agentInteractionMin: Number(r.agent_interaction_min),
    statsMin: Number(r.stats_min),
    agents: [...r.agents].sort(byCodeUnits),
  }));
}

/** PostgreSQL's reportedContacts: which of these contacts have a call summary. */
export async function reportedContactsPg(
  scope: GroupScope,
  contactIds: readonly string[],
): Promise<Set<string>> {
  if (contactIds.length === 0) return new Set();
  const rows = await queryRows<{ contact_id: string }>(
    scope.db,
    sql`select contact_id from call_summaries
        where group_id = ${scope.groupId}
          and contact_id = any(${textArrayLiteral([...new Set(contactIds)])}::text[])`,
  );
  return new Set(rows.map((r) => r.contact_id));
}

/** PostgreSQL's usageCallDays: the local days (in `timeZone`) holding the group's calls. */
export async function usageCallDaysPg(scope: GroupScope, timeZone: string): Promise<string[]> {
  const rows = await queryRows<{ day: string }>(
    scope.db,
    sql`select distinct (start_time at time zone ${timeZone})::date::text as day
        from call_summaries where group_id = ${scope.groupId} order by 1`,
  );
  return rows.map((r) => r.day);
}

/** PostgreSQL's coverageCalls over [from, to). */
export async function coverageCallsPg(
  scope: GroupScope,
  from: Date,
  to: Date,
): Promise<CoverageCalls> {
  const measured = await queryRows<{ agent: string; calls: number | string }>(
    scope.db,
    sql`
      select agent, count(*) as calls
      from call_summaries
      where group_id = ${scope.groupId} and start_time >= ${from} and start_time < ${to}
        and agent is not null
      group by agent
    `,
  );
  return {
    measured: measured
      .map((r) => ({ agent: r.agent, calls: Number(r.calls) }))
      .sort((a, b) => byCodeUnits(a.agent, b.agent)),
  };
}

/** Marks a group's usage hours dirty (as the triggers on call_summaries do; decision CH38). */
export type UsageMarks = (groupId: string, startTimes: readonly Date[]) => Promise<void>;

/**
 * The marks the ClickHouse writers leave in PostgreSQL's usage_dirty: the UTC hour of every start
 * a written call held, before and after the write (the triggers' usage_old and usage_new).
 */
export function usageMarksOn(db: DbOrTx): UsageMarks {
  return async (groupId, startTimes) => {
    const hours = new Set(startTimes.map((t) => Math.floor(t.getTime() / 3_600_000) * 3_600_000));
    if (hours.size === 0) return;
    const iso = [...hours].sort((a, b) => a - b).map((ms) => new Date(ms).toISOString());
    await db.execute(sql`
      insert into usage_dirty (group_id, hour)
      select ${groupId}::uuid, h from unnest(${textArrayLiteral(iso)}::timestamptz[]) as h
    `);
  };
}
