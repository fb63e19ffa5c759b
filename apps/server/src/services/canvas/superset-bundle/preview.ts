import type { ImportPreview } from '@callsight/shared';
import { positionCharts, type SupersetExport } from './parse-export.ts';

/**
 * What an export holds, for the import preview: each dashboard with its files (its YAML, its
 * charts' and their datasets') and their sizes summed; each chart with its viz type and dataset;
 * each dataset with its database; the databases; and metadata.yaml's size. Sizes are in bytes.
 */
export function previewOf(exp: SupersetExport): ImportPreview {
  const charts = new Map(exp.charts.map((c) => [c.uuid, c]));
  const datasets = new Map(exp.datasets.map((d) => [d.uuid, d]));
  const databases = new Map(exp.databases.map((d) => [d.uuid, d]));

  return {
    dashboards: exp.dashboards.map((dashboard) => {
      const files = new Map<string, number>([[dashboard.path, dashboard.size]]);
      for (const { uuid } of positionCharts(dashboard)) {
        const chart = uuid ? charts.get(uuid) : undefined;
        if (!chart) continue;
        files.set(chart.path, chart.size);
        const dataset = datasets.get(chart.dataset_uuid);
        if (dataset) files.set(dataset.path, dataset.size);
      }
      const list = [...files].map(([name, size]) => ({ name, size }));
      return {
        id: dashboard.uuid,
        name: dashboard.dashboard_title,
        size: list.reduce((sum, f) => sum + f.size, 0),
        uuid: dashboard.uuid,
        files: list,
      };
    }),
    charts: exp.charts.map((chart) => ({
      name: chart.slice_name,
      size: chart.size,
      vizType: chart.viz_type,
      dataset: datasets.get(chart.dataset_uuid)?.table_name ?? null,
    })),
    databases: exp.databases.map((d) => ({ name: d.database_name, size: d.size })),
    datasets: exp.datasets.map((d) => ({
      name: d.table_name,
      size: d.size,
      database: databases.get(d.database_uuid)?.database_name ?? null,
    })),
    metadata_bytes: exp.metadata.size,
  };
}
