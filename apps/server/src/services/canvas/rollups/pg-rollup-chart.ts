import { sql, type SQL } from 'drizzle-orm';
import type {
  BucketLayout,
  ChartData,
  ChartFilter,
  ChartSpec,
  Metric,
  TeamCondition,
} from '@callsight/shared';
import type { GroupScope } from '../../../db/group-scope.ts';
import { numberArrayLiteral, queryRows, textArrayLiteral } from '../../../db/pg-arrays.ts';
import { callRollupDirty, callRollups, callSummaries } from '../../../db/schema/index.ts';
import {
  chartBuckets,
  chartOrder,
  compileChart,
  HISTOGRAM_STEPS,
  scalar,
  TIMESTAMP_COLUMN,
  type CompiledChart,
} from '../compile-chart.ts';
import { callRowFilter, DATASETS } from '../datasets.ts';
import { chartDataOf, type CanvasChartContext } from '../run-chart.ts';
import {
  binsOf,
  BOX_QUANTILES,
  cubesOf,
  GRAIN,
  HISTOGRAM_EDGES,
  histogramChartRows,
  histogramStep,
  DAY_MS,
  isKey,
  measureOf,
  needsOf,
  rollupShape,
  type Needs,
  type RollupShape,
} from './rollup-model.ts';
import { planRollup, rolledMs, type Range, type RollupPlan } from './rollup-plan.ts';

/*
 * A calls chart answered from the rollups on PostgreSQL (issue 34): the rollup rows of the whole
 * days, hours and minutes the plan gives, and the raw calls of the rest, each as partial aggregates of
 * one shape (P), then the chart's own aggregation over P, ordered and cut as compile-chart.ts
 * orders and cuts. Exact for counts, sums, averages, minimum and maximum (averages to the last
 * bits of summation order); percentiles and box plots from the fixed histograms.
 */

const calls = DATASETS.calls;
type Window = Omit<CanvasChartContext, 'rules'>;

/** A column of call_rollups (measures and histograms are not in the Drizzle table). */
const rc = (name: string) => sql.raw(`"call_rollups"."${name}"`);
const pc = (name: string) => sql.raw(`p."${name}"`);

const isoOf = (ms: number) => new Date(ms).toISOString();

/**
 * A time's bucket as compile-chart.ts computes it: `group` what P carries (a bucket's start, or
 * its index among the layout's starts), `select` its start in epoch milliseconds over P's `tb`.
 */
function bucketOf(layout: BucketLayout, t: SQL): { group: SQL; select: SQL } {
  const first = layout.startsMs[0] ?? 0;
  if (!Number.isSafeInteger(layout.intervalMs) || !layout.startsMs.every(Number.isSafeInteger))
    throw new Error('bucket bounds must be whole milliseconds');
  if (layout.uniform)
    return {
      group: sql`date_bin(${sql.raw(`interval '${layout.intervalMs} milliseconds'`)}, ${t}, ${sql.raw(`timestamptz '${isoOf(first)}'`)})`,
      select: sql`(date_part('epoch', p.tb) * 1000)`,
    };
  return {
    group: sql`width_bucket(${t}, ${sql.raw(`'{${layout.startsMs.map(isoOf).join(',')}}'::timestamptz[]`)})`,
    select: sql`(${sql.raw(`'{${layout.startsMs.join(',')}}'::float8[]`)})[p.tb]`,
  };
}

/** A filter on a text key, as compile-chart.ts's filterSql writes it for a text column. */
function keyFilter(e: SQL, f: ChartFilter, field: string): SQL {
  if (f.operator === 'IS NULL') return sql`${e} is null`;
  if (f.operator === 'IS NOT NULL') return sql`${e} is not null`;
  const column = calls.columns[f.column];
  if (!column || f.value === undefined) throw new Error(`${field}: checked by compileChart`);
  const values = (Array.isArray(f.value) ? f.value : [f.value]).map((v) =>
    String(scalar(column, v, `${field}.value`)),
  );
  const one = () => sql`${values[0] ?? ''}::text`;
  const list = () =>
    sql.join(
      values.map((v) => sql`${v}::text`),
      sql`, `,
    );
  switch (f.operator) {
    case '==':
      return sql`${e} = ${one()}`;
    case '!=':
      return sql`${e} is distinct from ${one()}`;
    case '>':
      return sql`${e} > ${one()}`;
    case '>=':
      return sql`${e} >= ${one()}`;
    case '<':
      return sql`${e} < ${one()}`;
    case '<=':
      return sql`${e} <= ${one()}`;
    case 'IN':
      return values.length ? sql`${e} in (${list()})` : sql`false`;
    case 'NOT IN':
      return values.length ? sql`${e} not in (${list()})` : sql`true`;
    case 'STARTS WITH':
      return sql`starts_with(${e}, ${one()})`;
  }
}

