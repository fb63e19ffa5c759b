import { and, desc, eq, isNull, max } from 'drizzle-orm';
import {
  CANVAS_LABELS,
  CANVAS_SUFFIXES,
  DATASET_IDS,
  IMPORT_LIMITS,
  IMPORT_TEXTS,
  MAPPABLE_DATASET_IDS,
  columnFitsRole,
  type DashboardImport,
  type DashboardSpec,
  type DatasetMappings,
  type GroupDashboards,
  type ImportDatasets,
  type ImportedColumn,
  type ImportExecution,
  type ImportFromGroup,
  type ImportPreview,
  type ImportType,
  type LogicalDashboard,
  type MappingTarget,
  type PublishImport,
  type SaveDatasetMappings,
  type UploadMetadata,
} from '@callsight/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import { acrossGroups, forGroup, type GroupScope } from '../../db/group-scope.ts';
import {
  canvasDashboards,
  dashboardImportExecutions,
  dashboardImports,
  groups,
  logicalDashboards,
} from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { DATASETS } from './datasets.ts';
import { standardDashboards } from './standard-dashboards.ts';
import {
  BundleError,
  columnUses,
  isExportFile,
  parseExport,
  previewOf,
  toDashboardSpecs,
  withZipEntries,
  writeExport,
} from './superset-bundle/index.ts';

/**
 * Dashboard imports (issue 21): ZIPs in Superset's export format are checked, previewed and kept;
 * a publish (an execution) installs an import's dashboards into a group's canvas, where the
 * engine draws them beside the standard set.
 */

type ImportRow = typeof dashboardImports.$inferSelect;
type ExecutionRow = typeof dashboardImportExecutions.$inferSelect;

const toImport = (r: ImportRow): DashboardImport => ({
  id: r.id,
  type: r.type,
  version: r.version,
  groupId: r.targetGroupId,
  description: r.description,
  isDraft: r.isDraft,
  createdAt: r.createdAt.toISOString(),
  source: r.source,
});

const toExecution = (r: ExecutionRow): ImportExecution => ({
  id: r.id,
  groupId: r.groupId,
  importId: r.importId,
  type: r.type,
  status: r.status,
  version: r.version,
  reason: r.reason,
  createdAt: r.createdAt.toISOString(),
  completedAt: r.completedAt?.toISOString() ?? null,
  updatedAt: r.updatedAt.toISOString(),
});

/**
 * A ZIP read as a Superset dashboard export: inflated to temporary files, removed once parsed,
 * the files the export does not read counted and dropped (issue 31: never inflated in memory).
 */
const readExport = (bytes: Uint8Array) =>
  withZipEntries(bytes, parseExport, { keep: isExportFile });

/** The import's datasets mapped to ours (issue 34), kept beside its preview. */
const mappingsOf = (row: Pick<ImportRow, 'preview'>): DatasetMappings =>
  row.preview.datasetMappings ?? {};

/** An import's export as our dashboards, for one group, through its dataset mapping. */
const dashboardsOf = (row: ImportRow, groupId: string): DashboardSpec[] =>
  toDashboardSpecs(readExport(row.file), {
    idPrefix: `${groupId}_${row.type}_`,
    datasetMappings: mappingsOf(row),
  });

/** A ZIP checked as a Superset dashboard export: its preview, or a 400 naming the problem. */
function checkBundle(bytes: Uint8Array): ImportPreview {
  try {
    return previewOf(readExport(bytes));
  } catch (err) {
    if (err instanceof BundleError) throw badRequest(err.message, { file: err.message });
    throw err;
  }
}

async function requireGroup(db: DbOrTx, groupId: string): Promise<string> {
  const [group] = await db
    .select({ name: groups.name })
    .from(groups)
    .where(eq(groups.id, groupId))
    .limit(1);
  if (!group) throw notFound(IMPORT_TEXTS.groupNotFound);
  return group.name;
}

/** The next version of a type: standard imports count together, custom ones per group. */
async function nextVersion(db: DbOrTx, type: ImportType, groupId: string | null) {
  const [row] = await db
    .select({ v: max(dashboardImports.version) })
    .from(dashboardImports)
    .where(
      and(
        eq(dashboardImports.type, type),
        type === 'custom' && groupId
          ? eq(dashboardImports.targetGroupId, groupId)
          : isNull(dashboardImports.targetGroupId),
      ),
    );
  return (row?.v ?? 0) + 1;
}

