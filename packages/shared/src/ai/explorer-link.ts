import type { CallStatsNumericField } from '../explorer/constants.ts';
import type { ListFilter } from '../explorer/filters.ts';
import { encodeFilter } from '../url/filter-codec.ts';
import type { CopilotQuery, CopilotThreshold } from './query.ts';
import type { ResolvedCopilotRange } from './time-words.ts';

const EXPLORER_FIELDS: Partial<Record<CopilotThreshold['metric'], CallStatsNumericField>> = {
  mos: 'mos',
  jitter: 'jitter',
  rtt: 'rtt',
  packetLoss: 'packetsLostFraction',
  duration: 'durationSeconds',
};

/**
 * The explorer's call list showing a copilot query's calls: the range's instants and the
 * filters the explorer has (agent, ISP, thresholds as its inclusive bounds, test calls). What it cannot
 * filter by (region, network label, connection type, insight tags, score) is said in `label`.
 */
export function explorerPath(
  query: CopilotQuery,
  window: Pick<ResolvedCopilotRange, 'from' | 'to'>,
): { path: string; label: string } {
  const filters: ListFilter[] = [];
  const left: string[] = [];
  for (const m of query.matches) {
    const field = m.field === 'agent' ? 'agent' : m.field === 'isp' ? 'agentISP' : null;
    if (field && !filters.some((f) => f.field === field))
      filters.push({ field, operator: '=', value: m.value });
    else left.push(m.field === 'networkType' ? 'connection type' : m.field);
  }
  for (const t of query.thresholds) {
    const field = EXPLORER_FIELDS[t.metric];
    if (!field) {
      left.push(t.metric);
      continue;
    }
    // The explorer's bounds are inclusive, in the units people type (packet loss in percent).
    filters.push({
      field,
      operator: t.op === 'lt' || t.op === 'lte' ? '<=' : '>=',
      value: String(t.value),
    });
  }
  if (query.tags.length) left.push('insight');
  const params = new URLSearchParams({
    from: window.from.toISOString(),
    to: window.to.toISOString(),
    // The explorer leaves our own test calls out unless its filter says to include them.
    filter: encodeFilter({
      filters: JSON.stringify(filters),
      ...(query.testCalls ? { testCalls: true } : {}),
    }),
  });
  const label = left.length
    ? `Open in the explorer (range${filters.length ? ' and filters' : ''}; the explorer cannot filter by ${[...new Set(left)].join(', ')})`
    : 'Open in the explorer';
  return { path: `explorer/calls?${params.toString()}`, label };
}
