import {
  AGGREGATES,
  ChartFilterSchema,
  ChartSpecSchema,
  DATASET_IDS,
  DashboardSpecSchema,
  TIME_GRAINS,
  type Aggregate,
  type ChartFilter,
  type ChartFilterOperator,
  type ChartSpec,
  type DashboardSpec,
  type DatasetId,
  type DatasetMappings,
  type Metric,
  type TimeGrain,
  type VizType,
} from '@callsight/shared';
import { forGroup } from '../../../db/group-scope.ts';
import { compileChart } from '../compile-chart.ts';
import { DATASETS } from '../datasets.ts';
import { FILTER_BOX_ID } from '../standard-dashboards.ts';
import {
  PositionNodeSchema,
  type PositionNode,
  type SupersetChart,
  type SupersetDashboard,
  type SupersetDatabase,
  type SupersetDataset,
  type SupersetExport,
} from './parse-export.ts';

/**
 * Superset's dashboards as our engine's (issue 21): rows from the position tree (and its top-level
 * tabs as tabs, issue 34), each chart as our ChartSpec when we can draw it over a dataset we have
 * or one the import's dataset mapping points it at, otherwise a placeholder saying why. A chart we
 * exported ourselves carries its spec under params.callsight: that is preferred when valid, so an
 * export read back gives the same dashboards.
 */

/** Superset's viz types we draw, by Superset's name. */
export const SUPERSET_VIZ_TYPES: Readonly<Record<string, VizType>> = {
  big_number_total: 'big_number_total',
  big_number: 'big_number_total',
  table: 'table',
  echarts_timeseries_line: 'echarts_timeseries_line',
  echarts_timeseries_bar: 'echarts_timeseries_bar',
  echarts_area: 'echarts_area',
  pie: 'pie',
  gauge_chart: 'gauge_chart',
  heatmap: 'heatmap',
  heatmap_v2: 'heatmap',
  // A horizon chart is a time series per group folded into bands: drawn as its lines (issue 34).
  horizon: 'echarts_timeseries_line',
  histogram: 'histogram',
  histogram_v2: 'histogram',
  box_plot: 'box_plot',
  filter_box: 'filter_box',
};

/** Superset's adhoc filter operators we apply (TEMPORAL_RANGE is dropped: the window applies). */
const OPERATORS: Readonly<Record<string, ChartFilterOperator>> = {
  '==': '==',
  '=': '==',
  '!=': '!=',
  '<>': '!=',
  '>': '>',
  '<': '<',
  '>=': '>=',
  '<=': '<=',
  IN: 'IN',
  'NOT IN': 'NOT IN',
  'IS NULL': 'IS NULL',
  'IS NOT NULL': 'IS NOT NULL',
};

const DEFAULT_TIME_RANGE: DashboardSpec['defaultTimeRange'] = 'Last 28 days';
const DEFAULT_NATIVE_FILTERS: DashboardSpec['nativeFilters'] = ['time', 'agent', 'agent_isp'];
const CHART_ID = /^[A-Za-z0-9_-]+$/;
const MAX_DEPTH = 32;

export interface ToDashboardsOptions {
  /** Put before each dashboard's slug: its id is `${idPrefix}${slug of the title}`. */
  idPrefix: string;
  /** The import's datasets mapped to ours (issue 34), by the imported dataset's uuid. */
  datasetMappings?: DatasetMappings;
}

/** Lowercase words joined by '-' ([a-z0-9-]); `fallback` when nothing is left. */
export function slugOf(text: string, fallback = 'dashboard'): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || fallback;
}

/** Why a chart cannot be drawn (said in its place). */
class Unsupported extends Error {}

export const record = (v: unknown): Record<string, unknown> | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
export const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);

/** The dashboard-level settings we export under metadata.callsight. */
const DashboardExtrasSchema = DashboardSpecSchema.pick({
  description: true,
  defaultTimeRange: true,
  nativeFilters: true,
  needs: true,
  needsUnlessChart: true,
  filterBox: true,
});

/** The filter box of an imported dashboard: its agents and ISPs, as our standard dashboards'. */
function defaultFilterBox(): ChartSpec {
  return ChartSpecSchema.parse({
    id: FILTER_BOX_ID,
    title: 'Filters',
    vizType: 'filter_box',
    datasetId: 'calls',
    groupby: ['agent', 'agent_isp'],
    rowLimit: 500,
  });
}