export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

function checkFile(file: UploadedFile | null): UploadedFile {
  if (!file) throw badRequest(IMPORT_TEXTS.zipRequired, { file: IMPORT_TEXTS.zipRequired });
  const extension = IMPORT_TEXTS.extension(IMPORT_LIMITS.extensions);
  if (!IMPORT_LIMITS.extensions.some((e) => file.name.toLowerCase().endsWith(e)))
    throw badRequest(extension, { file: extension });
  if (file.bytes.byteLength >= IMPORT_LIMITS.maxMb * 1024 * 1024) {
    const size = IMPORT_TEXTS.size(IMPORT_LIMITS.maxMb);
    throw badRequest(size, { file: size });
  }
  return file;
}

/** POST /canvas/v1/upload: a new import, or a draft edited (`importId`; its version stays). */
export async function uploadImport(
  db: Db,
  userId: string,
  metadata: UploadMetadata,
  file: UploadedFile | null,
): Promise<DashboardImport> {
  if (metadata.importId) return editDraft(db, metadata.importId, metadata, file);
  const zip = checkFile(file);
  if (metadata.type === 'custom' && !metadata.groupId) {
    const message = 'A custom import is for one group: groupId is required';
    throw badRequest(message, { groupId: message });
  }
  const groupId = metadata.type === 'custom' ? (metadata.groupId ?? null) : null;
  if (groupId) await requireGroup(db, groupId);
  const preview = checkBundle(zip.bytes);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(dashboardImports)
      .values({
        type: metadata.type,
        version: await nextVersion(tx, metadata.type, groupId),
        targetGroupId: groupId,
        description: metadata.description,
        isDraft: metadata.isDraft,
        source: zip.name,
        file: zip.bytes,
        preview,
        createdBy: userId,
      })
      .returning();
    if (!row) throw new Error('import not stored');
    return toImport(row);
  });
}

/**
 * A draft edited (spec 001 §4): its description and draft flag, and its ZIP when one is sent;
 * its type, group and version stay. Saved as final, it can be published.
 */
async function editDraft(
  db: Db,
  importId: string,
  metadata: UploadMetadata,
  file: UploadedFile | null,
): Promise<DashboardImport> {
  const zip = file ? checkFile(file) : null;
  const preview = zip ? checkBundle(zip.bytes) : null;
  return db.transaction(async (tx) => {
    const [draft] = await tx
      .select()
      .from(dashboardImports)
      .where(eq(dashboardImports.id, importId))
      .for('update');
    if (!draft) throw notFound('Import not found');
    if (!draft.isDraft) throw conflict('Only a draft can be edited');
    if (metadata.type !== draft.type) {
      const message = `This draft is a ${draft.type} import: its type stays`;
      throw badRequest(message, { 'metadata.type': message });
    }
    if (metadata.groupId && metadata.groupId !== draft.targetGroupId) {
      const message = 'A draft stays for the group it was made for';
      throw badRequest(message, { 'metadata.groupId': message });
    }
    const [row] = await tx
      .update(dashboardImports)
      .set({
        description: metadata.description,
        isDraft: metadata.isDraft,
        // A new ZIP keeps the draft's dataset mapping (by dataset uuid; issue 34).
        ...(zip && preview
          ? {
              source: zip.name,
              file: zip.bytes,
              preview: { ...preview, datasetMappings: mappingsOf(draft) },
            }
          : {}),
        updatedAt: new Date(),
      })
      .where(eq(dashboardImports.id, draft.id))
      .returning();
    if (!row) throw notFound('Import not found');
    return toImport(row);
  });
}

/** The dashboards a group shows today: its standard set and what imports installed. */
export async function groupDashboardSpecs(db: DbOrTx, groupId: string): Promise<DashboardSpec[]> {
  return [...standardDashboards(groupId), ...(await installedDashboards(forGroup(db, groupId)))];
}

/** The dashboards executions installed in a group's canvas. */
export async function installedDashboards(scope: GroupScope): Promise<DashboardSpec[]> {
  const rows = await scope.db
    .select({ spec: canvasDashboards.spec })
    .from(canvasDashboards)
    .where(scope.owns(canvasDashboards))
    .orderBy(canvasDashboards.installedAt, canvasDashboards.title);
  return rows.map((r) => r.spec);
}

