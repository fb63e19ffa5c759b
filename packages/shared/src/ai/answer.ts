import type { ChartArtifact, CopilotArtifact, TableArtifact } from './schemas.ts';
import {
  DIMENSION_LABELS,
  LOWER_IS_BETTER,
  METRIC_LABELS,
  METRIC_NAMES,
  METRIC_UNITS,
  roundMetric,
  type CopilotMatchField,
  type CopilotMetric,
  type CopilotQuery,
  type CopilotThreshold,
} from './query.ts';

/** One group of a breakdown (key null without a breakdown) with its metric values. */
export interface CopilotGroupRow {
  key: string | null;
  values: Record<CopilotMetric, number | null>;
}

/** One call of a call list. */
export interface CopilotCallRow {
  contactId: string;
  startTime: string;
  agent: string | null;
  isp: string | null;
  values: Record<CopilotMetric, number | null>;
}

export type CopilotResult =
  | { kind: 'groups'; rows: CopilotGroupRow[] }
  | { kind: 'calls'; rows: CopilotCallRow[]; total: number };

export interface CopilotAnswer {
  response: string;
  artifacts: CopilotArtifact[];
}

const OP_WORDS: Record<CopilotThreshold['op'], string> = {
  lt: 'below',
  lte: 'at most',
  gt: 'above',
  gte: 'at least',
};

const MATCH_WORDS: Record<CopilotMatchField, string> = {
  agent: 'agent',
  isp: 'ISP',
  networkLabel: 'network',
  region: 'region',
};

const THRESHOLD_NAMES: Record<CopilotThreshold['metric'], string> = {
  mos: 'MOS',
  jitter: 'jitter',
  packetLoss: 'packet loss',
  rtt: 'RTT',
  duration: 'duration',
  score: 'score',
};

/** "3.85", "12.3 ms", or "no data". */
export function formatMetric(metric: CopilotMetric, value: number | null): string {
  if (value === null) return 'no data';
  return `${roundMetric(metric, value)}${METRIC_UNITS[metric]}`;
}

/** " with MOS below 3.5 for agent alice": the restrictions of a query as words. */
export function describeRestrictions(query: CopilotQuery): string {
  const parts: string[] = [];
  if (query.thresholds.length) {
    parts.push(
      `with ${query.thresholds
        .map(
          (t) =>
            `${THRESHOLD_NAMES[t.metric]} ${OP_WORDS[t.op]} ${t.value}${METRIC_UNITS[t.metric]}`,
        )
        .join(' and ')}`,
    );
  }
  for (const m of query.matches) parts.push(`for ${MATCH_WORDS[m.field]} ${m.value}`);
  return parts.length ? ` ${parts.join(' ')}` : '';
}

/** Orders groups by the first metric as the ranking asks (missing values last) and keeps `limit`. */
export function rankGroups(query: CopilotQuery, rows: CopilotGroupRow[]): CopilotGroupRow[] {
  if (!query.rank) return rows;
  const metric = query.metrics[0] ?? 'callCount';
  const { order } = query.rank;
  const descending =
    order === 'highest' ||
    (order === 'worst' && LOWER_IS_BETTER[metric]) ||
    (order === 'best' && !LOWER_IS_BETTER[metric]);
  const sorted = [...rows].sort((a, b) => {
    const x = a.values[metric];
    const y = b.values[metric];
    if (x === null && y === null) return (a.key ?? '').localeCompare(b.key ?? '');
    if (x === null) return 1;
    if (y === null) return -1;
    if (x !== y) return descending ? y - x : x - y;
    return (a.key ?? '').localeCompare(b.key ?? '');
  });
  return sorted.slice(0, query.rank.limit);
}

function plural(n: number, word: string) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function dimensionNoun(query: CopilotQuery, n: number): string {
  const nouns = {
    agent: ['agent', 'agents'],
    isp: ['ISP', 'ISPs'],
    networkLabel: ['network label', 'network labels'],
    region: ['region', 'regions'],
    day: ['day', 'days'],
    hour: ['hour', 'hours'],
  } as const;
  const pair = nouns[query.groupBy ?? 'agent'];
  return n === 1 ? pair[0] : pair[1];
}

function groupTable(query: CopilotQuery, rows: CopilotGroupRow[], title: string): TableArtifact {
  const keyColumn = query.groupBy ? [{ key: 'key', label: DIMENSION_LABELS[query.groupBy] }] : [];
  return {
    type: 'table',
    title,
    columns: [...keyColumn, ...query.metrics.map((m) => ({ key: m, label: METRIC_LABELS[m] }))],
    rows: rows.map((r) => {
      const row: Record<string, string | number | null> = query.groupBy
        ? { key: r.key ?? '(none)' }
        : {};
      for (const m of query.metrics) {
        const v = r.values[m];
        row[m] = v === null ? null : roundMetric(m, v);
      }
      return row;
    }),
  };
}

function groupChart(query: CopilotQuery, rows: CopilotGroupRow[], title: string): ChartArtifact {
  const timeAxis = query.groupBy === 'day' || query.groupBy === 'hour';
  return {
    type: 'chart',
    title,
    data: {
      tooltip: { trigger: 'axis' },
      legend: { show: query.metrics.length > 1 },
      grid: { left: 48, right: 24, top: 32, bottom: 48, containLabel: true },
      xAxis: { type: 'category', data: rows.map((r) => r.key ?? '(none)') },
      yAxis: query.metrics.map((m, i) => ({
        type: 'value',
        name: METRIC_LABELS[m],
        position: i === 0 ? 'left' : 'right',
        show: i < 2,
      })),
      series: query.metrics.map((m, i) => ({
        type: timeAxis ? 'line' : 'bar',
        name: METRIC_LABELS[m],
        yAxisIndex: Math.min(i, 1),
        data: rows.map((r) => {
          const v = r.values[m];
          return v === null ? null : roundMetric(m, v);
        }),
      })),
    },
  };
}

