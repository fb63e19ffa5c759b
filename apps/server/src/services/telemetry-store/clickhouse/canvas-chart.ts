import {
  TIME_SERIES_VIZ_TYPES,
  type BucketLayout,
  type ChartData,
  type ChartFilter,
  type ChartSpec,
  type Metric,
  type TeamCondition,
} from '@callsight/shared';
import { chTime } from '../../../db/clickhouse/client.ts';
import { GROUP_PREDICATE, type ClickHouseGroupScope } from '../../../db/clickhouse/group-scope.ts';
import {
  chartBuckets,
  chartOrder,
  columnOf,
  HISTOGRAM_STEPS,
  invalid,
  scalar,
  TIMESTAMP_COLUMN,
} from '../../canvas/compile-chart.ts';
import { DATASETS, type Dataset, type DatasetColumn } from '../../canvas/datasets.ts';
import { chartDataOf, type CanvasChartContext } from '../../canvas/run-chart.ts';
import {
  AI_TEXTS,
  AI_TRACE_IDS,
  ChParams,
  CLICKHOUSE_DATASETS,
  type ChDataset,
} from './canvas-datasets.ts';

/*
 * The chart compiler's ClickHouse dialect (decision CH31): the same ChartSpec, checked by the same
 * code (columnOf, scalar, chartOrder: the same 400s), compiled to ClickHouse SQL whose values are
 * all server-bound parameters, answering what compile-chart.ts's PostgreSQL answers.
 */

/** date_part('epoch', t) * 1000 as PostgreSQL computes it: microseconds / 1e6, then * 1000. */
const msOf = (time: string) => `(toFloat64(toUnixTimestamp64Micro(${time})) / 1000000 * 1000)`;

const TIME_TYPE = "DateTime64(3, 'UTC')";

/**
 * A chart's context on ClickHouse: the canvas's window, filters and AI summaries, and the team's
 * rules of the caller's CallScope (the store's canvasChart takes them from its scope argument).
 */
export type ClickHouseChartContext = Omit<CanvasChartContext, 'rules'> & {
  rules: readonly TeamCondition[];
};

interface Compiled {
  columns: ChartData['columns'];
  sql: string;
  params: ChParams;
  /** A time series' bucket length (the answer's intervalMs). */
  intervalMs?: number;
}

/** One chart's dataset in both registries: column types and labels, and ClickHouse's SQL. */
class Source {
  readonly p = new ChParams();
  readonly from: string;
  readonly to: string;
  constructor(
    readonly meta: Dataset,
    readonly ch: ChDataset,
    readonly ctx: ClickHouseChartContext,
  ) {
    this.from = this.p.add(TIME_TYPE, chTime(ctx.from.getTime()));
    this.to = this.p.add(TIME_TYPE, chTime(ctx.to.getTime()));
    if (ctx.aiSummaries) {
      this.p.values.ai_trace_ids = ctx.aiSummaries.traceIds;
      this.p.values.ai_texts = ctx.aiSummaries.texts ?? [];
    }
  }

  column(name: string, field: string): { column: DatasetColumn; expr: string } {
    const column = columnOf(this.meta, name, field);
    const expr = this.ch.columns[name];
    if (expr === undefined) throw new Error(`${name} has no ClickHouse expression`);
    return { column, expr };
  }

  /**
   * A row's bucket start in epoch milliseconds, by the layout PostgreSQL's compiler uses:
   * equal-length buckets counted from the first one's start (date_bin), day buckets across a DST
   * change by the row's local day (the last local midnight at or before it, width_bucket's pick).
   */
  bucket(layout: BucketLayout, time: string): string {
    const first = layout.startsMs[0] ?? 0;
    if (layout.uniform)
      return `toFloat64(${first} + intDiv(toUnixTimestamp64Milli(${time}) - ${first}, ${layout.intervalMs}) * ${layout.intervalMs})`;
    const days = layout.days;
    if (!days) throw new Error('only day buckets vary in length');
    const starts = this.p.add('Array(Float64)', layout.startsMs);
    const day = `toInt32(toDate32(${time}, ${this.p.add('String', layout.timeZone)}))`;
    return `arrayElement(${starts}, toUInt32(intDiv(${day} - ${days.first}, ${days.step}) + 1))`;
  }

