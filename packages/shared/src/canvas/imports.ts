import { z } from 'zod';
import type { DatasetId } from './charts.ts';

/**
 * Dashboard imports (issue 21, spec 001 §3, §4, §5, §7, §8): ZIPs in Superset's export format,
 * versioned per type, published to a group's canvas as executions, and logical dashboards mapped
 * to deployed titles.
 */

export const IMPORT_TYPES = ['standard', 'custom'] as const;
export type ImportType = (typeof IMPORT_TYPES)[number];

/** Upload limits (spec 001 §5: .zip, under 50 MB) and the ZIP bomb caps. */
export const IMPORT_LIMITS = {
  maxMb: 50,
  extensions: ['.zip'],
  /** Entries a ZIP may hold, and the bytes they may inflate to in all. */
  maxEntries: 2000,
  maxUncompressedBytes: 200 * 1024 * 1024,
} as const;

export const IMPORT_TEXTS = {
  // Validation (spec 001 §5).
  extension: (list: readonly string[]) =>
    `Please select a file with one of these extensions: ${list.join(', ')}`,
  size: (mb: number) => `File size must be less than ${mb}MB`,
  // Success (spec 001 §8).
  uploaded: 'Import uploaded successfully',
  created: 'Import created successfully',
  published: 'Import published successfully',
  downloaded: 'Import downloaded successfully!',
  mappingsSaved: 'Dashboard mappings saved successfully!',
  // Failure (spec 001 §8).
  uploadFailed: (reason: string) => `Upload failed: ${reason}`,
  createFailed: (reason: string) => `Import creation failed: ${reason}`,
  publishFailed: (reason: string) => `Failed to publish import: ${reason}`,
  payloadRequired: 'Import payload is required',
  downloadFailed: (reason: string) => `Failed to download import: ${reason}`,
  previewFailed: 'Failed to preview import',
  fetchPreviewFailed: 'Failed to fetch preview',
  fetchDashboardsFailed: 'Error fetching dashboards',
  saveMappingsFailed: 'Error saving dashboard mappings',
  loadDashboardsFailed: 'Error loading dashboards',
  zipRequired: 'ZIP file is required',
  groupNotFound: 'Group not found',
  // Empty states (spec 001 §2).
  noImports: 'No dashboard imports found',
  noExecutions: 'No execution history found',
  noGroupDashboards: 'No dashboards found for this group.',
  noMappings: 'No mappings available',
  // Mapping (spec 001 §2).
  notExported: 'This dashboard is mapped but not ticked: it will not be exported.',
  // Modal titles.
  previewTitle: 'Dashboard Import Preview',
  // Update Canvas (spec 001 §8).
  updateCanvasFailed: 'Error while updating Canvas.',
  // Dataset mapping and Publish from Standard Imports (issue 34; the spec has no such texts).
  datasetsTitle: 'Dataset Mapping',
  datasetsIntro:
    "Point each dataset of this import at one of ours and each column its charts read at one of our dataset's columns. The charts then draw our data, under each team's rules.",
  notMapped: 'Not mapped',
  noDatasets: 'This import has no datasets.',
  datasetsFailed: 'Failed to load the datasets of this import',
  mappingSaved: 'Dataset mapping saved successfully',
  mappingSaveFailed: (reason: string) => `Failed to save the dataset mapping: ${reason}`,
  publishTitle: (version: number) => `Publish v${version}`,
  publishGroup: 'Group',
  allGroups: 'All groups',
  alreadyPublished: (version: number) => `v${version} installed`,
} as const;

const iso = z.string();

/**
 * POST /canvas/v1/upload: the multipart `metadata` field (JSON). With `importId` it edits a draft
 * (spec 001 §4): description and draft flag, and the ZIP only when a file is sent.
 */
