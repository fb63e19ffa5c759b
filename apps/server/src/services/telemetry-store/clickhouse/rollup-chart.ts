import type {
  BucketLayout,
  ChartData,
  ChartFilter,
  ChartSpec,
  Metric,
  TeamCondition,
} from '@callsight/shared';
import { chTime } from '../../../db/clickhouse/client.ts';
import { GROUP_PREDICATE, type ClickHouseGroupScope } from '../../../db/clickhouse/group-scope.ts';
import {
  chartBuckets,
  chartOrder,
  HISTOGRAM_STEPS,
  scalar,
  TIMESTAMP_COLUMN,
} from '../../canvas/compile-chart.ts';
import { DATASETS } from '../../canvas/datasets.ts';
import { chartDataOf, type CanvasChartContext } from '../../canvas/run-chart.ts';
import {
  BOX_QUANTILES,
  cubesOf,
  GRAIN,
  HISTOGRAM_EDGES,
  histogramChartRows,
  histogramStep,
  isKey,
  measureOf,
  needsOf,
  rollupShape,
  type Needs,
  type RollupShape,
} from '../../canvas/rollups/rollup-model.ts';
import {
  planRollup,
  rolledMs,
  type Range,
  type RollupPlan,
} from '../../canvas/rollups/rollup-plan.ts';
import { ChParams, chCallRowFilter } from './canvas-datasets.ts';
import { compileClickHouseChart } from './canvas-chart.ts';
import { chMeasure, chOneHot } from './rollup-refresh.ts';

/*
 * A calls chart answered from the rollups on ClickHouse (issue 34), as pg-rollup-chart.ts answers
 * it on PostgreSQL: the plan's rollup rows and the raw calls (call_summaries FINAL) of the rest as
 * one relation of partial aggregates (P), then the chart's aggregation over it, ordered and cut as
 * canvas-chart.ts orders and cuts.
 */

const TIME = "DateTime64(3, 'UTC')";
const calls = DATASETS.calls;
type Window = Omit<CanvasChartContext, 'rules'>;

/** What the rollup reads need of the process: the marks (in PostgreSQL) and a clock. */
export interface ChRollupReads {
  /** The UTC hours (epoch ms) from `from` to `to` whose rollup rows are not current. */
  dirtyHours(groupId: string, from: Date, to: Date): Promise<Set<number>>;
  now(): number;
}

/** A row's bucket start in epoch ms, as canvas-chart.ts's Source.bucket computes it. */
function bucketOf(layout: BucketLayout, time: string, p: ChParams): string {
  const first = layout.startsMs[0] ?? 0;
  if (layout.uniform)
    return `toFloat64(${first} + intDiv(toUnixTimestamp64Milli(${time}) - ${first}, ${layout.intervalMs}) * ${layout.intervalMs})`;
  const days = layout.days;
  if (!days) throw new Error('only day buckets vary in length');
  const starts = p.add('Array(Float64)', layout.startsMs);
  const day = `toInt32(toDate32(${time}, ${p.add('String', layout.timeZone)}))`;
  return `arrayElement(${starts}, toUInt32(intDiv(${day} - ${days.first}, ${days.step}) + 1))`;
}

/** A filter on a text key, as canvas-chart.ts's Source.filter writes it for a text column. */
function keyFilter(e: string, f: ChartFilter, field: string, p: ChParams): string {
  if (f.operator === 'IS NULL') return `isNull(${e})`;
  if (f.operator === 'IS NOT NULL') return `isNotNull(${e})`;
  const column = calls.columns[f.column];
  if (!column || f.value === undefined) throw new Error(`${field}: checked by the compiler`);
  const values = (Array.isArray(f.value) ? f.value : [f.value]).map((v) =>
    String(scalar(column, v, `${field}.value`)),
  );
  const one = () => p.add('String', values[0] ?? '');
  const array = () => p.add('Array(String)', values);
  switch (f.operator) {
    case '==':
      return `${e} = ${one()}`;
    case '!=':
      return `(isNull(${e}) OR ${e} != ${one()})`;
    case '>':
      return `${e} > ${one()}`;
    case '>=':
      return `${e} >= ${one()}`;
    case '<':
      return `${e} < ${one()}`;
    case '<=':
      return `${e} <= ${one()}`;
    case 'IN':
      return values.length ? `ifNull(${e} IN ${array()}, 0)` : '0';
    case 'NOT IN':
      return values.length ? `(isNotNull(${e}) AND ${e} NOT IN ${array()})` : '1';
    case 'STARTS WITH':
      return `startsWith(${e}, ${one()})`;
  }
}