  /** The FROM, with an ARRAY JOIN of a tags column when a dimension is its tags. */
  fromClause(arrayJoin?: string): string {
    const source = this.ch.source(this.from, this.to);
    return arrayJoin ? `${source} ARRAY JOIN ${arrayJoin} AS tag` : source;
  }

  /** The group's rows of the window, through every filter and the team's rule. */
  where(spec: ChartSpec, extra?: string): string {
    const conds = [
      GROUP_PREDICATE,
      `${this.ch.time} >= ${this.from}`,
      `${this.ch.time} < ${this.to}`,
      ...spec.filters.map((f, i) => this.filter(f, `filters.${i}`)),
      ...(this.ctx.filters ?? [])
        .filter((f) => Object.hasOwn(this.meta.columns, f.column))
        .map((f, i) => this.filter(f, `nativeFilters.${i}`)),
    ];
    if (this.ch.defaultFilter) conds.push(this.ch.defaultFilter);
    const rule = this.ch.rowFilter(this.ctx.rules, this.p);
    if (rule) conds.push(rule);
    if (extra) conds.push(extra);
    return conds.join(' AND ');
  }

  private filter(f: ChartFilter, field: string): string {
    const { column, expr } = this.column(f.column, `${field}.column`);
    if (f.operator === 'IS NULL') return `isNull(${expr})`;
    if (f.operator === 'IS NOT NULL') return `isNotNull(${expr})`;
    const valueField = `${field}.value`;
    if (f.value === undefined) invalid(valueField, `${f.operator} needs a value`);
    const list = Array.isArray(f.value) ? f.value : [f.value];
    const values = list.map((v) => scalar(column, v, valueField));
    const type =
      column.type === 'number' ? 'Float64' : column.type === 'time' ? TIME_TYPE : 'String';
    const bind = (v: string | number) =>
      column.type === 'time' ? chTime(Date.parse(String(v))) : v;
    const one = () => {
      if (values.length !== 1) invalid(valueField, `${f.operator} takes one value`);
      return this.p.add(type, bind(values[0] as string | number));
    };
    const array = () => this.p.add(`Array(${type})`, values.map(bind));
    if (column.type === 'tags') {
      if (f.operator === '==') return `has(${expr}, ${one()})`;
      if (f.operator === '!=') return `NOT has(${expr}, ${one()})`;
      if (f.operator === 'IN') return `hasAny(${expr}, ${array()})`;
      if (f.operator === 'NOT IN') return `NOT hasAny(${expr}, ${array()})`;
      invalid(`${field}.operator`, `${f.operator} does not apply to a list of tags`);
    }
    // Compared as float64, as PostgreSQL compares a real or an integer with a float8 value.
    const e = column.type === 'number' ? `toFloat64(${expr})` : expr;
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
        if (column.type !== 'text') invalid(`${field}.operator`, 'STARTS WITH needs a text column');
        return `startsWith(${e}, ${one()})`;
    }
  }
}

interface Dimension {
  name: string;
  label: string;
  type: 'time' | 'number' | 'text';
  select: string;
  /** The tags column this dimension ARRAY JOINs (its values as `tag`). */
  arrayJoin?: string;
  bucket?: boolean;
}

