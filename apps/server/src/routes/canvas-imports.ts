import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ACCESS,
  ApiErrorSchema,
  DashboardImportListSchema,
  DashboardImportSchema,
  DashboardInfoSchema,
  ERROR_CODES,
  ExecutionQuerySchema,
  GroupDashboardsSchema,
  IMPORT_LIMITS,
  IMPORT_TEXTS,
  ImportExecutionListSchema,
  ImportExecutionSchema,
  ImportDatasetsSchema,
  ImportFromGroupSchema,
  ImportPreviewSchema,
  LogicalDashboardListSchema,
  LogicalDashboardSchema,
  MapLogicalDashboardSchema,
  PublishImportSchema,
  SaveDatasetMappingsSchema,
  UploadMetadataSchema,
  latestImportsOnly,
} from '@callsight/shared';
import type { AppContext } from '../app-context.ts';
import { AppError, badRequest, notFound } from '../lib/errors.ts';
import { errorHandler } from '../lib/error-handler.ts';
import { callerOf, callerScope } from '../plugins/authenticate.ts';
import {
  dashboardForCanvasKey,
  groupDashboards,
  importDatasets,
  importFile,
  importFromGroup,
  importPreview,
  latestExecutions,
  listExecutions,
  listImports,
  listLogicalDashboards,
  mapLogicalDashboard,
  publishImport,
  saveImportDatasets,
  uploadImport,
  type UploadedFile,
} from '../services/canvas/dashboard-imports.ts';
import { readFormData } from '../lib/form-data.ts';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
};
const tags = ['dashboard imports'];
const IdParams = z.object({ id: z.uuid({ error: 'id must be an import id' }) });
const PreviewParams = z.object({ id: z.uuid({ error: 'id must be an import id or a group id' }) });
const GroupParams = z.object({ groupId: z.uuid({ error: 'groupId must be a group id' }) });
const LogicalParams = z.object({
  logicalId: z.uuid({ error: 'logicalId must be a logical dashboard id' }),
});
const NameParams = z.object({ name: z.string().min(1).max(100) });
const ListQuery = z.strictObject({
  latestOnly: z.enum(['true', 'false']).optional(),
});

/** The multipart body of an upload: its metadata (JSON; undefined when absent) and its one file. */
class UploadForm {
  constructor(
    readonly metadata: unknown,
    readonly file: UploadedFile | null,
  ) {}
}

const tooLarge = () => {
  const text = IMPORT_TEXTS.size(IMPORT_LIMITS.maxMb);
  return new AppError(413, ERROR_CODES.tooLarge, text, { file: text });
};

const payloadRequired = () =>
  badRequest(IMPORT_TEXTS.payloadRequired, { metadata: IMPORT_TEXTS.payloadRequired });

async function readUploadForm(body: Buffer, contentType: string): Promise<UploadForm> {
  const form = await readFormData(body, contentType);
  const metadata = form.get('metadata');
  let parsed: unknown = undefined;
  if (typeof metadata === 'string' && metadata.trim() !== '') {
    try {
      parsed = JSON.parse(metadata);
    } catch {
      throw badRequest('metadata must be JSON', { metadata: 'metadata must be JSON' });
    }
  }
  const file = form.get('file');
  return new UploadForm(
    parsed,
    file && typeof file !== 'string'
      ? { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }
      : null,
  );
}

/**
 * Dashboard imports (issue 21, spec 001 §7): platform staff upload, preview, download and
 * publish imports, read executions, and map logical dashboards; a group's members resolve a
 * canvas name to the dashboard it opens.
 */
