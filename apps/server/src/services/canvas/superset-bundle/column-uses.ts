import type { ImportedColumn, ImportedColumnRole } from '@callsight/shared';
import type { SupersetChart, SupersetDataset, SupersetExport } from './parse-export.ts';
import { chartGroupby, metricOfSql, record, text } from './to-dashboards.ts';

/**
 * The columns of an import's datasets that its charts read, and how (issue 34): what a dataset
 * mapping must point at one of our columns. Read leniently: a chart whose params we cannot read
 * names what we can read of it (its placeholder, once translated, says the rest).
 */

const MEASURES = new Set(['SUM', 'AVG', 'MIN', 'MAX', 'P50', 'P95']);

interface Use {
  name: string;
  role: ImportedColumnRole;
}

/** The column and aggregate of one of Superset's metrics (a saved metric's name, or an object). */
function metricUse(raw: unknown, dataset: SupersetDataset): Use | null {
  const asSql = (expression: string) => {
    const m = metricOfSql(expression, 'metric');
    return m?.column
      ? { name: m.column, role: MEASURES.has(m.aggregate) ? 'measure' : 'dimension' }
      : null;
  };
  if (typeof raw === 'string') {
    const saved = dataset.metrics.find((m) => m.metric_name === raw);
    return asSql(saved?.expression ?? raw) as Use | null;
  }
  const m = record(raw);
  if (!m) return null;
  if (m['expressionType'] === 'SQL') return asSql(text(m['sqlExpression']) ?? '') as Use | null;
  const column = text(record(m['column'])?.['column_name']);
  if (!column) return null;
  const aggregate = text(m['aggregate'])?.toUpperCase() ?? '';
  return { name: column, role: MEASURES.has(aggregate) ? 'measure' : 'dimension' };
}

/** Every column a chart reads, with the role each use needs. */
function usesOf(chart: SupersetChart, dataset: SupersetDataset): Use[] {
  const p = chart.params;
  const uses: Use[] = [];
  for (const m of [
    ...(Array.isArray(p['metrics']) ? p['metrics'] : []),
    ...(p['metric'] != null ? [p['metric']] : []),
  ]) {
    const use = metricUse(m, dataset);
    if (use) uses.push(use);
  }
  let groupby: string[] = [];
  try {
    groupby = chartGroupby(chart, dataset);
  } catch {
    // A groupby of expressions: nothing to map.
  }
  for (const name of groupby) uses.push({ name, role: 'dimension' });
  const granularity = text(p['granularity_sqla']);
  if (granularity) uses.push({ name: granularity, role: 'time' });
  // The x axis is the time unless it is a column of the chart's groupby (heatmap_v2's).
  const xAxis = text(p['x_axis']);
  if (xAxis && !groupby.includes(xAxis)) uses.push({ name: xAxis, role: 'time' });
  for (const raw of Array.isArray(p['adhoc_filters']) ? p['adhoc_filters'] : []) {
    const f = record(raw);
    const subject = text(f?.['subject']);
    if (!f || !subject || f['expressionType'] !== 'SIMPLE') continue;
    const temporal = text(f['operator'])?.toUpperCase() === 'TEMPORAL_RANGE';
    uses.push({ name: subject, role: temporal ? 'time' : 'dimension' });
  }
  const histogram =
    chart.viz_type.startsWith('histogram') &&
    (text(p['column']) ?? (Array.isArray(p['all_columns_x']) ? text(p['all_columns_x'][0]) : null));
  if (histogram) uses.push({ name: histogram, role: 'measure' });
  return uses;
}

/** The strongest need of a column's uses: a time column is a time; a measure needs a number. */
const RANK: Record<ImportedColumnRole, number> = { dimension: 0, measure: 1, time: 2 };

/** Per dataset uuid: the columns its charts read, in the dataset's order, and the charts of each. */
export function columnUses(exp: SupersetExport): Map<string, ImportedColumn[]> {
  const out = new Map<string, ImportedColumn[]>();
  for (const dataset of exp.datasets) {
    const found = new Map<string, { role: ImportedColumnRole; charts: Set<string> }>();
    for (const chart of exp.charts.filter((c) => c.dataset_uuid === dataset.uuid))
      for (const use of usesOf(chart, dataset)) {
        const held = found.get(use.name) ?? { role: use.role, charts: new Set<string>() };
        if (RANK[use.role] > RANK[held.role]) held.role = use.role;
        held.charts.add(chart.slice_name);
        found.set(use.name, held);
      }
    const declared = new Map(dataset.columns.map((c, i) => [c.column_name, { c, i }]));
    const columns = [...found.entries()].map(([name, use]): ImportedColumn & { order: number } => {
      const own = declared.get(name);
      const type = own ? record(own.c)?.['type'] : undefined;
      return {
        name,
        type: typeof type === 'string' ? type : null,
        role: own?.c.is_dttm === true || name === dataset.main_dttm_col ? 'time' : use.role,
        charts: [...use.charts].sort(),
        order: own ? own.i : Number.MAX_SAFE_INTEGER,
      };
    });
    columns.sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
    out.set(
      dataset.uuid,
      columns.map(({ order: _order, ...c }) => c),
    );
  }
  return out;
}
