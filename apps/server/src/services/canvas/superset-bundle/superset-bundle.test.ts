import { readFileSync } from 'node:fs';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import {
  ChartSpecSchema,
  ImportPreviewSchema,
  dashboardRows,
  type DashboardSpec,
  type DatasetMappings,
} from '@callsight/shared';
import { standardDashboards } from '../standard-dashboards.ts';
import {
  BundleError,
  columnUses,
  parseExport,
  previewOf,
  readZip,
  toDashboardSpecs,
  writeExport,
  type SupersetExport,
} from './index.ts';

const FIXTURE = new URL(
  '../../../../../../../shared/fixtures/superset-export.zip',
  import.meta.url,
);
const fixture = () => new Uint8Array(readFileSync(FIXTURE));

const ROOT = 'dashboard_export_20250101T000000';
const groupA = '11111111-1111-4111-8111-111111111111';

/** A ZIP of YAML (or raw) files under the root folder. */
function zipOf(files: Record<string, unknown>, root = ROOT): Uint8Array {
  const out: Zippable = {};
  for (const [path, value] of Object.entries(files))
    out[root ? `${root}/${path}` : path] =
      value instanceof Uint8Array ? value : strToU8(stringify(value));
  return zipSync(out);
}

const metadata = { version: '1.0.0', type: 'Dashboard', timestamp: '2025-01-01T00:00:00+00:00' };
const database = {
  database_name: 'callsight',
  uuid: 'db-1',
  sqlalchemy_uri: 'callsight://builtin',
};
const callsDataset = {
  table_name: 'calls',
  uuid: 'ds-calls',
  database_uuid: 'db-1',
  columns: [{ column_name: 'agent' }],
};
const dashboardWith = (chartUuids: string[], widths: number[] = chartUuids.map(() => 4)) => ({
  dashboard_title: 'My Board',
  uuid: 'dash-1',
  position: {
    ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['GRID_ID'] },
    GRID_ID: { type: 'GRID', id: 'GRID_ID', children: ['ROW-1'] },
    'ROW-1': { type: 'ROW', id: 'ROW-1', children: chartUuids.map((_, i) => `CHART-${i}`) },
    ...Object.fromEntries(
      chartUuids.map((uuid, i) => [
        `CHART-${i}`,
        {
          type: 'CHART',
          id: `CHART-${i}`,
          children: [],
          meta: { uuid, width: widths[i], sliceName: `Chart ${i}` },
        },
      ]),
    ),
  },
});
const chartOver = (uuid: string, vizType: string, params: Record<string, unknown> = {}) => ({
  slice_name: `Chart ${uuid}`,
  viz_type: vizType,
  uuid,
  dataset_uuid: 'ds-calls',
  params: { viz_type: vizType, ...params },
});

const refusal = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(BundleError);
    return (error as Error).message;
  }
  throw new Error('not refused');
};
const load = (zip: Uint8Array) => parseExport(readZip(zip));

