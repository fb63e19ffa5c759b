import {
  ChartSpecSchema,
  TIME_BUCKET_STEPS,
  TIME_GRAINS,
  type BucketLayout,
  type ChartData,
  type ChartFilter,
  type ChartSpec,
  type ChartSpecInput,
  type Metric,
  type TeamCondition,
} from '@callsight/shared';
import { chartBuckets } from '../../src/services/canvas/compile-chart.ts';
import { standardDashboards } from '../../src/services/canvas/standard-dashboards.ts';
import {
  binOf,
  BOX_QUANTILES,
  HISTOGRAM_COLUMNS,
  HISTOGRAM_EDGES,
  MEASURES,
  ROLLUP_KEYS,
  type RollupKey,
} from '../../src/services/canvas/rollups/rollup-model.ts';

/*
 * Random calls, charts and windows for the chart rollups' round trip (issue 34), and the check
 * of a rollup answer against the raw rows' answer: equal, averages to 1e-9 (summation order),
 * percentiles within the stated precision, computed here from the calls as stored.
 */

const HOUR = 3_600_000;
const DAY = 86_400_000;

/** A call as written (and read back: `values` are the stored numbers as float8). */
export interface DrawnCall {
  contactId: string;
  startMs: number;
  synthetic: boolean;
  keys: Record<RollupKey, string | null>;
  /** The stored real, or null: packets_lost_fraction (packets_lost_percent is it × 100). */
  fraction: number | null;
  values: Record<string, number | null>;
  queue: string | null;
}

