import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  bucketLayout,
  DEFAULT_MAX_DATA_POINTS,
  TIME_GRAIN_MS,
  TIME_SERIES_VIZ_TYPES,
  timeBucket,
  type BucketLayout,
  type ChartFilter,
  type ChartSpec,
  type Metric,
} from '@callsight/shared';
import type { GroupScope } from '../../db/group-scope.ts';
import { badRequest } from '../../lib/errors.ts';
import type { Dataset, DatasetColumn } from './datasets.ts';

/** What a compiled chart answers: its columns, and the query (parameters bound, no raw text). */
export interface CompiledChart {
  columns: { name: string; label: string; type: 'time' | 'number' | 'text' }[];
  query: SQL;
  /** A time series' bucket length (the answer's intervalMs); none without a time axis. */
  intervalMs?: number;
}

export interface ChartContext {
  scope: GroupScope;
  from: Date;
  to: Date;
  /** The dashboard's native filters (time, agent, ISP), applied with the chart's own. */
  filters?: readonly ChartFilter[];
  /** The team's row-level rule on this dataset (null: none); ANDed into every query. */
  rowFilter?: SQL | null;
  /**
   * A time series' bucket length (issue 34): chartIntervalMs of the window, the chart's width and
   * its grain. Without it, chartIntervalMs at DEFAULT_MAX_DATA_POINTS.
   */
  intervalMs?: number;
  /** The viewer's IANA time zone: day-and-coarser buckets start at its midnights. Default UTC. */
  timeZone?: string;
}

/** The name a time series' bucket goes by, as in Superset's chart data API. */
export const TIMESTAMP_COLUMN = '__timestamp';

/** Whether a chart's rows fall into time buckets: time series, and charts given a grain (heatmaps). */
export function hasTimeBucket(spec: ChartSpec): boolean {
  return spec.timeGrain !== undefined || TIME_SERIES_VIZ_TYPES.includes(spec.vizType);
}

/**
 * A time series' bucket length over [from, to) (issue 34): the range over the chart's points,
 * rounded up to a human step, at least the spec's time grain (Grafana's min interval) unless that
 * leaves fewer than two buckets in the range (a day-grain chart over 15 minutes gets 5 minutes).
 */
export function chartIntervalMs(
  spec: ChartSpec,
  from: Date,
  to: Date,
  maxDataPoints = DEFAULT_MAX_DATA_POINTS,
): number {
  const minMs = spec.timeGrain ? TIME_GRAIN_MS[spec.timeGrain] : 0;
  return timeBucket(from.getTime(), to.getTime(), maxDataPoints, minMs).intervalMs;
}

/**
 * The buckets of a chart's window (both stores bucket by this one layout), or null for a chart
 * without a time axis. A 400 names intervalMs when the caller's interval does not fit the window.
 */
export function chartBuckets(
  spec: ChartSpec,
  window: { from: Date; to: Date; intervalMs?: number; timeZone?: string },
): BucketLayout | null {
  if (!hasTimeBucket(spec)) return null;
  const intervalMs = window.intervalMs ?? chartIntervalMs(spec, window.from, window.to);
  try {
    return bucketLayout(
      window.from.getTime(),
      window.to.getTime(),
      intervalMs,
      window.timeZone ?? 'UTC',
    );
  } catch (err) {
    if (err instanceof RangeError) invalid('intervalMs', err.message);
    throw err;
  }
}

const isoOf = (ms: number) => new Date(ms).toISOString();

/**
 * A row's bucket in PostgreSQL: `group` what rows are grouped by, `select` the bucket's start in
 * epoch milliseconds. Equal-length buckets are date_bin from the first bucket's start (as cheap as
 * UTC); day buckets across a DST change (23 or 25 hours) the last start at or before the row
 * (width_bucket over the local midnights). Numbers and ISO times only: written into the SQL so
 * that the selected and the grouped expression are one (a bound value would be two parameters).
 */