/** POST /canvas/v1/upload/{groupId}/dashboards: an import of the ticked dashboards of a group. */
export async function importFromGroup(
  db: Db,
  userId: string,
  groupId: string,
  input: ImportFromGroup,
): Promise<DashboardImport> {
  const name = await requireGroup(db, groupId);
  const all = await groupDashboardSpecs(db, groupId);
  const chosen = input.dashboardIds.map((id) => {
    const spec = all.find((d) => d.id === id);
    if (!spec) {
      const message = `${id} is not a dashboard of ${name}`;
      throw badRequest(message, { dashboardIds: message });
    }
    return spec;
  });
  const bytes = writeExport(chosen, { exportedAt: new Date() });
  const preview = checkBundle(bytes);
  const targetGroupId = input.type === 'custom' ? groupId : null;
  const [row] = await db
    .insert(dashboardImports)
    .values({
      type: input.type,
      version: await nextVersion(db, input.type, targetGroupId),
      targetGroupId,
      description: input.description,
      isDraft: input.isDraft,
      source: name,
      file: bytes,
      preview,
      createdBy: userId,
    })
    .returning();
  if (!row) throw new Error('import not stored');
  return toImport(row);
}

/** GET /canvas/v1/upload: every import, newest first. */
export async function listImports(db: Db): Promise<DashboardImport[]> {
  const rows = await db.select().from(dashboardImports).orderBy(desc(dashboardImports.createdAt));
  return rows.map(toImport);
}

async function importRow(db: DbOrTx, id: string): Promise<ImportRow> {
  const [row] = await db.select().from(dashboardImports).where(eq(dashboardImports.id, id));
  if (!row) throw notFound('Import not found');
  return row;
}

/**
 * GET /canvas/v1/upload/{id}/preview: an import's preview; for a group's id (spec 001 §7's
 * {groupId}/preview), the preview of its deployed dashboards exported as one import.
 */
export async function importPreview(db: Db, id: string): Promise<ImportPreview> {
  const [row] = await db
    .select({ preview: dashboardImports.preview })
    .from(dashboardImports)
    .where(eq(dashboardImports.id, id));
  if (row) {
    // The mapping is kept in the same column; the preview is the rest.
    const { datasetMappings: _mappings, ...preview } = row.preview;
    return preview;
  }
  const [group] = await db.select({ id: groups.id }).from(groups).where(eq(groups.id, id));
  if (!group) throw notFound('Import not found');
  const deployed = await groupDashboardSpecs(db, group.id);
  return checkBundle(writeExport(deployed, { exportedAt: new Date() }));
}

/** GET /canvas/v1/upload/{id}/download: the ZIP as uploaded (or as made from a group). */
export async function importFile(db: Db, id: string): Promise<Uint8Array> {
  return (await importRow(db, id)).file;
}

/** GET /canvas/v1/upload/{groupId}/dashboards: the group's deployed and draft dashboards. */
export async function groupDashboards(db: Db, groupId: string): Promise<GroupDashboards> {
  await requireGroup(db, groupId);
  const deployed = await groupDashboardSpecs(db, groupId);
  const drafts = await db
    .select({ preview: dashboardImports.preview })
    .from(dashboardImports)
    .where(and(eq(dashboardImports.targetGroupId, groupId), eq(dashboardImports.isDraft, true)));
  return {
    deployedDashboards: deployed.map((d) => ({ id: d.id, dashboard_title: d.title })),
    draftDashboards: drafts.flatMap((d) =>
      d.preview.dashboards.map((x) => ({ id: x.id, dashboard_title: x.name })),
    ),
  };
}

/** The latest successful execution's version of a type in a group (0: none). */
async function publishedVersion(scope: GroupScope, type: ImportType): Promise<number> {
  const [row] = await scope.db
    .select({ version: dashboardImportExecutions.version })
    .from(dashboardImportExecutions)
    .where(
      scope.owns(
        dashboardImportExecutions,
        eq(dashboardImportExecutions.type, type),
        eq(dashboardImportExecutions.status, 'success'),
      ),
    )
    .orderBy(desc(dashboardImportExecutions.createdAt))
    .limit(1);
  return row?.version ?? 0;
}

/**
 * Installs an import's dashboards in a group's canvas (replacing what that type installed
 * before) as one execution: success, or failed with the reason, both recorded.
 */
