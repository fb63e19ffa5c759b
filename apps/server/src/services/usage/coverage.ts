import {
  COVERAGE_CSV_HEADERS,
  COVERAGE_SETS,
  COVERAGE_TEXTS,
  isLowCoverage,
  resolveRelativeTime,
  toCsv,
  type CoverageRange,
  type CoverageSet,
  type CoverageSummary,
} from '@callsight/shared';
import type { GroupScope } from '../../db/group-scope.ts';
import type { TelemetryStore } from '../telemetry-store/telemetry-store.ts';
import { byCodeUnits, type CoverageCalls } from './call-usage.ts';
import type { CoverageContact } from './journey-usage.ts';

/**
 * Extension coverage (spec 002 §2.15, §7.2, spec 000 §9; decision B10): per agent, the calls seen
 * in cloud data (the contact centre's contact records: journey traces naming the agent), how many
 * of them have no agent collector data (no call the collector reported under their contact id),
 * and the calls the collector reported for the agent. Every set lists agents: All, NoExtension
 * (cloud calls, none with collector data) and LowCoverage (20 percent or more without). The calls
 * and the contact records both come from the telemetry store (decisions CH40, CH57).
 */

interface AgentRow {
  agent: string;
  cloudCalls: number;
  unreported: number;
  collectorCalls: number;
  lastCloudCall: Date | null;
}

/** Where coverage reads the reported calls: the process's telemetry store (decision CH40). */
export type CoverageCallSource = Pick<TelemetryStore, 'coverageCalls' | 'coverageContacts'>;

function windowOf(range: CoverageRange, now: Date): { from: Date; to: Date } {
  return { from: resolveRelativeTime(range, now), to: now };
}

/** Every agent with cloud calls or reported calls, in code-unit order (a full join). */
function agentRows(
  contacts: readonly CoverageContact[],
  measured: CoverageCalls['measured'],
): AgentRow[] {
  const rows = new Map<string, AgentRow>();
  for (const c of contacts) {
    rows.set(c.agent, {
      agent: c.agent,
      cloudCalls: c.contacts,
      unreported: c.unreported,
      collectorCalls: 0,
      lastCloudCall: c.lastContact,
    });
  }
  for (const m of measured) {
    const row = rows.get(m.agent);
    if (row) row.collectorCalls = m.calls;
    else
      rows.set(m.agent, {
        agent: m.agent,
        cloudCalls: 0,
        unreported: 0,
        collectorCalls: m.calls,
        lastCloudCall: null,
      });
  }
  return [...rows.values()].sort((a, b) => byCodeUnits(a.agent, b.agent));
}

async function agentsOf(
  scope: GroupScope,
  calls: CoverageCallSource,
  from: Date,
  to: Date,
): Promise<AgentRow[]> {
  const [contacts, reported] = await Promise.all([
    calls.coverageContacts(scope.groupId, from, to),
    calls.coverageCalls(scope.groupId, from, to),
  ]);
  return agentRows(contacts, reported.measured);
}

const IN_SET: Record<CoverageSet, (a: AgentRow) => boolean> = {
  All: () => true,
  NoExtension: (a) => a.cloudCalls > 0 && a.unreported === a.cloudCalls,
  LowCoverage: (a) => isLowCoverage(a.cloudCalls, a.unreported),
};

/** The share of cloud calls without collector data, to one decimal; empty without cloud calls. */
function unreportedPercent(a: AgentRow): string {
  return a.cloudCalls === 0 ? '' : String(Math.round((a.unreported / a.cloudCalls) * 1000) / 10);
}

export async function coverageSummary(
  scope: GroupScope,
  calls: CoverageCallSource,
  range: CoverageRange,
  now: Date,
): Promise<CoverageSummary> {
  const { from, to } = windowOf(range, now);
  const agents = await agentsOf(scope, calls, from, to);
  return {
    range,
    from: from.toISOString(),
    to: to.toISOString(),
    sets: COVERAGE_SETS.map((set) => ({
      set,
      count: agents.filter(IN_SET[set]).length,
      description: COVERAGE_TEXTS.sets[set],
    })),
  };
}

const iso = (value: Date | null) => (value ? value.toISOString() : '');

/** The CSV of one coverage set over the window: one row per agent. */
export async function coverageCsv(
  scope: GroupScope,
  calls: CoverageCallSource,
  set: CoverageSet,
  range: CoverageRange,
  now: Date,
): Promise<{ csv: string; count: number }> {
  const { from, to } = windowOf(range, now);
  const rows = (await agentsOf(scope, calls, from, to))
    .filter(IN_SET[set])
    .map((a) => [
      a.agent,
      String(a.cloudCalls),
      String(a.unreported),
      unreportedPercent(a),
      String(a.collectorCalls),
      iso(a.lastCloudCall),
    ]);
  return { csv: toCsv(COVERAGE_CSV_HEADERS[set], rows), count: rows.length };
}