function callTable(query: CopilotQuery, rows: CopilotCallRow[], title: string): TableArtifact {
  const metrics: CopilotMetric[] = ['mos', 'jitter', 'rtt', 'packetLoss', 'duration', 'score'];
  return {
    type: 'table',
    title,
    columns: [
      { key: 'contactId', label: 'Contact ID' },
      { key: 'startTime', label: 'Start time' },
      { key: 'agent', label: 'Agent' },
      { key: 'isp', label: 'ISP' },
      ...metrics.map((m) => ({ key: m, label: METRIC_LABELS[m].replace('Average ', '') })),
    ],
    rows: rows.map((r) => {
      const row: Record<string, string | number | null> = {
        contactId: r.contactId,
        startTime: r.startTime,
        agent: r.agent,
        isp: r.isp,
      };
      for (const m of metrics) {
        const v = r.values[m];
        row[m] = v === null ? null : roundMetric(m, v);
      }
      return row;
    }),
  };
}

function capitalize(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The reply text and artifacts of a query's result, as both engines give them. */
export function formatCopilotAnswer(
  query: CopilotQuery,
  rangeLabel: string,
  result: CopilotResult,
): CopilotAnswer {
  const restrictions = describeRestrictions(query);
  if (result.kind === 'calls') {
    const shown = result.rows.length;
    if (result.total === 0)
      return { response: `I found no calls${restrictions} ${rangeLabel}.`, artifacts: [] };
    const more = result.total > shown ? ` Here are the first ${shown}.` : '';
    const title = `Calls${restrictions} ${rangeLabel}`;
    return {
      response: `I found ${plural(result.total, 'call')}${restrictions} ${rangeLabel}.${more}`,
      artifacts: [callTable(query, result.rows, title)],
    };
  }

  const metricNames = query.metrics.map((m) => METRIC_NAMES[m]);
  const metricList =
    metricNames.length === 1
      ? (metricNames[0] ?? '')
      : `${metricNames.slice(0, -1).join(', ')} and ${metricNames[metricNames.length - 1]}`;

  if (!query.groupBy) {
    const row = result.rows[0];
    const calls = row?.values.callCount ?? 0;
    if (!row || calls === 0)
      return { response: `I found no calls${restrictions} ${rangeLabel}.`, artifacts: [] };
    const facts = query.metrics
      .filter((m) => m !== 'callCount')
      .map((m) => `the ${METRIC_NAMES[m]} was ${formatMetric(m, row.values[m])}`);
    const response = facts.length
      ? `Over ${plural(calls, 'call')}${restrictions} ${rangeLabel}, ${facts.join(' and ')}.`
      : `There ${calls === 1 ? 'was' : 'were'} ${plural(calls, 'call')}${restrictions} ${rangeLabel}.`;
    const title = `${capitalize(metricList)}${restrictions} ${rangeLabel}`;
    return { response, artifacts: [groupTable(query, [row], title)] };
  }

  const rows = rankGroups(query, result.rows);
  if (rows.length === 0)
    return { response: `I found no calls${restrictions} ${rangeLabel}.`, artifacts: [] };
  const dimension = dimensionNoun(query, 1);
  const first = query.metrics[0] ?? 'callCount';
  let response: string;
  if (query.rank) {
    const orderWord =
      query.rank.order === 'worst' || query.rank.order === 'best'
        ? query.rank.order
        : query.rank.order === 'highest'
          ? 'highest'
          : 'lowest';
    const items = rows.map((r) => `${r.key ?? '(none)'} (${formatMetric(first, r.values[first])})`);
    response =
      rows.length === 1
        ? `The ${dimensionNoun(query, 1)} with the ${orderWord} ${METRIC_NAMES[first]}${restrictions} ${rangeLabel} was ${items[0]}.`
        : `The ${rows.length} ${dimensionNoun(query, rows.length)} with the ${orderWord} ${METRIC_NAMES[first]}${restrictions} ${rangeLabel}: ${items.join(', ')}.`;
  } else {
    response = `Here is the ${metricList} by ${dimension}${restrictions} ${rangeLabel} (${rows.length} ${dimensionNoun(query, rows.length)}).`;
  }
  const title = `${capitalize(metricList)} by ${dimension}${restrictions} ${rangeLabel}`;
  const timeAxis = query.groupBy === 'day' || query.groupBy === 'hour';
  const artifact =
    query.chart || (timeAxis && !query.rank)
      ? groupChart(query, rows, title)
      : groupTable(query, rows, title);
  return { response, artifacts: [artifact] };
}

/** The help reply of the built-in engine: what it understands. */
export const COPILOT_HELP =
  'I answer questions about your calls: MOS, jitter, packet loss, RTT, call count, duration and score, ' +
  'by agent, ISP, network label, region, day or hour, over ranges like "today", "yesterday", "last 7 days" or "this week", ' +
  'with thresholds like "MOS below 3.5". Try "What was the average MOS by agent in the last 7 days?" ' +
  'or "Which ISP had the worst jitter yesterday?", then follow up with "and by region?".';

/** The reply when the built-in engine does not understand a question. */
export const COPILOT_NOT_UNDERSTOOD = 'I could not tell which metric you mean. ' + COPILOT_HELP;
