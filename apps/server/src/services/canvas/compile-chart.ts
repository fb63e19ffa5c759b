import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  TIME_SERIES_VIZ_TYPES,
  type ChartFilter,
  type ChartSpec,
  type Metric,
  type TimeGrain,
} from '@callsight/shared';
import type { GroupScope } from '../../db/group-scope.ts';
import { badRequest } from '../../lib/errors.ts';
import type { Dataset, DatasetColumn } from './datasets.ts';

/** What a compiled chart answers: its columns, and the query (parameters bound, no raw text). */
export interface CompiledChart {
  columns: { name: string; label: string; type: 'time' | 'number' | 'text' }[];
  query: SQL;
}

export interface ChartContext {
  scope: GroupScope;
  from: Date;
  to: Date;
  /** The dashboard's native filters (time, agent, ISP), applied with the chart's own. */
  filters?: readonly ChartFilter[];
  /** The team's row-level rule on this dataset (null: none); ANDed into every query. */
  rowFilter?: SQL | null;
}

/** The name a time series' bucket goes by, as in Superset's chart data API. */
export const TIMESTAMP_COLUMN = '__timestamp';

/**
 * Buckets are UTC and start on a Monday for weeks; date_bin from a Monday at midnight UTC gives
 * all of them (several times cheaper than date_trunc with a time zone over a million rows).
 */
const ORIGIN = sql.raw(`timestamptz '2000-01-03 00:00:00+00'`);
const bin = (width: string) => (t: SQL | AnyPgColumn) =>
  sql`date_bin(${sql.raw(`'${width}'`)}, ${t}, ${ORIGIN})`;
const GRAIN_SQL: Record<TimeGrain, (t: SQL | AnyPgColumn) => SQL> = {
  PT1M: bin('1 minute'),
  PT5M: bin('5 minutes'),
  PT15M: bin('15 minutes'),
  PT1H: bin('1 hour'),
  P1D: bin('1 day'),
  P1W: bin('7 days'),
};

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

function dimensionsOf(dataset: Dataset, spec: ChartSpec): Dimension[] {
  const dims: Dimension[] = [];
  const timeSeries = TIME_SERIES_VIZ_TYPES.includes(spec.vizType) || spec.vizType === 'heatmap';
  if (spec.timeGrain || TIME_SERIES_VIZ_TYPES.includes(spec.vizType)) {
    const bucket = GRAIN_SQL[spec.timeGrain ?? 'PT1H'](dataset.time);
    dims.push({
      name: TIMESTAMP_COLUMN,
      label: 'Time',
      type: 'time',
      // Grouped by the bucket; its milliseconds are computed once per bucket, not per row.
      select: ms(bucket),
      group: bucket,
    });
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
  const dims = dimensionsOf(dataset, spec);
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
  };
}

/** A histogram: equal-width bins between the lowest and highest value in the window. */
function histogram(dataset: Dataset, spec: ChartSpec, ctx: ChartContext): CompiledChart {
  if (!spec.histogram) invalid('histogram', 'A histogram needs a column and a number of bins');
  const { bins } = spec.histogram;
  const column = columnOf(dataset, spec.histogram.column, 'histogram.column');
  if (column.type !== 'number') invalid('histogram.column', 'A histogram needs a number column');
  const e = sql`(${column.expr})::float8`;
  const where = whereOf(dataset, spec, ctx, sql`${column.expr} is not null`);
  const width = sql`nullif((b.hi - b.lo) / ${bins}::float8, 0)`;
  return {
    columns: [
      { name: 'bin_start', label: `${column.label} from`, type: 'number' },
      { name: 'bin_end', label: `${column.label} to`, type: 'number' },
      { name: 'count', label: 'Count', type: 'number' },
    ],
    query: sql`with b as (select min(${e}) as lo, max(${e}) as hi from ${sourceOf(dataset)} where ${where}),
      v as (select least(coalesce(floor((${e} - b.lo) / ${width}), 0), ${bins - 1}::int)::int as bin,
                   b.lo, b.hi from ${sourceOf(dataset)}, b where ${where})
      select min(v.lo) + v.bin * (min(v.hi) - min(v.lo)) / ${bins}::float8 as bin_start,
             min(v.lo) + (v.bin + 1) * (min(v.hi) - min(v.lo)) / ${bins}::float8 as bin_end,
             count(*)::float8 as count
      from v group by v.bin order by v.bin limit ${spec.rowLimit + 1}`,
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
  const dims = dimensionsOf(dataset, spec);
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