type Random = () => number;
const pick = <T>(random: Random, xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
const chance = (random: Random, p: number) => random() < p;

/** Instants that matter: year ends, a leap day, DST changes (Sydney, New York), half-hour zones. */
const EDGES = [
  '1999-12-31T23:59:59.999Z',
  '2000-01-03T00:00:00Z',
  '2020-02-29T12:00:00Z',
  '2024-02-29T23:30:00Z',
  '2025-03-09T07:00:00Z',
  '2025-04-05T16:00:00Z',
  '2025-10-04T16:00:00Z',
  '2025-12-31T18:30:00Z',
].map((t) => Date.parse(t));

const AGENTS: { agent: string; g1: string; g2: string | null }[] = [
  { agent: 'ann@example.com', g1: 'Sydney North', g2: 'Sales' },
  { agent: 'bob@example.com', g1: 'Sydney South', g2: 'Sales' },
  { agent: 'cat@example.com', g1: 'Melbourne', g2: 'Support' },
  { agent: 'dan@example.com', g1: 'Manila', g2: null },
  { agent: 'Éve@example.com', g1: 'Sydney North', g2: 'Support' },
];
const ISPS = ['Telstra', 'Optus', 'PLDT'];
const NETWORKS = ['wifi', 'ethernet', 'cellular'];
const COUNTRIES = ['AU', 'PH'];
const DIRECTIONS = ['INBOUND', 'OUTBOUND'];
const QUEUES = ['sales-au', 'sales-ph', 'support'];

const orNull = <T>(random: Random, p: number, value: () => T): T | null =>
  chance(random, p) ? null : value();

const round = (v: number, decimals: number) => Number(v.toFixed(decimals));

/** A measure's drawn value: mostly ordinary, sometimes on an edge, out of range or missing. */
function drawValues(random: Random): {
  values: Record<string, number | null>;
  fraction: number | null;
} {
  const edgeOr = (edges: readonly number[], ordinary: () => number) =>
    chance(random, 0.15) ? pick(random, edges) : ordinary();
  const mos = orNull(random, 0.1, () =>
    edgeOr([1, 3.25, 4.5, 5, 0.5, 1.05], () => round(1 + random() * 3.5, 2)),
  );
  const fraction = orNull(random, 0.1, () =>
    edgeOr([0, 0.001, 0.05, 0.5], () => round(random() * 0.2, 4)),
  );
  return {
    fraction,
    values: {
      duration_seconds: orNull(random, 0.1, () =>
        edgeOr([0, 15, 600, 3600, 20000], () => Math.floor(random() * 3000)),
      ),
      mos_avg: mos,
      mos_min: mos === null ? null : round(Math.max(0.9, mos - random()), 2),
      mos_inbound_avg: orNull(random, 0.3, () => round(1 + random() * 3.5, 3)),
      mos_outbound_avg: orNull(random, 0.3, () => round(1 + random() * 3.5, 3)),
      jitter_avg_ms: orNull(random, 0.1, () =>
        edgeOr([0, 50, 1000, 2500], () => round(random() * 80, 2)),
      ),
      rtt_avg_ms: orNull(random, 0.1, () =>
        edgeOr([0, 100, 500, 20000], () => round(10 + random() * 700, 1)),
      ),
      error_log_count: Math.floor(random() * 4),
      score: edgeOr([0, 10, 2.5], () => round(random() * 10, 1)),
    },
  };
}

/**
 * `count` calls of a seed: starts across 1999-2031, near the instants that matter and, for a
 * share, in the days before `nowMs` (where minute rows are kept); odd keys and values.
 */
export function drawCalls(
  random: Random,
  count: number,
  nowMs: number,
  prefix: string,
): DrawnCall[] {
  return Array.from({ length: count }, (_, i) => {
    const kind = random();
    const startMs =
      kind < 0.35
        ? nowMs - Math.floor(random() * 4 * DAY)
        : kind < 0.6
          ? pick(random, EDGES) + Math.round((random() - 0.5) * 8 * HOUR)
          : kind < 0.7
            ? Math.floor((nowMs - random() * 2 * DAY) / HOUR) * HOUR - (chance(random, 0.5) ? 1 : 0)
            : Date.UTC(1999, 0, 1) + Math.floor(random() * 32 * 365 * DAY);
    const who = orNull(random, 0.1, () => pick(random, AGENTS));
    const { values, fraction } = drawValues(random);
    return {
      contactId: `${prefix}-${i}`,
      startMs,
      synthetic: chance(random, 0.05),
      keys: {
        agent: who?.agent ?? null,
        agent_group_1: who?.g1 ?? null,
        agent_group_2: who?.g2 ?? null,
        agent_group_3: orNull(random, 0.5, () => pick(random, ['Tier 1', 'Tier 2'])),
        agent_group_4: null,
        agent_group_5: orNull(random, 0.9, () => 'Night'),
        agent_isp: orNull(random, 0.15, () => pick(random, ISPS)),
        network_type: orNull(random, 0.1, () => pick(random, NETWORKS)),
        agent_country: orNull(random, 0.2, () => pick(random, COUNTRIES)),
        direction: orNull(random, 0.1, () => pick(random, DIRECTIONS)),
      },
      fraction,
      values,
      queue: orNull(random, 0.3, () => pick(random, QUEUES)),
    };
  });
}

/** A later summary of the call: another start, other measures, sometimes another agent. */
export function rewriteCall(random: Random, call: DrawnCall, nowMs: number): void {
  call.startMs = chance(random, 0.5)
    ? call.startMs + Math.round((random() - 0.5) * 6 * HOUR)
    : nowMs - Math.floor(random() * DAY);
  const { values, fraction } = drawValues(random);
  call.values = values;
  call.fraction = fraction;
  if (chance(random, 0.3)) call.keys.agent_isp = pick(random, ISPS);
  if (chance(random, 0.1)) call.synthetic = !call.synthetic;
}

/** The call_summaries columns of a drawn call (Drizzle's names). */
export function summaryValues(groupId: string, c: DrawnCall) {
  return {
    groupId,
    contactId: c.contactId,
    startTime: new Date(c.startMs),
    synthetic: c.synthetic,
    agent: c.keys.agent,
    agentGroup1: c.keys.agent_group_1,
    agentGroup2: c.keys.agent_group_2,
    agentGroup3: c.keys.agent_group_3,
    agentGroup4: c.keys.agent_group_4,
    agentGroup5: c.keys.agent_group_5,
    agentIsp: c.keys.agent_isp,
    networkType: c.keys.network_type,
    agentCountry: c.keys.agent_country,
    direction: c.keys.direction,
    durationSeconds: c.values.duration_seconds ?? null,
    mosAvg: c.values.mos_avg ?? null,
    mosMin: c.values.mos_min ?? null,
    mosInboundAvg: c.values.mos_inbound_avg ?? null,
    mosOutboundAvg: c.values.mos_outbound_avg ?? null,
    jitterAvgMs: c.values.jitter_avg_ms ?? null,
    rttAvgMs: c.values.rtt_avg_ms ?? null,
    packetsLostFraction: c.fraction,
    errorLogCount: c.values.error_log_count ?? 0,
    score: c.values.score ?? 10,
    ctrAttributes: c.queue ? { queue: c.queue } : null,
  };
}

/** The stored values of a call as PostgreSQL reads them (float8), packets_lost_percent derived. */
export function withStoredValues(c: DrawnCall, stored: Record<string, number | null>): DrawnCall {
  const fraction = stored.packets_lost_fraction ?? null;
  const values: Record<string, number | null> = {};
  for (const m of MEASURES)
    values[m.column] =
      m.column === 'packets_lost_percent'
        ? fraction === null
          ? null
          : fraction * 100
        : (stored[m.column] ?? null);
  return { ...c, fraction, values };
}

const KEY_POOLS: Record<RollupKey, readonly string[]> = {
  agent: AGENTS.map((a) => a.agent),
  agent_group_1: ['Sydney North', 'Sydney South', 'Melbourne', 'Manila'],
  agent_group_2: ['Sales', 'Support'],
  agent_group_3: ['Tier 1', 'Tier 2'],
  agent_group_4: ['x'],
  agent_group_5: ['Night'],
  agent_isp: ISPS,
  network_type: NETWORKS,
  agent_country: COUNTRIES,
  direction: DIRECTIONS,
};

function randomFilter(random: Random, column: RollupKey = pick(random, ROLLUP_KEYS)): ChartFilter {
  const pool = KEY_POOLS[column];
  const operator = pick(random, [
    '==',
    '!=',
    'IN',
    'NOT IN',
    'STARTS WITH',
    'IS NULL',
    'IS NOT NULL',
  ] as const);
  if (operator === 'IS NULL' || operator === 'IS NOT NULL') return { column, operator };
  if (operator === 'IN' || operator === 'NOT IN')
    return { column, operator, value: pool.filter(() => chance(random, 0.5)) };
  const value = pick(random, pool);
  return { column, operator, value: operator === 'STARTS WITH' ? value.slice(0, 3) : value };
}

const METRIC_POOL: Metric[] = [
  { aggregate: 'COUNT', label: 'Calls' },
  { aggregate: 'COUNT', column: 'agent', label: 'With agent' },
  { aggregate: 'COUNT', column: 'mos_avg', label: 'With MOS' },
  { aggregate: 'COUNT_DISTINCT', column: 'agent', label: 'Agents' },
  { aggregate: 'COUNT_DISTINCT', column: 'agent_isp', label: 'ISPs' },
  { aggregate: 'SUM', column: 'duration_seconds', label: 'Seconds' },
  { aggregate: 'SUM', column: 'error_log_count', label: 'Errors' },
  { aggregate: 'SUM', column: 'packets_lost_percent', label: 'Loss sum' },
  ...MEASURES.flatMap((m) =>
    (['AVG', 'MIN', 'MAX'] as const).map((aggregate) => ({
      aggregate,
      column: m.column,
      label: `${aggregate} ${m.column}`,
    })),
  ),
  ...HISTOGRAM_COLUMNS.flatMap((column) =>
    (['P50', 'P95'] as const).map((aggregate) => ({
      aggregate,
      column,
      label: `${aggregate} ${column}`,
    })),
  ),
];

const isPercentile = (m: Metric) => m.aggregate === 'P50' || m.aggregate === 'P95';

const NETWORK_KEYS: readonly RollupKey[] = [
  'agent_isp',
  'network_type',
  'agent_country',
  'direction',
];

/** Whether a chart reads the histograms (percentiles, box plots): only with rules on no key. */
export const readsHistograms = (spec: ChartSpec) =>
  spec.vizType === 'box_plot' || spec.vizType === 'histogram' || spec.metrics.some(isPercentile);

/** A random chart over calls whose dimensions, filters and metrics rollups can answer. */
export function randomChart(random: Random, id: string): ChartSpec {
  const vizType = pick(random, [
    'big_number_total',
    'table',
    'pie',
    'echarts_timeseries_line',
    'echarts_timeseries_bar',
    'heatmap',
    'box_plot',
    'filter_box',
    'gauge_chart',
    'histogram',
  ] as const);
  // A third of the charts ask percentiles (or draw box plots) by network keys only: the cubes
  // that keep histograms.
  const percentiles = vizType === 'box_plot' || vizType === 'histogram' || chance(random, 0.3);
  const keys = percentiles ? NETWORK_KEYS : ROLLUP_KEYS;
  const groupby = keys.filter(() => chance(random, 0.12)).slice(0, 2);
  const filters = Array.from({ length: Math.floor(random() * 3) }, () =>
    randomFilter(random, pick(random, keys)),
  );
  const timeGrain = chance(random, 0.5) ? pick(random, TIME_GRAINS) : undefined;
  const base: ChartSpecInput = {
    id,
    title: id,
    vizType,
    datasetId: 'calls',
    groupby,
    filters,
    ...(timeGrain ? { timeGrain } : {}),
    rowLimit: chance(random, 0.2) ? 1 + Math.floor(random() * 4) : 10_000,
  };
  if (vizType === 'filter_box')
    return ChartSpecSchema.parse({ ...base, groupby: groupby.length ? groupby : ['agent'] });
  if (vizType === 'heatmap' && !timeGrain && groupby.length < 2)
    return ChartSpecSchema.parse({ ...base, timeGrain: 'P1D' });
  if (vizType === 'histogram')
    return ChartSpecSchema.parse({
      ...base,
      histogram: { column: pick(random, HISTOGRAM_COLUMNS), bins: 2 + Math.floor(random() * 30) },
    });
  if (vizType === 'box_plot') {
    const column = pick(random, HISTOGRAM_COLUMNS);
    return ChartSpecSchema.parse({
      ...base,
      groupby: groupby.slice(0, 1),
      metrics: [{ aggregate: 'AVG', column, label: 'Box' }],
    });
  }
  const metrics = percentiles
    ? [
        ...METRIC_POOL.filter((m) => isPercentile(m) && chance(random, 0.3)).slice(0, 3),
        ...METRIC_POOL.filter(
          (m) => !isPercentile(m) && !m.column?.startsWith('agent') && chance(random, 0.1),
        ).slice(0, 2),
      ]
    : METRIC_POOL.filter(() => chance(random, 0.15)).slice(0, 6);
  const ordered = metrics.filter((m) => !isPercentile(m));
  const orderBy =
    chance(random, 0.3) && ordered.length
      ? { label: pick(random, ordered).label, desc: chance(random, 0.5) }
      : undefined;
  return ChartSpecSchema.parse({ ...base, metrics, ...(orderBy ? { orderBy } : {}) });
}

/** The calls charts of the standard dashboards (the filter box and every chart once). */
export function standardCallCharts(groupId: string): ChartSpec[] {
  const seen = new Map<string, ChartSpec>();
  for (const d of standardDashboards(groupId))
    for (const chart of [
      ...(d.filterBox ? [d.filterBox] : []),
      ...d.rows.flatMap((r) => r.cells.filter((c) => !c.placeholder).map((c) => c.chart)),
    ])
      if (chart.datasetId === 'calls') seen.set(JSON.stringify(chart), chart);
  return [...seen.values()];
}

export const RULES: TeamCondition[][] = [
  [],
  [],
  [{ type: 'group1', operator: 'startsWith', value: 'Sydney' }],
  [{ type: 'group2', operator: 'equals', value: 'Sales' }],
  [
    { type: 'group1', operator: 'equals', value: 'Melbourne' },
    { type: 'group3', operator: 'startsWith', value: 'Tier' },
  ],
  [{ type: 'attributes', field: 'queue', operator: 'startsWith', value: 'sales' }],
];

/** The dashboard's filters (agent, ISP), sometimes one on a column calls lack (ignored). */
export function randomNativeFilters(random: Random): ChartFilter[] {
  const out: ChartFilter[] = [];
  if (chance(random, 0.25)) out.push(randomFilter(random, 'agent'));
  if (chance(random, 0.25)) out.push(randomFilter(random, 'agent_isp'));
  if (chance(random, 0.1)) out.push({ column: 'vendor', operator: '==', value: 'Jabra' });
  return out;
}

export interface ChartWindow {
  from: Date;
  to: Date;
  intervalMs?: number;
  timeZone?: string;
}

const ZONES = ['UTC', 'Asia/Kolkata', 'Australia/Sydney', 'America/New_York'];

/**
 * A window: whole hours or odd milliseconds, the last days (minute rows), around an instant that
 * matters, or years; in a time zone; sometimes with an interval of its own.
 */
export function randomWindow(
  random: Random,
  nowMs: number,
  calls: readonly DrawnCall[],
): ChartWindow {
  const anchor = chance(random, 0.7) && calls.length ? pick(random, calls).startMs : nowMs;
  const kind = random();
  const length =
    kind < 0.3
      ? Math.floor(random() * 6 * HOUR) + 1
      : kind < 0.6
        ? Math.floor(random() * 4 * DAY) + HOUR
        : kind < 0.85
          ? Math.floor(random() * 60 * DAY) + DAY
          : Math.floor(random() * 8 * 365 * DAY) + DAY;
  let from = anchor - Math.floor(random() * length);
  let to = from + length;
  if (chance(random, 0.4)) {
    from = Math.floor(from / HOUR) * HOUR;
    to = Math.ceil(to / HOUR) * HOUR;
  }
  const timeZone = pick(random, ZONES);
  const window: ChartWindow = { from: new Date(from), to: new Date(to), timeZone };
  if (chance(random, 0.3)) {
    const steps = TIME_BUCKET_STEPS.filter((s) => (to - from) / s.intervalMs <= 2000);
    if (steps.length) window.intervalMs = pick(random, steps).intervalMs;
  }
  return window;
}

/** The bucket start of a time in a layout (the last start at or before it). */
function bucketStart(layout: BucketLayout, t: number): number {
  let lo = 0;
  let hi = layout.startsMs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((layout.startsMs[mid] ?? Infinity) <= t) lo = mid + 1;
    else hi = mid;
  }
  return layout.startsMs[lo - 1] ?? NaN;
}