function bucketSql(layout: BucketLayout, t: SQL | AnyPgColumn): { select: SQL; group: SQL } {
  const first = layout.startsMs[0] ?? 0;
  if (!Number.isSafeInteger(layout.intervalMs) || !layout.startsMs.every(Number.isSafeInteger))
    throw new Error('bucket bounds must be whole milliseconds');
  if (layout.uniform) {
    const bucket = sql`date_bin(${sql.raw(`interval '${layout.intervalMs} milliseconds'`)}, ${t}, ${sql.raw(`timestamptz '${isoOf(first)}'`)})`;
    return { select: ms(bucket), group: bucket };
  }
  const index = sql`width_bucket(${t}, ${sql.raw(`'{${layout.startsMs.map(isoOf).join(',')}}'::timestamptz[]`)})`;
  return {
    select: sql`(${sql.raw(`'{${layout.startsMs.join(',')}}'::float8[]`)})[${index}]`,
    group: index,
  };
}

/** Epoch milliseconds as float8 (date_part: extract's numeric would cost per row). */
const ms = (t: SQL | AnyPgColumn) => sql`(date_part('epoch', ${t}) * 1000)`;

/** A 400 naming the chart's field (both dialects answer a bad chart with the same error). */
export function invalid(field: string, message: string): never {
  throw badRequest(message, { [field]: message });
}

/** The dataset's column of that name, or a 400 naming the field. */
export function columnOf(dataset: Dataset, name: string, field: string): DatasetColumn {
  const column = Object.hasOwn(dataset.columns, name) ? dataset.columns[name] : undefined;
  if (!column) invalid(field, `${name} is not a column of the ${dataset.title} dataset`);
  return column;
}

/**
 * A metric's SQL. `perRow`: each group is one row (grouped by the dataset's key), so every
 * aggregate is the row's own value (a count is 1 or 0) and no GROUP BY is needed.
 */
function metricSql(dataset: Dataset, m: Metric, field: string, perRow = false): SQL {
  if (m.aggregate === 'COUNT' && !m.column) return perRow ? sql`1::float8` : sql`count(*)::float8`;
  if (!m.column) invalid(field, `${m.aggregate} needs a column`);
  const column = columnOf(dataset, m.column, field);
  const e = column.expr;
  const counted = sql`(case when ${e} is null then 0 else 1 end)::float8`;
  if (m.aggregate === 'COUNT') return perRow ? counted : sql`count(${e})::float8`;
  if (m.aggregate === 'COUNT_DISTINCT') return perRow ? counted : sql`count(distinct ${e})::float8`;
  if (column.type !== 'number')
    invalid(field, `${m.aggregate} needs a number column; ${m.column} is not one`);
  if (perRow) return sql`(${e})::float8`;
  switch (m.aggregate) {
    case 'SUM':
      return sql`sum(${e})::float8`;
    case 'AVG':
      return sql`avg(${e})::float8`;
    case 'MIN':
      return sql`min(${e})::float8`;
    case 'MAX':
      return sql`max(${e})::float8`;
    case 'P50':
      return sql`percentile_cont(0.5) within group (order by ${e})::float8`;
    case 'P95':
      return sql`percentile_cont(0.95) within group (order by ${e})::float8`;
  }
}

/** A filter value as the column's type takes it (numbers, ISO times, text), or a 400. */
export function scalar(column: DatasetColumn, value: unknown, field: string): string | number {
  if (column.type === 'number') {
    const n = typeof value === 'number' ? value : Number(value);
    if (typeof value === 'boolean' || !Number.isFinite(n)) invalid(field, 'must be a number');
    return n;
  }
  if (column.type === 'time') {
    const t = typeof value === 'number' ? value : Date.parse(String(value));
    if (!Number.isFinite(t)) invalid(field, 'must be a time');
    return new Date(t).toISOString();
  }
  return String(value);
}

