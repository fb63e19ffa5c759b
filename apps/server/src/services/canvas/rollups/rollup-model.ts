import type {
  BucketLayout,
  ChartFilter,
  ChartSpec,
  Metric,
  TeamCondition,
} from '@callsight/shared';

/*
 * The chart rollups of the calls dataset (issue 34, decision C10's cure): per group, per hour
 * (kept) and per minute (the last MINUTE_ROLLUP_DAYS days), the calls' counts, sums, minimum,
 * maximum and a fixed histogram of a few measures, keyed by the dimensions the standard charts
 * group and filter by. This file is the model both stores share; the SQL is per store.
 */

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;
export const MINUTE_MS = 60_000;

/** Minute rows are kept this long (pruned by the refresh); hour rows are kept. */
export const MINUTE_ROLLUP_DAYS = 3;
export const MINUTE_ROLLUP_MS = MINUTE_ROLLUP_DAYS * 86_400_000;

/**
 * The grains a rollup row has, in minutes (the `grain` column): UTC days (from their hours; they
 * answer charts without a time axis and day buckets of UTC), hours, and the last days' minutes.
 */
export const GRAIN = { minute: 1, hour: 60, day: 1440 } as const;

/** The calls dataset's text columns rollup rows are keyed by (their names in both stores). */
export const ROLLUP_KEYS = [
  'agent',
  'agent_group_1',
  'agent_group_2',
  'agent_group_3',
  'agent_group_4',
  'agent_group_5',
  'agent_isp',
  'network_type',
  'agent_country',
  'direction',
] as const;
export type RollupKey = (typeof ROLLUP_KEYS)[number];

const AGENT_KEYS: readonly RollupKey[] = ROLLUP_KEYS.slice(0, 6);
const TEAM_KEYS: readonly RollupKey[] = ROLLUP_KEYS.slice(1, 6);
const NETWORK_KEYS: readonly RollupKey[] = ROLLUP_KEYS.slice(6);

/**
 * A cube: the keys its rows are grouped by (the others NULL). Small cubes answer most charts (no
 * dimension, or an agent's, or a network's); `team` (agent groups and network, no agent) answers
 * a network chart under a team's rules. A chart naming an agent and a network key reads raw rows
 * (an agent's calls are a small index range). Only `total` and `network` keep minute rows and
 * histograms: per agent or team, a minute (or a histogram) holds about one call.
 */
export interface Cube {
  id: number;
  keys: readonly RollupKey[];
  minutes: boolean;
  histograms: boolean;
  /** Whether its minute rows have histogram rows (cube 0's only: a network's minute holds a call). */
  minuteHistograms: boolean;
}

/**
 * Histograms are kept in rows of their own (cube + HISTOGRAM_CUBE_OFFSET: 4 for 0, 6 for 2), with
 * the same keys, no calls and each measure's minimum and maximum: ~2 KB each, they would make
 * every read of their cube's counts and sums four times longer.
 */
export const HISTOGRAM_CUBE_OFFSET = 4;

export const CUBES: readonly Cube[] = [
  { id: 0, keys: [], minutes: true, histograms: true, minuteHistograms: true },
  { id: 1, keys: AGENT_KEYS, minutes: false, histograms: false, minuteHistograms: false },
  { id: 2, keys: NETWORK_KEYS, minutes: true, histograms: true, minuteHistograms: false },
  {
    id: 3,
    keys: [...TEAM_KEYS, ...NETWORK_KEYS],
    minutes: false,
    histograms: false,
    minuteHistograms: false,
  },
];

/**
 * A measure: a number column of the calls dataset a rollup row sums. `sum`: how its sum is kept
 * (an integer column's exactly; SUM of a real column is left to the raw rows, whose PostgreSQL
 * sum is a 32-bit float). `type`: the SQL type of its minimum and maximum (the column's own).
 */
export interface Measure {
  column: string;
  sum: 'int' | 'float';
  type: 'integer' | 'real' | 'double precision';
  sumExact: boolean;
}

export const MEASURES: readonly Measure[] = [
  { column: 'duration_seconds', sum: 'int', type: 'integer', sumExact: true },
  { column: 'mos_avg', sum: 'float', type: 'real', sumExact: false },
  { column: 'mos_min', sum: 'float', type: 'real', sumExact: false },
  { column: 'mos_inbound_avg', sum: 'float', type: 'real', sumExact: false },
  { column: 'mos_outbound_avg', sum: 'float', type: 'real', sumExact: false },
  { column: 'jitter_avg_ms', sum: 'float', type: 'real', sumExact: false },
  { column: 'rtt_avg_ms', sum: 'float', type: 'real', sumExact: false },
  // packets_lost_fraction * 100: float8 on PostgreSQL (real * integer), float64 on ClickHouse.
  { column: 'packets_lost_percent', sum: 'float', type: 'double precision', sumExact: true },
  { column: 'error_log_count', sum: 'int', type: 'integer', sumExact: true },
  { column: 'score', sum: 'float', type: 'real', sumExact: false },
];

