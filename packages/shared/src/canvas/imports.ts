import { z } from 'zod';

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
