import { sql } from 'drizzle-orm';
import type { GroupScope } from '../../db/group-scope.ts';
import { queryRows, textArrayLiteral } from '../../db/pg-arrays.ts';
import { byCodeUnits, type UsageDayRange } from './call-usage.ts';

/**
 * The journeys' part of usage metering and extension coverage (decisions B1, B10, CH55-CH57),
 * asked of the telemetry store as the calls' part is (call-usage.ts): on PostgreSQL these
 * queries over journey_traces, on ClickHouse telemetry-store/clickhouse/usage-journeys.ts over
 * its journey_traces read FINAL. Both answer the same figures for the same journeys
 * (test/telemetry-store-usage-contract.test.ts).
 */

/** The journey figures of one day (decision B1), each trace rounded up to its minute. */
export interface UsageJourneyDay {
  day: string;
  /** Every journey's duration rounded up per trace (CloudDurationRoundedMin). */
  cloudMin: number;
  /** The same over journeys without a softphone contact the collector reported (B1's rule). */
  cloudOnlyMin: number;
  /** The day's distinct agents of the journeys, in code-unit order. */
  agents: string[];
}

/** One agent of the contact records (journeys) of a coverage window. */
export interface CoverageContact {
  agent: string;
  contacts: number;
  /**
   * Contacts with no agent collector data: no softphone contact id, or one the collector never
   * reported in the group (B1's rule for cloud-only minutes; spec 000 §9 low coverage).
   */
  unreported: number;
  lastContact: Date;
}

/**
 * The journey figures of the days `d` (columns g, day, f, t) from journey_traces, a journey's
 * softphone contact counted as reported when call_summaries holds it: one CTE body, used by the
 * rollup's own statement (recomputeDays) and by the PostgreSQL store's usageJourneyFigures.
 */
export const JOURNEY_FIGURES_OF_D = sql`
  select d.g, d.day,
         coalesce(sum(ceil(greatest(j.duration_ms, 0) / 60000.0)), 0)::int as cloud_min,
         coalesce(sum(ceil(greatest(j.duration_ms, 0) / 60000.0)) filter (
           where j.softphone_contact_id is null or not exists (
             select 1 from call_summaries c2
             where c2.group_id = j.group_id and c2.contact_id = j.softphone_contact_id
           )
         ), 0)::int as cloud_only_min,
         coalesce(array_agg(distinct j.agent_username) filter (where j.agent_username is not null), '{}')
           as agents
  from d
  join journey_traces j on j.group_id = d.g and j.start_time >= d.f and j.start_time < d.t
  group by d.g, d.day
`;

/** PostgreSQL's usageJourneyFigures: the figures of the days of `ranges` holding journeys. */
export async function usageJourneyFiguresPg(
  scope: GroupScope,
  ranges: readonly UsageDayRange[],
): Promise<UsageJourneyDay[]> {
  if (ranges.length === 0) return [];
  const rows = await queryRows<{
    day: string;
    cloud_min: number;
    cloud_only_min: number;
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
      j as (${JOURNEY_FIGURES_OF_D})
      select j.day::text as day, j.cloud_min, j.cloud_only_min, j.agents from j order by j.day
    `,
  );
  return rows.map((r) => ({
    day: r.day,
    cloudMin: Number(r.cloud_min),
    cloudOnlyMin: Number(r.cloud_only_min),
    agents: [...r.agents].sort(byCodeUnits),
  }));
}

/** PostgreSQL's usageJourneyDays: the local days (in `timeZone`) holding the group's journeys. */
export async function usageJourneyDaysPg(scope: GroupScope, timeZone: string): Promise<string[]> {
  const rows = await queryRows<{ day: string }>(
    scope.db,
    sql`select distinct (start_time at time zone ${timeZone})::date::text as day
        from journey_traces where group_id = ${scope.groupId} order by 1`,
  );
  return rows.map((r) => r.day);
}

/** PostgreSQL's coverageContacts: the agents of the journeys in [from, to), code-unit order. */
export async function coverageContactsPg(
  scope: GroupScope,
  from: Date,
  to: Date,
): Promise<CoverageContact[]> {
  const rows = await queryRows<{
    agent: string;
    contacts: number | string;
    unreported: number | string;
    last_contact: string | Date;
  }>(
    scope.db,
    sql`
      select j.agent_username as agent, count(*) as contacts,
             count(*) filter (
               where j.softphone_contact_id is null or not exists (
                 select 1 from call_summaries c
                 where c.group_id = j.group_id and c.contact_id = j.softphone_contact_id
               )
             ) as unreported,
             max(j.start_time) as last_contact
      from journey_traces j
      where j.group_id = ${scope.groupId} and j.start_time >= ${from} and j.start_time < ${to}
        and j.agent_username is not null
      group by j.agent_username
    `,
  );
  return rows
    .map((r) => ({
      agent: r.agent,
      contacts: Number(r.contacts),
      unreported: Number(r.unreported),
      lastContact: new Date(r.last_contact),
    }))
    .sort((a, b) => byCodeUnits(a.agent, b.agent));
}