export const UploadMetadataSchema = z.strictObject({
  type: z.enum(IMPORT_TYPES, { error: 'type must be standard or custom' }),
  description: z.string().max(500, 'description is at most 500 characters').default(''),
  isDraft: z.boolean({ error: 'isDraft must be true or false' }).default(false),
  /** The group a custom import is for (a standard import is for every group). */
  groupId: z.uuid({ error: 'groupId must be a group id' }).optional(),
  /** Editing a draft: the draft's id (its version does not rise; the file is optional). */
  importId: z.uuid({ error: 'importId must be an import id' }).optional(),
});
export type UploadMetadata = z.infer<typeof UploadMetadataSchema>;

/** A dashboard import (spec 001 §3). */
export const DashboardImportSchema = z.object({
  id: z.string(),
  type: z.enum(IMPORT_TYPES),
  version: z.number().int(),
  groupId: z.string().nullable(),
  description: z.string(),
  isDraft: z.boolean(),
  createdAt: iso,
  /** Where it came from: the uploaded file's name, or the group it was made from. */
  source: z.string(),
});
export type DashboardImport = z.infer<typeof DashboardImportSchema>;
export const DashboardImportListSchema = z.array(DashboardImportSchema);

/** An import's preview (spec 001 §3): what the ZIP holds, with sizes in bytes. */
const SizedSchema = z.object({ name: z.string(), size: z.number().int() });
export const ImportPreviewSchema = z.object({
  dashboards: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      size: z.number().int(),
      uuid: z.string(),
      files: z.array(SizedSchema),
    }),
  ),
  charts: z.array(SizedSchema.extend({ vizType: z.string(), dataset: z.string().nullable() })),
  databases: z.array(SizedSchema),
  datasets: z.array(SizedSchema.extend({ database: z.string().nullable() })),
  metadata_bytes: z.number().int(),
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

/** POST /canvas/v1/upload/{groupId}/dashboards: an import of the ticked dashboards of a group. */
export const ImportFromGroupSchema = z.strictObject({
  dashboardIds: z
    .array(z.string().min(1).max(300), { error: 'dashboardIds must be a list of dashboard ids' })
    .min(1, 'Tick at least one dashboard')
    .max(200),
  type: z.enum(IMPORT_TYPES).default('custom'),
  description: z.string().max(500).default(''),
  isDraft: z.boolean().default(false),
});
export type ImportFromGroup = z.infer<typeof ImportFromGroupSchema>;

/** GET /canvas/v1/upload/{groupId}/dashboards: each with id and dashboard_title (spec 001 §3). */
const GroupDashboardSchema = z.object({ id: z.string(), dashboard_title: z.string() });
export const GroupDashboardsSchema = z.object({
  draftDashboards: z.array(GroupDashboardSchema),
  deployedDashboards: z.array(GroupDashboardSchema),
});
export type GroupDashboards = z.infer<typeof GroupDashboardsSchema>;

/** POST /canvas/v1/import: publish an import to a group (spec 001 §3 publish payload). */
export const PublishImportSchema = z.strictObject({
  groupId: z.uuid({ error: 'groupId must be a group id' }),
  type: z.enum(IMPORT_TYPES, { error: 'type must be standard or custom' }),
  version: z.number({ error: 'version must be a number' }).int().min(1),
  importId: z.uuid({ error: 'importId must be an import id' }),
});
export type PublishImport = z.infer<typeof PublishImportSchema>;

export const EXECUTION_STATUSES = ['success', 'failed', 'in_progress'] as const;

/** A dashboard import execution (spec 001 §3). */
export const ImportExecutionSchema = z.object({
  id: z.string(),
  groupId: z.string(),
  importId: z.string().nullable(),
  type: z.enum(IMPORT_TYPES),
  status: z.string(),
  version: z.number().int(),
  reason: z.string().nullable(),
  createdAt: iso,
  completedAt: iso.nullable(),
  updatedAt: iso,
});
export type ImportExecution = z.infer<typeof ImportExecutionSchema>;
export const ImportExecutionListSchema = z.array(ImportExecutionSchema);

export const ExecutionQuerySchema = z.strictObject({
  groupId: z.uuid({ error: 'groupId must be a group id' }).optional(),
  status: z.string().max(40).optional(),
});