/** One filter as SQL; the value is always a bound parameter of the column's type. */
function filterSql(dataset: Dataset, f: ChartFilter, field: string): SQL {
  const column = columnOf(dataset, f.column, `${field}.column`);
  const e = column.expr;
  if (f.operator === 'IS NULL') return sql`${e} is null`;
  if (f.operator === 'IS NOT NULL') return sql`${e} is not null`;
  const valueField = `${field}.value`;
  if (f.value === undefined) invalid(valueField, `${f.operator} needs a value`);
  const list = Array.isArray(f.value) ? f.value : [f.value];
  const values = list.map((v) => scalar(column, v, valueField));
  const cast =
    column.type === 'number'
      ? sql`::float8`
      : column.type === 'time'
        ? sql`::timestamptz`
        : sql`::text`;
  const one = () => {
    if (values.length !== 1) invalid(valueField, `${f.operator} takes one value`);
    return sql`${values[0]}${cast}`;
  };
  const inList = () =>
    sql.join(
      values.map((v) => sql`${v}${cast}`),
      sql`, `,
    );
  if (column.type === 'tags') {
    if (f.operator === '==') return sql`${one()} = any(${e})`;
    if (f.operator === '!=') return sql`not (${one()} = any(${e}))`;
    if (f.operator === 'IN') return sql`${e} && array[${inList()}]::text[]`;
    if (f.operator === 'NOT IN') return sql`not (${e} && array[${inList()}]::text[])`;
    invalid(`${field}.operator`, `${f.operator} does not apply to a list of tags`);
  }
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
      return values.length ? sql`${e} in (${inList()})` : sql`false`;
    case 'NOT IN':
      return values.length ? sql`${e} not in (${inList()})` : sql`true`;
    case 'STARTS WITH': {
      if (column.type !== 'text') invalid(`${field}.operator`, 'STARTS WITH needs a text column');
      return sql`starts_with(${e}, ${one()})`;
    }
  }
}

/** The rows a chart reads: the group's, in the window, through every filter and the team's rule. */
function whereOf(dataset: Dataset, spec: ChartSpec, ctx: ChartContext, extra?: SQL): SQL {
  const from = ctx.from.toISOString();
  const to = ctx.to.toISOString();
  const conds: SQL[] = [
    ...(dataset.window ? [dataset.window(from, to)] : []),
    sql`${dataset.time} >= ${from}::timestamptz`,
    sql`${dataset.time} < ${to}::timestamptz`,
    ...spec.filters.map((f, i) => filterSql(dataset, f, `filters.${i}`)),
    ...(ctx.filters ?? [])
      // A dashboard filter on a column this dataset does not have does not apply to it.
      .filter((f) => Object.hasOwn(dataset.columns, f.column))
      .map((f, i) => filterSql(dataset, f, `nativeFilters.${i}`)),
  ];
  if (dataset.defaultFilter) conds.push(dataset.defaultFilter);
  if (ctx.rowFilter) conds.push(ctx.rowFilter);
  if (extra) conds.push(extra);
  return ctx.scope.owns(dataset.table, ...conds);
}

interface Dimension {
  name: string;
  label: string;
  type: 'time' | 'number' | 'text';
  select: SQL;
  /** What rows are grouped by, when not the selected value itself (a bucket, before its ms). */
  group?: SQL;
  /** A lateral source the dimension reads (a tag of the list). */
  from?: SQL;
}

function dimensionsOf(dataset: Dataset, spec: ChartSpec, layout: BucketLayout | null): Dimension[] {
  const dims: Dimension[] = [];
  const timeSeries = TIME_SERIES_VIZ_TYPES.includes(spec.vizType) || spec.vizType === 'heatmap';
  if (layout) {
    // Grouped by the bucket; its milliseconds are computed once per bucket, not per row.
    const { select, group } = bucketSql(layout, dataset.time);
    dims.push({ name: TIMESTAMP_COLUMN, label: 'Time', type: 'time', select, group });
  } else if (timeSeries && spec.groupby.length < 2) {
    invalid('groupby', 'A heatmap needs a time grain or two groupby columns');
  }
  spec.groupby.forEach((name, i) => {
    const column = columnOf(dataset, name, `groupby.${i}`);
    if (column.type === 'tags') {
      dims.push({
        name,
        label: column.label,
        type: 'text',
        select: sql`tag.value`,
        from: sql`unnest(${column.expr}) as tag(value)`,
      });
    } else if (column.type === 'time') {
      dims.push({ name, label: column.label, type: 'time', select: ms(column.expr) });
    } else {
      dims.push({
        name,
        label: column.label,
        type: column.type,
        select:
          column.type === 'number' ? sql`(${column.expr})::float8` : sql`(${column.expr})::text`,
      });
    }
  });
  return dims;
}

