import { parseDocument } from 'yaml';
import { z } from 'zod';
import { BundleError, type ZipEntry } from './read-zip.ts';

/**
 * Superset's dashboard export, checked: metadata.yaml says Dashboard, there is a dashboard, every
 * chart's dataset and every dataset's database is in the export, and every chart a dashboard's
 * position tree places is. The schemas are loose (Superset writes many more keys); each file
 * keeps its path (under the root folder) and its size in bytes.
 */

/** YAML aliases a file may expand (Superset's safe_dump rarely writes any): no alias bombs. */
const MAX_ALIAS_COUNT = 50;

const nullableString = z.string().nullish();

export const SupersetMetadataSchema = z.looseObject({
  version: z.union([z.string(), z.number()]).optional(),
  type: z.string(),
  timestamp: z.string().nullish(),
});

/** A node of a dashboard's position tree (ROOT, GRID, TABS, TAB, ROW, COLUMN, CHART, ...). */
export const PositionNodeSchema = z.looseObject({
  id: z.string().optional(),
  type: z.string(),
  children: z.array(z.string()).nullish(),
  meta: z.record(z.string(), z.unknown()).nullish(),
});
export type PositionNode = z.infer<typeof PositionNodeSchema>;

export const SupersetDashboardSchema = z.looseObject({
  dashboard_title: z.string().min(1),
  uuid: z.string().min(1),
  description: nullableString,
  /** The position tree by node id (and DASHBOARD_VERSION_KEY: 'v2'). */
  position: z.record(z.string(), z.unknown()).nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});

export const SupersetChartSchema = z.looseObject({
  slice_name: z.string().min(1),
  viz_type: z.string().min(1),
  description: nullableString,
  params: z
    .record(z.string(), z.unknown())
    .nullish()
    .transform((p) => p ?? {}),
  dataset_uuid: z.string().min(1),
  uuid: z.string().min(1),
});

export const SupersetDatasetSchema = z.looseObject({
  table_name: z.string().min(1),
  uuid: z.string().min(1),
  database_uuid: z.string().min(1),
  main_dttm_col: nullableString,
  columns: z
    .array(z.looseObject({ column_name: z.string(), is_dttm: z.boolean().nullish() }))
    .nullish()
    .transform((c) => c ?? []),
  metrics: z
    .array(z.looseObject({ metric_name: z.string(), expression: nullableString }))
    .nullish()
    .transform((m) => m ?? []),
});

export const SupersetDatabaseSchema = z.looseObject({
  database_name: z.string().min(1),
  uuid: z.string().min(1),
  sqlalchemy_uri: nullableString,
});

/** Where a file was in the export and how many bytes it has. */
export interface ExportFileInfo {
  path: string;
  size: number;
}
export type SupersetMetadata = z.infer<typeof SupersetMetadataSchema> & ExportFileInfo;
export type SupersetDashboard = z.infer<typeof SupersetDashboardSchema> & ExportFileInfo;
export type SupersetChart = z.infer<typeof SupersetChartSchema> & ExportFileInfo;
export type SupersetDataset = z.infer<typeof SupersetDatasetSchema> & ExportFileInfo;
export type SupersetDatabase = z.infer<typeof SupersetDatabaseSchema> & ExportFileInfo;