function dimensionsOf(src: Source, spec: ChartSpec, layout: BucketLayout | null): Dimension[] {
  const dims: Dimension[] = [];
  const timeSeries = TIME_SERIES_VIZ_TYPES.includes(spec.vizType) || spec.vizType === 'heatmap';
  if (layout) {
    dims.push({
      name: TIMESTAMP_COLUMN,
      label: 'Time',
      type: 'time',
      select: src.bucket(layout, src.ch.time),
      bucket: true,
    });
  } else if (timeSeries && spec.groupby.length < 2) {
    invalid('groupby', 'A heatmap needs a time grain or two groupby columns');
  }
  spec.groupby.forEach((name, i) => {
    const { column, expr } = src.column(name, `groupby.${i}`);
    if (column.type === 'tags')
      dims.push({ name, label: column.label, type: 'text', select: 'tag', arrayJoin: expr });
    else if (column.type === 'time')
      dims.push({ name, label: column.label, type: 'time', select: msOf(expr) });
    else
      dims.push({
        name,
        label: column.label,
        type: column.type,
        select: column.type === 'number' ? `toFloat64(${expr})` : expr,
      });
  });
  return dims;
}

const arrayJoinOf = (dims: readonly Dimension[]) => dims.find((d) => d.arrayJoin)?.arrayJoin;

function metricSql(src: Source, m: Metric, field: string, perRow: boolean): string {
  if (m.aggregate === 'COUNT' && !m.column) return perRow ? 'toFloat64(1)' : 'toFloat64(count())';
  if (!m.column) invalid(field, `${m.aggregate} needs a column`);
  const { column, expr } = src.column(m.column, field);
  const counted = `toFloat64(if(isNull(${expr}), 0, 1))`;
  if (m.aggregate === 'COUNT') return perRow ? counted : `toFloat64(count(${expr}))`;
  if (m.aggregate === 'COUNT_DISTINCT') return perRow ? counted : `toFloat64(uniqExact(${expr}))`;
  if (column.type !== 'number')
    invalid(field, `${m.aggregate} needs a number column; ${m.column} is not one`);
  const x = `toFloat64(${expr})`;
  if (perRow) return x;
  // -OrNull: no value (an empty window, only NULLs) is NULL, as PostgreSQL's aggregates answer.
  switch (m.aggregate) {
    case 'SUM':
      return `sumOrNull(${x})`;
    case 'AVG':
      return `avgOrNull(${x})`;
    case 'MIN':
      return `minOrNull(${x})`;
    case 'MAX':
      return `maxOrNull(${x})`;
    case 'P50':
      return `quantileExactInclusiveOrNull(0.5)(${x})`;
    case 'P95':
      return `quantileExactInclusiveOrNull(0.95)(${x})`;
  }
}

function aggregate(src: Source, spec: ChartSpec): Compiled {
  const layout = chartBuckets(spec, src.ctx);
  const dims = dimensionsOf(src, spec, layout);
  const metrics = spec.metrics.length
    ? spec.metrics
    : [{ aggregate: 'COUNT' as const, label: 'count' }];
  const perRow =
    src.meta.key !== undefined &&
    spec.groupby.includes(src.meta.key) &&
    dims.every((d) => !d.arrayJoin && !d.bucket);
  const labels = new Set<string>();
  const metricSqls = metrics.map((m, i) => {
    if (labels.has(m.label) || dims.some((d) => d.name === m.label))
      invalid(`metrics.${i}.label`, `${m.label} names two columns`);
    labels.add(m.label);
    return metricSql(src, m, `metrics.${i}`, perRow);
  });
  const selects = [
    ...dims.map((d, i) => `${d.select} AS d${i}`),
    ...metricSqls.map((m, i) => `${m} AS m${i}`),
  ];
  const groupBy =
    dims.length && !perRow ? ` GROUP BY ${dims.map((_, i) => `d${i}`).join(', ')}` : '';
  const order = chartOrder(spec, dims, metrics);
  return {
    columns: [
      ...dims.map((d) => ({ name: d.name, label: d.label, type: d.type })),
      ...metrics.map((m) => ({ name: m.label, label: m.label, type: 'number' as const })),
    ],
    sql: `SELECT ${selects.join(', ')} FROM ${src.fromClause(arrayJoinOf(dims))} WHERE ${src.where(spec)}${groupBy} ORDER BY ${order} LIMIT ${spec.rowLimit + 1}`,
    params: src.p,
    ...(layout ? { intervalMs: layout.intervalMs } : {}),
  };
}

