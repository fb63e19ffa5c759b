/**
 * The dashboard engine's declarative charts (issue 20), in Superset's vocabulary where it fits:
 * viz_type, metrics, groupby, time grain, filters, time range, row limit. The server compiles a
 * chart to parameterised SQL over a dataset it knows (columns by name from its registry); a chart
 * never carries SQL.
 */
import { z } from 'zod';
import { isValidTimeZone } from '../explorer/zoned-time.ts';
import { MAX_MAX_DATA_POINTS, MIN_MAX_DATA_POINTS } from './time-buckets.ts';

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
  'journeys',
  'journey_spans',
  'workflow_firings',
  'heartbeat_jobs',
  'campaign_calls',
  'device_events',
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

/**
 * A time grain as a length: the least interval a chart's buckets take (Grafana's min interval,
 * issue 34); the range and the chart's width choose the bucket, never finer than this.
 */
export const TIME_GRAIN_MS: Readonly<Record<TimeGrain, number>> = {
  PT1M: 60_000,
  PT5M: 300_000,
  PT15M: 900_000,
  PT1H: 3_600_000,
  P1D: 86_400_000,
  P1W: 604_800_000,
};

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
  columns: z.array(
    z.object({
      name: z.string(),
      /** The dataset's label of the column, or the metric's. */
      label: z.string(),
      type: z.enum(['time', 'number', 'text']),
    }),
  ),
  rows: z.array(z.array(z.union([z.string(), z.number(), z.null()]))),
  /** Whether rowLimit cut the answer. */
  truncated: z.boolean(),
  /**
   * A time series' bucket length (issue 34): each __timestamp is a bucket's start, the bucket this
   * long (a day bucket across a DST change is 23 or 25 hours of the viewer's time zone).
   */
  intervalMs: z.number().int().positive().optional(),
});
export type ChartData = z.infer<typeof ChartDataSchema>;

/** A chart's place in a dashboard row: its spec and its width out of 12 columns. */
export const DashboardCellSchema = z.object({
  chart: ChartSpecSchema,
  width: z.number().int().min(1).max(12),
  /**
   * Said in the chart's place when the engine cannot draw it (an imported chart of a viz type it
   * does not render, or over a dataset we do not have); such a chart is never queried.
   */
  placeholder: z.string().optional(),
});

/** Native filters a dashboard offers (applied to every chart whose dataset has the column). */
export const NATIVE_FILTERS = ['time', 'agent', 'agent_isp'] as const;

/** A row of charts, with the heading above it (Superset's HEADER, or the tab's name). */
export const DashboardRowSchema = z.object({
  title: z.string().optional(),
  cells: z.array(DashboardCellSchema),
});
export type DashboardRow = z.output<typeof DashboardRowSchema>;

/** A tab of a dashboard (Superset's TABS → TAB): its name and its rows (issue 34). */
export const DashboardTabSchema = z.object({
  title: z.string(),
  rows: z.array(DashboardRowSchema),
});
export type DashboardTab = z.output<typeof DashboardTabSchema>;

/** A dashboard: rows of charts (Superset's position tree, flattened to rows and columns). */
export const DashboardSpecSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().optional(),
  /** The default time range: Superset-style 'Last day', 'Last week', 'Last 28 days'. */
  defaultTimeRange: z.enum(['Last day', 'Last week', 'Last 28 days']),
  nativeFilters: z.array(z.enum(NATIVE_FILTERS)),
  /** The rows outside any tab (above the tabs, when there are tabs). */
  rows: z.array(DashboardRowSchema),
  /** Tabs (an imported dashboard's TABS/TAB layout): each shown on its own, under the rows. */
  tabs: z.array(DashboardTabSchema).optional(),
  /** Said when the data it needs is not collected (e.g. Jabra devices). */
  needs: z.string().optional(),
  /** Say `needs` only while this chart has no rows in the window (the data is not collected). */
  needsUnlessChart: z.string().optional(),
  /** The filter box of the native filters: the agents and ISPs of the window, to pick from. */
  filterBox: ChartSpecSchema.optional(),
});
export type DashboardSpec = z.output<typeof DashboardSpecSchema>;

/** Every row of a dashboard: those outside tabs, then each tab's, in order. */
export function dashboardRows(spec: Pick<DashboardSpec, 'rows' | 'tabs'>): DashboardRow[] {
  return [...spec.rows, ...(spec.tabs ?? []).flatMap((t) => t.rows)];
}

export const TIME_RANGE_DAYS: Readonly<Record<DashboardSpec['defaultTimeRange'], number>> = {
  'Last day': 1,
  'Last week': 7,
  'Last 28 days': 28,
};

/** POST …/charts/{chartId}/data: the window and the dashboard's native filter values. */
export const ChartDataRequestSchema = z.strictObject({
  from: z.iso.datetime({ error: 'from must be an ISO 8601 date-time' }),
  to: z.iso.datetime({ error: 'to must be an ISO 8601 date-time' }),
  agent: z.array(z.string().max(200)).max(100).optional(),
  agentIsp: z.array(z.string().max(200)).max(100).optional(),
  /**
   * The most buckets a time series may have: the chart's width over the pixels a point needs
   * (issue 34). Without it, DEFAULT_MAX_DATA_POINTS.
   */
  maxDataPoints: z
    .number({ error: 'maxDataPoints must be a whole number' })
    .int({ error: 'maxDataPoints must be a whole number' })
    .min(MIN_MAX_DATA_POINTS, {
      error: `maxDataPoints must be at least ${MIN_MAX_DATA_POINTS}`,
    })
    .max(MAX_MAX_DATA_POINTS, {
      error: `maxDataPoints must be at most ${MAX_MAX_DATA_POINTS}`,
    })
    .optional(),
  /** The viewer's IANA time zone: day and week buckets start at its midnights. Without it, UTC. */
  timeZone: z
    .string()
    .max(64, { error: 'timeZone must be an IANA time zone such as Europe/London' })
    .refine(isValidTimeZone, { error: 'timeZone must be an IANA time zone such as Europe/London' })
    .optional(),
});
export type ChartDataRequest = z.infer<typeof ChartDataRequestSchema>;

/**
 * POST /dataRoles/{roleId}/token/{dashboardId}: a short-lived guest token for the embed. From a
 * configured Superset (provider 'superset') it comes with where and which dashboard to embed.
 */
export const GuestTokenSchema = z.object({
  token: z.string(),
  expiresAt: z.number(),
  provider: z.enum(['builtin', 'superset']).default('builtin'),
  /** Superset's address, for the embedded SDK. */
  supersetDomain: z.string().optional(),
  /** The dashboard's embedded uuid in Superset. */
  embeddedId: z.string().optional(),
});
/** A token as the server builds it (provider may be left out: builtin). */
export type GuestToken = z.input<typeof GuestTokenSchema>;
/** A token as answered and parsed: provider filled in. */
export type GuestTokenAnswer = z.output<typeof GuestTokenSchema>;

/** GET /dashboards/{id} (spec 002 §7.4). */
export const DashboardInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  embeddedID: z.string(),
});
export type DashboardInfo = z.infer<typeof DashboardInfoSchema>;