function passes(f: ChartFilter, value: string | null): boolean {
  const values = (Array.isArray(f.value) ? f.value : [f.value]).map(String);
  switch (f.operator) {
    case 'IS NULL':
      return value === null;
    case 'IS NOT NULL':
      return value !== null;
    case '==':
      return value !== null && value === values[0];
    case '!=':
      return value !== values[0];
    case 'IN':
      return value !== null && values.includes(value);
    case 'NOT IN':
      return values.length === 0 || (value !== null && !values.includes(value));
    case 'STARTS WITH':
      return value !== null && value.startsWith(values[0] ?? '');
    default:
      throw new Error(`${f.operator}: not drawn`);
  }
}

function passesRules(c: DrawnCall, rules: readonly TeamCondition[]): boolean {
  return rules.every((r) => {
    const value =
      r.type === 'attributes'
        ? r.field === 'queue'
          ? c.queue
          : null
        : c.keys[`agent_group_${r.type.slice(-1)}` as RollupKey];
    if (value === null) return false;
    return r.operator === 'equals' ? value === r.value : value.startsWith(r.value);
  });
}

/** The stored values of the measure `column` of each group of the chart's rows, by group key. */
function groupValues(
  spec: ChartSpec,
  window: ChartWindow,
  filters: readonly ChartFilter[],
  rules: readonly TeamCondition[],
  calls: readonly DrawnCall[],
  column: string,
): Map<string, number[]> {
  const layout = chartBuckets(spec, window);
  const applied = [...spec.filters, ...filters.filter((f) => f.column !== 'vendor')];
  const groups = new Map<string, number[]>();
  for (const c of calls) {
    if (c.synthetic || c.startMs < window.from.getTime() || c.startMs >= window.to.getTime())
      continue;
    if (!applied.every((f) => passes(f, c.keys[f.column as RollupKey] ?? null))) continue;
    if (!passesRules(c, rules)) continue;
    const key = JSON.stringify([
      ...(layout ? [bucketStart(layout, c.startMs)] : []),
      ...spec.groupby.map((g) => c.keys[g as RollupKey] ?? null),
    ]);
    const value = c.values[column];
    const list = groups.get(key) ?? [];
    if (value !== null && value !== undefined) list.push(value);
    groups.set(key, list);
  }
  return groups;
}