/** compile-chart.ts's histogram: the same widths and edges, in the same float64 operations. */
function histogram(src: Source, spec: ChartSpec): Compiled {
  if (!spec.histogram) invalid('histogram', 'A histogram needs a column and a number of bins');
  const { column, expr } = src.column(spec.histogram.column, 'histogram.column');
  if (column.type !== 'number') invalid('histogram.column', 'A histogram needs a number column');
  const bins = src.p.add('Float64', spec.histogram.bins);
  const ms = src.p.add(
    'Array(Float64)',
    HISTOGRAM_STEPS.map((c) => c.m),
  );
  const ps = src.p.add(
    'Array(Float64)',
    HISTOGRAM_STEPS.map((c) => c.p),
  );
  const x = `toFloat64(${expr})`;
  const where = src.where(spec, `isNotNull(${expr})`);
  const from = src.fromClause();
  const least = `if(b.hi > b.lo, 0, if(b.lo = 0, 1, abs(b.lo)) / ${bins})`;
  const width = `SELECT c.2 AS m, c.3 AS p, floor(b.lo * p / m) AS i0,
        greatest(1, ceil(b.hi * p / m) - floor(b.lo * p / m)) AS n,
        (n <= ${bins} AND m / p >= ${least}) AS fits, toInt64(c.1) AS k
      FROM (SELECT min(${x}) AS lo, max(${x}) AS hi, count() AS cnt FROM ${from} WHERE ${where}) AS b
      ARRAY JOIN arrayZip(range(1, length(${ms}) + 1), ${ms}, ${ps}) AS c
      WHERE b.cnt > 0
      ORDER BY fits DESC, if(fits, k, -k) LIMIT 1`;
  return {
    columns: [
      { name: 'bin_start', label: `${column.label} from`, type: 'number' },
      { name: 'bin_end', label: `${column.label} to`, type: 'number' },
      { name: 'count', label: 'Count', type: 'number' },
    ],
    sql: `SELECT (any(i0) + bin) * any(m) / any(p) AS bin_start,
        (any(i0) + bin + 1) * any(m) / any(p) AS bin_end,
        toFloat64(count()) AS count
      FROM (SELECT least(floor(v.x * w.p / w.m) - w.i0, w.n - 1) AS bin, w.i0 AS i0, w.m AS m, w.p AS p
            FROM (SELECT ${x} AS x FROM ${from} WHERE ${where}) AS v
            CROSS JOIN (${width}) AS w)
      GROUP BY bin ORDER BY bin LIMIT ${spec.rowLimit + 1}`,
    params: src.p,
  };
}

function boxPlot(src: Source, spec: ChartSpec): Compiled {
  const metric = spec.metrics[0];
  if (!metric?.column) invalid('metrics', 'A box plot needs a metric with a number column');
  const { column, expr } = src.column(metric.column, 'metrics.0.column');
  if (column.type !== 'number') invalid('metrics.0.column', 'A box plot needs a number column');
  const x = `toFloat64(${expr})`;
  const stats: [string, string][] = [
    ['min', `minOrNull(${x})`],
    ['q1', `quantileExactInclusiveOrNull(0.25)(${x})`],
    ['median', `quantileExactInclusiveOrNull(0.5)(${x})`],
    ['q3', `quantileExactInclusiveOrNull(0.75)(${x})`],
    ['max', `maxOrNull(${x})`],
  ];
  const layout = chartBuckets(spec, src.ctx);
  const dims = dimensionsOf(src, spec, layout);
  const selects = [
    ...dims.map((d, i) => `${d.select} AS d${i}`),
    ...stats.map(([, s], i) => `${s} AS m${i}`),
  ];
  const keys = dims.map((_, i) => `d${i}`);
  const groupBy = dims.length
    ? ` GROUP BY ${keys.join(', ')} ORDER BY ${keys.map((k) => `${k} ASC NULLS LAST`).join(', ')}`
    : '';
  return {
    columns: [
      ...dims.map((d) => ({ name: d.name, label: d.label, type: d.type })),
      ...stats.map(([name]) => ({ name, label: name, type: 'number' as const })),
    ],
    sql: `SELECT ${selects.join(', ')} FROM ${src.fromClause(arrayJoinOf(dims))} WHERE ${src.where(spec)}${groupBy} LIMIT ${spec.rowLimit + 1}`,
    params: src.p,
    ...(layout ? { intervalMs: layout.intervalMs } : {}),
  };
}