export const measureOf = (column: string) => MEASURES.find((m) => m.column === column);

/** Decimal steps from `from` up to `to`, each the double nearest its decimal (1.05, not 1.0500…01). */
function steps(from: number, to: number, step: number, decimals: number): number[] {
  const out: number[] = [];
  const scale = 10 ** decimals;
  const a = Math.round(from * scale);
  const b = Math.round(to * scale);
  const s = Math.round(step * scale);
  for (let v = a; v <= b; v += s) out.push(Number((v / scale).toFixed(decimals)));
  return out;
}

const unique = (values: number[]) =>
  [...new Set(values)].sort((a, b) => a - b).filter(Number.isFinite);

/**
 * The fixed histograms: each measure's bin edges (ascending). A value falls in bin
 * width_bucket(value, edges): 0 below the first edge, i in [edges[i-1], edges[i]), the last at or
 * above the last edge. A percentile read from them is within the width of the bin holding it
 * (clamped to the window's exact minimum and maximum); see rollupPercentile.
 */
export const HISTOGRAM_EDGES: Readonly<Record<string, readonly number[]>> = {
  // MOS: 0.05 from 1 to 5.
  mos_avg: steps(1, 5, 0.05, 2),
  // Jitter (ms): 1 ms to 50, 5 ms to 100, 25 ms to 300, then 400, 500, 1000.
  jitter_avg_ms: unique([
    ...steps(0, 50, 1, 0),
    ...steps(55, 100, 5, 0),
    ...steps(125, 300, 25, 0),
    400,
    500,
    1000,
  ]),
  // RTT (ms): 5 ms to 100, 10 ms to 500, 50 ms to 1000, 250 ms to 3000, then 4000, 5000, 10000.
  rtt_avg_ms: unique([
    ...steps(0, 100, 5, 0),
    ...steps(110, 500, 10, 0),
    ...steps(550, 1000, 50, 0),
    ...steps(1250, 3000, 250, 0),
    4000,
    5000,
    10000,
  ]),
  // Packet loss (%): 0.1 to 5, 1 to 20, 5 to 100.
  packets_lost_percent: unique([
    ...steps(0, 5, 0.1, 1),
    ...steps(6, 20, 1, 0),
    ...steps(25, 100, 5, 0),
  ]),
  // Duration (s): 10 s to 30 minutes, 50 s to an hour, 5 minutes to 4 hours.
  duration_seconds: unique([
    ...steps(0, 1800, 10, 0),
    ...steps(1850, 3600, 50, 0),
    ...steps(3900, 14400, 300, 0),
  ]),
  // Score: 0.25 from 0 to 10.
  score: steps(0, 10, 0.25, 2),
};

/** The measures with a histogram, in a fixed order (the `h_<column>` columns). */
export const HISTOGRAM_COLUMNS = Object.keys(HISTOGRAM_EDGES);

/** Bins of a measure's histogram (one more than its edges). */
export const binsOf = (column: string) => (HISTOGRAM_EDGES[column]?.length ?? 0) + 1;