const rangesOf = (ranges: readonly Range[], column: string, p: ChParams) =>
  `(${ranges
    .map(
      ([a, b]) =>
        `(${column} >= ${p.add(TIME, chTime(a))} AND ${column} < ${p.add(TIME, chTime(b))})`,
    )
    .join(' OR ')})`;

interface Parts {
  shape: RollupShape;
  cubes: number[];
  needs: Needs;
  layout: BucketLayout | null;
  filters: readonly ChartFilter[];
  rules: readonly TeamCondition[];
  p: ChParams;
}

/** P's columns, in one order for every part. */
function columnsOf(x: Parts): string[] {
  return [
    ...(x.layout ? ['tb'] : []),
    ...x.needs.keys,
    'calls',
    ...x.needs.measures.flatMap((m) => [`${m}_n`, `${m}_sum`, `${m}_min`, `${m}_max`]),
    ...x.needs.histograms.map((h) => `h_${h}`),
  ];
}

/** P's rollup rows of one grain in `ranges`. */
function rollupPart(x: Parts, grain: number, ranges: readonly Range[]): string {
  const selects = columnsOf(x).map((c) =>
    c === 'tb' && x.layout ? `${bucketOf(x.layout, 'bucket', x.p)} AS tb` : c,
  );
  const conds = [
    GROUP_PREDICATE,
    `grain = ${grain}`,
    `cube IN (${x.cubes.join(', ')})`,
    rangesOf(ranges, 'bucket', x.p),
    ...x.filters.map((f, i) => keyFilter(f.column, f, `filters.${i}`, x.p)),
  ];
  const rule = chCallRowFilter(x.rules, x.p);
  if (rule) conds.push(rule);
  return `SELECT ${selects.join(', ')} FROM call_rollups WHERE ${conds.join(' AND ')}`;
}

/** P's raw rows: the calls in `ranges` (FINAL), aggregated to P's shape. */
function rawPart(x: Parts, ranges: readonly Range[]): string {
  const selects: string[] = [];
  const groups: string[] = [];
  if (x.layout) {
    selects.push(`${bucketOf(x.layout, 'start_time', x.p)} AS tb`);
    groups.push('tb');
  }
  for (const k of x.needs.keys) {
    selects.push(k);
    groups.push(k);
  }
  selects.push('count() AS calls');
  for (const name of x.needs.measures) {
    if (!measureOf(name)) throw new Error(`${name} is not a rollup measure`);
    const e = chMeasure(name);
    selects.push(
      `count(${e}) AS ${name}_n`,
      `sumOrNull(${e}) AS ${name}_sum`,
      `minOrNull(${e}) AS ${name}_min`,
      `maxOrNull(${e}) AS ${name}_max`,
    );
  }
  for (const h of x.needs.histograms)
    selects.push(`sumForEach(${chOneHot(chMeasure(h), h)}) AS h_${h}`);
  const conds = [
    GROUP_PREDICATE,
    rangesOf(ranges, 'start_time', x.p),
    'synthetic = 0',
    ...x.filters.map((f, i) => keyFilter(f.column, f, `filters.${i}`, x.p)),
  ];
  const rule = chCallRowFilter(x.rules, x.p);
  if (rule) conds.push(rule);
  const groupBy = groups.length ? ` GROUP BY ${groups.join(', ')}` : '';
  return `SELECT ${selects.join(', ')} FROM call_summaries FINAL WHERE ${conds.join(' AND ')}${groupBy} HAVING count() > 0`;
}