export async function canvasImportRoutes({ app, db, authorize }: AppContext) {
  const supers = { onRequest: authorize(ACCESS.superOnly) };

  app.get('/api/canvas/v1/upload', {
    ...supers,
    schema: {
      tags,
      summary:
        'Every dashboard import, newest first (latestOnly=true: the newest per type and group)',
      querystring: ListQuery,
      response: { 200: DashboardImportListSchema, ...errors },
    },
    handler: async (request) => {
      const all = await listImports(db);
      return request.query.latestOnly === 'true' ? latestImportsOnly(all) : all;
    },
  });

  // The multipart parser lives in this scope only.
  await app.register(async (scoped) => {
    scoped.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'buffer' },
      async (request: FastifyRequest, body: Buffer) =>
        readUploadForm(body, String(request.headers['content-type'])),
    );
    scoped.post('/api/canvas/v1/upload', {
      ...supers,
      // 50 MB of ZIP and the form's framing.
      bodyLimit: IMPORT_LIMITS.maxMb * 1024 * 1024 + 64 * 1024,
      errorHandler: (err: FastifyError, request: FastifyRequest, reply: FastifyReply) =>
        err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? errorHandler(tooLarge() as unknown as FastifyError, request, reply)
          : errorHandler(err, request, reply),
      schema: {
        tags,
        summary:
          'Upload an import: multipart/form-data with `metadata` (JSON: type, description, isDraft, groupId; importId edits a draft, whose version stays, and `file` may then be left out) and `file` (a Superset export .zip under 50 MB)',
        consumes: ['multipart/form-data'],
        response: {
          200: DashboardImportSchema,
          201: DashboardImportSchema,
          413: ApiErrorSchema,
          ...errors,
        },
      },
      handler: async (request, reply) => {
        // Without the multipart `metadata` part (or without a multipart body) there is nothing to do.
        const form = request.body;
        if (!(form instanceof UploadForm) || form.metadata === undefined) throw payloadRequired();
        const metadata = UploadMetadataSchema.safeParse(form.metadata);
        if (!metadata.success) {
          const issue = metadata.error.issues[0];
          const field = `metadata.${issue?.path.join('.') ?? ''}`;
          throw badRequest(issue?.message ?? 'Invalid metadata', {
            [field]: issue?.message ?? 'Invalid',
          });
        }
        const saved = await uploadImport(db, callerOf(request).userId, metadata.data, form.file);
        return reply.code(metadata.data.importId ? 200 : 201).send(saved);
      },
    });
  });

  app.post('/api/canvas/v1/upload/:groupId/dashboards', {
    ...supers,
    schema: {
      tags,
      summary: "An import of the ticked dashboards of a group (in Superset's export format)",
      params: GroupParams,
      body: ImportFromGroupSchema,
      response: { 201: DashboardImportSchema, ...errors },
    },
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(
          await importFromGroup(db, callerOf(request).userId, request.params.groupId, request.body),
        ),
  });

  app.get('/api/canvas/v1/upload/:groupId/dashboards', {
    ...supers,
    schema: {
      tags,
      summary: "A group's deployed dashboards and those of its draft imports",
      params: GroupParams,
      response: { 200: GroupDashboardsSchema, ...errors },
    },
    handler: (request) => groupDashboards(db, request.params.groupId),
  });

  app.get('/api/canvas/v1/upload/:id/preview', {
    ...supers,
    schema: {
      tags,
      summary:
        "An import's preview: dashboards, charts, datasets and databases with their sizes; for a group's id (spec 001 §7's {groupId}/preview), its deployed dashboards as one import would hold them",
      params: PreviewParams,
      response: { 200: ImportPreviewSchema, ...errors },
    },
    handler: (request) => importPreview(db, request.params.id),
  });

  app.get('/api/canvas/v1/upload/:id/download', {
    ...supers,
    schema: {
      tags,
      summary: "An import's ZIP (saved as <id>.zip)",
      params: IdParams,
      response: { 200: z.any().describe('application/zip'), ...errors },
    },
    handler: async (request, reply) => {
      const bytes = await importFile(db, request.params.id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${request.params.id}.zip"`)
        .send(Buffer.from(bytes));
    },
  });

  app.get('/api/canvas/v1/upload/:id/datasets', {
    ...supers,
    schema: {
      tags,
      summary:
        "An import's datasets (issue 34): the columns its charts read from each (time, measure or dimension), the mapping of each to one of ours, and our datasets with their columns",
      params: IdParams,
      response: { 200: ImportDatasetsSchema, ...errors },
    },
    handler: (request) => importDatasets(db, request.params.id),
  });

  app.put('/api/canvas/v1/upload/:id/datasets', {
    ...supers,
    schema: {
      tags,
      summary:
        "Map an import's datasets to ours (the whole mapping: a dataset left out is not mapped): our dataset, and our column per column its charts read (400 naming the field of a column we do not have or that does not fit its use). The groups running its dashboards get them again through it.",
      params: IdParams,
      body: SaveDatasetMappingsSchema,
      response: { 200: ImportDatasetsSchema, ...errors },
    },
    handler: (request) => saveImportDatasets(db, request.params.id, request.body),
  });

  app.post('/api/canvas/v1/import', {
    ...supers,
    schema: {
      tags,
      summary:
        "Publish an import to a group: an execution that installs its dashboards in the group's canvas",
      body: PublishImportSchema,
      response: { 201: ImportExecutionSchema, ...errors },
    },
    handler: async (request, reply) => reply.code(201).send(await publishImport(db, request.body)),
  });

  app.get('/api/canvas/v1/executions', {
    ...supers,
    schema: {
      tags,
      summary: 'Import executions by group and status, newest first',
      querystring: ExecutionQuerySchema,
      response: { 200: ImportExecutionListSchema, ...errors },
    },
    handler: (request) => listExecutions(db, request.query),
  });

  app.get('/api/canvas/v1/executions/latest', {
    ...supers,
    schema: {
      tags,
      summary: "Each group's latest execution of each type",
      response: { 200: ImportExecutionListSchema, ...errors },
    },
    handler: () => latestExecutions(db),
  });

  app.get('/api/dashboards/:groupId/custom', {
    ...supers,
    schema: {
      tags,
      summary: "A group's logical dashboards and the deployed titles they map to",
      params: GroupParams,
      response: { 200: LogicalDashboardListSchema, ...errors },
    },
    handler: (request) => listLogicalDashboards(db, request.params.groupId),
  });

  app.put('/api/dashboards/custom/:logicalId', {
    ...supers,
    schema: {
      tags,
      summary: 'Map a logical dashboard to a deployed dashboard title',
      params: LogicalParams,
      body: MapLogicalDashboardSchema,
      response: { 200: LogicalDashboardSchema, ...errors },
    },
    handler: (request) =>
      mapLogicalDashboard(db, request.params.logicalId, request.body.dashboardName),
  });

  app.get('/api/groups/dashboard/:name', {
    onRequest: authorize(ACCESS.anyMember),
    schema: {
      tags,
      summary: "The caller's group's dashboard of a canvas name (mapped, or the standard one)",
      params: NameParams,
      response: { 200: DashboardInfoSchema, ...errors },
    },
    handler: async (request) => {
      const d = await dashboardForCanvasKey(callerScope(db, request), request.params.name);
      if (!d) throw notFound('Dashboard not found');
      return { id: d.id, name: d.title, embeddedID: d.id };
    },
  });
}