export interface SupersetExport {
  metadata: SupersetMetadata;
  dashboards: SupersetDashboard[];
  charts: SupersetChart[];
  datasets: SupersetDataset[];
  databases: SupersetDatabase[];
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** A file's YAML as plain data: core schema, no custom tags, no merge keys, capped aliases. */
export function parseYaml(path: string, bytes: Uint8Array): unknown {
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    throw new BundleError(`${path}: is not UTF-8 text.`);
  }
  const doc = parseDocument(text, {
    schema: 'core',
    customTags: [],
    merge: false,
    uniqueKeys: true,
    prettyErrors: false,
  });
  const problem = doc.errors[0] ?? doc.warnings.find((w) => w.code === 'TAG_RESOLVE_FAILED');
  if (problem)
    throw new BundleError(`${path}: is not valid YAML (${problem.message.split('\n')[0]}).`);
  try {
    return doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    throw new BundleError(
      `${path}: is not valid YAML (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
}

function check<S extends z.ZodType>(
  schema: S,
  path: string,
  data: unknown,
  prefix: string[] = [],
): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const at = [...prefix, ...(issue?.path ?? []).map(String)];
  const field = at.length ? at.join('.') : null;
  throw new BundleError(
    field
      ? `${path}: the field ${field} is invalid (${issue?.message ?? 'invalid'}).`
      : `${path}: ${issue?.message ?? 'is invalid'}.`,
  );
}

type Kind = 'metadata' | 'dashboard' | 'chart' | 'dataset' | 'database';

/** What a path of the export holds (null: a file the export format does not have; ignored). */
function kindOf(path: string): Kind | null {
  if (path === 'metadata.yaml') return 'metadata';
  if (/^dashboards\/[^/]+\.ya?ml$/.test(path)) return 'dashboard';
  if (/^charts\/[^/]+\.ya?ml$/.test(path)) return 'chart';
  if (/^datasets\/[^/]+\/[^/]+\.ya?ml$/.test(path)) return 'dataset';
  if (/^databases\/[^/]+\.ya?ml$/.test(path)) return 'database';
  return null;
}

/** True for the files parseExport reads (the others of a ZIP need not be kept). */
export const isExportFile = (path: string): boolean => kindOf(path) !== null;

/** The chart uuids a dashboard's position tree places, with the node that places each. */
export function positionCharts(
  dashboard: SupersetDashboard,
): { nodeId: string; uuid: string | null }[] {
  const out: { nodeId: string; uuid: string | null }[] = [];
  for (const [nodeId, raw] of Object.entries(dashboard.position ?? {})) {
    const node = PositionNodeSchema.safeParse(raw);
    if (!node.success || node.data.type !== 'CHART') continue;
    const uuid = node.data.meta?.['uuid'];
    out.push({ nodeId, uuid: typeof uuid === 'string' && uuid ? uuid : null });
  }
  return out;
}

/**
 * The entries of a ZIP (paths without the root folder) as a Superset dashboard export. Throws a
 * BundleError naming the file and the field of the first problem.
 */
export function parseExport(entries: readonly ZipEntry[]): SupersetExport {
  let metadata: SupersetMetadata | null = null;
  const dashboards: SupersetDashboard[] = [];
  const charts: SupersetChart[] = [];
  const datasets: SupersetDataset[] = [];
  const databases: SupersetDatabase[] = [];
  const uuids = new Map<string, string>();
  const claim = (uuid: string, path: string) => {
    const other = uuids.get(uuid);
    if (other) throw new BundleError(`${path}: uuid ${uuid} is also the uuid of ${other}.`);
    uuids.set(uuid, path);
  };

  for (const { path, bytes } of entries) {
    const kind = kindOf(path);
    if (!kind) continue;
    const info = { path, size: bytes.length };
    const data = parseYaml(path, bytes);
    switch (kind) {
      case 'metadata':
        metadata = { ...check(SupersetMetadataSchema, path, data), ...info };
        break;
      case 'dashboard': {
        const d = { ...check(SupersetDashboardSchema, path, data), ...info };
        claim(d.uuid, path);
        dashboards.push(d);
        break;
      }
      case 'chart': {
        const c = { ...check(SupersetChartSchema, path, data), ...info };
        claim(c.uuid, path);
        charts.push(c);
        break;
      }
      case 'dataset': {
        const d = { ...check(SupersetDatasetSchema, path, data), ...info };
        claim(d.uuid, path);
        datasets.push(d);
        break;
      }
      case 'database': {
        const d = { ...check(SupersetDatabaseSchema, path, data), ...info };
        claim(d.uuid, path);
        databases.push(d);
        break;
      }
    }
  }

  if (!metadata)
    throw new BundleError('The ZIP has no metadata.yaml: it is not a Superset export.');
  if (metadata.type !== 'Dashboard')
    throw new BundleError(
      `metadata.yaml says type ${metadata.type}; a dashboard export is needed.`,
    );
  if (!dashboards.length)
    throw new BundleError('The export has no dashboards/*.yaml: a dashboard export needs one.');

  const datasetIds = new Set(datasets.map((d) => d.uuid));
  const databaseIds = new Set(databases.map((d) => d.uuid));
  const chartIds = new Set(charts.map((c) => c.uuid));
  for (const chart of charts)
    if (!datasetIds.has(chart.dataset_uuid))
      throw new BundleError(
        `${chart.path}: dataset_uuid ${chart.dataset_uuid} names no dataset in datasets/.`,
      );
  for (const dataset of datasets)
    if (!databaseIds.has(dataset.database_uuid))
      throw new BundleError(
        `${dataset.path}: database_uuid ${dataset.database_uuid} names no database in databases/.`,
      );
  for (const dashboard of dashboards) {
    for (const [nodeId, raw] of Object.entries(dashboard.position ?? {})) {
      if (nodeId === 'DASHBOARD_VERSION_KEY') continue;
      check(PositionNodeSchema, dashboard.path, raw, ['position', nodeId]);
    }
    for (const { nodeId, uuid } of positionCharts(dashboard)) {
      if (!uuid)
        throw new BundleError(`${dashboard.path}: position.${nodeId}.meta.uuid is missing.`);
      if (!chartIds.has(uuid))
        throw new BundleError(
          `${dashboard.path}: position.${nodeId}.meta.uuid ${uuid} names no chart in charts/.`,
        );
    }
  }
  return { metadata, dashboards, charts, datasets, databases };
}