function partialOf(x: Parts, plan: RollupPlan): string {
  const parts: string[] = [];
  if (plan.days.length) parts.push(rollupPart(x, GRAIN.day, plan.days));
  if (plan.hours.length) parts.push(rollupPart(x, GRAIN.hour, plan.hours));
  if (plan.minutes.length) parts.push(rollupPart(x, GRAIN.minute, plan.minutes));
  if (plan.raw.length) parts.push(rawPart(x, plan.raw));
  const columns = columnsOf(x).join(', ');
  // Each part as a subquery of the same columns, so UNION ALL lines them up by position.
  return parts.map((part) => `SELECT ${columns} FROM (${part})`).join(' UNION ALL ');
}

/**
 * percentile_cont(q) from a summed histogram `hc` clamped to [lo, hi] (NULL without values): the
 * estimate of rollup-model.ts's rollupPercentile, in the same float64 operations.
 */
function percentileExpr(
  column: string,
  q: number,
  hc: string,
  lo: string,
  hi: string,
  p: ChParams,
): string {
  const edges = p.add('Array(Float64)', HISTOGRAM_EDGES[column] ?? []);
  const n = `toFloat64(arraySum(${hc}))`;
  const r = `(${q} * (${n} - 1))`;
  const est = (k: string) => {
    const j = `arrayFirstIndex(c -> toFloat64(c) > ${k}, arrayCumSum(${hc}))`;
    const count = `toFloat64(${hc}[${j}])`;
    const before = `toFloat64(arrayCumSum(${hc})[${j}]) - ${count}`;
    const a = `if(${j} = 1, ${lo}, greatest(${edges}[${j} - 1], ${lo}))`;
    const b = `if(${j} > length(${edges}), ${hi}, least(${edges}[${j}], ${hi}))`;
    return `multiIf(${k} <= 0, ${lo}, ${k} >= ${n} - 1, ${hi}, ${a} + ((${k} - (${before}) + 0.5) * (${b} - ${a})) / ${count})`;
  };
  const k0 = `floor(${r})`;
  const k1 = `ceil(${r})`;
  return `if(isNull(${lo}) OR ${n} = 0, NULL, ${est(k0)} + (${r} - ${k0}) * (${est(k1)} - ${est(k0)}))`;
}

/** The partial columns a percentile of `column` needs, over P (inner aggregation). */
const histogramPartials = (column: string) => [
  `sumForEach(h_${column}) AS hc_${column}`,
  `minOrNull(${column}_min) AS lo_${column}`,
  `maxOrNull(${column}_max) AS hi_${column}`,
];

/** A metric over P, answering what canvas-chart.ts's metric answers over the calls. */
function metricOf(m: Metric, p: ChParams): string {
  if (!m.column) return 'toFloat64(sum(calls))';
  const c = m.column;
  if (isKey(c))
    return m.aggregate === 'COUNT_DISTINCT'
      ? `toFloat64(uniqExact(${c}))`
      : `toFloat64(sumIf(calls, isNotNull(${c})))`;
  switch (m.aggregate) {
    case 'COUNT':
      return `toFloat64(sum(${c}_n))`;
    case 'SUM':
      return `sumOrNull(${c}_sum)`;
    case 'AVG':
      return `(sumOrNull(${c}_sum) / nullIf(toFloat64(sum(${c}_n)), 0))`;
    case 'MIN':
      return `minOrNull(${c}_min)`;
    case 'MAX':
      return `maxOrNull(${c}_max)`;
    case 'P50':
    case 'P95':
      return percentileExpr(
        c,
        m.aggregate === 'P50' ? 0.5 : 0.95,
        `hc_${c}`,
        `lo_${c}`,
        `hi_${c}`,
        p,
      );
    case 'COUNT_DISTINCT':
      throw new Error(`${c}: not a rollup key`);
  }
}

interface Dim {
  name: string;
  type: string;
  select: string;
}

