import {
  COVERAGE_CSV_HEADERS,
  COVERAGE_TEXTS,
  resolveRelativeTime,
  toCsv,
  type CoverageRange,
  type CoverageSet,
  type CoverageSummary,
} from '@callsight/shared';
import type { GroupScope } from '../../db/group-scope.ts';
import type { TelemetryStore } from '../telemetry-store/telemetry-store.ts';
import { byCodeUnits, type CoverageCalls, type LowCoverageCall } from './call-usage.ts';
import type { CoverageContact } from './journey-usage.ts';

/**
 * Extension coverage (spec 002 §2.15, §7.2; decision B10): the agents who handled contacts, from
 * the contact centre's own contact records (journey traces: the contact flow with its agent),
 * against the agents whose softphone extension sent telemetry (calls it reported).
 * LowCoverage lists the calls measured for less than LOW_COVERAGE_SHARE of their duration. The
 * calls and the contact records both come from the telemetry store (PostgreSQL or ClickHouse;
 * decisions CH40, CH57).
 */

interface AgentRow {
  agent: string;
  contacts: number;
  measuredCalls: number;
  lastContact: Date | null;
}

/** Where coverage reads the reported calls: the process's telemetry store (decision CH40). */
export type CoverageCallSource = Pick<TelemetryStore, 'coverageCalls' | 'coverageContacts'>;

function windowOf(range: CoverageRange, now: Date): { from: Date; to: Date } {
  return { from: resolveRelativeTime(range, now), to: now };
}

/** Every agent with contacts or reported calls, in code-unit order (as before: a full join). */
function agentRows(
  contacts: readonly CoverageContact[],
  measured: CoverageCalls['measured'],
): AgentRow[] {
  const rows = new Map<string, AgentRow>();
  for (const c of contacts) {
    rows.set(c.agent, {
      agent: c.agent,
      contacts: c.contacts,
      measuredCalls: 0,
      lastContact: c.lastContact,
    });
  }
  for (const m of measured) {
    const row = rows.get(m.agent);
    if (row) row.measuredCalls = m.calls;
    else
      rows.set(m.agent, { agent: m.agent, contacts: 0, measuredCalls: m.calls, lastContact: null });
  }
  return [...rows.values()].sort((a, b) => byCodeUnits(a.agent, b.agent));
}

async function coverageOf(
  scope: GroupScope,
  calls: CoverageCallSource,
  from: Date,
  to: Date,
): Promise<{ agents: AgentRow[]; low: LowCoverageCall[] }> {
  const [contacts, reported] = await Promise.all([
    calls.coverageContacts(scope.groupId, from, to),
    calls.coverageCalls(scope.groupId, from, to),
  ]);
  return { agents: agentRows(contacts, reported.measured), low: reported.low };
}

const percent = (part: number, whole: number) =>
  whole > 0 ? Math.min(100, Math.round((part / whole) * 1000) / 10) : 0;

/** An agent's coverage: reported calls over contacts; unknown (empty) without contact records. */
function agentCoverage(row: AgentRow): string {
  return row.contacts === 0 ? '' : String(percent(row.measuredCalls, row.contacts));
}

const noExtension = (a: AgentRow) => a.contacts > 0 && a.measuredCalls === 0;

export async function coverageSummary(
  scope: GroupScope,
  calls: CoverageCallSource,
  range: CoverageRange,
  now: Date,
): Promise<CoverageSummary> {
  const { from, to } = windowOf(range, now);
  const { agents, low } = await coverageOf(scope, calls, from, to);
  const counts: Record<CoverageSet, number> = {
    All: agents.length,
    NoExtension: agents.filter(noExtension).length,
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

const iso = (value: Date | null) => (value ? value.toISOString() : '');

/** The CSV of one coverage set over the window. */
export async function coverageCsv(
  scope: GroupScope,
  calls: CoverageCallSource,
  set: CoverageSet,
  range: CoverageRange,
  now: Date,
): Promise<{ csv: string; count: number }> {
  const { from, to } = windowOf(range, now);
  const { agents, low } = await coverageOf(scope, calls, from, to);
  let rows: string[][];
  if (set === 'LowCoverage') {
    rows = low.map((r) => [
      r.contactId,
      r.agent ?? '',
      iso(r.startTime),
      String(r.durationSeconds),
      String(r.sampleCount),
      String(percent(r.sampleCount, r.durationSeconds)),
    ]);
  } else {
    rows =
      set === 'All'
        ? agents.map((a) => [
            a.agent,
            String(a.contacts),
            String(a.measuredCalls),
            agentCoverage(a),
          ])
        : agents.filter(noExtension).map((a) => [a.agent, String(a.contacts), iso(a.lastContact)]);
  }
  return { csv: toCsv(COVERAGE_CSV_HEADERS[set], rows), count: rows.length };
}