describe('the Superset fixture (Sales Dashboard)', () => {
  const entries = readZip(fixture());
  const exp = parseExport(entries);

  it('reads its 14 entries without the root folder', () => {
    expect(entries).toHaveLength(14);
    expect(entries.map((e) => e.path)).toContain('metadata.yaml');
    expect(entries.map((e) => e.path)).toContain('datasets/examples/cleaned_sales_data.yaml');
    expect(entries.every((e) => !e.path.startsWith('dashboard_export_'))).toBe(true);
  });

  it('previews as Sales Dashboard with 10 charts, 1 dataset and 1 database', () => {
    const preview = ImportPreviewSchema.parse(previewOf(exp));
    const size = (path: string) => entries.find((e) => e.path === path)?.bytes.length;
    expect(preview.dashboards).toHaveLength(1);
    const [dashboard] = preview.dashboards;
    expect(dashboard?.name).toBe('Sales Dashboard');
    expect(dashboard?.uuid).toBe('04f79081-fb49-7bac-7f14-cc76cd2ad93b');
    expect(dashboard?.id).toBe(dashboard?.uuid);
    expect(preview.charts).toHaveLength(10);
    expect(preview.charts.every((c) => c.dataset === 'cleaned_sales_data')).toBe(true);
    expect(preview.charts.map((c) => c.vizType).sort()).toEqual(
      [
        'table',
        'heatmap_v2',
        'echarts_timeseries_bar',
        'big_number',
        'big_number',
        'echarts_area',
        'echarts_timeseries_bar',
        'echarts_timeseries_bar',
        'horizon',
        'pie',
      ].sort(),
    );
    expect(preview.datasets).toEqual([
      {
        name: 'cleaned_sales_data',
        size: size('datasets/examples/cleaned_sales_data.yaml'),
        database: 'examples',
      },
    ]);
    expect(preview.databases).toEqual([
      { name: 'examples', size: size('databases/examples.yaml') },
    ]);
    expect(preview.metadata_bytes).toBe(size('metadata.yaml'));
    expect(preview.metadata_bytes).toBeGreaterThan(0);
    // Every size is its entry's length; the dashboard's is its files' sum.
    for (const chart of exp.charts) expect(chart.size).toBe(size(chart.path));
    expect(
      preview.charts.map((c) => c.size).reduce((a, b) => a + b, 0) +
        (size('datasets/examples/cleaned_sales_data.yaml') ?? 0) +
        (size('dashboards/Sales_Dashboard_9.yaml') ?? 0),
    ).toBe(dashboard?.size);
    expect(dashboard?.files).toHaveLength(12);
    for (const f of dashboard?.files ?? []) expect(f.size).toBe(size(f.name));
  });

  it('translates to 10 cells in its 2 tabs, every one a placeholder naming cleaned_sales_data and examples', () => {
    const [dashboard, ...others] = toDashboardSpecs(exp, { idPrefix: 'imp_' });
    expect(others).toHaveLength(0);
    expect(dashboard?.id).toBe('imp_sales-dashboard');
    expect(dashboard?.title).toBe('Sales Dashboard');
    expect(dashboard?.defaultTimeRange).toBe('Last 28 days');
    expect(dashboard?.nativeFilters).toEqual(['time', 'agent', 'agent_isp']);
    // Every chart is in one of its tabs (issue 34): none outside them.
    expect(dashboard?.rows).toEqual([]);
    const cells = dashboard ? dashboardRows(dashboard).flatMap((r) => r.cells) : [];
    expect(cells).toHaveLength(10);
    const missing =
      'This chart reads the dataset cleaned_sales_data (database examples), which Callsight does not have.';
    expect(cells.map((c) => c.placeholder)).toEqual(Array<string>(10).fill(missing));
    for (const cell of cells) {
      expect(ChartSpecSchema.safeParse(cell.chart).success).toBe(true);
      expect(cell.chart.id).toMatch(/^[A-Za-z0-9_-]+$/);
    }
    expect(new Set(cells.map((c) => c.chart.id)).size).toBe(10);
    // Titles: sliceNameOverride first; rows in tab order.
    expect(cells.map((c) => c.chart.title)).toEqual([
      'Total Revenue',
      'Total Products Sold',
      'Quarterly Revenue',
      'Products Sold By Product Line',
      'Quarterly Revenue (By Product Line)',
      'Total Revenue By Product',
      'Proportion of Monthly Revenue by Product Line',
      'Number of Deals (for each Combination)',
      'Seasonality of Revenue (per Product Line)',
      'Monthly Revenue by Deal SIze',
    ]);
    // The two tabs with their names, 6 and 4 charts, no row titles of their own.
    expect(dashboard?.tabs?.map((t) => t.title)).toEqual([
      '\u{1F3AF} Sales Overview',
      '\u{1F9ED} Exploratory',
    ]);
    expect(dashboard?.tabs?.map((t) => t.rows.map((r) => r.cells.map((c) => c.width)))).toEqual([
      [
        [3, 2, 6],
        [2, 6, 3],
      ],
      [
        [6, 6],
        [6, 6],
      ],
    ]);
    expect(dashboard?.tabs?.flatMap((t) => t.rows.map((r) => r.title))).toEqual(
      Array(4).fill(undefined),
    );
  });

  const SALES = 'e8623bb9-5e00-f531-506a-19607f5f8005';
  const toCalls: DatasetMappings = {
    [SALES]: {
      datasetId: 'calls',
      columns: {
        order_date: 'start_time',
        sales: 'mos_avg',
        quantity_ordered: 'duration_seconds',
        product_line: 'agent',
        deal_size: 'direction',
        status: 'network_type',
      },
    },
  };

  it('names the columns its charts read from cleaned_sales_data, and how they use them', () => {
    const uses = columnUses(exp).get(SALES) ?? [];
    expect(uses.map((c) => [c.name, c.role, c.type])).toEqual([
      ['order_date', 'time', 'TIMESTAMP WITHOUT TIME ZONE'],
      ['sales', 'measure', 'DOUBLE PRECISION'],
      ['quantity_ordered', 'measure', 'BIGINT'],
      ['deal_size', 'dimension', 'TEXT'],
      ['product_line', 'dimension', 'TEXT'],
      ['status', 'dimension', 'TEXT'],
    ]);
    expect(uses.find((c) => c.name === 'status')?.charts).toEqual(['Quarterly Sales']);
    expect(uses.find((c) => c.name === 'order_date')?.charts).toHaveLength(10);
  });

  it('mapped to calls, draws all 10 charts over calls with our columns (issue 34)', () => {
    const [dashboard] = toDashboardSpecs(exp, { idPrefix: 'imp_', datasetMappings: toCalls });
    const cells = dashboard ? dashboardRows(dashboard).flatMap((r) => r.cells) : [];
    expect(cells.map((c) => c.placeholder)).toEqual(Array(10).fill(undefined));
    expect(cells.every((c) => c.chart.datasetId === 'calls')).toBe(true);
    const byTitle = new Map(cells.map((c) => [c.chart.title, c.chart]));
    expect(byTitle.get('Total Revenue')).toMatchObject({
      vizType: 'big_number_total',
      metrics: [{ aggregate: 'SUM', column: 'mos_avg' }],
    });
    expect(byTitle.get('Products Sold By Product Line')).toMatchObject({
      vizType: 'table',
      groupby: ['agent'],
      metrics: [{ aggregate: 'SUM', column: 'duration_seconds', label: '# of Products Sold' }],
    });
    // heatmap_v2: its x axis (deal_size) and its groupby (product_line) are the two axes.
    expect(byTitle.get('Number of Deals (for each Combination)')).toMatchObject({
      vizType: 'heatmap',
      groupby: ['direction', 'agent'],
      metrics: [{ aggregate: 'COUNT' }],
    });
    // A horizon chart is drawn as lines, one per product line (agent).
    expect(byTitle.get('Seasonality of Revenue (per Product Line)')).toMatchObject({
      vizType: 'echarts_timeseries_line',
      groupby: ['agent'],
    });
    expect(byTitle.get('Quarterly Revenue')).toMatchObject({
      vizType: 'echarts_timeseries_bar',
      groupby: ['network_type'],
    });
  });

  it('a column the mapping leaves out, or maps to one we do not have, is named in its placeholder', () => {
    const partial: DatasetMappings = {
      [SALES]: { datasetId: 'calls', columns: { sales: 'mos_avg', product_line: 'shoe_size' } },
    };
    const [dashboard] = toDashboardSpecs(exp, { idPrefix: 'imp_', datasetMappings: partial });
    const cells = dashboard ? dashboardRows(dashboard).flatMap((r) => r.cells) : [];
    const byTitle = new Map(cells.map((c) => [c.chart.title, c]));
    expect(byTitle.get('Total Revenue')?.placeholder).toBeUndefined();
    expect(byTitle.get('Total Products Sold')?.placeholder).toBe(
      'This chart reads the column quantity_ordered, which the calls dataset does not have.',
    );
    expect(byTitle.get('Total Revenue By Product')?.placeholder).toBe(
      'This chart reads the column shoe_size, which the calls dataset does not have.',
    );
  });
});