/** The GROUP BY list: a dimension's group expression (a time bucket), else its output column. */
const groupKeys = (dims: readonly Dimension[]) =>
  sql.join(
    dims.map((d, i) => d.group ?? sql.identifier(`d${i}`)),
    sql`, `,
  );

/** What a dataset reads from: its table, or its source when that is more (seconds unnested). */
const sourceOf = (dataset: Dataset): SQL => dataset.source ?? sql`${dataset.table}`;

const fromOf = (dataset: Dataset, dims: readonly Dimension[]) => {
  const lateral = dims.flatMap((d) => (d.from ? [d.from] : []));
  return lateral.length
    ? sql`${sourceOf(dataset)}, ${sql.join(lateral, sql`, `)}`
    : sourceOf(dataset);
};

/**
 * The ORDER BY of an aggregate chart over its output columns d0.. (dimensions) and m0.. (metrics):
 * the chart's orderBy, else time first, else the first metric descending; then every dimension
 * ascending, so that ties (pies of equal counts) come in one order on every run and store.
 */
export function chartOrder(
  spec: ChartSpec,
  dims: readonly { name: string; type: string }[],
  metrics: readonly Metric[],
): string {
  const byLabel = spec.orderBy
    ? [...dims.map((d) => d.name), ...metrics.map((m) => m.label)].indexOf(spec.orderBy.label)
    : -1;
  if (spec.orderBy && byLabel < 0)
    invalid('orderBy.label', `${spec.orderBy.label} is not a column of the chart`);
  const keys: string[] = [];
  let first = -1;
  if (byLabel >= 0) {
    const id = byLabel < dims.length ? `d${byLabel}` : `m${byLabel - dims.length}`;
    keys.push(`${id} ${spec.orderBy?.desc ? 'desc' : 'asc'} nulls last`);
    if (byLabel < dims.length) first = byLabel;
  } else if (dims[0]?.type === 'time') {
    keys.push('d0 asc nulls last');
    first = 0;
  } else if (dims.length) {
    keys.push('m0 desc nulls last');
  }
  dims.forEach((_, i) => {
    if (i !== first) keys.push(`d${i} asc nulls last`);
  });
  return keys.length ? keys.join(', ') : '1';
}

/** An aggregate chart: dimensions (time bucket first), then one column per metric. */
function aggregate(dataset: Dataset, spec: ChartSpec, ctx: ChartContext): CompiledChart {
  const layout = chartBuckets(spec, ctx);
  const dims = dimensionsOf(dataset, spec, layout);
  const metrics = spec.metrics.length
    ? spec.metrics
    : [{ aggregate: 'COUNT' as const, label: 'count' }];
  // Grouped by the row's key (a table of calls): one row a group, read without grouping, so a
  // top-N is an ordered scan, not an aggregation of every call in the window.
  const perRow =
    dataset.key !== undefined &&
    spec.groupby.includes(dataset.key) &&
    dims.every((d) => !d.from && !d.group);
  const labels = new Set<string>();
  const metricSqls = metrics.map((m, i) => {
    if (labels.has(m.label) || dims.some((d) => d.name === m.label))
      invalid(`metrics.${i}.label`, `${m.label} names two columns`);
    labels.add(m.label);
    return metricSql(dataset, m, `metrics.${i}`, perRow);
  });
  const selects = [
    ...dims.map((d, i) => sql`${d.select} as ${sql.identifier(`d${i}`)}`),
    ...metricSqls.map((m, i) => sql`${m} as ${sql.identifier(`m${i}`)}`),
  ];
  const groupBy = dims.length && !perRow ? sql` group by ${groupKeys(dims)}` : sql``;
  const order = sql.raw(
    chartOrder(
      spec,
      dims.map((d) => ({ name: d.name, type: d.type })),
      metrics,
    ),
  );
  return {
    columns: [
      ...dims.map((d) => ({ name: d.name, label: d.label, type: d.type })),
      ...metrics.map((m) => ({ name: m.label, label: m.label, type: 'number' as const })),
    ],
    query: sql`select ${sql.join(selects, sql`, `)} from ${fromOf(dataset, dims)} where ${whereOf(dataset, spec, ctx)}${groupBy} order by ${order} limit ${spec.rowLimit + 1}`,
    ...(layout ? { intervalMs: layout.intervalMs } : {}),
  };
}