async function execute(db: Db, groupId: string, row: ImportRow): Promise<ImportExecution> {
  const scope = forGroup(db, groupId);
  const [started] = await db
    .insert(dashboardImportExecutions)
    .values(
      scope.rows(dashboardImportExecutions, [
        { importId: row.id, type: row.type, version: row.version, status: 'in_progress' },
      ]),
    )
    .returning();
  if (!started) throw new Error('execution not stored');
  let status = 'success';
  let reason: string | null = null;
  try {
    const specs = dashboardsOf(row, groupId);
    await db.transaction(async (tx) => {
      const txScope = forGroup(tx, groupId);
      await tx
        .delete(canvasDashboards)
        .where(txScope.owns(canvasDashboards, eq(canvasDashboards.type, row.type)));
      if (specs.length)
        await tx.insert(canvasDashboards).values(
          txScope.rows(
            canvasDashboards,
            specs.map((spec) => ({
              id: spec.id,
              type: row.type,
              importId: row.id,
              title: spec.title,
              spec,
            })),
          ),
        );
    });
  } catch (err) {
    status = 'failed';
    reason = err instanceof Error ? err.message : String(err);
  }
  const now = new Date();
  const [done] = await db
    .update(dashboardImportExecutions)
    .set({ status, reason, completedAt: now, updatedAt: now })
    .where(scope.owns(dashboardImportExecutions, eq(dashboardImportExecutions.id, started.id)))
    .returning();
  if (!done) throw new Error('execution not updated');
  return toExecution(done);
}

/** POST /canvas/v1/import: publish an import to a group. */
export async function publishImport(db: Db, input: PublishImport): Promise<ImportExecution> {
  await requireGroup(db, input.groupId);
  const row = await importRow(db, input.importId);
  if (row.type !== input.type || row.version !== input.version) {
    const message = `Import ${row.id} is ${row.type} v${row.version}`;
    throw badRequest(message, { version: message });
  }
  if (row.isDraft) throw conflict('A draft cannot be published: save it as final first');
  if (row.type === 'custom' && row.targetGroupId !== input.groupId) {
    const message = 'This custom import is for another group';
    throw badRequest(message, { groupId: message });
  }
  if ((await publishedVersion(forGroup(db, input.groupId), row.type)) === row.version)
    throw conflict(`v${row.version} is already the group's latest ${row.type} import`);
  return execute(db, input.groupId, row);
}

/** GET /canvas/v1/executions: by group and status, newest first (every group's when unfiltered). */
export async function listExecutions(
  db: Db,
  query: { groupId?: string; status?: string },
): Promise<ImportExecution[]> {
  const e = dashboardImportExecutions;
  const rows = await db
    .select()
    .from(e)
    .where(
      acrossGroups.where(
        query.groupId ? eq(e.groupId, query.groupId) : undefined,
        query.status ? eq(e.status, query.status) : undefined,
      ),
    )
    .orderBy(desc(e.createdAt))
    .limit(1000);
  return rows.map(toExecution);
}

/**
 * GET /canvas/v1/executions/latest: each group's latest execution of each type, newest first,
 * chosen in SQL (DISTINCT ON) over all of them, however many other groups' executions are newer.
 */
export async function latestExecutions(db: Db): Promise<ImportExecution[]> {
  const e = dashboardImportExecutions;
  const rows = await db
    .selectDistinctOn([e.groupId, e.type])
    .from(e)
    .where(acrossGroups.where())
    .orderBy(e.groupId, e.type, desc(e.createdAt), desc(e.id));
  return rows
    .map(toExecution)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.groupId.localeCompare(b.groupId));
}

/**
 * Update Canvas (POST /groups/{id}/bi/configure): installs the latest final standard import in
 * the group again; the message says what was done.
 */
export async function reinstallStandard(db: Db, groupId: string): Promise<string> {
  const name = await requireGroup(db, groupId);
  const [latest] = await db
    .select()
    .from(dashboardImports)
    .where(and(eq(dashboardImports.type, 'standard'), eq(dashboardImports.isDraft, false)))
    .orderBy(desc(dashboardImports.version))
    .limit(1);
  if (!latest)
    return `Canvas of '${name}' is up to date: it shows the built-in standard dashboards (no standard import has been published).`;
  const run = await execute(db, groupId, latest);
  if (run.status !== 'success')
    throw badRequest(`Error while updating Canvas: ${run.reason ?? 'unknown error'}`);
  return `Canvas of '${name}' updated with standard import v${latest.version}.`;
}