/** How far a percentile read from the histogram may be from percentile_cont over `sorted`. */
export function percentileTolerance(sorted: readonly number[], column: string, q: number): number {
  const edges = HISTOGRAM_EDGES[column] ?? [];
  const n = sorted.length;
  if (n === 0) return 0;
  const lo = sorted[0] ?? 0;
  const hi = sorted[n - 1] ?? 0;
  const width = (k: number) => {
    if (k <= 0 || k >= n - 1) return 0;
    const x = sorted[k] ?? 0;
    const j = binOf(edges, x);
    const a = j === 0 ? lo : Math.max(edges[j - 1] ?? lo, lo);
    const b = j >= edges.length ? hi : Math.min(edges[j] ?? hi, hi);
    return b - a;
  };
  const r = q * (n - 1);
  const f = r - Math.floor(r);
  return (1 - f) * width(Math.floor(r)) + f * width(Math.ceil(r));
}

/** Which columns of a chart's answer are percentiles (column index → measure and quantile). */
function percentileColumns(
  spec: ChartSpec,
  dims: number,
): Map<number, { column: string; q: number }> {
  const out = new Map<number, { column: string; q: number }>();
  if (spec.vizType === 'box_plot') {
    const column = spec.metrics[0]?.column ?? '';
    out.set(dims + 1, { column, q: BOX_QUANTILES.q1 });
    out.set(dims + 2, { column, q: BOX_QUANTILES.median });
    out.set(dims + 3, { column, q: BOX_QUANTILES.q3 });
    return out;
  }
  spec.metrics.forEach((m, i) => {
    if (m.column && isPercentile(m))
      out.set(dims + i, { column: m.column, q: m.aggregate === 'P50' ? 0.5 : 0.95 });
  });
  return out;
}