/** The bin of a value, as width_bucket(value, edges) answers it (0-based). */
export function binOf(edges: readonly number[], value: number): number {
  let lo = 0;
  let hi = edges.length;
  // The number of edges at or below the value.
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((edges[mid] ?? Infinity) <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The k-th smallest value (0-based) of a histogram, estimated: the values of its bin spread
 * evenly over the bin, the bin clamped to [lo, hi] (the exact minimum and maximum); the first and
 * last values are lo and hi. The same estimate as the stores' SQL.
 */
export function orderStatistic(
  counts: readonly number[],
  edges: readonly number[],
  k: number,
  n: number,
  lo: number,
  hi: number,
): number {
  if (k <= 0) return lo;
  if (k >= n - 1) return hi;
  let cum = 0;
  for (let j = 0; j < counts.length; j++) {
    const c = counts[j] ?? 0;
    if (k < cum + c) {
      const a = j === 0 ? lo : Math.max(edges[j - 1] ?? lo, lo);
      const b = j >= edges.length ? hi : Math.min(edges[j] ?? hi, hi);
      return a + ((k - cum + 0.5) * (b - a)) / c;
    }
    cum += c;
  }
  return hi;
}

/** percentile_cont(q) read from a histogram (null without values): see orderStatistic. */
export function rollupPercentile(
  counts: readonly number[],
  edges: readonly number[],
  q: number,
  lo: number | null,
  hi: number | null,
): number | null {
  const n = counts.reduce((a, b) => a + b, 0);
  if (n === 0 || lo === null || hi === null) return null;
  const r = q * (n - 1);
  const k0 = Math.floor(r);
  const k1 = Math.ceil(r);
  const v0 = orderStatistic(counts, edges, k0, n, lo, hi);
  const v1 = k1 === k0 ? v0 : orderStatistic(counts, edges, k1, n, lo, hi);
  return v0 + (r - k0) * (v1 - v0);
}

/** The quantiles a box plot shows, by its stats' names. */
export const BOX_QUANTILES = { q1: 0.25, median: 0.5, q3: 0.75 } as const;

/** What a chart asks of a rollup: its cube and whether it reads histograms. */
export interface RollupShape {
  cube: Cube;
  histograms: boolean;
}

/** Whether a column of calls is a rollup key. */
export const isKey = (name: string): name is RollupKey =>
  (ROLLUP_KEYS as readonly string[]).includes(name);

/** The rollup keys of a team's conditions, or null when one is not on a key (CTR attributes). */
function ruleKeys(rules: readonly TeamCondition[]): RollupKey[] | null {
  const keys: RollupKey[] = [];
  for (const rule of rules) {
    if (rule.type === 'attributes') return null;
    keys.push(`agent_group_${rule.type.slice(-1)}` as RollupKey);
  }
  return keys;
}

/** Whether a metric can be read from rollup rows (and whether it needs their histograms). */
function metricFits(m: Metric): { fits: boolean; histogram: boolean; key?: RollupKey } {
  if (!m.column) return { fits: m.aggregate === 'COUNT', histogram: false };
  if (isKey(m.column))
    return {
      fits: m.aggregate === 'COUNT' || m.aggregate === 'COUNT_DISTINCT',
      histogram: false,
      key: m.column,
    };
  const measure = measureOf(m.column);
  if (!measure) return { fits: false, histogram: false };
  switch (m.aggregate) {
    case 'COUNT':
    case 'AVG':
    case 'MIN':
    case 'MAX':
      return { fits: true, histogram: false };
    case 'SUM':
      return { fits: measure.sumExact, histogram: false };
    case 'P50':
    case 'P95':
      return { fits: HISTOGRAM_COLUMNS.includes(m.column), histogram: true };
    case 'COUNT_DISTINCT':
      return { fits: false, histogram: false };
  }
}

/**
 * The cube a calls chart can be answered from, or null when it needs the raw rows: its
 * dimensions, filters (its own and the dashboard's that apply) and the team's conditions all on
 * rollup keys, its metrics among those rollups keep (percentiles and box plots from a histogram).
 * A histogram chart is answered from the fixed histograms when its round bins nest in theirs
 * (see histogramChartRows); percentiles and box plots from the histograms within their precision.
 */
export function rollupShape(
  spec: ChartSpec,
  filters: readonly ChartFilter[],
  rules: readonly TeamCondition[],
  datasetColumns: Readonly<Record<string, unknown>>,
): RollupShape | null {
  if (spec.datasetId !== 'calls') return null;
  const needed = new Set<RollupKey>();
  const need = (name: string) => {
    if (!isKey(name)) return false;
    needed.add(name);
    return true;
  };
  // A histogram has no dimensions (compile-chart.ts bins one column of the window's rows).
  const histogram = spec.vizType === 'histogram';
  if (histogram && !HISTOGRAM_COLUMNS.includes(spec.histogram?.column ?? '')) return null;
  if (!histogram && !spec.groupby.every(need)) return null;
  // A dashboard filter on a column the dataset lacks does not apply (compile-chart's rule).
  const applied = [
    ...spec.filters,
    ...filters.filter((f) => Object.hasOwn(datasetColumns, f.column)),
  ];
  if (!applied.every((f) => need(f.column))) return null;
  const keys = ruleKeys(rules);
  if (!keys) return null;
  keys.forEach(need);
  let histograms = histogram;
  if (histogram) {
    // its bins are read from the histograms (answered only when they nest in its rows' bins)
  } else if (spec.vizType === 'box_plot') {
    const column = spec.metrics[0]?.column;
    if (!column || !HISTOGRAM_COLUMNS.includes(column)) return null;
    histograms = true;
  } else if (spec.vizType !== 'filter_box') {
    for (const m of spec.metrics) {
      const fit = metricFits(m);
      if (!fit.fits) return null;
      if (fit.histogram) histograms = true;
      if (fit.key) needed.add(fit.key);
    }
  }
  const cube = CUBES.find(
    (c) => [...needed].every((k) => c.keys.includes(k)) && (!histograms || c.histograms),
  );
  return cube ? { cube, histograms } : null;
}

/** A histogram chart's bins (compile-chart.ts): width m / p, i0 the first edge's index, n bins. */
export interface HistogramStep {
  m: number;
  p: number;
  i0: number;
  n: number;
}

/**
 * The width compile-chart.ts chooses for a histogram over [lo, hi] with at most `bins` bins, in
 * the same float64 operations: the finest step that fits, else the coarsest.
 */
export function histogramStep(
  steps: readonly { m: number; p: number }[],
  lo: number,
  hi: number,
  bins: number,
): HistogramStep {
  let coarsest: HistogramStep | null = null;
  for (const { m, p } of steps) {
    const n = Math.max(1, Math.ceil((hi * p) / m) - Math.floor((lo * p) / m));
    const least = hi > lo ? 0 : (lo === 0 ? 1 : Math.abs(lo)) / bins;
    const step = { m, p, i0: Math.floor((lo * p) / m), n };
    if (n <= bins && m / p >= least) return step;
    coarsest = step;
  }
  if (!coarsest) throw new Error('no histogram steps');
  return coarsest;
}

/**
 * A histogram chart's rows (bin start, end, count; bins holding values, in order) from a fixed
 * histogram of the column's values in [lo, hi], or null when a fixed bin holding values straddles
 * one of the chart's edges (its values would be split: the raw rows answer).
 */
export function histogramChartRows(
  counts: readonly number[],
  edges: readonly number[],
  lo: number,
  hi: number,
  step: HistogramStep,
): [number, number, number][] | null {
  const { m, p, i0, n } = step;
  const byBin = new Map<number, number>();
  for (let j = 0; j < counts.length; j++) {
    const c = counts[j] ?? 0;
    if (c === 0) continue;
    const a = j === 0 ? lo : Math.max(edges[j - 1] ?? lo, lo);
    const bin = Math.min(Math.floor((a * p) / m) - i0, n - 1);
    if (bin < n - 1) {
      // The fixed bin's values are below its upper edge and at most hi: all below the next edge?
      const next = ((i0 + bin + 1) * m) / p;
      const upper = edges[j];
      if (!(upper !== undefined && upper <= next) && !(hi < next)) return null;
    }
    byBin.set(bin, (byBin.get(bin) ?? 0) + c);
  }
  return [...byBin.entries()]
    .sort((x, y) => x[0] - y[0])
    .map(([bin, c]) => [((i0 + bin) * m) / p, ((i0 + bin + 1) * m) / p, c]);
}

/** What a chart reads of the rollup rows (P): its time bucket, keys, measures and histograms. */
export interface Needs {
  bucket: boolean;
  keys: RollupKey[];
  measures: string[];
  histograms: string[];
}

export function needsOf(spec: ChartSpec, layout: BucketLayout | null): Needs {
  const keys = new Set<RollupKey>(spec.groupby.filter(isKey));
  const measures = new Set<string>();
  const histograms = new Set<string>();
  const metrics = spec.vizType === 'filter_box' ? [] : spec.metrics;
  for (const m of metrics) {
    if (!m.column) continue;
    if (isKey(m.column)) keys.add(m.column);
    else measures.add(m.column);
    if (m.aggregate === 'P50' || m.aggregate === 'P95' || spec.vizType === 'box_plot')
      histograms.add(m.column);
  }
  if (spec.vizType === 'box_plot' || spec.vizType === 'histogram') {
    const column = spec.vizType === 'histogram' ? spec.histogram?.column : spec.metrics[0]?.column;
    measures.clear();
    histograms.clear();
    if (column) {
      measures.add(column);
      histograms.add(column);
    }
  }
  return {
    bucket: layout !== null,
    keys: ROLLUP_KEYS.filter((k) => keys.has(k)),
    measures: MEASURES.map((m) => m.column).filter((c) => measures.has(c)),
    histograms: [...histograms].sort(),
  };
}

/**
 * The cubes a chart reads: its histogram rows only when every value it shows comes from them
 * (percentiles, a box plot), both when it mixes percentiles with counts or sums, else its own.
 */
export function cubesOf(spec: ChartSpec, shape: RollupShape): number[] {
  const own = shape.cube.id;
  if (!shape.histograms) return [own];
  const histogramsOnly =
    spec.vizType === 'box_plot' ||
    spec.vizType === 'histogram' ||
    spec.metrics.every((m) => m.aggregate === 'P50' || m.aggregate === 'P95');
  return histogramsOnly ? [own + HISTOGRAM_CUBE_OFFSET] : [own, own + HISTOGRAM_CUBE_OFFSET];
}