/**
 * A histogram's candidate bin widths, finest first: 1, 2, 2.5 and 5 times a power of ten, each
 * as m / p with p a power of ten (1 below 1), so that an edge (i × m) / p is the double nearest
 * its decimal (1.2, never 1.2000000000000002) on both stores.
 */
export const HISTOGRAM_STEPS: readonly { m: number; p: number }[] = Array.from(
  { length: 19 },
  (_, i) => i - 6,
).flatMap((e) =>
  [1, 2, 2.5, 5].map((m) => (e < 0 ? { m, p: 10 ** -e } : { m: m * 10 ** e, p: 1 })),
);

/** A float8[] literal of numbers we wrote (never a caller's value). */
const float8s = (values: readonly number[]) => sql.raw(`'{${values.join(',')}}'::float8[]`);

/**
 * A histogram with round edges in the column's unit (issue 34): the finest width of
 * HISTOGRAM_STEPS giving at most `bins` bins over [min, max] (the first edge the width's multiple
 * at or below min, the last bin closed at max); one value alone gets a bin about a bins-th of
 * itself. Only bins holding values are answered.
 */
function histogram(dataset: Dataset, spec: ChartSpec, ctx: ChartContext): CompiledChart {
  if (!spec.histogram) invalid('histogram', 'A histogram needs a column and a number of bins');
  const { bins } = spec.histogram;
  const column = columnOf(dataset, spec.histogram.column, 'histogram.column');
  if (column.type !== 'number') invalid('histogram.column', 'A histogram needs a number column');
  const e = sql`(${column.expr})::float8`;
  const where = whereOf(dataset, spec, ctx, sql`${column.expr} is not null`);
  const n = sql`greatest(1, ceil(b.hi * c.p / c.m) - floor(b.lo * c.p / c.m))`;
  const least = sql`(case when b.hi > b.lo then 0 else (case when b.lo = 0 then 1 else abs(b.lo) end) / ${bins}::float8 end)`;
  const fits = sql`(${n} <= ${bins} and c.m / c.p >= ${least})`;
  return {
    columns: [
      { name: 'bin_start', label: `${column.label} from`, type: 'number' },
      { name: 'bin_end', label: `${column.label} to`, type: 'number' },
      { name: 'count', label: 'Count', type: 'number' },
    ],
    query: sql`with b as (select min(${e}) as lo, max(${e}) as hi from ${sourceOf(dataset)} where ${where}),
      w as (select c.m, c.p, floor(b.lo * c.p / c.m) as i0, ${n} as n
            from b, unnest(${float8s(HISTOGRAM_STEPS.map((c) => c.m))}, ${float8s(HISTOGRAM_STEPS.map((c) => c.p))}) with ordinality as c(m, p, k)
            where b.lo is not null
            order by ${fits} desc, case when ${fits} then c.k else -c.k end limit 1),
      v as (select least(floor(${e} * w.p / w.m) - w.i0, w.n - 1) as bin from ${sourceOf(dataset)}, w where ${where})
      select (min(w.i0) + v.bin) * min(w.m) / min(w.p) as bin_start,
             (min(w.i0) + v.bin + 1) * min(w.m) / min(w.p) as bin_end,
             count(*)::float8 as count
      from v, w group by v.bin order by v.bin limit ${spec.rowLimit + 1}`,
  };
}