/** A scope for compiling a chart to check it (never run: no database). */
const CHECK_SCOPE = forGroup(undefined as never, '00000000-0000-0000-0000-000000000000');

/** Throws Unsupported when our engine would refuse the chart. */
function checkCompiles(spec: ChartSpec): void {
  try {
    compileChart(DATASETS[spec.datasetId], spec, {
      scope: CHECK_SCOPE,
      from: new Date(0),
      to: new Date(86_400_000),
    });
  } catch (error) {
    throw new Unsupported(
      `Callsight cannot draw this chart: ${error instanceof Error ? error.message : String(error)}.`,
    );
  }
}

interface Lookup {
  datasets: Map<string, SupersetDataset>;
  databases: Map<string, SupersetDatabase>;
  mappings: DatasetMappings;
}

/** An imported column's name as our dataset's: through the mapping (unmapped: unchanged). */
type Rename = (name: string) => string;
const asIs: Rename = (name) => name;

/** The mapping's column for a name: its own entry, else one differing only in case. */
function renameThrough(columns: Readonly<Record<string, string>>): Rename {
  const folded = new Map(Object.entries(columns).map(([k, v]) => [k.toLowerCase(), v]));
  return (name) =>
    (Object.hasOwn(columns, name) ? columns[name] : folded.get(name.toLowerCase())) ?? name;
}

/** The columns a spec names (metrics, groupby, filters, histogram, order). */
function columnsOf(spec: ChartSpec): string[] {
  return [
    ...spec.metrics.flatMap((m) => (m.column ? [m.column] : [])),
    ...spec.groupby,
    ...spec.filters.map((f) => f.column),
    ...(spec.histogram ? [spec.histogram.column] : []),
  ];
}

function checkColumns(spec: ChartSpec): void {
  const dataset = DATASETS[spec.datasetId];
  for (const name of columnsOf(spec))
    if (!Object.hasOwn(dataset.columns, name))
      throw new Unsupported(
        `This chart reads the column ${name}, which the ${spec.datasetId} dataset does not have.`,
      );
}

const SQL_COL = '"?([A-Za-z_][A-Za-z0-9_]*)"?';
const SQL_METRICS: { re: RegExp; aggregate: (m: RegExpMatchArray) => Aggregate }[] = [
  {
    re: new RegExp(`^COUNT\\(\\s*DISTINCT\\s+${SQL_COL}\\s*\\)$`, 'i'),
    aggregate: () => 'COUNT_DISTINCT',
  },
  {
    re: new RegExp(`^(SUM|AVG|MIN|MAX|COUNT)\\(\\s*${SQL_COL}\\s*\\)$`, 'i'),
    aggregate: (m) => (m[1] ?? '').toUpperCase() as Aggregate,
  },
];
const SQL_PERCENTILE = new RegExp(
  `^PERCENTILE_CONT\\(\\s*(0?\\.50*|0?\\.950*)\\s*\\)\\s+WITHIN\\s+GROUP\\s*\\(\\s*ORDER\\s+BY\\s+${SQL_COL}\\s*\\)$`,
  'i',
);

/** A metric's SQL expression as our aggregate and column, when it is one of the simple forms. */
export function metricOfSql(expression: string, label: string): Metric | null {
  const e = expression.trim();
  if (/^COUNT\(\s*\*\s*\)$/i.test(e) || /^COUNT\(\s*1\s*\)$/i.test(e))
    return { aggregate: 'COUNT', label };
  const p = SQL_PERCENTILE.exec(e);
  if (p?.[2])
    return { aggregate: Number(p[1]) === 0.5 ? 'P50' : 'P95', column: p[2].toLowerCase(), label };
  for (const { re, aggregate } of SQL_METRICS) {
    const m = re.exec(e);
    const column = m?.[m.length - 1];
    if (m && column) return { aggregate: aggregate(m), column: column.toLowerCase(), label };
  }
  return null;
}

const clampLabel = (label: string) => label.slice(0, 100);