/** The team's conditions on rollup rows (their agent groups), as callRowFilter on calls. */
function rollupRules(rules: readonly TeamCondition[]): SQL | null {
  if (!rules.length) return null;
  const parts = rules.map((cond) => {
    if (cond.type === 'attributes') throw new Error('CTR attributes are not rollup keys');
    const value = rc(`agent_group_${cond.type.slice(-1)}`);
    return cond.operator === 'equals'
      ? sql`${value} = ${cond.value}::text`
      : sql`starts_with(${value}, ${cond.value}::text)`;
  });
  return sql`(${sql.join(parts, sql` and `)})`;
}

/**
 * FROM the ranges, each joined to a lateral subquery `inner` (rows of one range, read by the range
 * through an index: a plain join on the ranges was planned as a scan of the whole table).
 * `inner` must not end with LIMIT (it gets OFFSET 0).
 */
const overRanges = (ranges: readonly Range[], alias: string, inner: (a: SQL, b: SQL) => SQL) => {
  const a = textArrayLiteral(ranges.map((r) => isoOf(r[0])));
  const b = textArrayLiteral(ranges.map((r) => isoOf(r[1])));
  // OFFSET 0: the subquery stays one (pulled up, its range became a join filter again).
  return sql`unnest(${a}::timestamptz[], ${b}::timestamptz[]) as w(a, b) cross join lateral (${inner(sql`w.a`, sql`w.b`)} offset 0) as ${sql.raw(alias)}`;
};

/** At most this many raw ranges are read one subquery each; more go through overRanges. */
const LITERAL_RANGES = 64;

/**
 * FROM the calls of the raw ranges, as `s`: a UNION ALL of one subquery per range, its bounds
 * written in it, so that the planner counts the few calls of an edge (a range bound through the
 * lateral join is costed at 0.5 % of the table: over ten million calls PostgreSQL compiled every
 * chart's query with JIT, 25 ms of a 33 ms query).
 */
function rawRanges(ranges: readonly Range[], inner: (a: SQL, b: SQL) => SQL): SQL {
  if (ranges.length > LITERAL_RANGES) return overRanges(ranges, 's', inner);
  const parts = ranges.map(
    ([a, b]) =>
      sql`(${inner(sql.raw(`timestamptz '${isoOf(a)}'`), sql.raw(`timestamptz '${isoOf(b)}'`))})`,
  );
  return sql`(${sql.join(parts, sql` union all `)}) as s`;
}

const edgesOf = (column: string) =>
  sql.raw(`'${numberArrayLiteral([...(HISTOGRAM_EDGES[column] ?? [])])}'::float8[]`);

interface Parts {
  scope: GroupScope;
  shape: RollupShape;
  /** The cubes whose rows P reads: the shape's, its histogram rows', or both. */
  cubes: number[];
  needs: Needs;
  layout: BucketLayout | null;
  filters: readonly ChartFilter[];
  rules: readonly TeamCondition[];
}