/** A logical dashboard (custom) and the deployed title it maps to (spec 001 §3). */
export const LogicalDashboardSchema = z.object({
  id: z.string(),
  name: z.string(),
  dashboardName: z.string().nullable(),
});
export type LogicalDashboard = z.infer<typeof LogicalDashboardSchema>;
export const LogicalDashboardListSchema = z.array(LogicalDashboardSchema);

export const MapLogicalDashboardSchema = z.strictObject({
  dashboardName: z
    .string({ error: 'dashboardName is required' })
    .trim()
    .min(1, 'dashboardName is required')
    .max(300)
    // null removes the mapping: the canvas key opens its standard dashboard again.
    .nullable(),
});

/** POST /groups/{id}/bi/configure and Update Canvas: the message the UI shows. */
export const CanvasUpdateResultSchema = z.object({ message: z.string() });

export type ImportStatus = 'NO DATA' | 'FAILED' | 'SUCCESS' | 'ERROR' | (string & {});

/**
 * A group's import status (spec 001 §4): NO DATA without a standard or custom execution; FAILED
 * when the latest standard or the latest custom one failed; SUCCESS when either succeeded;
 * otherwise the latest one's status uppercased. (ERROR is the page's, when the fetch failed.)
 */
export function importStatus(
  executions: readonly Pick<ImportExecution, 'type' | 'status' | 'createdAt'>[],
): ImportStatus {
  const latest = (type: ImportType) =>
    executions
      .filter((e) => e.type === type)
      .reduce<(typeof executions)[number] | null>(
        (a, e) => (a === null || e.createdAt > a.createdAt ? e : a),
        null,
      );
  const standard = latest('standard');
  const custom = latest('custom');
  if (!standard && !custom) return 'NO DATA';
  const both = [standard, custom].flatMap((e) => (e ? [e] : []));
  if (both.some((e) => e.status.toLowerCase() === 'failed')) return 'FAILED';
  if (both.some((e) => e.status.toLowerCase() === 'success')) return 'SUCCESS';
  const newest = both.reduce((a, e) => (e.createdAt > a.createdAt ? e : a));
  return newest.status.toUpperCase();
}

export type BadgeColour = 'success' | 'error' | 'warning' | 'info';

/** A status badge's colour (spec 001 §4): success/completed green, failed/error red, ... */
export function importBadgeColour(status: string): BadgeColour {
  const s = status.toLowerCase();
  if (s === 'success' || s === 'completed') return 'success';
  if (s === 'failed' || s === 'error') return 'error';
  if (s === 'pending' || s === 'in_progress') return 'warning';
  return 'info';
}

/** The latest-only filter (spec 001 §4): the newest import per type and group. */
export function latestImportsOnly<
  T extends Pick<DashboardImport, 'type' | 'groupId' | 'version' | 'createdAt'>,
>(imports: readonly T[]): T[] {
  const newest = new Map<string, T>();
  for (const i of imports) {
    const key = `${i.type}:${i.groupId ?? ''}`;
    const held = newest.get(key);
    if (
      !held ||
      i.version > held.version ||
      (i.version === held.version && i.createdAt > held.createdAt)
    )
      newest.set(key, i);
  }
  return imports.filter((i) => newest.get(`${i.type}:${i.groupId ?? ''}`) === i);
}

/** Our datasets an imported dataset may be mapped to (issue 34): calls, seconds, logs, journeys. */
export const MAPPABLE_DATASET_IDS = [
  'calls',
  'call_seconds',
  'softphone_logs',
  'journeys',
] as const satisfies readonly DatasetId[];
export type MappableDatasetId = (typeof MAPPABLE_DATASET_IDS)[number];

/**
 * How an import's charts use one of its dataset's columns: as the time (the x axis, the time
 * range), as a measure (summed, averaged, binned: a number), or as a dimension (grouped by,
 * filtered on, counted).
 */
export const IMPORTED_COLUMN_ROLES = ['time', 'measure', 'dimension'] as const;
export type ImportedColumnRole = (typeof IMPORTED_COLUMN_ROLES)[number];