function metricOf(raw: unknown, dataset: SupersetDataset): Metric {
  if (typeof raw === 'string') {
    const saved = dataset.metrics.find((m) => m.metric_name === raw);
    const label = clampLabel(raw);
    const metric = saved?.expression
      ? metricOfSql(saved.expression, label)
      : metricOfSql(raw, label);
    if (metric) return metric;
    if (raw.toLowerCase() === 'count') return { aggregate: 'COUNT', label };
    throw new Unsupported(`This chart uses the metric ${raw}, which Callsight cannot compute.`);
  }
  const m = record(raw);
  if (!m) throw new Unsupported('This chart has a metric Callsight cannot read.');
  const type = m['expressionType'];
  const column = text(record(m['column'])?.['column_name']);
  const aggregate = text(m['aggregate'])?.toUpperCase() ?? '';
  const label = clampLabel(
    text(m['label']) ??
      (type === 'SQL' ? String(m['sqlExpression']) : `${aggregate}(${column ?? '*'})`),
  );
  if (type === 'SQL') {
    const sqlText = text(m['sqlExpression']) ?? '';
    const metric = metricOfSql(sqlText, label);
    if (metric) return metric;
    throw new Unsupported(
      `This chart computes the metric ${label} with SQL, which Callsight does not run.`,
    );
  }
  if (!(AGGREGATES as readonly string[]).includes(aggregate) || aggregate.startsWith('P'))
    throw new Unsupported(
      `This chart uses the aggregate ${aggregate || '(none)'}, which Callsight does not compute.`,
    );
  if (!column && aggregate !== 'COUNT')
    throw new Unsupported(`This chart's metric ${label} names no column.`);
  return { aggregate: aggregate as Aggregate, ...(column ? { column } : {}), label };
}

function groupbyOf(raw: unknown): string[] {
  if (raw == null) return [];
  // heatmap_v2 names its one groupby column as a string.
  if (typeof raw === 'string') return [raw];
  if (!Array.isArray(raw)) throw new Unsupported('This chart has a groupby Callsight cannot read.');
  return raw.map((g) => {
    if (typeof g === 'string') return g;
    const o = record(g);
    const name = text(o?.['column_name']) ?? text(o?.['sqlExpression']);
    if (name && /^[A-Za-z_][A-Za-z0-9_]*$/.test(name.trim())) return name.trim();
    throw new Unsupported(
      `This chart groups by an expression (${name ?? '?'}), which Callsight does not run.`,
    );
  });
}

function filterOf(raw: unknown, rename: Rename): ChartFilter | null {
  const f = record(raw);
  if (!f) throw new Unsupported('This chart has a filter Callsight cannot read.');
  const op = (text(f['operator']) ?? '').toUpperCase();
  if (op === 'TEMPORAL_RANGE') return null;
  if (f['expressionType'] !== 'SIMPLE' || (f['clause'] && f['clause'] !== 'WHERE'))
    throw new Unsupported(
      `This chart filters with SQL (${String(f['sqlExpression'] ?? f['clause'])}), which Callsight does not run.`,
    );
  const subject = text(f['subject']);
  const column = subject ? rename(subject) : '';
  let operator = OPERATORS[op];
  let value = f['comparator'];
  if (op === 'LIKE' && typeof value === 'string' && /^[^%_]+%$/.test(value)) {
    operator = 'STARTS WITH';
    value = value.slice(0, -1);
  }
  if (!operator)
    throw new Unsupported(`This chart filters with ${op}, which Callsight does not apply.`);
  if (operator === 'IS NULL' || operator === 'IS NOT NULL') value = undefined;
  const parsed = ChartFilterSchema.safeParse({
    column,
    operator,
    ...(value != null ? { value } : {}),
  });
  if (!parsed.success)
    throw new Unsupported(
      `This chart's filter on ${column || '(no column)'} does not fit Callsight.`,
    );
  return parsed.data;
}

/**
 * The columns a chart groups by: its groupby, after its x axis when that is a column rather than
 * the time (heatmap_v2: x_axis and groupby are the heatmap's two axes).
 */