/** GET /dashboards/{groupId}/custom: the group's logical dashboards (its canvas keys), mapped or not. */
export async function listLogicalDashboards(db: Db, groupId: string): Promise<LogicalDashboard[]> {
  await requireGroup(db, groupId);
  const scope = forGroup(db, groupId);
  await db
    .insert(logicalDashboards)
    .values(
      scope.rows(
        logicalDashboards,
        (Object.keys(CANVAS_SUFFIXES) as (keyof typeof CANVAS_SUFFIXES)[]).map((key) => ({
          key,
          name: CANVAS_LABELS[key],
        })),
      ),
    )
    .onConflictDoNothing();
  const rows = await db
    .select()
    .from(logicalDashboards)
    .where(scope.owns(logicalDashboards))
    .orderBy(logicalDashboards.name);
  return rows.map((r) => ({ id: r.id, name: r.name, dashboardName: r.dashboardName }));
}

/** PUT /dashboards/custom/{logicalId}: map a logical dashboard to a deployed dashboard title. */
export async function mapLogicalDashboard(
  db: Db,
  logicalId: string,
  dashboardName: string | null,
): Promise<LogicalDashboard> {
  const [logical] = await db
    .select()
    .from(logicalDashboards)
    .where(acrossGroups.where(eq(logicalDashboards.id, logicalId)));
  if (!logical) throw notFound('Logical dashboard not found');
  const deployed = await groupDashboardSpecs(db, logical.groupId);
  if (dashboardName !== null && !deployed.some((d) => d.title === dashboardName)) {
    const message = `${dashboardName} is not a deployed dashboard of this group`;
    throw badRequest(message, { dashboardName: message });
  }
  const scope = forGroup(db, logical.groupId);
  const [row] = await db
    .update(logicalDashboards)
    .set({ dashboardName, updatedAt: new Date() })
    .where(scope.owns(logicalDashboards, eq(logicalDashboards.id, logicalId)))
    .returning();
  if (!row) throw notFound('Logical dashboard not found');
  return { id: row.id, name: row.name, dashboardName: row.dashboardName };
}

/**
 * The dashboard a canvas key opens in a group: the deployed dashboard its logical dashboard is
 * mapped to, else the standard one (GET /groups/dashboard/{name}).
 */
export async function dashboardForCanvasKey(
  scope: GroupScope,
  key: string,
): Promise<DashboardSpec | null> {
  const all = await groupDashboardSpecs(scope.db, scope.groupId);
  const [mapped] = await scope.db
    .select({ dashboardName: logicalDashboards.dashboardName })
    .from(logicalDashboards)
    .where(scope.owns(logicalDashboards, eq(logicalDashboards.key, key)));
  const byTitle = mapped?.dashboardName
    ? all.find((d) => d.title === mapped.dashboardName)
    : undefined;
  if (byTitle) return byTitle;
  const suffix = Object.hasOwn(CANVAS_SUFFIXES, key)
    ? CANVAS_SUFFIXES[key as keyof typeof CANVAS_SUFFIXES]
    : null;
  const id = key === 'default' ? `default_${scope.groupId}` : suffix ? scope.groupId + suffix : key;
  return all.find((d) => d.id === id) ?? null;
}

/** Our datasets an import's datasets may be mapped to, with their columns (issue 34). */
export function mappingTargets(): MappingTarget[] {
  return MAPPABLE_DATASET_IDS.map((id) => ({
    id,
    title: DATASETS[id].title,
    columns: Object.entries(DATASETS[id].columns).map(([name, c]) => ({
      name,
      label: c.label,
      type: c.type,
    })),
  }));
}

/** An import's datasets: the columns its charts read from each, and what each is mapped to. */
function datasetsView(row: ImportRow): ImportDatasets {
  const exp = readExport(row.file);
  const uses = columnUses(exp);
  const mappings = mappingsOf(row);
  const databases = new Map(exp.databases.map((d) => [d.uuid, d.database_name]));
  return {
    datasets: exp.datasets.map((d) => ({
      uuid: d.uuid,
      name: d.table_name,
      database: databases.get(d.database_uuid) ?? null,
      ours: (DATASET_IDS as readonly string[]).includes(d.table_name),
      charts: exp.charts.filter((c) => c.dataset_uuid === d.uuid).map((c) => c.slice_name),
      columns: uses.get(d.uuid) ?? [],
      mapping: Object.hasOwn(mappings, d.uuid) ? (mappings[d.uuid] ?? null) : null,
    })),
    targets: mappingTargets(),
  };
}

