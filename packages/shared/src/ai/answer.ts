import type { ChartArtifact, CopilotArtifact, LinkArtifact, TableArtifact } from './schemas.ts';
import {
  DIMENSION_LABELS,
  LOWER_IS_BETTER,
  METRIC_LABELS,
  METRIC_NAMES,
  METRIC_UNITS,
  ANY_TAG,
  roundMetric,
  type CopilotMatchField,
  type CopilotMetric,
  type CopilotQuery,
  type CopilotThreshold,
} from './query.ts';
import { QUALITY_RULES } from './question-words.ts';
import { explorerPath } from './explorer-link.ts';
import type { ResolvedCopilotRange } from './time-words.ts';

/** One group of a breakdown (key null without a breakdown) with its metric values. */
export interface CopilotGroupRow {
  key: string | null;
  /** Averages and `callCount` over the counted calls; `share` of the chosen ones. */
  values: Record<CopilotMetric, number | null>;
  /** The chosen calls of the group (range and names), counted or not. */
  total: number;
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

/** A resolved range with how the reading names its exact span. */
export interface AnswerWindow extends ResolvedCopilotRange {
  span: string;
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
  networkType: 'connection',
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

function plural(n: number, word: string) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function joinWords(words: string[], last = 'and'): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} ${last} ${words[words.length - 1]}`;
}

function capitalize(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "average jitter above 30 ms": one threshold in words. */
function thresholdWords(t: CopilotThreshold): string {
  const unit = t.metric === 'duration' ? ' s' : METRIC_UNITS[t.metric];
  return `${THRESHOLD_NAMES[t.metric]} ${OP_WORDS[t.op]} ${t.value}${unit}`;
}

/**
 * What a call is counted by, as words: "high jitter (average jitter above 30 ms, the High
 * Jitter threshold)", "the One-Way Audio insight", "connection wifi".
 */
export function describeCondition(query: CopilotQuery): string {
  const parts = query.thresholds.map((t) => {
    const rule = t.quality ? QUALITY_RULES[t.quality] : undefined;
    return rule
      ? `${rule.name} (average ${thresholdWords(t)}, ${rule.source})`
      : `average ${thresholdWords(t)}`;
  });
  for (const tag of query.tags) parts.push(tag === ANY_TAG ? 'any insight' : `the ${tag} insight`);
  for (const m of query.shareMatches) parts.push(`${MATCH_WORDS[m.field]} ${m.value}`);
  return joinWords(parts);
}

/** " for agent alice, ISP Fibre Co": the names that choose the calls. */
function describeMatches(query: CopilotQuery): string {
  const byField = new Map<CopilotMatchField, string[]>();
  for (const m of query.matches) byField.set(m.field, [...(byField.get(m.field) ?? []), m.value]);
  const parts = [...byField].map(
    ([field, values]) => `${MATCH_WORDS[field]} ${joinWords(values, 'or')}`,
  );
  return parts.length ? ` for ${parts.join(', ')}` : '';
}

/** " with high jitter for agent alice": the restrictions in short, for artifact titles. */
function titleRestrictions(query: CopilotQuery): string {
  const parts = query.thresholds.map((t) => {
    const rule = t.quality ? QUALITY_RULES[t.quality] : undefined;
    return rule ? rule.name : thresholdWords(t);
  });
  for (const tag of query.tags) parts.push(tag === ANY_TAG ? 'any insight' : tag);
  const condition = query.metrics.includes('share') ? '' : joinWords(parts);
  return `${condition ? ` with ${condition}` : ''}${describeMatches(query)}`;
}

/** " with high jitter (…) for agent alice": the restrictions of a query as words. */
export function describeRestrictions(query: CopilotQuery): string {
  const condition = query.metrics.includes('share') ? '' : describeCondition(query);
  return `${condition ? ` with ${condition}` : ''}${describeMatches(query)}`;
}

/** Whether a breakdown ranks higher values first for its first metric. */
function descendingFor(query: CopilotQuery, metric: CopilotMetric): boolean {
  return rankDescending(query.rank?.order ?? defaultOrder(metric), metric);
}

/** An unranked breakdown lists counts most first, and measures worst first. */
function defaultOrder(metric: CopilotMetric): 'highest' | 'worst' {
  return metric === 'callCount' ? 'highest' : 'worst';
}

const TIME_DIMENSIONS = new Set(['day', 'hour']);
const isTimeAxis = (query: CopilotQuery) =>
  query.groupBy !== null && TIME_DIMENSIONS.has(query.groupBy);

/**
 * Orders groups by the first metric: as the ranking asks, or worst first when a breakdown is not
 * ranked (never by name); days and hours stay in time order. Missing values go last.
 */
export function rankGroups(query: CopilotQuery, rows: CopilotGroupRow[]): CopilotGroupRow[] {
  if (isTimeAxis(query) && !query.rank) return rows;
  const metric = query.metrics[0] ?? 'callCount';
  const descending = descendingFor(query, metric);
  const sorted = [...rows].sort((a, b) => {
    const x = a.values[metric];
    const y = b.values[metric];
    if (x === null && y === null) return (a.key ?? '').localeCompare(b.key ?? '');
    if (x === null) return 1;
    if (y === null) return -1;
    if (x !== y) return descending ? y - x : x - y;
    return (a.key ?? '').localeCompare(b.key ?? '');
  });
  return query.rank ? sorted.slice(0, query.rank.limit) : sorted;
}

function dimensionNoun(query: CopilotQuery, n: number): string {
  const nouns = {
    agent: ['agent', 'agents'],
    isp: ['ISP', 'ISPs'],
    networkLabel: ['network label', 'network labels'],
    region: ['region', 'regions'],
    networkType: ['connection type', 'connection types'],
    insight: ['insight', 'insights'],
    day: ['day', 'days'],
    hour: ['hour', 'hours'],
  } as const;
  const pair = nouns[query.groupBy ?? 'agent'];
  return n === 1 ? pair[0] : pair[1];
}

/** The metrics a table shows: those asked, then the counts (calls counted, and of how many). */
function tableMetrics(query: CopilotQuery): CopilotMetric[] {
  const out = [...query.metrics];
  if (!out.includes('callCount')) out.push('callCount');
  return out;
}

function cell(metric: CopilotMetric, value: number | null) {
  return value === null ? null : roundMetric(metric, value);
}

function groupTable(query: CopilotQuery, rows: CopilotGroupRow[], title: string): TableArtifact {
  const keyColumn = query.groupBy ? [{ key: 'key', label: DIMENSION_LABELS[query.groupBy] }] : [];
  const metrics = tableMetrics(query);
  const counted = query.thresholds.length + query.tags.length + query.shareMatches.length > 0;
  return {
    type: 'table',
    title,
    columns: [
      ...keyColumn,
      ...metrics.map((m) => ({
        key: m,
        label: m === 'callCount' && counted ? 'Calls counted' : METRIC_LABELS[m],
      })),
      ...(counted ? [{ key: 'total', label: 'Calls in range' }] : []),
    ],
    rows: rows.map((r) => {
      const row: Record<string, string | number | null> = query.groupBy
        ? { key: r.key ?? '(none)' }
        : {};
      for (const m of metrics) row[m] = cell(m, r.values[m]);
      if (counted) row.total = r.total;
      return row;
    }),
  };
}

function groupChart(query: CopilotQuery, rows: CopilotGroupRow[], title: string): ChartArtifact {
  const timeAxis = isTimeAxis(query);
  return {
    type: 'chart',
    title,
    data: {
      tooltip: { trigger: 'axis' },
      legend: { show: query.metrics.length > 1 },
      grid: { left: 48, right: 24, top: 32, bottom: 48, containLabel: true },
      xAxis: {
        type: 'category',
        data: rows.map((r) => r.key ?? '(none)'),
        // Every name shown: long ones (agents' e-mails) slanted and cut with an ellipsis.
        axisLabel: {
          interval: 0,
          rotate:
            !timeAxis && (rows.length > 4 || rows.some((r) => (r.key ?? '').length > 16)) ? 30 : 0,
          width: 160,
          overflow: 'truncate',
        },
      },
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
        data: rows.map((r) => cell(m, r.values[m])),
      })),
    },
  };
}

function callTable(rows: CopilotCallRow[], title: string): TableArtifact {
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
      for (const m of metrics) row[m] = cell(m, r.values[m]);
      return row;
    }),
  };
}

/** "average MOS and average jitter": the metrics asked, as words. */
function metricList(query: CopilotQuery): string {
  return joinWords(query.metrics.map((m) => METRIC_NAMES[m]));
}

/**
 * How the question was read, so a reader can check it: metric, counted condition, names,
 * range with its exact span, and grouping. "Last week" says which reading it used.
 */
export function describeReading(
  query: CopilotQuery,
  window: AnswerWindow,
  compare?: AnswerWindow,
): string {
  const parts = [query.list ? 'the calls one by one' : metricList(query)];
  const condition = describeCondition(query);
  if (condition)
    parts.push(
      query.metrics.includes('share') ? `share counted: ${condition}` : `calls with ${condition}`,
    );
  const names = describeMatches(query).trim();
  if (names) parts.push(`calls ${names}`);
  // Left out unless asked for (issue 33): say so when they are counted.
  if (query.testCalls) parts.push('test calls (GSM monitors, heartbeat tests) included');
  let rangeText = `${window.label} (${window.span})`;
  if (query.range.kind === 'lastWeek')
    rangeText +=
      '; last week is the previous calendar week, Monday to Sunday: ask for "the last 7 days" for a rolling week';
  if (query.range.kind === 'lastDays' && query.range.count === 7)
    rangeText += '; ask for "last week" for the previous calendar week';
  parts.push(rangeText);
  if (compare) parts.push(`compared with ${compare.label} (${compare.span})`);
  if (query.groupBy) {
    const order = query.rank
      ? `${query.rank.order} first${query.rank.limit < 100 ? `, top ${query.rank.limit}` : ''}`
      : isTimeAxis(query)
        ? 'in time order'
        : `${defaultOrder(query.metrics[0] ?? 'callCount')} first`;
    parts.push(`by ${dimensionNoun(query, 1)}, ${order}`);
  }
  return `I read this as: ${parts.join('; ')}.`;
}

function noCalls(query: CopilotQuery, window: AnswerWindow, reading: string): CopilotAnswer {
  return {
    response: `I found no calls${describeRestrictions(query)} ${window.label}.\n\n${reading}`,
    artifacts: [],
  };
}

/** "5 of 40 calls (12.5%)". */
function countedOf(counted: number, total: number): string {
  const pct = total > 0 ? roundMetric('share', (100 * counted) / total) : 0;
  return `${counted} of ${plural(total, 'call')} (${pct}%)`;
}

function singleAnswer(
  query: CopilotQuery,
  window: AnswerWindow,
  row: CopilotGroupRow,
  reading: string,
): CopilotAnswer {
  const counted = row.values.callCount ?? 0;
  const condition = describeCondition(query);
  const matches = describeMatches(query);
  const facts = query.metrics
    .filter((m) => m !== 'callCount' && m !== 'share')
    .map((m) => `the ${METRIC_NAMES[m]} was ${formatMetric(m, row.values[m])}`);
  let response: string;
  if (query.metrics.includes('share') && condition) {
    response = `${formatMetric('share', row.values.share)} of the calls${matches} ${window.label} had ${condition}: ${counted} of ${plural(row.total, 'call')}.`;
    if (facts.length) response += ` Over those calls, ${facts.join(' and ')}.`;
  } else if (condition) {
    response = `${countedOf(counted, row.total)}${matches} ${window.label} had ${condition}.`;
    if (facts.length && counted > 0) response += ` Over those calls, ${facts.join(' and ')}.`;
  } else if (facts.length) {
    response = `Over ${plural(counted, 'call')}${matches} ${window.label}, ${facts.join(' and ')}.`;
  } else {
    response = `There ${counted === 1 ? 'was' : 'were'} ${plural(counted, 'call')}${matches} ${window.label}.`;
  }
  const title = `${capitalize(metricList(query))}${titleRestrictions(query)} ${window.label}`;
  return { response: `${response}\n\n${reading}`, artifacts: [groupTable(query, [row], title)] };
}

function breakdownAnswer(
  query: CopilotQuery,
  window: AnswerWindow,
  all: CopilotGroupRow[],
  reading: string,
): CopilotAnswer {
  const shareAsked = query.metrics.includes('share');
  const counted = query.thresholds.length + query.tags.length > 0;
  // Groups with no counted call say nothing about a threshold ("MOS by agent with jitter above 30").
  const present = counted && !shareAsked ? all.filter((r) => (r.values.callCount ?? 0) > 0) : all;
  const rows = rankGroups(query, present);
  if (rows.length === 0) return noCalls(query, window, reading);
  const first = query.metrics[0] ?? 'callCount';
  const restrictions = describeRestrictions(query);
  const shown = rows.slice(0, 5);
  const items = shown.map((r) => `${r.key ?? '(none)'} (${formatMetric(first, r.values[first])})`);
  const more =
    rows.length > shown.length ? `, and ${rows.length - shown.length} more in the table` : '';
  let response: string;
  if (query.rank) {
    const what = rankedWhat(query.rank.order, first);
    const valueOf = (r: CopilotGroupRow) =>
      first === 'callCount'
        ? plural(r.values.callCount ?? 0, 'call')
        : formatMetric(first, r.values[first]);
    const named = shown.map((r) => `${r.key ?? '(none)'} (${valueOf(r)})`);
    response =
      rows.length === 1
        ? `The ${dimensionNoun(query, 1)} with ${what}${restrictions} ${window.label} was ${named[0]}.`
        : `The ${rows.length} ${dimensionNoun(query, rows.length)} with ${what}${restrictions} ${window.label}: ${named.join(', ')}${more}.`;
  } else if (isTimeAxis(query)) {
    response = `Here is the ${metricList(query)} by ${dimensionNoun(query, 1)}${restrictions} ${window.label} (${plural(rows.length, dimensionNoun(query, 1))}).`;
  } else {
    response = `Here is the ${metricList(query)} by ${dimensionNoun(query, 1)}${restrictions} ${window.label}, ${defaultOrder(first)} first: ${items.join(', ')}${more}.`;
  }
  const title = `${capitalize(metricList(query))} by ${dimensionNoun(query, 1)}${titleRestrictions(query)} ${window.label}`;
  const artifacts: CopilotArtifact[] = [groupTable(query, rows, title)];
  // A single ranked group is a sentence; every other breakdown is also drawn.
  // The chart gives a ranking its context: "which agent had the worst MOS" draws the worst ten.
  const context = query.rank
    ? rankGroups(
        { ...query, rank: { ...query.rank, limit: Math.max(query.rank.limit, 10) } },
        present,
      )
    : rows;
  if (context.length > 1 || isTimeAxis(query)) artifacts.push(groupChart(query, context, title));
  if (query.chart || isTimeAxis(query)) artifacts.reverse();
  return { response: `${response}\n\n${reading}`, artifacts };
}

/** "the worst average MOS", "the most calls": what a ranking ranks by. */
function rankedWhat(
  order: NonNullable<CopilotQuery['rank']>['order'],
  metric: CopilotMetric,
): string {
  if (metric === 'callCount')
    return order === 'highest' || order === 'best' ? 'the most calls' : 'the fewest calls';
  return `the ${order} ${METRIC_NAMES[metric]}`;
}

function changeWords(metric: CopilotMetric, now: number | null, before: number | null): string {
  if (now === null || before === null) return '';
  const delta = roundMetric(metric, now - before);
  if (delta === 0) return ', no change';
  const sign = delta > 0 ? '+' : '';
  return `, a change of ${sign}${delta}${METRIC_UNITS[metric]}`;
}

function compareAnswer(
  query: CopilotQuery,
  windows: [AnswerWindow, AnswerWindow],
  results: [CopilotGroupRow[], CopilotGroupRow[]],
  reading: string,
): CopilotAnswer {
  const first = query.metrics[0] ?? 'callCount';
  const restrictions = describeRestrictions(query);
  const metrics = tableMetrics(query);
  if (!query.groupBy) {
    const [a, b] = results.map((rows) => rows[0]);
    const value = (r: CopilotGroupRow | undefined) => r?.values[first] ?? null;
    const calls = (r: CopilotGroupRow | undefined) => r?.values.callCount ?? 0;
    const response =
      first === 'callCount'
        ? `There ${calls(a) === 1 ? 'was' : 'were'} ${plural(calls(a), 'call')}${restrictions} ${windows[0].label}, against ${calls(b)} ${windows[1].label}${changeWords(first, calls(a), calls(b))}.`
        : `The ${METRIC_NAMES[first]}${restrictions} was ${formatMetric(first, value(a))} ${windows[0].label} (${plural(calls(a), 'call')}), against ${formatMetric(first, value(b))} ${windows[1].label} (${plural(calls(b), 'call')})${changeWords(first, value(a), value(b))}.`;
    const table: TableArtifact = {
      type: 'table',
      title: `${capitalize(metricList(query))}${titleRestrictions(query)}: ${windows[0].label} vs ${windows[1].label}`,
      columns: [
        { key: 'key', label: 'Range' },
        ...metrics.map((m) => ({ key: m, label: METRIC_LABELS[m] })),
      ],
      rows: [a, b].map((r, i) => {
        const row: Record<string, string | number | null> = { key: windows[i]?.label ?? '' };
        for (const m of metrics) row[m] = r ? cell(m, r.values[m]) : null;
        return row;
      }),
    };
    return { response: `${response}\n\n${reading}`, artifacts: [table] };
  }
  const before = new Map(results[1].map((r) => [r.key, r]));
  const rows = rankGroups(query, results[0]);
  const label = (w: AnswerWindow) => capitalize(w.label);
  const table: TableArtifact = {
    type: 'table',
    title: `${capitalize(METRIC_NAMES[first])} by ${dimensionNoun(query, 1)}${titleRestrictions(query)}: ${windows[0].label} vs ${windows[1].label}`,
    columns: [
      { key: 'key', label: DIMENSION_LABELS[query.groupBy] },
      { key: 'now', label: label(windows[0]) },
      { key: 'before', label: label(windows[1]) },
      { key: 'change', label: 'Change' },
      { key: 'calls', label: `Calls ${windows[0].label}` },
    ],
    rows: rows.map((r) => {
      const b = before.get(r.key)?.values[first] ?? null;
      const a = r.values[first];
      return {
        key: r.key ?? '(none)',
        now: cell(first, a),
        before: cell(first, b),
        change: a === null || b === null ? null : roundMetric(first, a - b),
        calls: r.values.callCount ?? 0,
      };
    }),
  };
  const response = `Here is the ${METRIC_NAMES[first]} by ${dimensionNoun(query, 1)}${restrictions}, ${windows[0].label} against ${windows[1].label} (${plural(rows.length, dimensionNoun(query, 1))}).`;
  return { response: `${response}\n\n${reading}`, artifacts: [table] };
}

function listAnswer(
  query: CopilotQuery,
  window: AnswerWindow,
  result: { rows: CopilotCallRow[]; total: number },
  reading: string,
): CopilotAnswer {
  const restrictions = describeRestrictions(query);
  if (result.total === 0) return noCalls(query, window, reading);
  const shown = result.rows.length;
  const ranked = listRankMetric(query);
  const more =
    ranked && query.rank
      ? ` Here are the ${shown} with the ${query.rank.order} ${METRIC_NAMES[ranked].replace('average ', '')}.`
      : result.total > shown
        ? ` Here are the newest ${shown}.`
        : '';
  const link: LinkArtifact = {
    type: 'link',
    title: 'Open these calls in the explorer',
    ...explorerPath(query, window),
  };
  return {
    response: `I found ${plural(result.total, 'call')}${restrictions} ${window.label}.${more}\n\n${reading}`,
    artifacts: [callTable(result.rows, `Calls${restrictions} ${window.label}`), link],
  };
}

/** The measure a ranked call list ("the 5 worst calls by MOS") is ordered by; null for newest first. */
export function listRankMetric(
  query: CopilotQuery,
): Exclude<CopilotMetric, 'callCount' | 'share'> | null {
  if (!query.list || !query.rank) return null;
  const metric = query.metrics.find((m) => m !== 'callCount' && m !== 'share');
  return (metric as Exclude<CopilotMetric, 'callCount' | 'share'> | undefined) ?? 'mos';
}

/** Whether a ranking puts higher values first for a metric ("worst" jitter is the highest). */
export function rankDescending(
  order: NonNullable<CopilotQuery['rank']>['order'],
  metric: CopilotMetric,
): boolean {
  return (
    order === 'highest' ||
    (order === 'worst' && LOWER_IS_BETTER[metric]) ||
    (order === 'best' && !LOWER_IS_BETTER[metric])
  );
}

/** The reply text and artifacts of a query's result, as both engines give them. */
export function formatCopilotAnswer(
  query: CopilotQuery,
  window: AnswerWindow,
  result: CopilotResult,
  compare?: { window: AnswerWindow; rows: CopilotGroupRow[] },
): CopilotAnswer {
  const reading = describeReading(query, window, compare?.window);
  if (result.kind === 'calls') return listAnswer(query, window, result, reading);
  if (compare)
    return compareAnswer(query, [window, compare.window], [result.rows, compare.rows], reading);
  if (!query.groupBy) {
    const row = result.rows[0];
    if (!row || row.total === 0) return noCalls(query, window, reading);
    return singleAnswer(query, window, row, reading);
  }
  return breakdownAnswer(query, window, result.rows, reading);
}

/** The help reply of the built-in engine: what it understands. */
export const COPILOT_HELP =
  'I answer questions about your calls: MOS, jitter, packet loss, RTT, call count, duration, score and the share of calls, ' +
  'by agent, ISP, network label, region, connection type, insight, day or hour, over ranges like "today", "yesterday", "last 7 days", "this week" or "last Monday", ' +
  'with thresholds like "MOS below 3.5" or words like "high jitter" and "poor calls", and comparisons like "wifi vs wired" or "this week vs last week". ' +
  'Try "Which 3 agents had the lowest MOS this week?" or "What share of calls had high jitter yesterday?", then follow up with "and by ISP?" or "show me those calls".';

/** The reply when the built-in engine does not understand a question. */
export const COPILOT_NOT_UNDERSTOOD = 'I could not tell which metric you mean.';

/** The not-understood reply with the nearest questions it can answer. */
export function notUnderstood(suggestions: readonly string[]): string {
  return `${COPILOT_NOT_UNDERSTOOD} Questions I can answer include: ${suggestions.map((s) => `"${s}"`).join(', ')}. Ask "help" for everything I understand.`;
}

/** The reply to a name the group's calls do not carry: never a number for everyone instead. */
export function unknownName(name: string, candidates: readonly string[] = []): string {
  if (candidates.length > 1)
    return `More than one agent is called "${name}": ${joinWords([...candidates], 'or')}. Which one do you mean? Ask again with the e-mail or the part before @.`;
  return `I found no agent, ISP, network label or region called "${name}" in your calls of the last 90 days, so I did not answer with everyone's numbers. Check the spelling, or ask "which agents had the most calls this month?" to see the names I know.`;
}