export function chartGroupby(chart: SupersetChart, dataset: SupersetDataset | undefined): string[] {
  const p = chart.params;
  const groupby = groupbyOf(p['groupby']);
  const xAxis = text(p['x_axis']);
  if (chart.viz_type !== 'heatmap_v2' || !xAxis) return groupby;
  const temporal =
    xAxis === dataset?.main_dttm_col ||
    dataset?.columns.some((c) => c.column_name === xAxis && c.is_dttm === true);
  return temporal ? groupby : [xAxis, ...groupby];
}

/** A Superset chart over one of our datasets as our ChartSpec (throws Unsupported). */
function translate(
  chart: SupersetChart,
  dataset: SupersetDataset,
  datasetId: DatasetId,
  vizType: VizType,
  id: string,
  title: string,
  rename: Rename,
): ChartSpec {
  const p = chart.params;
  const metrics = [
    ...(Array.isArray(p['metrics']) ? p['metrics'] : []),
    ...(p['metric'] != null ? [p['metric']] : []),
  ].map((m) => {
    const metric = metricOf(m, dataset);
    return metric.column ? { ...metric, column: rename(metric.column) } : metric;
  });
  const groupby = chartGroupby(chart, dataset).map(rename);
  const labels = new Set<string>();
  for (const m of metrics) {
    let label = m.label;
    for (let n = 2; labels.has(label); n++) label = clampLabel(`${m.label} (${n})`);
    m.label = label;
    labels.add(label);
  }
  const filters = (Array.isArray(p['adhoc_filters']) ? p['adhoc_filters'] : []).flatMap((f) => {
    const filter = filterOf(f, rename);
    return filter ? [filter] : [];
  });
  const grain = text(p['time_grain_sqla']);
  const timeGrain =
    grain && (TIME_GRAINS as readonly string[]).includes(grain) ? (grain as TimeGrain) : undefined;
  const rowLimit =
    typeof p['row_limit'] === 'number'
      ? Math.round(Math.min(10_000, Math.max(1, p['row_limit'])))
      : undefined;
  let histogram: ChartSpec['histogram'];
  if (vizType === 'histogram') {
    const column =
      text(p['column']) ?? (Array.isArray(p['all_columns_x']) ? text(p['all_columns_x'][0]) : null);
    if (!column) throw new Unsupported('This histogram names no column.');
    const rawBins = Number(p['bins'] ?? p['link_length'] ?? 10);
    const bins = Number.isFinite(rawBins) ? Math.round(Math.min(100, Math.max(2, rawBins))) : 10;
    histogram = { column: rename(column), bins };
  }
  const description = text(chart.description);
  const parsed = ChartSpecSchema.safeParse({
    id,
    title,
    vizType,
    datasetId,
    metrics,
    groupby,
    ...(timeGrain ? { timeGrain } : {}),
    filters,
    ...(histogram ? { histogram } : {}),
    ...(rowLimit ? { rowLimit } : {}),
    ...(description ? { description: description.slice(0, 500) } : {}),
  });
  if (!parsed.success) {
    // A column name outside our registry's form is a column we do not have.
    const spec = { metrics, groupby, filters, histogram };
    for (const name of [
      ...spec.metrics.flatMap((m) => (m.column ? [m.column] : [])),
      ...spec.groupby,
      ...spec.filters.map((f) => f.column),
      ...(spec.histogram ? [spec.histogram.column] : []),
    ])
      if (!Object.hasOwn(DATASETS[datasetId].columns, name))
        throw new Unsupported(
          `This chart reads the column ${name}, which the ${datasetId} dataset does not have.`,
        );
    const issue = parsed.error.issues[0];
    throw new Unsupported(
      `This chart's settings do not fit Callsight (${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}).`,
    );
  }
  return parsed.data;
}

