import { sql } from 'drizzle-orm';
import {
  COVERAGE_CSV_HEADERS,
  COVERAGE_TEXTS,
  LOW_COVERAGE_SHARE,
  resolveRelativeTime,
  toCsv,
  type CoverageRange,
  type CoverageSet,
  type CoverageSummary,
} from '@callsight/shared';
import type { GroupScope } from '../../db/group-scope.ts';
import { queryRows } from '../../db/pg-arrays.ts';

/**
 * Extension coverage (spec 002 §2.15, §7.2; decision B10): the agents who handled contacts, from
 * the contact centre's own contact records (journey traces: the contact flow with its agent),
 * against the agents whose softphone extension sent telemetry (calls it reported).
 * LowCoverage lists the calls measured for less than LOW_COVERAGE_SHARE of their duration.
 */

interface AgentRow {
  agent: string;
  contacts: number | string;
  measured_calls: number | string;
  last_contact: string | Date | null;
}

interface LowRow {
  contact_id: string;
  agent: string | null;
  start_time: string | Date;
  duration_seconds: number | string;
  sample_count: number | string;
}

function windowOf(range: CoverageRange, now: Date): { from: Date; to: Date } {
  return { from: resolveRelativeTime(range, now), to: now };
}

async function agentRows(scope: GroupScope, from: Date, to: Date): Promise<AgentRow[]> {
  return queryRows<AgentRow>(
    scope.db,
    sql`
      with contacts as (
        select agent_username as agent, count(*) as contacts, max(start_time) as last_contact
        from journey_traces
        where group_id = ${scope.groupId} and start_time >= ${from} and start_time < ${to}
          and agent_username is not null
        group by agent_username
      ),
      measured as (
        select agent, count(*) as measured_calls
        from call_summaries
        where group_id = ${scope.groupId} and start_time >= ${from} and start_time < ${to}
          and agent is not null
        group by agent
      )
      select coalesce(c.agent, m.agent) as agent,
             coalesce(c.contacts, 0) as contacts,
             coalesce(m.measured_calls, 0) as measured_calls,
             c.last_contact
      from contacts c full join measured m on m.agent = c.agent
      order by 1
    `,
  );
}

async function lowRows(scope: GroupScope, from: Date, to: Date): Promise<LowRow[]> {
  return queryRows<LowRow>(
    scope.db,
    sql`
      select contact_id, agent, start_time, duration_seconds, sample_count
      from call_summaries
      where group_id = ${scope.groupId} and start_time >= ${from} and start_time < ${to}
        and duration_seconds > 0 and sample_count < duration_seconds * ${LOW_COVERAGE_SHARE}::float8
      order by start_time desc
    `,
  );
}

const percent = (part: number, whole: number) =>
  whole > 0 ? Math.min(100, Math.round((part / whole) * 1000) / 10) : 0;

/** An agent's coverage: reported calls over contacts; unknown (empty) without contact records. */
function agentCoverage(row: AgentRow): string {
  const contacts = Number(row.contacts);
  return contacts === 0 ? '' : String(percent(Number(row.measured_calls), contacts));
}

export async function coverageSummary(
  scope: GroupScope,
  range: CoverageRange,
  now: Date,
): Promise<CoverageSummary> {
  const { from, to } = windowOf(range, now);
  const [agents, low] = await Promise.all([agentRows(scope, from, to), lowRows(scope, from, to)]);
  const counts: Record<CoverageSet, number> = {
    All: agents.length,
    NoExtension: agents.filter((a) => Number(a.contacts) > 0 && Number(a.measured_calls) === 0)
      .length,
    LowCoverage: low.length,
  };
  return {
    range,
    from: from.toISOString(),
    to: to.toISOString(),
    sets: (['All', 'NoExtension', 'LowCoverage'] as const).map((set) => ({
      set,
      count: counts[set],
      description: COVERAGE_TEXTS.sets[set],
    })),
  };
}

const iso = (value: string | Date | null) => (value ? new Date(value).toISOString() : '');

/** The CSV of one coverage set over the window. */
export async function coverageCsv(
  scope: GroupScope,
  set: CoverageSet,
  range: CoverageRange,
  now: Date,
): Promise<{ csv: string; count: number }> {
  const { from, to } = windowOf(range, now);
  let rows: string[][];
  if (set === 'LowCoverage') {
    rows = (await lowRows(scope, from, to)).map((r) => [
      r.contact_id,
      r.agent ?? '',
      iso(r.start_time),
      String(Number(r.duration_seconds)),
      String(Number(r.sample_count)),
      String(percent(Number(r.sample_count), Number(r.duration_seconds))),
    ]);
  } else {
    const agents = await agentRows(scope, from, to);
    rows =
      set === 'All'
        ? agents.map((a) => [
            a.agent,
            String(Number(a.contacts)),
            String(Number(a.measured_calls)),
            agentCoverage(a),
          ])
        : agents
            .filter((a) => Number(a.contacts) > 0 && Number(a.measured_calls) === 0)
            .map((a) => [a.agent, String(Number(a.contacts)), iso(a.last_contact)]);
  }
  return { csv: toCsv(COVERAGE_CSV_HEADERS[set], rows), count: rows.length };
}