/** P's rollup rows of one grain in `ranges`. */
function rollupPart(x: Parts, grain: number, ranges: readonly Range[]): SQL {
  const rr = (name: string) => sql.raw(`r."${name}"`);
  const selects: SQL[] = [];
  if (x.layout) selects.push(sql`${bucketOf(x.layout, rr('bucket')).group} as tb`);
  for (const k of x.needs.keys) selects.push(sql`${rr(k)} as ${sql.identifier(k)}`);
  selects.push(sql`${rr('calls')} as calls`);
  for (const m of x.needs.measures)
    for (const part of ['n', 'sum', 'min', 'max'])
      selects.push(sql`${rr(`${m}_${part}`)} as ${sql.identifier(`${m}_${part}`)}`);
  for (const h of x.needs.histograms)
    selects.push(sql`${rr(`h_${h}`)} as ${sql.identifier(`h_${h}`)}`);
  const conds: SQL[] = [
    sql`${callRollups.grain} = ${grain}`,
    sql`${callRollups.cube} = any(${`{${x.cubes.join(',')}}`}::smallint[])`,
    ...x.filters.map((f, i) => keyFilter(rc(f.column), f, `filters.${i}`)),
  ];
  const rule = rollupRules(x.rules);
  if (rule) conds.push(rule);
  // Only the columns P reads (the rows are wide: every measure's count, sum, minimum, maximum).
  const read = [
    'bucket',
    ...x.needs.keys,
    'calls',
    ...x.needs.measures.flatMap((m) => [`${m}_n`, `${m}_sum`, `${m}_min`, `${m}_max`]),
    ...x.needs.histograms.map((h) => `h_${h}`),
  ];
  const rows = (a: SQL, b: SQL) =>
    sql`select ${sql.join(
      read.map((c) => rc(c)),
      sql`, `,
    )} from ${callRollups} where ${x.scope.owns(callRollups, ...conds, sql`${callRollups.bucket} >= ${a}`, sql`${callRollups.bucket} < ${b}`)}`;
  return sql`select ${sql.join(selects, sql`, `)} from ${overRanges(ranges, 'r', rows)}`;
}

/** P's raw rows: the calls in `ranges`, aggregated to P's shape. */
function rawPart(x: Parts, ranges: readonly Range[]): SQL {
  const column = (name: string) => {
    const e = calls.columns[name]?.expr;
    if (!e) throw new Error(`${name} is not a calls column`);
    return e;
  };
  const sv = (name: string) => sql.raw(`s."${name}"`);
  // The lateral subquery's columns: the start, the keys, the measures.
  const inner: SQL[] = [sql`${callSummaries.startTime} as t`];
  for (const k of x.needs.keys) inner.push(sql`${column(k)} as ${sql.identifier(`k_${k}`)}`);
  for (const m of x.needs.measures) inner.push(sql`${column(m)} as ${sql.identifier(`x_${m}`)}`);
  const selects: SQL[] = [];
  const groups: SQL[] = [];
  if (x.layout) {
    selects.push(sql`${bucketOf(x.layout, sv('t')).group} as tb`);
    groups.push(sql.raw(String(groups.length + 1)));
  }
  for (const k of x.needs.keys) {
    selects.push(sql`${sv(`k_${k}`)} as ${sql.identifier(k)}`);
    groups.push(sql.raw(String(groups.length + 1)));
  }
  selects.push(sql`count(*)::int as calls`);
  for (const name of x.needs.measures) {
    const measure = measureOf(name);
    if (!measure) throw new Error(`${name} is not a rollup measure`);
    const e = sv(`x_${name}`);
    selects.push(
      sql`count(${e})::int as ${sql.identifier(`${name}_n`)}`,
      measure.sum === 'int'
        ? sql`sum(${e}) as ${sql.identifier(`${name}_sum`)}`
        : sql`sum((${e})::float8) as ${sql.identifier(`${name}_sum`)}`,
      sql`min(${e}) as ${sql.identifier(`${name}_min`)}`,
      sql`max(${e}) as ${sql.identifier(`${name}_max`)}`,
    );
  }
  for (const h of x.needs.histograms)
    selects.push(
      sql`callsight_rollup_histogram(array_agg(width_bucket((${sv(`x_${h}`)})::float8, ${edgesOf(h)})), ${binsOf(h)}) as ${sql.identifier(`h_${h}`)}`,
    );
  const conds: SQL[] = x.filters.map((f, i) =>
    keyFilter(sql`${column(f.column)}`, f, `filters.${i}`),
  );
  if (calls.defaultFilter) conds.push(calls.defaultFilter);
  const rule = callRowFilter(x.rules, callSummaries);
  if (rule) conds.push(rule);
  const rows = (a: SQL, b: SQL) =>
    sql`select ${sql.join(inner, sql`, `)} from ${callSummaries} where ${x.scope.owns(callSummaries, ...conds, sql`${callSummaries.startTime} >= ${a}`, sql`${callSummaries.startTime} < ${b}`)}`;
  const groupBy = groups.length ? sql` group by ${sql.join(groups, sql`, `)}` : sql``;
  return sql`select ${sql.join(selects, sql`, `)} from ${rawRanges(ranges, rows)}${groupBy} having count(*) > 0`;
}