/** The cell of one chart: our spec, or a dummy spec and the reason in its place. */
function cellOf(
  chart: SupersetChart,
  id: string,
  title: string,
  width: number,
  lookup: Lookup,
): DashboardSpec['rows'][number]['cells'][number] {
  const own = ChartSpecSchema.safeParse(chart.params['callsight']);
  if (own.success) {
    const spec = { ...own.data, id, title };
    try {
      checkColumns(spec);
      checkCompiles(spec);
      return { chart: spec, width };
    } catch {
      // Not ours after all (or edited): translate Superset's params instead.
    }
  }
  try {
    const vizType = Object.hasOwn(SUPERSET_VIZ_TYPES, chart.viz_type)
      ? SUPERSET_VIZ_TYPES[chart.viz_type]
      : undefined;
    // A placeholder names every reason it has, the chart's type among them (issue 21).
    const typeNote = vizType ? '' : ` Callsight does not draw ${chart.viz_type} charts.`;
    const dataset = lookup.datasets.get(chart.dataset_uuid);
    if (!dataset) throw new Unsupported(`This chart names no dataset.${typeNote}`);
    const mapping = Object.hasOwn(lookup.mappings, dataset.uuid)
      ? lookup.mappings[dataset.uuid]
      : undefined;
    if (!mapping && !(DATASET_IDS as readonly string[]).includes(dataset.table_name)) {
      const database = lookup.databases.get(dataset.database_uuid)?.database_name ?? 'unknown';
      throw new Unsupported(
        `This chart reads the dataset ${dataset.table_name} (database ${database}), which Callsight does not have.${typeNote}`,
      );
    }
    if (!vizType) throw new Unsupported(typeNote.trim());
    const datasetId = mapping ? mapping.datasetId : (dataset.table_name as DatasetId);
    const rename = mapping ? renameThrough(mapping.columns) : asIs;
    const spec = translate(chart, dataset, datasetId, vizType, id, title, rename);
    checkColumns(spec);
    checkCompiles(spec);
    return { chart: spec, width };
  } catch (error) {
    if (!(error instanceof Unsupported)) throw error;
    return {
      chart: ChartSpecSchema.parse({ id, title, vizType: 'table', datasetId: 'calls' }),
      width,
      placeholder: error.message,
    };
  }
}

interface Placed {
  chart: SupersetChart;
  title: string;
  width: number;
  preferredId: string | null;
}

interface PlacedRow {
  title?: string;
  cells: Placed[];
}

/**
 * The rows of a dashboard's position tree: ROOT_ID → GRID_ID / TABS → TAB → ROW (→ COLUMN). The
 * tabs of a TABS that no TAB holds are tabs of ours, each with its rows (issue 34); the rows
 * outside them, and the tabs nested in a tab (their names as row titles), are rows.
 */
function rowsOf(
  dashboard: SupersetDashboard,
  charts: Map<string, SupersetChart>,
): { rows: PlacedRow[]; tabs: { title: string; rows: PlacedRow[] }[] } {
  const position = dashboard.position ?? {};
  const nodes = new Map<string, PositionNode>();
  for (const [id, raw] of Object.entries(position)) {
    const node = PositionNodeSchema.safeParse(raw);
    if (node.success) nodes.set(id, node.data);
  }
  const rows: PlacedRow[] = [];
  const tabs: { title: string; rows: PlacedRow[] }[] = [];
  /** Where rows go: the dashboard's, or the tab being read. */
  let target = rows;
  let inTab = false;
  let pendingTitle: string | undefined;
  const visited = new Set<string>();

  const placed = (node: PositionNode): Placed | null => {
    const meta = node.meta ?? {};
    const chart = charts.get(String(meta['uuid']));
    if (!chart) return null;
    const title = (
      text(meta['sliceNameOverride']) ??
      text(meta['sliceName']) ??
      chart.slice_name
    ).slice(0, 200);
    const raw = Number(meta['width']);
    const width = Number.isFinite(raw) ? Math.min(12, Math.max(1, Math.round(raw))) : 4;
    const callsightId = record(chart.params['callsight'])?.['id'];
    const preferredId = typeof callsightId === 'string' ? callsightId : null;
    return { chart, title, width, preferredId };
  };

  /** The charts under a ROW (in COLUMNs too), in order. */
  const chartsUnder = (id: string, depth: number): Placed[] => {
    const node = nodes.get(id);
    if (!node || visited.has(id) || depth > MAX_DEPTH) return [];
    visited.add(id);
    if (node.type === 'CHART') {
      const p = placed(node);
      return p ? [p] : [];
    }
    return (node.children ?? []).flatMap((child) => chartsUnder(child, depth + 1));
  };

  const emit = (cells: Placed[]) => {
    let row: Placed[] = [];
    let sum = 0;
    const flush = () => {
      if (!row.length) return;
      target.push({ ...(pendingTitle ? { title: pendingTitle } : {}), cells: row });
      pendingTitle = undefined;
      row = [];
      sum = 0;
    };
    for (const cell of cells) {
      if (sum + cell.width > 12) flush();
      row.push(cell);
      sum += cell.width;
    }
    flush();
  };

  const visit = (id: string, depth: number) => {
    const node = nodes.get(id);
    if (!node || visited.has(id) || depth > MAX_DEPTH) return;
    switch (node.type) {
      case 'ROW':
      case 'COLUMN':
      case 'CHART':
        emit(chartsUnder(id, depth));
        return;
      case 'HEADER':
        visited.add(id);
        pendingTitle = text(node.meta?.['text'])?.slice(0, 200) ?? pendingTitle;
        return;
      case 'TAB': {
        visited.add(id);
        const name = text(node.meta?.['text'])?.slice(0, 200);
        if (inTab) {
          // A tab within a tab: its name heads its first row.
          pendingTitle = name ?? pendingTitle;
          for (const child of node.children ?? []) visit(child, depth + 1);
          return;
        }
        const tab = { title: name ?? `Tab ${tabs.length + 1}`, rows: [] as PlacedRow[] };
        const outer = target;
        target = tab.rows;
        inTab = true;
        pendingTitle = undefined;
        for (const child of node.children ?? []) visit(child, depth + 1);
        inTab = false;
        target = outer;
        pendingTitle = undefined;
        // A tab with nothing we draw (markdown only) is left out.
        if (tab.rows.length) tabs.push(tab);
        return;
      }
      case 'ROOT':
      case 'GRID':
      case 'TABS':
        visited.add(id);
        for (const child of node.children ?? []) visit(child, depth + 1);
        return;
      default:
        visited.add(id); // MARKDOWN, DIVIDER, ...: nothing we draw
    }
  };
  visit(nodes.has('ROOT_ID') ? 'ROOT_ID' : 'GRID_ID', 0);
  return { rows, tabs };
}