function filterBox(src: Source, spec: ChartSpec): Compiled {
  if (!spec.groupby.length) invalid('groupby', 'A filter box needs at least one column');
  const parts = spec.groupby.map((name, i) => {
    const { column, expr } = src.column(name, `groupby.${i}`);
    const tags = column.type === 'tags';
    const value = tags ? 'tag' : `toString(${expr})`;
    const from = src.fromClause(tags ? expr : undefined);
    const where = src.where(spec, `isNotNull(${value})`);
    return `SELECT ${i} AS idx, ${src.p.add('String', name)} AS col, value FROM (SELECT DISTINCT ${value} AS value FROM ${from} WHERE ${where} ORDER BY value LIMIT ${spec.rowLimit + 1})`;
  });
  return {
    columns: [
      { name: 'column', label: 'Column', type: 'text' },
      { name: 'value', label: 'Value', type: 'text' },
    ],
    sql: `SELECT col, value FROM (${parts.join(' UNION ALL ')}) ORDER BY idx, value`,
    params: src.p,
  };
}

/** Compiles a chart over a dataset the ClickHouse store holds to one parameterised query. */
export function compileClickHouseChart(spec: ChartSpec, ctx: ClickHouseChartContext): Compiled {
  const ch = CLICKHOUSE_DATASETS[spec.datasetId];
  if (!ch) throw new Error(`the ${spec.datasetId} dataset is not in ClickHouse`);
  if (ctx.to <= ctx.from) invalid('timeRange', 'The time range must end after it starts');
  const src = new Source(DATASETS[spec.datasetId], ch, ctx);
  const compiled =
    spec.vizType === 'histogram'
      ? histogram(src, spec)
      : spec.vizType === 'box_plot'
        ? boxPlot(src, spec)
        : spec.vizType === 'filter_box'
          ? filterBox(src, spec)
          : aggregate(src, spec);
  // AI summaries live in PostgreSQL: the caller (runCanvasChart) reads those the chart names.
  const needsTexts = compiled.sql.includes(AI_TEXTS);
  if (
    (compiled.sql.includes(AI_TRACE_IDS) && !ctx.aiSummaries) ||
    (needsTexts && !ctx.aiSummaries?.texts)
  )
    throw new Error(`chart ${spec.id} names AI-summary columns but was given no summaries`);
  return compiled;
}

/**
 * Runs a chart on ClickHouse for the scope's group under the team's `rules` (the caller's
 * CallScope's: none, every row of the group): the same columns and rows as PostgreSQL's.
 */
export async function runClickHouseChart(
  scope: ClickHouseGroupScope,
  rules: readonly TeamCondition[],
  spec: ChartSpec,
  ctx: Omit<CanvasChartContext, 'rules'>,
): Promise<ChartData> {
  const compiled = compileClickHouseChart(spec, { ...ctx, rules });
  const raw = await scope.query<Record<string, unknown>>(compiled.sql, compiled.params.values);
  return chartDataOf(spec, compiled.columns, raw, compiled.intervalMs);
}