/** Whether the chart's rows are sorted by a value that is not exact (an average, a percentile). */
function sortedByFraction(spec: ChartSpec, dims: number): boolean {
  if (spec.vizType === 'box_plot' || spec.vizType === 'filter_box') return false;
  const metrics = spec.metrics.length ? spec.metrics : [{ aggregate: 'COUNT', label: 'count' }];
  let key: Metric | undefined;
  if (spec.orderBy) key = spec.metrics.find((m) => m.label === spec.orderBy?.label);
  else if (dims > 0 && !(spec.timeGrain || spec.vizType.startsWith('echarts')))
    key = metrics[0] as Metric;
  return (
    !!key &&
    !['COUNT', 'COUNT_DISTINCT', 'MIN', 'MAX'].includes(key.aggregate) &&
    !(key.aggregate === 'SUM' && key.column !== 'packets_lost_percent')
  );
}

/**
 * What differs between a rollup answer and the raw rows' answer of a chart (empty when none):
 * cells equal, fractions to 1e-9, percentiles within their precision over the group's values.
 * A chart sorted by a fraction is compared as a set of rows (ties may break either way).
 */
export function answerDifferences(
  spec: ChartSpec,
  window: ChartWindow,
  filters: readonly ChartFilter[],
  rules: readonly TeamCondition[],
  calls: readonly DrawnCall[],
  rollup: ChartData,
  raw: ChartData,
): string[] {
  const out: string[] = [];
  if (JSON.stringify(rollup.columns) !== JSON.stringify(raw.columns))
    return [`columns ${JSON.stringify(rollup.columns)} vs ${JSON.stringify(raw.columns)}`];
  if (rollup.intervalMs !== raw.intervalMs)
    out.push(`intervalMs ${rollup.intervalMs} vs ${raw.intervalMs}`);
  const dims = rollup.columns.filter((c) => c.type !== 'number').length;
  const percentiles = percentileColumns(spec, dims);
  const bySet = sortedByFraction(spec, dims) || percentiles.size > 0;
  if (bySet && (rollup.truncated || raw.truncated)) return out; // a cut by an inexact order
  if (rollup.truncated !== raw.truncated)
    out.push(`truncated ${rollup.truncated} vs ${raw.truncated}`);
  if (rollup.rows.length !== raw.rows.length)
    return [...out, `${rollup.rows.length} rows vs ${raw.rows.length}`];
  const keyOf = (row: readonly unknown[]) => JSON.stringify(row.slice(0, dims));
  const sort = (rows: ChartData['rows']) =>
    bySet
      ? [...rows].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0))
      : rows;
  const mine = sort(rollup.rows);
  const theirs = sort(raw.rows);
  const valuesCache = new Map<string, Map<string, number[]>>();
  theirs.forEach((row, i) => {
    const got = mine[i] ?? [];
    row.forEach((cell, j) => {
      const value = got[j];
      const at = `row ${i} column ${j}: ${JSON.stringify(got)} vs ${JSON.stringify(row)}`;
      const percentile = percentiles.get(j);
      if (percentile && typeof cell === 'number' && typeof value === 'number') {
        const cached =
          valuesCache.get(percentile.column) ??
          groupValues(spec, window, filters, rules, calls, percentile.column);
        valuesCache.set(percentile.column, cached);
        const sorted = [...(cached.get(keyOf(row)) ?? [])].sort((a, b) => a - b);
        const tolerance = percentileTolerance(sorted, percentile.column, percentile.q);
        if (Math.abs(value - cell) > tolerance + 1e-9 * Math.max(1, Math.abs(cell)))
          out.push(
            `${at}: percentile off by ${Math.abs(value - cell)} > ${tolerance} (${sorted.length} values)`,
          );
      } else if (typeof cell === 'number' && typeof value === 'number' && !Number.isInteger(cell)) {
        if (Math.abs(value - cell) > 1e-9 * Math.max(Math.abs(cell), Math.abs(value))) out.push(at);
      } else if (value !== cell) out.push(at);
    });
  });
  return out;
}