/** Our column types (the server's dataset registry). */
export type OurColumnType = 'time' | 'number' | 'text' | 'tags';

/** Whether a column of ours can stand for an imported column used in that role. */
export function columnFitsRole(role: ImportedColumnRole, type: OurColumnType): boolean {
  if (role === 'time') return type === 'time';
  if (role === 'measure') return type === 'number';
  return type !== 'time';
}

const ourColumnName = z
  .string({ error: 'must be a column name of our dataset' })
  .regex(/^[a-z][a-z0-9_]{0,62}$/, 'must be a column name of our dataset');
const importedColumnName = z.string().min(1).max(250);

/** An imported dataset mapped to one of ours: our dataset, and our column per imported column. */
export const DatasetMappingSchema = z.strictObject({
  datasetId: z.enum(MAPPABLE_DATASET_IDS, {
    error: `datasetId must be one of ${MAPPABLE_DATASET_IDS.join(', ')}`,
  }),
  columns: z
    .record(importedColumnName, ourColumnName)
    .refine((c) => Object.keys(c).length <= 500, 'at most 500 columns'),
});
export type DatasetMapping = z.infer<typeof DatasetMappingSchema>;

/**
 * PUT /canvas/v1/upload/{id}/datasets: the whole mapping of an import, one entry per mapped
 * dataset (by its uuid in the export); a dataset left out is not mapped.
 */
export const SaveDatasetMappingsSchema = z.strictObject({
  mappings: z
    .array(
      DatasetMappingSchema.extend({
        uuid: z.string({ error: 'uuid must be a dataset uuid' }).min(1).max(100),
      }),
      { error: 'mappings must be a list' },
    )
    .max(100)
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((m, i) => {
        if (seen.has(m.uuid))
          ctx.addIssue({
            code: 'custom',
            path: [i, 'uuid'],
            message: 'Each dataset is mapped once',
          });
        seen.add(m.uuid);
      });
    }),
});
export type SaveDatasetMappings = z.infer<typeof SaveDatasetMappingsSchema>;

/** The mappings an import keeps, by the imported dataset's uuid. */
export type DatasetMappings = Record<string, DatasetMapping>;

/** A column an import's charts read, how they use it, and which charts read it. */
export const ImportedColumnSchema = z.object({
  name: z.string(),
  /** Superset's type of the column (e.g. DOUBLE PRECISION), when the export says it. */
  type: z.string().nullable(),
  role: z.enum(IMPORTED_COLUMN_ROLES),
  charts: z.array(z.string()),
});
export type ImportedColumn = z.infer<typeof ImportedColumnSchema>;

/** One dataset of an import: what its charts read from it, and what it is mapped to. */
export const ImportDatasetSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  database: z.string().nullable(),
  /** Whether we have a dataset of that name already (it needs no mapping). */
  ours: z.boolean(),
  charts: z.array(z.string()),
  columns: z.array(ImportedColumnSchema),
  mapping: z
    .object({ datasetId: z.enum(MAPPABLE_DATASET_IDS), columns: z.record(z.string(), z.string()) })
    .nullable(),
});
export type ImportDataset = z.infer<typeof ImportDatasetSchema>;

/** One of our datasets an imported one may be mapped to, with its columns. */
export const MappingTargetSchema = z.object({
  id: z.enum(MAPPABLE_DATASET_IDS),
  title: z.string(),
  columns: z.array(
    z.object({
      name: z.string(),
      label: z.string(),
      type: z.enum(['time', 'number', 'text', 'tags']),
    }),
  ),
});
export type MappingTarget = z.infer<typeof MappingTargetSchema>;

/** GET (and PUT) /canvas/v1/upload/{id}/datasets: the import's datasets and ours to map them to. */
export const ImportDatasetsSchema = z.object({
  datasets: z.array(ImportDatasetSchema),
  targets: z.array(MappingTargetSchema),
});
export type ImportDatasets = z.infer<typeof ImportDatasetsSchema>;