/** P: the plan's rollup rows and raw rows as one relation of partial aggregates. */
function partialOf(x: Parts, plan: RollupPlan): SQL {
  const parts: SQL[] = [];
  if (plan.days.length) parts.push(rollupPart(x, GRAIN.day, plan.days));
  if (plan.hours.length) parts.push(rollupPart(x, GRAIN.hour, plan.hours));
  if (plan.minutes.length) parts.push(rollupPart(x, GRAIN.minute, plan.minutes));
  if (plan.raw.length) parts.push(rawPart(x, plan.raw));
  return sql.join(
    parts.map((p) => sql`(${p})`),
    sql` union all `,
  );
}

/** A measure's histogram summed over P's rows (bigint[]). */
function summedHistogram(column: string): SQL {
  const sums = Array.from(
    { length: binsOf(column) },
    (_, i) => sql`coalesce(sum(${pc(`h_${column}`)}[${sql.raw(String(i + 1))}]), 0)::bigint`,
  );
  return sql`array[${sql.join(sums, sql`, `)}]::bigint[]`;
}

/** percentile_cont(q) of a measure over P's histograms, clamped to its exact range. */
function percentileOf(column: string, q: number): SQL {
  return sql`callsight_rollup_percentile(${summedHistogram(column)}, ${edgesOf(column)}, ${sql.raw(String(q))}::float8, min(${pc(`${column}_min`)})::float8, max(${pc(`${column}_max`)})::float8)`;
}

/**
 * A histogram chart over P: the column's exact range and summed fixed histogram, binned here as
 * compile-chart.ts bins the raw rows; null when its bins do not nest in the fixed ones.
 */
async function histogramRows(
  scope: GroupScope,
  spec: ChartSpec,
  partial: SQL,
): Promise<Record<string, unknown>[] | null> {
  const column = spec.histogram?.column ?? '';
  const [row] = await queryRows<{ lo: number | null; hi: number | null; h: (string | number)[] }>(
    scope.db,
    sql`select min(${pc(`${column}_min`)})::float8 as lo, max(${pc(`${column}_max`)})::float8 as hi, ${summedHistogram(column)} as h from (${partial}) as p`,
  );
  if (!row || row.lo === null || row.hi === null) return [];
  const lo = Number(row.lo);
  const hi = Number(row.hi);
  const step = histogramStep(HISTOGRAM_STEPS, lo, hi, spec.histogram?.bins ?? 1);
  const counts = row.h.map(Number);
  const bins = histogramChartRows(counts, HISTOGRAM_EDGES[column] ?? [], lo, hi, step);
  return bins
    ? bins
        .slice(0, spec.rowLimit + 1)
        .map(([start, end, count]) => ({ bin_start: start, bin_end: end, count }))
    : null;
}

/** A metric over P, answering what compile-chart.ts's metric answers over the calls. */
function metricOf(m: Metric): SQL {
  if (!m.column) return sql`coalesce(sum(p.calls), 0)::float8`;
  const c = m.column;
  if (isKey(c)) {
    if (m.aggregate === 'COUNT_DISTINCT') return sql`count(distinct ${pc(c)})::float8`;
    return sql`coalesce(sum(p.calls) filter (where ${pc(c)} is not null), 0)::float8`;
  }
  switch (m.aggregate) {
    case 'COUNT':
      return sql`coalesce(sum(${pc(`${c}_n`)}), 0)::float8`;
    case 'SUM':
      return sql`sum(${pc(`${c}_sum`)})::float8`;
    case 'AVG':
      return sql`(sum(${pc(`${c}_sum`)})::float8 / nullif(sum(${pc(`${c}_n`)}), 0)::float8)`;
    case 'MIN':
      return sql`min(${pc(`${c}_min`)})::float8`;
    case 'MAX':
      return sql`max(${pc(`${c}_max`)})::float8`;
    case 'P50':
      return percentileOf(c, 0.5);
    case 'P95':
      return percentileOf(c, 0.95);
    case 'COUNT_DISTINCT':
      throw new Error(`${c}: not a rollup key`);
  }
}