function dimsOf(spec: ChartSpec, layout: BucketLayout | null): Dim[] {
  const dims: Dim[] = [];
  if (layout) dims.push({ name: TIMESTAMP_COLUMN, type: 'time', select: 'tb' });
  for (const name of spec.groupby) dims.push({ name, type: 'text', select: name });
  return dims;
}

/** The inner aggregation over P (dimensions, metrics, a percentile's partials), then the cut. */
function aggregateQuery(spec: ChartSpec, x: Parts, partial: string, stats?: string[]): string {
  const dims = dimsOf(spec, x.layout);
  const metrics = spec.metrics.length
    ? spec.metrics
    : [{ aggregate: 'COUNT' as const, label: 'count' }];
  const values = stats ?? metrics.map((m) => metricOf(m, x.p));
  const inner = [
    ...dims.map((d, i) => `${d.select} AS d${i}`),
    ...x.needs.histograms.flatMap(histogramPartials),
    ...values.map((v, i) => `${v} AS m${i}`),
  ];
  const outputs = [...dims.map((_, i) => `d${i}`), ...values.map((_, i) => `m${i}`)];
  const groupBy = dims.length ? ` GROUP BY ${dims.map((_, i) => `d${i}`).join(', ')}` : '';
  const order = stats
    ? dims.length
      ? ` ORDER BY ${dims.map((_, i) => `d${i} ASC NULLS LAST`).join(', ')}`
      : ''
    : ` ORDER BY ${chartOrder(spec, dims, metrics)}`;
  return `SELECT ${outputs.join(', ')} FROM (SELECT ${inner.join(', ')} FROM (${partial})${groupBy})${order} LIMIT ${spec.rowLimit + 1}`;
}

function boxPlotQuery(spec: ChartSpec, x: Parts, partial: string): string {
  const c = spec.metrics[0]?.column ?? '';
  const pct = (q: number) => percentileExpr(c, q, `hc_${c}`, `lo_${c}`, `hi_${c}`, x.p);
  return aggregateQuery(spec, x, partial, [
    `minOrNull(${c}_min)`,
    pct(BOX_QUANTILES.q1),
    pct(BOX_QUANTILES.median),
    pct(BOX_QUANTILES.q3),
    `maxOrNull(${c}_max)`,
  ]);
}

function filterBoxQuery(spec: ChartSpec, x: Parts, partial: string): string {
  const name = spec.groupby[0] ?? '';
  return `SELECT ${x.p.add('String', name)} AS col, value FROM (SELECT DISTINCT toString(${name}) AS value FROM (${partial}) WHERE isNotNull(${name}) ORDER BY value LIMIT ${spec.rowLimit + 1}) ORDER BY value`;
}

/** A histogram chart over P (see pg-rollup-chart.ts's histogramRows). */
async function histogramRows(
  scope: ClickHouseGroupScope,
  spec: ChartSpec,
  x: Parts,
  partial: string,
): Promise<Record<string, unknown>[] | null> {
  const c = spec.histogram?.column ?? '';
  const [row] = await scope.query<{ lo: number | null; hi: number | null; h: (string | number)[] }>(
    `SELECT minOrNull(${c}_min) AS lo, maxOrNull(${c}_max) AS hi, sumForEach(h_${c}) AS h FROM (${partial})`,
    x.p.values,
  );
  if (!row || row.lo === null || row.hi === null) return [];
  const lo = Number(row.lo);
  const hi = Number(row.hi);
  const step = histogramStep(HISTOGRAM_STEPS, lo, hi, spec.histogram?.bins ?? 1);
  const bins = histogramChartRows(row.h.map(Number), HISTOGRAM_EDGES[c] ?? [], lo, hi, step);
  return bins
    ? bins
        .slice(0, spec.rowLimit + 1)
        .map(([start, end, count]) => ({ bin_start: start, bin_end: end, count }))
    : null;
}

