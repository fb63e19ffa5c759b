import { createHash } from 'node:crypto';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { stringify } from 'yaml';
import type { ChartFilter, ChartSpec, DashboardSpec, DatasetId, Metric } from '@callsight/shared';
import { DATASETS, type ColumnType } from '../datasets.ts';

/**
 * Our dashboards as a ZIP in Superset's dashboard export format (v1): one root folder with
 * metadata.yaml, dashboards/, charts/, datasets/callsight/ and databases/callsight.yaml. Each
 * chart's params say it in Superset's terms and carry our full spec under `callsight`, and each
 * dashboard's metadata carries its settings under `callsight`, so reading it back is exact.
 * Uuids are derived from the ids (deterministic: the same dashboards give the same bytes).
 */

export interface WriteExportOptions {
  /** The export's time: its root folder's name and metadata.yaml's timestamp. */
  exportedAt: Date;
}

/** A name-based uuid (version 5 layout, SHA-1 of a namespace and the name). */
export function uuidOf(name: string): string {
  const hash = createHash('sha1').update(`callsight-superset-export:${name}`).digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** As Superset's get_filename (werkzeug's secure_filename): ASCII words joined by '_'. */
export function fileNameOf(title: string, n: number): string {
  const ascii = title
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .split(/\s+/)
    .filter(Boolean)
    .join('_')
    .replace(/[^A-Za-z0-9_.-]/g, '')
    .replace(/^[._]+|[._]+$/g, '');
  return `${ascii || 'untitled'}_${n}`;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Superset's export folder name: dashboard_export_20250314T160237 (UTC). */
export function exportFolderOf(at: Date): string {
  return (
    `dashboard_export_${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}` +
    `T${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}`
  );
}

const yaml = (value: unknown) =>
  strToU8(stringify(value, { aliasDuplicateObjects: false, lineWidth: 0 }));

const DATABASE_UUID = uuidOf('database:callsight');
const datasetUuidOf = (id: DatasetId) => uuidOf(`dataset:${id}`);

/** Viz types that take one `metric` in Superset (the others take `metrics`). */
const SINGLE_METRIC = new Set(['big_number_total', 'pie', 'gauge_chart', 'heatmap']);

/** A metric as Superset's adhoc metric: SIMPLE where Superset has the aggregate, else SQL. */
function adhocMetric(m: Metric, i: number): Record<string, unknown> {
  const common = { hasCustomLabel: true, label: m.label, optionName: `metric_${i + 1}` };
  if (m.aggregate === 'P50' || m.aggregate === 'P95' || !m.column) {
    const sqlExpression = !m.column
      ? `COUNT(*)`
      : `PERCENTILE_CONT(${m.aggregate === 'P50' ? '0.5' : '0.95'}) WITHIN GROUP (ORDER BY ${m.column})`;
    return { expressionType: 'SQL', sqlExpression, ...common };
  }
  return {
    expressionType: 'SIMPLE',
    aggregate: m.aggregate,
    column: { column_name: m.column },
    sqlExpression: null,
    ...common,
  };
}

/** A filter as Superset's SIMPLE adhoc filter (STARTS WITH as LIKE 'value%'). */
function adhocFilter(f: ChartFilter): Record<string, unknown> {
  const startsWith = f.operator === 'STARTS WITH';
  return {
    expressionType: 'SIMPLE',
    clause: 'WHERE',
    subject: f.column,
    operator: startsWith ? 'LIKE' : f.operator,
    comparator: startsWith ? `${String(f.value ?? '')}%` : (f.value ?? null),
  };
}

function chartParams(spec: ChartSpec): Record<string, unknown> {
  const metrics = spec.metrics.map(adhocMetric);
  const single = SINGLE_METRIC.has(spec.vizType) && metrics.length === 1;
  return {
    viz_type: spec.vizType,
    ...(single ? { metric: metrics[0] } : { metrics }),
    groupby: spec.groupby,
    ...(spec.timeGrain ? { time_grain_sqla: spec.timeGrain } : {}),
    ...(spec.histogram ? { column: spec.histogram.column, bins: spec.histogram.bins } : {}),
    ...(spec.orderBy
      ? { timeseries_limit_metric: spec.orderBy.label, order_desc: spec.orderBy.desc }
      : {}),
    row_limit: spec.rowLimit,
    adhoc_filters: spec.filters.map(adhocFilter),
    time_range: 'No filter',
    callsight: spec,
  };
}

const SQL_TYPES: Record<ColumnType, string> = {
  time: 'TIMESTAMP WITH TIME ZONE',
  number: 'DOUBLE PRECISION',
  text: 'TEXT',
  tags: 'TEXT[]',
};

function datasetYaml(id: DatasetId): Record<string, unknown> {
  const dataset = DATASETS[id];
  const columns = Object.entries(dataset.columns);
  return {
    table_name: id,
    main_dttm_col: columns.find(([, c]) => c.type === 'time')?.[0] ?? null,
    description: dataset.title,
    default_endpoint: null,
    offset: 0,
    cache_timeout: null,
    schema: null,
    sql: null,
    params: null,
    template_params: null,
    filter_select_enabled: true,
    fetch_values_predicate: null,
    extra: null,
    uuid: datasetUuidOf(id),
    metrics: [
      {
        metric_name: 'count',
        verbose_name: 'COUNT(*)',
        metric_type: 'count',
        expression: 'COUNT(*)',
        description: null,
        d3format: null,
        extra: null,
        warning_text: null,
      },
    ],
    columns: columns.map(([name, c]) => ({
      column_name: name,
      verbose_name: c.label,
      is_dttm: c.type === 'time',
      is_active: true,
      type: SQL_TYPES[c.type],
      groupby: c.type !== 'number',
      filterable: true,
      expression: null,
      description: null,
      python_date_format: null,
      extra: null,
    })),
    version: '1.0.0',
    database_uuid: DATABASE_UUID,
  };
}

const DATABASE_YAML = {
  database_name: 'callsight',
  sqlalchemy_uri: 'callsight://builtin',
  cache_timeout: null,
  expose_in_sqllab: false,
  allow_run_async: false,
  allow_ctas: false,
  allow_cvas: false,
  allow_dml: false,
  allow_file_upload: false,
  extra: { metadata_params: {}, engine_params: {}, schemas_allowed_for_file_upload: [] },
  impersonate_user: false,
  uuid: DATABASE_UUID,
  version: '1.0.0',
};

/** Our dashboards as a Superset dashboard export ZIP. */
export function writeExport(
  dashboards: readonly DashboardSpec[],
  { exportedAt }: WriteExportOptions,
): Uint8Array {
  const root = exportFolderOf(exportedAt);
  const files: Zippable = {};
  const put = (path: string, value: unknown) => {
    files[`${root}/${path}`] = yaml(value);
  };
  put('metadata.yaml', {
    version: '1.0.0',
    type: 'Dashboard',
    timestamp: exportedAt.toISOString().replace('Z', '+00:00'),
  });

  const datasetsUsed = new Set<DatasetId>();
  let chartNumber = 0;
  dashboards.forEach((dashboard, d) => {
    const dashboardUuid = uuidOf(`dashboard:${d}:${dashboard.id}`);
    const position: Record<string, unknown> = {
      DASHBOARD_VERSION_KEY: 'v2',
      ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['GRID_ID'] },
      HEADER_ID: { type: 'HEADER', id: 'HEADER_ID', meta: { text: dashboard.title } },
    };
    const grid: string[] = [];
    /** A row (and its heading) under `parents`, its node ids added to `into`. */
    const writeRow = (
      row: DashboardSpec['rows'][number],
      key: string,
      seed: string,
      into: string[],
      parents: string[],
    ) => {
      if (row.title) {
        const headerId = `HEADER-${key}`;
        into.push(headerId);
        position[headerId] = {
          type: 'HEADER',
          id: headerId,
          children: [],
          parents,
          meta: {
            text: row.title,
            headerSize: 'MEDIUM_HEADER',
            background: 'BACKGROUND_TRANSPARENT',
          },
        };
      }
      const rowId = `ROW-${key}`;
      into.push(rowId);
      const children: string[] = [];
      row.cells.forEach((cell, c) => {
        chartNumber += 1;
        const spec = cell.chart;
        const uuid = uuidOf(`chart:${d}:${dashboard.id}:${seed}:${c}:${spec.id}`);
        const nodeId = `CHART-${key}c${c + 1}`;
        children.push(nodeId);
        position[nodeId] = {
          type: 'CHART',
          id: nodeId,
          children: [],
          parents: [...parents, rowId],
          meta: {
            chartId: chartNumber,
            width: cell.width,
            height: 50,
            sliceName: spec.title,
            uuid,
          },
        };
        datasetsUsed.add(spec.datasetId);
        put(`charts/${fileNameOf(spec.title, chartNumber)}.yaml`, {
          slice_name: spec.title,
          description: spec.description ?? null,
          certified_by: null,
          certification_details: null,
          viz_type: spec.vizType,
          params: chartParams(spec),
          query_context: null,
          cache_timeout: null,
          uuid,
          version: '1.0.0',
          dataset_uuid: datasetUuidOf(spec.datasetId),
        });
      });
      position[rowId] = {
        type: 'ROW',
        id: rowId,
        children,
        parents,
        meta: { background: 'BACKGROUND_TRANSPARENT' },
      };
    };
    // Rows keep the node ids and uuid seeds they had before tabs: their charts' uuids stay.
    dashboard.rows.forEach((row, r) =>
      writeRow(row, `r${r + 1}`, String(r), grid, ['ROOT_ID', 'GRID_ID']),
    );
    // Tabs (issue 34) as Superset lays them out: a TABS node in the grid, a TAB per tab.
    if (dashboard.tabs?.length) {
      const tabsId = 'TABS-1';
      const tabIds: string[] = [];
      dashboard.tabs.forEach((tab, t) => {
        const tabId = `TAB-${t + 1}`;
        tabIds.push(tabId);
        const parents = ['ROOT_ID', 'GRID_ID', tabsId, tabId];
        const children: string[] = [];
        tab.rows.forEach((row, r) =>
          writeRow(row, `t${t + 1}r${r + 1}`, `t${t}:${r}`, children, parents),
        );
        position[tabId] = {
          type: 'TAB',
          id: tabId,
          children,
          parents: ['ROOT_ID', 'GRID_ID', tabsId],
          meta: { text: tab.title, defaultText: 'Tab title', placeholder: 'Tab title' },
        };
      });
      grid.push(tabsId);
      position[tabsId] = {
        type: 'TABS',
        id: tabsId,
        children: tabIds,
        parents: ['ROOT_ID', 'GRID_ID'],
        meta: {},
      };
    }
    position['GRID_ID'] = { type: 'GRID', id: 'GRID_ID', children: grid, parents: ['ROOT_ID'] };
    if (dashboard.filterBox) datasetsUsed.add(dashboard.filterBox.datasetId);

    const callsight = {
      ...(dashboard.description ? { description: dashboard.description } : {}),
      defaultTimeRange: dashboard.defaultTimeRange,
      nativeFilters: dashboard.nativeFilters,
      ...(dashboard.needs ? { needs: dashboard.needs } : {}),
      ...(dashboard.needsUnlessChart ? { needsUnlessChart: dashboard.needsUnlessChart } : {}),
      ...(dashboard.filterBox ? { filterBox: dashboard.filterBox } : {}),
    };
    put(`dashboards/${fileNameOf(dashboard.title, d + 1)}.yaml`, {
      dashboard_title: dashboard.title,
      description: dashboard.description ?? null,
      css: '',
      slug: null,
      certified_by: '',
      certification_details: '',
      published: true,
      uuid: dashboardUuid,
      position,
      metadata: {
        timed_refresh_immune_slices: [],
        expanded_slices: {},
        refresh_frequency: 0,
        default_filters: '{}',
        color_scheme: '',
        label_colors: {},
        native_filter_configuration: [],
        callsight,
      },
      version: '1.0.0',
    });
  });

  for (const id of [...datasetsUsed].sort()) put(`datasets/callsight/${id}.yaml`, datasetYaml(id));
  put('databases/callsight.yaml', DATABASE_YAML);
  return zipSync(files, { level: 6, mtime: exportedAt });
}
