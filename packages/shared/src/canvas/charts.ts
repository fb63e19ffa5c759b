/**
 * The dashboard engine's declarative charts (issue 20), in Superset's vocabulary where it fits:
 * viz_type, metrics, groupby, time grain, filters, time range, row limit. The server compiles a
 * chart to parameterised SQL over a dataset it knows (columns by name from its registry); a chart
 * never carries SQL.
 */
import { z } from 'zod';

export const VIZ_TYPES = [
  'table',
  'big_number_total',
  'echarts_timeseries_line',
  'echarts_timeseries_bar',
  'echarts_area',
  'pie',
  'gauge_chart',
  'heatmap',
  'histogram',
  'box_plot',
  'filter_box',
] as const;
export type VizType = (typeof VIZ_TYPES)[number];

/** Viz types whose x axis is time (they need a time grain). */
export const TIME_SERIES_VIZ_TYPES: readonly VizType[] = [
  'echarts_timeseries_line',
  'echarts_timeseries_bar',
  'echarts_area',
];

export const DATASET_IDS = [
  'calls',
  'call_seconds',
  'softphone_logs',
  'journey_spans',
  'workflow_firings',
  'heartbeat_jobs',
  'campaign_calls',
] as const;
export type DatasetId = (typeof DATASET_IDS)[number];

export const AGGREGATES = [
  'COUNT',
  'COUNT_DISTINCT',
  'SUM',
  'AVG',
  'MIN',
  'MAX',
  'P50',
  'P95',
] as const;
export type Aggregate = (typeof AGGREGATES)[number];

/** Superset's time grains (ISO 8601 durations). */
export const TIME_GRAINS = ['PT1M', 'PT5M', 'PT15M', 'PT1H', 'P1D', 'P1W'] as const;
export type TimeGrain = (typeof TIME_GRAINS)[number];

export const CHART_FILTER_OPERATORS = [
  '==',
  '!=',
  '>',
  '>=',
  '<',
  '<=',
  'IN',
  'NOT IN',
  'STARTS WITH',
  'IS NULL',
  'IS NOT NULL',
] as const;
export type ChartFilterOperator = (typeof CHART_FILTER_OPERATORS)[number];

/** A column name of a dataset: a plain identifier, looked up in the server's registry. */
const columnName = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,62}$/, 'must be a column name of the dataset');

export const MetricSchema = z.object({
  aggregate: z.enum(AGGREGATES),
  /** Absent for COUNT (rows). */
  column: columnName.optional(),
  label: z.string().min(1).max(100),
});
export type Metric = z.infer<typeof MetricSchema>;

const filterValue = z.union([z.string().max(500), z.number(), z.boolean()]);

export const ChartFilterSchema = z.object({
  column: columnName,
  operator: z.enum(CHART_FILTER_OPERATORS),
  value: z.union([filterValue, z.array(filterValue).max(500)]).optional(),
});
export type ChartFilter = z.infer<typeof ChartFilterSchema>;

export const ChartSpecSchema = z.object({
  id: z.string().min(1).max(100),
  title: z.string().min(1).max(200),
  vizType: z.enum(VIZ_TYPES),
  datasetId: z.enum(DATASET_IDS),
  metrics: z.array(MetricSchema).max(10).default([]),
  groupby: z.array(columnName).max(5).default([]),
  timeGrain: z.enum(TIME_GRAINS).optional(),
  filters: z.array(ChartFilterSchema).max(20).default([]),
  /** For histograms: the column whose values are binned, and the number of bins. */
  histogram: z.object({ column: columnName, bins: z.number().int().min(2).max(100) }).optional(),
  orderBy: z.object({ label: z.string(), desc: z.boolean() }).optional(),
  rowLimit: z.number().int().min(1).max(10_000).default(1000),
  /** Text under the title. */
  description: z.string().max(500).optional(),
  /** Shown for big numbers and gauges: the unit of the value ("ms", "%"). */
  unit: z.string().max(10).optional(),
});
export type ChartSpec = z.output<typeof ChartSpecSchema>;
export type ChartSpecInput = z.input<typeof ChartSpecSchema>;

/** A chart query's answer: the columns and rows, as Superset's chart data API answers. */
export const ChartDataSchema = z.object({
  chartId: z.string(),
  columns: z.array(z.object({ name: z.string(), type: z.enum(['time', 'number', 'text']) })),
  rows: z.array(z.array(z.union([z.string(), z.number(), z.null()]))),
  /** Whether rowLimit cut the answer. */
  truncated: z.boolean(),
});
export type ChartData = z.infer<typeof ChartDataSchema>;
