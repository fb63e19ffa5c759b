import { chTime } from '../../../db/clickhouse/client.ts';
import type { ClickHouseGroupScope } from '../../../db/clickhouse/group-scope.ts';
import {
  byCodeUnits,
  type CoverageCalls,
  type UsageCallDay,
  type UsageDayRange,
} from '../../usage/call-usage.ts';

/**
 * Usage metering's and extension coverage's calls on ClickHouse (decisions CH37, CH39): the
 * call_usage view (migration 0007, one row per version of a call's summary with its minutes
 * rounded) read with FINAL, so that every call counts once at its last version.
 */

const TIME = "DateTime64(3, 'UTC')";

/**
 * The figures of the days of `ranges` that hold calls, by day. Our own test calls are not billed
 * (issue 33): the contacts call_summaries marks synthetic in the window are left out.
 */
export async function usageCallFigures(
  scope: ClickHouseGroupScope,
  ranges: readonly UsageDayRange[],
): Promise<UsageCallDay[]> {
  if (ranges.length === 0) return [];
  const froms = ranges.map((r) => r.from.getTime());
  const tos = ranges.map((r) => r.to.getTime());
  const rows = await scope.query<{
    idx: number;
    calls: string;
    duration_min: string;
    sec_filtered: string;
    interaction_min: string;
    stats_min: string;
    agents: string[];
  }>(
    `SELECT idx,
            count() AS calls,
            sum(duration_min) AS duration_min,
            sumIf(ifNull(duration_seconds, 0),
                  agent IS NOT NULL AND ended = 1 AND ifNull(duration_seconds, 0) > 0) AS sec_filtered,
            sumIf(interaction_min, agent IS NOT NULL) AS interaction_min,
            sum(stats_min) AS stats_min,
            groupUniqArrayIf(assumeNotNull(agent), agent IS NOT NULL) AS agents
     FROM (
       SELECT *,
              arrayFirstIndex((f, t) -> start_time >= f AND start_time < t,
                              {froms:Array(${TIME})}, {tos:Array(${TIME})}) AS idx
       FROM call_usage FINAL
       WHERE group_id = {group_id:UUID}
         AND start_time >= {from:${TIME}} AND start_time < {to:${TIME}}
         AND contact_id NOT IN (
           SELECT contact_id FROM call_summaries FINAL
           WHERE group_id = {group_id:UUID} AND synthetic = 1
             AND start_time >= {from:${TIME}} AND start_time < {to:${TIME}})
     )
     WHERE idx > 0
     GROUP BY idx`,
    {
      froms: froms.map(chTime),
      tos: tos.map(chTime),
      from: chTime(Math.min(...froms)),
      to: chTime(Math.max(...tos)),
    },
  );
  return rows
    .map((r) => ({
      day: ranges[Number(r.idx) - 1]?.day ?? '',
      calls: Number(r.calls),
      agentDurationMin: Number(r.duration_min),
      agentDurationSecFiltered: Number(r.sec_filtered),
      agentInteractionMin: Number(r.interaction_min),
      statsMin: Number(r.stats_min),
      agents: [...r.agents].sort(byCodeUnits),
    }))
    .sort((a, b) => byCodeUnits(a.day, b.day));
}

/** Which of these contacts have a call summary (the bloom filter finds them). */
export async function reportedContacts(
  scope: ClickHouseGroupScope,
  contactIds: readonly string[],
): Promise<Set<string>> {
  if (contactIds.length === 0) return new Set();
  const rows = await scope.query<{ contact_id: string }>(
    `SELECT DISTINCT contact_id FROM call_summaries FINAL
     WHERE group_id = {group_id:UUID} AND contact_id IN {ids:Array(String)}
     SETTINGS use_skip_indexes_if_final = 1`,
    { ids: [...new Set(contactIds)] },
  );
  return new Set(rows.map((r) => r.contact_id));
}

/** The local days (in `timeZone`) holding the group's calls. */
export async function usageCallDays(
  scope: ClickHouseGroupScope,
  timeZone: string,
): Promise<string[]> {
  const rows = await scope.query<{ day: string }>(
    `SELECT DISTINCT toString(toDate(start_time, {tz:String})) AS day
     FROM call_usage FINAL WHERE group_id = {group_id:UUID} ORDER BY day`,
    { tz: timeZone },
  );
  return rows.map((r) => r.day);
}

/** Extension coverage's calls over [from, to): the reported calls per agent. */
export async function coverageCalls(
  scope: ClickHouseGroupScope,
  from: Date,
  to: Date,
): Promise<CoverageCalls> {
  // No alias named as a column: ClickHouse would read the alias in WHERE.
  const measured = await scope.query<{ name: string; calls: string }>(
    `SELECT assumeNotNull(agent) AS name, count() AS calls FROM call_usage FINAL
     WHERE group_id = {group_id:UUID}
       AND start_time >= {from:${TIME}} AND start_time < {to:${TIME}}
       AND agent IS NOT NULL
     GROUP BY agent`,
    { from: chTime(from.getTime()), to: chTime(to.getTime()) },
  );
  return {
    measured: measured
      .map((r) => ({ agent: r.name, calls: Number(r.calls) }))
      .sort((a, b) => byCodeUnits(a.agent, b.agent)),
  };
}