/** GET /canvas/v1/upload/{id}/datasets: the import's datasets and the mapping of each. */
export async function importDatasets(db: Db, id: string): Promise<ImportDatasets> {
  return datasetsView(await importRow(db, id));
}

const ROLE_NEEDS: Record<ImportedColumn['role'], (title: string) => string> = {
  time: (title) => `a time column of ${title}`,
  measure: (title) => `a number column of ${title}`,
  dimension: (title) => `a column of ${title} that is not a time`,
};
const ROLE_USE: Record<ImportedColumn['role'], string> = {
  time: "is the charts' time",
  measure: 'is summed or averaged by the charts',
  dimension: 'is grouped or filtered on by the charts',
};

/** A 400 naming the field. */
function invalidField(field: string, message: string): never {
  throw badRequest(message, { [field]: message });
}

/** The mapping checked against the import's datasets and ours: each bad field a 400 naming it. */
function checkedMappings(view: ImportDatasets, input: SaveDatasetMappings): DatasetMappings {
  const imported = new Map(view.datasets.map((d) => [d.uuid, d]));
  const out: DatasetMappings = {};
  input.mappings.forEach((m, i) => {
    const dataset = imported.get(m.uuid);
    if (!dataset) invalidField(`mappings.${i}.uuid`, `${m.uuid} is not a dataset of this import`);
    const ours = DATASETS[m.datasetId];
    const columns: Record<string, string> = {};
    for (const [name, target] of Object.entries(m.columns)) {
      const field = `mappings.${i}.columns.${name}`;
      const column = dataset.columns.find((c) => c.name === name);
      if (!column)
        invalidField(field, `${name} is not a column the charts of ${dataset.name} read`);
      const our = Object.hasOwn(ours.columns, target) ? ours.columns[target] : undefined;
      if (!our) invalidField(field, `${target} is not a column of the ${ours.title} dataset`);
      if (!columnFitsRole(column.role, our.type))
        invalidField(
          field,
          `${name} ${ROLE_USE[column.role]}: map it to ${ROLE_NEEDS[column.role](ours.title)} (${target} is ${our.type === 'time' ? 'a time' : `a ${our.type} column`})`,
        );
      columns[name] = target;
    }
    out[m.uuid] = { datasetId: m.datasetId, columns };
  });
  return out;
}

/**
 * PUT /canvas/v1/upload/{id}/datasets: the import's whole dataset mapping (a dataset left out is
 * not mapped). The groups that run the import's dashboards get them again, drawn through it.
 */
export async function saveImportDatasets(
  db: Db,
  id: string,
  input: SaveDatasetMappings,
): Promise<ImportDatasets> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(dashboardImports)
      .where(eq(dashboardImports.id, id))
      .for('update');
    if (!row) throw notFound('Import not found');
    const datasetMappings = checkedMappings(datasetsView(row), input);
    const [saved] = await tx
      .update(dashboardImports)
      .set({ preview: { ...row.preview, datasetMappings }, updatedAt: new Date() })
      .where(eq(dashboardImports.id, row.id))
      .returning();
    if (!saved) throw notFound('Import not found');
    await reinstallMapped(tx, saved);
    return datasetsView(saved);
  });
}

/**
 * The dashboards an import installed, in every group that runs them, made again through its
 * dataset mapping (no new execution: the same version, drawn over the mapped dataset).
 */
async function reinstallMapped(tx: DbOrTx, row: ImportRow): Promise<void> {
  const installed = await tx
    .select({ groupId: canvasDashboards.groupId })
    .from(canvasDashboards)
    .where(acrossGroups.where(eq(canvasDashboards.importId, row.id)));
  for (const groupId of new Set(installed.map((r) => r.groupId))) {
    const scope = forGroup(tx, groupId);
    const specs = dashboardsOf(row, groupId);
    await tx
      .delete(canvasDashboards)
      .where(scope.owns(canvasDashboards, eq(canvasDashboards.importId, row.id)));
    if (specs.length)
      await tx.insert(canvasDashboards).values(
        scope.rows(
          canvasDashboards,
          specs.map((spec) => ({
            id: spec.id,
            type: row.type,
            importId: row.id,
            title: spec.title,
            spec,
          })),
        ),
      );
  }
}