describe('refused bundles', () => {
  const good = {
    'metadata.yaml': metadata,
    'dashboards/My_Board_1.yaml': dashboardWith(['c-1']),
    'charts/Chart_1.yaml': chartOver('c-1', 'table'),
    'datasets/callsight/calls.yaml': callsDataset,
    'databases/callsight.yaml': database,
  };

  it('accepts the well-formed hand-made bundle', () => {
    expect(load(zipOf(good)).charts).toHaveLength(1);
  });

  it('refuses a path with ..', () => {
    const zip = zipSync({
      [`${ROOT}/metadata.yaml`]: strToU8(stringify(metadata)),
      [`${ROOT}/../evil.yaml`]: strToU8('x: 1'),
    });
    expect(refusal(() => readZip(zip))).toBe(
      `The ZIP entry "${ROOT}/../evil.yaml" leaves its folder (it has a ".." segment).`,
    );
    const top = zipSync({ '../evil.yaml': strToU8('x: 1') });
    expect(refusal(() => readZip(top))).toBe(
      'The ZIP entry "../evil.yaml" leaves its folder (it has a ".." segment).',
    );
  });

  it('refuses an absolute path, a backslash and a second root folder', () => {
    expect(refusal(() => readZip(zipSync({ '/etc/evil.yaml': strToU8('x') })))).toBe(
      'The ZIP entry "/etc/evil.yaml" leaves its folder (it is an absolute path).',
    );
    expect(refusal(() => readZip(zipSync({ [`${ROOT}\\evil.yaml`]: strToU8('x') })))).toBe(
      `The ZIP entry "${ROOT}\\evil.yaml" leaves its folder (it contains a backslash).`,
    );
    const two = zipSync({ [`${ROOT}/a.yaml`]: strToU8('x'), 'other/b.yaml': strToU8('x') });
    expect(refusal(() => readZip(two))).toBe(
      `The ZIP entry "other/b.yaml" leaves its folder (it is outside the root folder ${ROOT}/ of the other entries).`,
    );
  });

  it('refuses more entries than the cap', () => {
    const files = Object.fromEntries(Array.from({ length: 4 }, (_, i) => [`f${i}.yaml`, { i }]));
    expect(refusal(() => readZip(zipOf(files), { maxEntries: 3 }))).toBe(
      'The ZIP holds 4 entries; at most 3 are allowed.',
    );
    expect(readZip(zipOf(files), { maxEntries: 4 })).toHaveLength(4);
  });

  it('refuses content that inflates past the cap, whatever its header says', () => {
    const bomb = zipSync({ [`${ROOT}/a.yaml`]: strToU8('a'.repeat(1_000_000)) }, { level: 9 });
    expect(bomb.length).toBeLessThan(10_000);
    const message = 'The ZIP inflates to more than 100000 bytes; at most 100000 are allowed.';
    expect(refusal(() => readZip(bomb, { maxUncompressedBytes: 100_000 }))).toBe(message);
    // Headers that lie (declared size 10 in the local and central headers): still counted.
    const lying = bomb.slice();
    const dv = new DataView(lying.buffer);
    for (let i = 0; i + 4 <= lying.length; i++) {
      const sig = dv.getUint32(i, true);
      if (sig === 0x04034b50) dv.setUint32(i + 22, 10, true);
      if (sig === 0x02014b50) dv.setUint32(i + 24, 10, true);
    }
    expect(refusal(() => readZip(lying, { maxUncompressedBytes: 100_000 }))).toBe(message);
    expect(readZip(bomb, { maxUncompressedBytes: 1_000_000 })[0]?.bytes.length).toBe(1_000_000);
  });

  it('refuses a file that is not a ZIP', () => {
    expect(refusal(() => readZip(strToU8('PK? no, just text that is long enough')))).toBe(
      'The file is not a ZIP archive (no end of central directory record).',
    );
    expect(refusal(() => readZip(new Uint8Array(3)))).toBe(
      'The file is not a ZIP archive (it is too short).',
    );
  });

  it('refuses a ZIP without metadata.yaml', () => {
    const { 'metadata.yaml': _, ...rest } = good;
    expect(refusal(() => load(zipOf(rest)))).toBe(
      'The ZIP has no metadata.yaml: it is not a Superset export.',
    );
  });

  it('refuses a chart export (metadata says type Chart)', () => {
    const zip = zipOf({ ...good, 'metadata.yaml': { ...metadata, type: 'Chart' } });
    expect(refusal(() => load(zip))).toBe(
      'metadata.yaml says type Chart; a dashboard export is needed.',
    );
  });

  it('refuses a chart whose dataset is not in the export', () => {
    const zip = zipOf({
      ...good,
      'charts/Items_Sold_115.yaml': { ...chartOver('c-2', 'table'), dataset_uuid: 'e86-missing' },
    });
    expect(refusal(() => load(zip))).toBe(
      'charts/Items_Sold_115.yaml: dataset_uuid e86-missing names no dataset in datasets/.',
    );
  });

  it('refuses a dataset whose database is not in the export, and a file missing a field', () => {
    const zip = zipOf({
      ...good,
      'datasets/callsight/calls.yaml': { ...callsDataset, database_uuid: 'db-missing' },
    });
    expect(refusal(() => load(zip))).toBe(
      'datasets/callsight/calls.yaml: database_uuid db-missing names no database in databases/.',
    );
    const { slice_name: _, ...nameless } = chartOver('c-1', 'table');
    expect(refusal(() => load(zipOf({ ...good, 'charts/Chart_1.yaml': nameless })))).toMatch(
      /^charts\/Chart_1\.yaml: the field slice_name is invalid/,
    );
  });

  it('refuses YAML alias bombs and custom tags', () => {
    const levels = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 8; i++) {
      const prev = String.fromCharCode(96 + i);
      const name = String.fromCharCode(97 + i);
      levels.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(',')}]`);
    }
    const bomb = strToU8(levels.join('\n'));
    expect(refusal(() => load(zipOf({ ...good, 'metadata.yaml': bomb })))).toMatch(
      /^metadata\.yaml: is not valid YAML/,
    );
    const tagged = strToU8('type: !!python/object:os.system Dashboard');
    expect(refusal(() => load(zipOf({ ...good, 'metadata.yaml': tagged })))).toMatch(
      /^metadata\.yaml: is not valid YAML/,
    );
  });
});

describe('charts over our datasets', () => {
  const bundle = (charts: ReturnType<typeof chartOver>[], widths?: number[]) =>
    load(
      zipOf({
        'metadata.yaml': metadata,
        'dashboards/My_Board_1.yaml': dashboardWith(
          charts.map((c) => c.uuid),
          widths,
        ),
        ...Object.fromEntries(charts.map((c, i) => [`charts/Chart_${i}.yaml`, c])),
        'datasets/callsight/calls.yaml': callsDataset,
        'databases/callsight.yaml': database,
      }),
    );
  const cellsOf = (exp: SupersetExport) =>
    toDashboardSpecs(exp, { idPrefix: 'x_' })[0]?.rows.flatMap((r) => r.cells) ?? [];

  it('an unknown viz type becomes a placeholder naming the type', () => {
    const [cell] = cellsOf(bundle([chartOver('c-1', 'sankey', { metrics: ['count'] })]));
    expect(cell?.placeholder).toBe('Callsight does not draw sankey charts.');
    expect(cell?.chart).toMatchObject({ vizType: 'table', datasetId: 'calls', title: 'Chart 0' });
  });

  it('a column we do not have becomes a placeholder naming the column', () => {
    const [cell] = cellsOf(
      bundle([chartOver('c-1', 'pie', { metric: 'count', groupby: ['shoe_size'] })]),
    );
    expect(cell?.placeholder).toBe(
      'This chart reads the column shoe_size, which the calls dataset does not have.',
    );
  });

  it('translates metrics, groupby, grain, row limit and simple filters; drops TEMPORAL_RANGE', () => {
    const [line, bar] = cellsOf(
      bundle(
        [
          chartOver('c-1', 'echarts_timeseries_line', {
            metrics: [
              {
                expressionType: 'SIMPLE',
                aggregate: 'AVG',
                column: { column_name: 'mos_avg' },
                label: 'MOS',
              },
              'count',
            ],
            groupby: ['agent'],
            time_grain_sqla: 'P1D',
            row_limit: 50,
            adhoc_filters: [
              {
                expressionType: 'SIMPLE',
                clause: 'WHERE',
                subject: 'start_time',
                operator: 'TEMPORAL_RANGE',
                comparator: 'No filter',
              },
              {
                expressionType: 'SIMPLE',
                clause: 'WHERE',
                subject: 'direction',
                operator: '==',
                comparator: 'INBOUND',
              },
              {
                expressionType: 'SIMPLE',
                clause: 'WHERE',
                subject: 'agent_country',
                operator: 'IN',
                comparator: ['DE', 'FR'],
              },
              {
                expressionType: 'SIMPLE',
                clause: 'WHERE',
                subject: 'ended_by',
                operator: 'IS NOT NULL',
              },
            ],
          }),
          chartOver('c-2', 'big_number', {
            metric: { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'Calls' },
            time_grain_sqla: 'P1M',
          }),
        ],
        [8, 8],
      ),
    );
    expect(line?.placeholder).toBeUndefined();
    expect(line?.chart).toMatchObject({
      id: 'chart-0',
      title: 'Chart 0',
      vizType: 'echarts_timeseries_line',
      datasetId: 'calls',
      metrics: [
        { aggregate: 'AVG', column: 'mos_avg', label: 'MOS' },
        { aggregate: 'COUNT', label: 'count' },
      ],
      groupby: ['agent'],
      timeGrain: 'P1D',
      rowLimit: 50,
      filters: [
        { column: 'direction', operator: '==', value: 'INBOUND' },
        { column: 'agent_country', operator: 'IN', value: ['DE', 'FR'] },
        { column: 'ended_by', operator: 'IS NOT NULL' },
      ],
    });
    // big_number → big_number_total; P1M is not our grain; 8 + 8 > 12 wraps into a new row.
    expect(bar?.placeholder).toBeUndefined();
    expect(bar?.chart).toMatchObject({
      vizType: 'big_number_total',
      metrics: [{ aggregate: 'COUNT', label: 'Calls' }],
    });
    expect(bar?.chart.timeGrain).toBeUndefined();
    const [dashboard] = toDashboardSpecs(
      bundle([chartOver('c-1', 'table'), chartOver('c-2', 'table')], [8, 8]),
      { idPrefix: 'x_' },
    );
    expect(dashboard?.rows.map((r) => r.cells.map((c) => c.width))).toEqual([[8], [8]]);
  });

  it('a metric in SQL we do not run becomes a placeholder', () => {
    const [cell] = cellsOf(
      bundle([
        chartOver('c-1', 'table', {
          metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(a) / SUM(b)', label: 'Ratio' }],
        }),
      ]),
    );
    expect(cell?.placeholder).toBe(
      'This chart computes the metric Ratio with SQL, which Callsight does not run.',
    );
  });
});

describe('round trip: writeExport → readZip → parseExport → toDashboardSpecs', () => {
  const standard = standardDashboards(groupA);
  // One of them laid out in tabs (issue 34): its tabs come back as tabs.
  const [first, ...rest] = standard;
  if (!first || first.rows.length < 3) throw new Error('a standard dashboard of 3 rows is needed');
  const tabbed: DashboardSpec = {
    ...first,
    rows: first.rows.slice(0, 1),
    tabs: [
      { title: 'Second', rows: first.rows.slice(1, 2) },
      { title: 'The rest', rows: first.rows.slice(2) },
    ],
  };
  const originals = [tabbed, ...rest];
  const exportedAt = new Date('2025-03-14T16:02:37Z');
  const zip = writeExport(originals, { exportedAt });
  const entries = readZip(zip);
  const exp = parseExport(entries);

  /** A dashboard with its ids stripped of the prefix and the cells' chart ids kept. */
  const shape = (d: DashboardSpec) => ({
    title: d.title,
    description: d.description,
    defaultTimeRange: d.defaultTimeRange,
    nativeFilters: d.nativeFilters,
    needs: d.needs,
    needsUnlessChart: d.needsUnlessChart,
    filterBox: d.filterBox,
    rows: d.rows.map((r) => ({
      title: r.title,
      cells: r.cells.map((c) => ({ width: c.width, chart: c.chart, placeholder: c.placeholder })),
    })),
    tabs: d.tabs?.map((t) => ({
      title: t.title,
      rows: t.rows.map((r) => ({
        title: r.title,
        cells: r.cells.map((c) => ({ width: c.width, chart: c.chart, placeholder: c.placeholder })),
      })),
    })),
  });

  it('writes the export format: root folder, metadata, one file per dashboard and chart', () => {
    const paths = entries.map((e) => e.path);
    const cells = originals.flatMap((d) => dashboardRows(d).flatMap((r) => r.cells));
    expect(exp.metadata).toMatchObject({ type: 'Dashboard', version: '1.0.0' });
    expect(exp.dashboards).toHaveLength(originals.length);
    expect(exp.charts).toHaveLength(cells.length);
    expect(paths).toContain('databases/callsight.yaml');
    expect(paths).toContain('datasets/callsight/calls.yaml');
    expect(exp.databases[0]).toMatchObject({
      database_name: 'callsight',
      sqlalchemy_uri: 'callsight://builtin',
    });
    expect(
      exp.datasets.find((d) => d.table_name === 'calls')?.columns.map((c) => c.column_name),
    ).toContain('mos_avg');
    const rootEntry = zipRootOf(zip);
    expect(rootEntry).toBe('dashboard_export_20250314T160237/');
    // Deterministic: the same dashboards and time give the same bytes.
    expect(writeExport(originals, { exportedAt })).toEqual(zip);
  });

  it('gives back the same titles, rows, widths and chart specs', () => {
    const back = toDashboardSpecs(exp, { idPrefix: 'copy_' });
    expect(back.map(shape)).toEqual(originals.map(shape));
    for (const d of back) expect(d.id).toMatch(/^copy_[a-z0-9-]+$/);
    expect(
      back.flatMap((d) => dashboardRows(d).flatMap((r) => r.cells)).some((c) => c.placeholder),
    ).toBe(false);
  });

  it('translates the written Superset params alone (without the callsight key) to the same queries', () => {
    const bare: SupersetExport = {
      ...exp,
      charts: exp.charts.map((c) => {
        const { callsight: _, ...params } = c.params;
        return { ...c, params };
      }),
    };
    const back = toDashboardSpecs(bare, { idPrefix: 'copy_' });
    const query = (d: DashboardSpec) =>
      dashboardRows(d).flatMap((r) =>
        r.cells.map((c) => ({
          placeholder: c.placeholder,
          vizType: c.chart.vizType,
          datasetId: c.chart.datasetId,
          metrics: c.chart.metrics,
          groupby: c.chart.groupby,
          timeGrain: c.chart.timeGrain,
          filters: c.chart.filters,
          histogram: c.chart.histogram,
          rowLimit: c.chart.rowLimit,
        })),
      );
    expect(back.map(query)).toEqual(originals.map(query));
  });

  it('previews with the same counts', () => {
    const preview = previewOf(exp);
    const cells = originals.flatMap((d) => dashboardRows(d).flatMap((r) => r.cells));
    expect(preview.dashboards.map((d) => d.name)).toEqual(originals.map((d) => d.title));
    expect(preview.charts).toHaveLength(cells.length);
    expect(preview.databases).toEqual([
      {
        name: 'callsight',
        size: entries.find((e) => e.path === 'databases/callsight.yaml')?.bytes.length,
      },
    ]);
    const used = new Set(
      originals.flatMap((d) => [
        ...dashboardRows(d).flatMap((r) => r.cells.map((c) => c.chart.datasetId)),
        ...(d.filterBox ? [d.filterBox.datasetId] : []),
      ]),
    );
    expect(preview.datasets.map((d) => d.name).sort()).toEqual([...used].sort());
    expect(preview.datasets.every((d) => d.database === 'callsight')).toBe(true);
    expect(preview.metadata_bytes).toBeGreaterThan(0);
  });
});

/** The root folder of a ZIP's first entry, from its central directory. */
function zipRootOf(zip: Uint8Array): string {
  const dv = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  for (let i = 0; i + 46 <= zip.length; i++)
    if (dv.getUint32(i, true) === 0x02014b50) {
      const name = new TextDecoder().decode(
        zip.subarray(i + 46, i + 46 + dv.getUint16(i + 28, true)),
      );
      return `${name.split('/')[0]}/`;
    }
  return '';
}