/** Whether the plan's rollup ranges hold rows (else a percentile would come from raw bins only). */
async function holdsRows(
  scope: ClickHouseGroupScope,
  x: Parts,
  plan: RollupPlan,
): Promise<boolean> {
  for (const [grain, ranges] of [
    [GRAIN.day, plan.days],
    [GRAIN.hour, plan.hours],
    [GRAIN.minute, plan.minutes],
  ] as const) {
    if (!ranges.length) continue;
    const p = new ChParams('h');
    const rows = await scope.query<{ one: number }>(
      `SELECT 1 AS one FROM call_rollups WHERE ${GROUP_PREDICATE} AND grain = ${grain} AND cube IN (${x.cubes.join(', ')}) AND ${rangesOf(ranges, 'bucket', p)} LIMIT 1`,
      p.values,
    );
    if (rows.length) return true;
  }
  return false;
}

async function rolledRows(
  scope: ClickHouseGroupScope,
  rules: readonly TeamCondition[],
  spec: ChartSpec,
  window: Window,
  shape: RollupShape,
  dirty: ReadonlySet<number>,
  nowMs: number,
): Promise<{ rows: Record<string, unknown>[]; plan: RollupPlan } | null> {
  const filters = window.filters ?? [];
  const layout = spec.vizType === 'histogram' ? null : chartBuckets(spec, window);
  const plan = planRollup({
    fromMs: window.from.getTime(),
    toMs: window.to.getTime(),
    layout,
    dirtyHours: dirty,
    minutes: shape.cube.minutes && (!shape.histograms || shape.cube.minuteHistograms),
    nowMs,
  });
  if (rolledMs(plan) === 0) return null;
  const x: Parts = {
    shape,
    cubes: cubesOf(spec, shape),
    needs: needsOf(spec, layout),
    layout,
    filters: [...spec.filters, ...filters.filter((f) => Object.hasOwn(calls.columns, f.column))],
    rules,
    p: new ChParams(),
  };
  if (shape.histograms && !(await holdsRows(scope, x, plan))) return null;
  const partial = partialOf(x, plan);
  if (spec.vizType === 'histogram') {
    const rows = await histogramRows(scope, spec, x, partial);
    return rows ? { rows, plan } : null;
  }
  const query =
    spec.vizType === 'filter_box'
      ? filterBoxQuery(spec, x, partial)
      : spec.vizType === 'box_plot'
        ? boxPlotQuery(spec, x, partial)
        : aggregateQuery(spec, x, partial);
  return { rows: await scope.query<Record<string, unknown>>(query, x.p.values), plan };
}

/** A rollup answer and how its window was split (for tests and the bench). */
export interface ChRollupAnswer {
  data: ChartData;
  plan: RollupPlan;
}

/**
 * A calls chart from the rollups of the scope's group on ClickHouse, or null when it needs the
 * raw rows (see rollupShape) or no part of its window can be read from rollup rows. Compiled
 * first for the raw rows, so that a bad chart gets the same 400 as there.
 */
export async function chRollupChart(
  scope: ClickHouseGroupScope,
  rules: readonly TeamCondition[],
  spec: ChartSpec,
  window: Window,
  reads: ChRollupReads,
): Promise<ChRollupAnswer | null> {
  const filters = window.filters ?? [];
  const parts =
    spec.vizType === 'filter_box' ? spec.groupby.map((g) => ({ ...spec, groupby: [g] })) : [spec];
  const shapes = parts.map((part) => rollupShape(part, filters, rules, calls.columns));
  if (shapes.some((shape) => !shape)) return null;
  const compiled = compileClickHouseChart(spec, { ...window, rules });
  const dirty = await reads.dirtyHours(scope.groupId, window.from, window.to);
  const nowMs = reads.now();
  const answers: { rows: Record<string, unknown>[]; plan: RollupPlan }[] = [];
  for (const [i, part] of parts.entries()) {
    const shape = shapes[i];
    const rolled = shape && (await rolledRows(scope, rules, part, window, shape, dirty, nowMs));
    if (!rolled) return null;
    answers.push(rolled);
  }
  const first = answers[0];
  if (!first) return null;
  return {
    data: chartDataOf(
      spec,
      compiled.columns,
      answers.flatMap((a) => a.rows),
      compiled.intervalMs,
    ),
    plan: first.plan,
  };
}