interface Dim {
  name: string;
  type: string;
  select: SQL;
  group: SQL | SQL.Aliased | ReturnType<typeof sql.identifier>;
}

function dimsOf(spec: ChartSpec, layout: BucketLayout | null): Dim[] {
  const dims: Dim[] = [];
  // Grouped by the bucket (its milliseconds computed once per bucket), else the output column.
  if (layout)
    dims.push({
      name: TIMESTAMP_COLUMN,
      type: 'time',
      select: bucketOf(layout, sql`p.tb`).select,
      group: sql`p.tb`,
    });
  for (const name of spec.groupby)
    dims.push({
      name,
      type: 'text',
      select: sql`(${pc(name)})::text`,
      group: sql.identifier(`d${dims.length}`),
    });
  return dims;
}

function aggregateQuery(spec: ChartSpec, layout: BucketLayout | null, partial: SQL): SQL {
  const dims = dimsOf(spec, layout);
  const metrics = spec.metrics.length
    ? spec.metrics
    : [{ aggregate: 'COUNT' as const, label: 'count' }];
  const selects = [
    ...dims.map((d, i) => sql`${d.select} as ${sql.identifier(`d${i}`)}`),
    ...metrics.map((m, i) => sql`${metricOf(m)} as ${sql.identifier(`m${i}`)}`),
  ];
  const groupBy = dims.length
    ? sql` group by ${sql.join(
        dims.map((d) => d.group),
        sql`, `,
      )}`
    : sql``;
  const order = sql.raw(chartOrder(spec, dims, metrics));
  return sql`select ${sql.join(selects, sql`, `)} from (${partial}) as p${groupBy} order by ${order} limit ${spec.rowLimit + 1}`;
}

function boxPlotQuery(spec: ChartSpec, layout: BucketLayout | null, partial: SQL): SQL {
  const column = spec.metrics[0]?.column ?? '';
  const stats = [
    sql`min(${pc(`${column}_min`)})::float8`,
    percentileOf(column, BOX_QUANTILES.q1),
    percentileOf(column, BOX_QUANTILES.median),
    percentileOf(column, BOX_QUANTILES.q3),
    sql`max(${pc(`${column}_max`)})::float8`,
  ];
  const dims = dimsOf(spec, layout);
  const selects = [
    ...dims.map((d, i) => sql`${d.select} as ${sql.identifier(`d${i}`)}`),
    ...stats.map((s, i) => sql`${s} as ${sql.identifier(`m${i}`)}`),
  ];
  const groupBy = dims.length
    ? sql` group by ${sql.join(
        dims.map((d) => d.group),
        sql`, `,
      )} order by ${sql.join(
        dims.map((_, i) => sql.identifier(`d${i}`)),
        sql`, `,
      )}`
    : sql``;
  return sql`select ${sql.join(selects, sql`, `)} from (${partial}) as p${groupBy} limit ${spec.rowLimit + 1}`;
}

function filterBoxQuery(spec: ChartSpec, partial: SQL): SQL {
  const parts = spec.groupby.map(
    (name) =>
      sql`(select distinct ${name}::text as col, (${pc(name)})::text as value from p where ${pc(name)} is not null order by value limit ${spec.rowLimit + 1})`,
  );
  return sql`with p as (${partial}) ${sql.join(parts, sql` union all `)}`;
}

/** The hours (UTC, epoch ms) of the window whose rollup rows are not current. */
export async function dirtyHours(scope: GroupScope, from: Date, to: Date): Promise<Set<number>> {
  // From the window's first UTC day: a day row is current only when all its hours are.
  const first = new Date(Math.floor(from.getTime() / DAY_MS) * DAY_MS);
  const rows = await scope.db
    .select({ hour: sql<string>`(date_part('epoch', ${callRollupDirty.hour}) * 1000)` })
    .from(callRollupDirty)
    .where(
      scope.owns(
        callRollupDirty,
        sql`${callRollupDirty.hour} >= ${first.toISOString()}::timestamptz`,
        sql`${callRollupDirty.hour} < ${to.toISOString()}::timestamptz`,
      ),
    );
  return new Set(rows.map((r) => Number(r.hour)));
}