/** A dashboard's charts' ids: its own id when valid, else the title's slug; unique. */
function chartIdOf(p: Placed, used: Set<string>): string {
  let base =
    p.preferredId && CHART_ID.test(p.preferredId) ? p.preferredId : slugOf(p.title, 'chart');
  base = base.slice(0, 90);
  let id = base;
  for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
  used.add(id);
  return id;
}

/** The export's dashboards as our engine's DashboardSpecs. */
export function toDashboardSpecs(
  exp: SupersetExport,
  options: ToDashboardsOptions,
): DashboardSpec[] {
  const charts = new Map(exp.charts.map((c) => [c.uuid, c]));
  const lookup: Lookup = {
    datasets: new Map(exp.datasets.map((d) => [d.uuid, d])),
    databases: new Map(exp.databases.map((d) => [d.uuid, d])),
    mappings: options.datasetMappings ?? {},
  };
  const dashboardIds = new Set<string>();
  return exp.dashboards.map((dashboard) => {
    const base = `${options.idPrefix}${slugOf(dashboard.dashboard_title)}`;
    let id = base;
    for (let n = 2; dashboardIds.has(id); n++) id = `${base}-${n}`;
    dashboardIds.add(id);

    const used = new Set<string>();
    const layout = rowsOf(dashboard, charts);
    const toRows = (placed: PlacedRow[]) =>
      placed.map((row) => ({
        ...(row.title ? { title: row.title } : {}),
        cells: row.cells.map((p) => cellOf(p.chart, chartIdOf(p, used), p.title, p.width, lookup)),
      }));
    const rows = toRows(layout.rows);
    const tabs = layout.tabs.map((tab) => ({ title: tab.title, rows: toRows(tab.rows) }));

    const extras = DashboardExtrasSchema.safeParse(record(dashboard.metadata)?.['callsight']);
    const description = text(dashboard.description);
    const settings = extras.success
      ? extras.data
      : {
          ...(description ? { description } : {}),
          defaultTimeRange: DEFAULT_TIME_RANGE,
          nativeFilters: DEFAULT_NATIVE_FILTERS,
          filterBox: defaultFilterBox(),
        };
    return DashboardSpecSchema.parse({
      id,
      title: dashboard.dashboard_title,
      ...settings,
      rows,
      ...(tabs.length ? { tabs } : {}),
    });
  });
}