/** A box plot of the first metric's column per group: min, quartiles, median, max. */
function boxPlot(dataset: Dataset, spec: ChartSpec, ctx: ChartContext): CompiledChart {
  const metric = spec.metrics[0];
  if (!metric?.column) invalid('metrics', 'A box plot needs a metric with a number column');
  const column = columnOf(dataset, metric.column, 'metrics.0.column');
  if (column.type !== 'number') invalid('metrics.0.column', 'A box plot needs a number column');
  const stats: [string, SQL][] = [
    ['min', sql`min(${column.expr})::float8`],
    ['q1', sql`percentile_cont(0.25) within group (order by ${column.expr})::float8`],
    ['median', sql`percentile_cont(0.5) within group (order by ${column.expr})::float8`],
    ['q3', sql`percentile_cont(0.75) within group (order by ${column.expr})::float8`],
    ['max', sql`max(${column.expr})::float8`],
  ];
  return aggregateWith(dataset, spec, ctx, stats);
}

function aggregateWith(
  dataset: Dataset,
  spec: ChartSpec,
  ctx: ChartContext,
  stats: [string, SQL][],
): CompiledChart {
  const layout = chartBuckets(spec, ctx);
  const dims = dimensionsOf(dataset, spec, layout);
  const selects = [
    ...dims.map((d, i) => sql`${d.select} as ${sql.identifier(`d${i}`)}`),
    ...stats.map(([, s], i) => sql`${s} as ${sql.identifier(`m${i}`)}`),
  ];
  const groupBy = dims.length
    ? sql` group by ${groupKeys(dims)} order by ${sql.join(
        dims.map((_, i) => sql.identifier(`d${i}`)),
        sql`, `,
      )}`
    : sql``;
  return {
    columns: [
      ...dims.map((d) => ({ name: d.name, label: d.label, type: d.type })),
      ...stats.map(([name]) => ({ name, label: name, type: 'number' as const })),
    ],
    query: sql`select ${sql.join(selects, sql`, `)} from ${fromOf(dataset, dims)} where ${whereOf(dataset, spec, ctx)}${groupBy} limit ${spec.rowLimit + 1}`,
    ...(layout ? { intervalMs: layout.intervalMs } : {}),
  };
}

/** A filter box: the distinct values of each groupby column in the window (column, value). */
function filterBox(dataset: Dataset, spec: ChartSpec, ctx: ChartContext): CompiledChart {
  if (!spec.groupby.length) invalid('groupby', 'A filter box needs at least one column');
  const parts = spec.groupby.map((name, i) => {
    const column = columnOf(dataset, name, `groupby.${i}`);
    const value = column.type === 'tags' ? sql`tag.value` : sql`(${column.expr})::text`;
    const from =
      column.type === 'tags'
        ? sql`${sourceOf(dataset)}, unnest(${column.expr}) as tag(value)`
        : sourceOf(dataset);
    return sql`(select distinct ${name}::text as col, ${value} as value from ${from} where ${whereOf(dataset, spec, ctx, sql`${value} is not null`)} order by value limit ${spec.rowLimit + 1})`;
  });
  return {
    columns: [
      { name: 'column', label: 'Column', type: 'text' },
      { name: 'value', label: 'Value', type: 'text' },
    ],
    query: sql.join(parts, sql` union all `),
  };
}

/** Compiles a chart to one parameterised query over its dataset (columns from the registry only). */
export function compileChart(dataset: Dataset, spec: ChartSpec, ctx: ChartContext): CompiledChart {
  if (ctx.to <= ctx.from) invalid('timeRange', 'The time range must end after it starts');
  switch (spec.vizType) {
    case 'histogram':
      return histogram(dataset, spec, ctx);
    case 'box_plot':
      return boxPlot(dataset, spec, ctx);
    case 'filter_box':
      return filterBox(dataset, spec, ctx);
    default:
      return aggregate(dataset, spec, ctx);
  }
}