/** Whether the plan's rollup ranges hold rows (else a percentile would come from raw bins only). */
async function holdsRows(x: Parts, plan: RollupPlan): Promise<boolean> {
  for (const [grain, ranges] of [
    [GRAIN.day, plan.days],
    [GRAIN.hour, plan.hours],
    [GRAIN.minute, plan.minutes],
  ] as const) {
    if (!ranges.length) continue;
    const any = (a: SQL, b: SQL) =>
      sql`select 1 as one from ${callRollups} where ${x.scope.owns(callRollups, sql`${callRollups.grain} = ${grain}`, sql`${callRollups.cube} = any(${`{${x.cubes.join(',')}}`}::smallint[])`, sql`${callRollups.bucket} >= ${a}`, sql`${callRollups.bucket} < ${b}`)}`;
    const rows = await queryRows<{ one: number }>(
      x.scope.db,
      sql`select 1 as one from ${overRanges(ranges, 'r', any)} limit 1`,
    );
    if (rows.length) return true;
  }
  return false;
}

/** A rollup answer and how its window was split (for tests and the bench). */
export interface RollupAnswer {
  data: ChartData;
  plan: RollupPlan;
  cube: number;
}

interface RolledRows {
  rows: Record<string, unknown>[];
  plan: RollupPlan;
  cube: number;
}

/** The query's rows of a chart the shape answers, or null when no part of the window is rolled. */
async function rolledRows(
  scope: GroupScope,
  rules: readonly TeamCondition[],
  spec: ChartSpec,
  window: Window,
  shape: RollupShape,
  dirty: ReadonlySet<number>,
  nowMs: number,
): Promise<RolledRows | null> {
  const filters = window.filters ?? [];
  // A histogram bins one column of the window's rows: no time axis whatever its grain.
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
  const needs = needsOf(spec, layout);
  const x: Parts = {
    scope,
    shape,
    cubes: cubesOf(spec, shape),
    needs,
    layout,
    filters: [...spec.filters, ...filters.filter((f) => Object.hasOwn(calls.columns, f.column))],
    rules,
  };
  if (shape.histograms && !(await holdsRows(x, plan))) return null;
  const partial = partialOf(x, plan);
  if (spec.vizType === 'histogram') {
    const rows = await histogramRows(scope, spec, partial);
    return rows ? { rows, plan, cube: shape.cube.id } : null;
  }
  const query =
    spec.vizType === 'filter_box'
      ? filterBoxQuery(spec, partial)
      : spec.vizType === 'box_plot'
        ? boxPlotQuery(spec, layout, partial)
        : aggregateQuery(spec, layout, partial);
  const rows = await queryRows<Record<string, unknown>>(scope.db, query);
  return { rows, plan, cube: shape.cube.id };
}

/**
 * A calls chart from the rollups of the scope's group, or null when the chart needs the raw rows
 * (see rollupShape) or no part of its window can be read from rollup rows. The chart is first
 * compiled for the raw rows, so that a bad chart gets compile-chart.ts's 400. A filter box reads
 * each column from its own cube (the agents from the agents', the ISPs from the networks').
 */
export async function pgRollupChart(
  scope: GroupScope,
  rules: readonly TeamCondition[],
  spec: ChartSpec,
  window: Window,
  nowMs: number,
): Promise<RollupAnswer | null> {
  const filters = window.filters ?? [];
  const parts =
    spec.vizType === 'filter_box' ? spec.groupby.map((g) => ({ ...spec, groupby: [g] })) : [spec];
  const shapes = parts.map((part) => rollupShape(part, filters, rules, calls.columns));
  if (shapes.some((shape) => !shape)) return null;
  const compiled: CompiledChart = compileChart(calls, spec, {
    scope,
    from: window.from,
    to: window.to,
    filters,
    rowFilter: calls.rowFilter(rules),
    ...(window.intervalMs === undefined ? {} : { intervalMs: window.intervalMs }),
    ...(window.timeZone === undefined ? {} : { timeZone: window.timeZone }),
  });
  const dirty = await dirtyHours(scope, window.from, window.to);
  const answers: RolledRows[] = [];
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
    cube: first.cube,
  };
}
