import { chMs, chTime } from '../../../db/clickhouse/client.ts';
import type { ClickHouseGroupScope } from '../../../db/clickhouse/group-scope.ts';
import { byCodeUnits, type UsageDayRange } from '../../usage/call-usage.ts';
import type { CoverageContact, UsageJourneyDay } from '../../usage/journey-usage.ts';

/**
 * Usage metering's and extension coverage's journeys on ClickHouse (decisions CH55-CH57):
 * journey_traces read FINAL (migration 0006; one row per trace at its last version, a moved
 * start's old row deleted), so every journey counts once, rounded up per trace as on PostgreSQL.
 * No view is needed: a trace's row already carries its duration.
 */

const TIME = "DateTime64(3, 'UTC')";

/** The journey figures of the days of `ranges` that hold journeys, by day. */
export async function usageJourneyFigures(
  scope: ClickHouseGroupScope,
  ranges: readonly UsageDayRange[],
): Promise<UsageJourneyDay[]> {
  if (ranges.length === 0) return [];
  const froms = ranges.map((r) => r.from.getTime());
  const tos = ranges.map((r) => r.to.getTime());
  const window = `group_id = {group_id:UUID}
    AND start_time >= {from:${TIME}} AND start_time < {to:${TIME}}`;
  // A contact is reported when any version of its summary is stored (a call is never deleted
  // but by its TTL), so the inner read needs no FINAL.
  const rows = await scope.query<{
    idx: number;
    cloud_min: string;
    cloud_only_min: string;
    agents: string[];
  }>(
    `SELECT idx,
            sum(m) AS cloud_min,
            sumIf(m, isNull(softphone_contact_id) OR softphone_contact_id NOT IN (
              SELECT contact_id FROM call_summaries
              WHERE group_id = {group_id:UUID} AND contact_id IN (
                SELECT assumeNotNull(softphone_contact_id) FROM journey_traces FINAL
                WHERE ${window} AND softphone_contact_id IS NOT NULL
              )
            )) AS cloud_only_min,
            groupUniqArrayIf(assumeNotNull(agent_username), agent_username IS NOT NULL) AS agents
     FROM (
       SELECT softphone_contact_id, agent_username,
              toInt64(ceil(greatest(duration_ms, 0) / 60000)) AS m,
              arrayFirstIndex((f, t) -> start_time >= f AND start_time < t,
                              {froms:Array(${TIME})}, {tos:Array(${TIME})}) AS idx
       FROM journey_traces FINAL
       WHERE ${window}
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
      cloudMin: Number(r.cloud_min),
      cloudOnlyMin: Number(r.cloud_only_min),
      agents: [...r.agents].sort(byCodeUnits),
    }))
    .sort((a, b) => byCodeUnits(a.day, b.day));
}

/** The local days (in `timeZone`) holding the group's journeys. */
export async function usageJourneyDays(
  scope: ClickHouseGroupScope,
  timeZone: string,
): Promise<string[]> {
  const rows = await scope.query<{ day: string }>(
    `SELECT DISTINCT toString(toDate(start_time, {tz:String})) AS day
     FROM journey_traces FINAL WHERE group_id = {group_id:UUID} ORDER BY day`,
    { tz: timeZone },
  );
  return rows.map((r) => r.day);
}

/**
 * Extension coverage's contact records: the agents of the journeys in [from, to), with how many
 * of their contacts have no agent collector data (spec 000 §9).
 */
export async function coverageContacts(
  scope: ClickHouseGroupScope,
  from: Date,
  to: Date,
): Promise<CoverageContact[]> {
  const window = `group_id = {group_id:UUID}
    AND start_time >= {from:${TIME}} AND start_time < {to:${TIME}}`;
  // No alias named as a column: ClickHouse would read the alias in WHERE. A contact is reported
  // when any version of its summary is stored, as in usageJourneyFigures.
  const rows = await scope.query<{
    name: string;
    contacts: string;
    unreported: string;
    last_ms: string;
  }>(
    `SELECT assumeNotNull(agent_username) AS name, count() AS contacts,
            countIf(isNull(softphone_contact_id) OR softphone_contact_id NOT IN (
              SELECT contact_id FROM call_summaries
              WHERE group_id = {group_id:UUID} AND contact_id IN (
                SELECT assumeNotNull(softphone_contact_id) FROM journey_traces FINAL
                WHERE ${window} AND softphone_contact_id IS NOT NULL
              )
            )) AS unreported,
            toUnixTimestamp64Milli(max(start_time)) AS last_ms
     FROM journey_traces FINAL
     WHERE ${window} AND agent_username IS NOT NULL
     GROUP BY agent_username`,
    { from: chTime(from.getTime()), to: chTime(to.getTime()) },
  );
  return rows
    .map((r) => ({
      agent: r.name,
      contacts: Number(r.contacts),
      unreported: Number(r.unreported),
      lastContact: new Date(chMs(r.last_ms)),
    }))
    .sort((a, b) => byCodeUnits(a.agent, b.agent));
}
