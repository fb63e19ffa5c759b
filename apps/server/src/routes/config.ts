import {
  ACCESS,
  ApiErrorSchema,
  ConfigBatchResultSchema,
  ConfigBatchWriteSchema,
  ConfigCatalogueQuerySchema,
  ConfigCatalogueSchema,
  ConfigEntryParamsSchema,
  ConfigEntrySchema,
  ConfigModuleListSchema,
  ConfigTypeParamsSchema,
  ConfigValidationSchema,
  ConfigWriteSchema,
} from '@callsight/shared';
import type { AppContext } from '../app-context.ts';
import { callerOf } from '../plugins/authenticate.ts';
import { callerModules, readCatalogue } from '../services/config/catalogue-view.ts';
import {
  getConfigEntry,
  setConfigEntries,
  setConfigEntry,
  validateConfigEntry,
} from '../services/config/config-entries.ts';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
};
const writeErrors = { ...errors, 406: ApiErrorSchema };

/**
 * The group's config catalogue (spec 000 §7 Config). Static paths (`modules`, `catalogue`, and
 * other modules' `token`, `ip`, `validate`) win over the `{key}/{type}` and `{type}` params.
 * Group Settings is a viewer, admin and super screen (spec 000 §6): Group Users are refused.
 */
export async function configRoutes({ app, db, authorize }: AppContext) {
  app.get('/api/config/modules', {
    schema: {
      tags: ['config'],
      summary: "The caller's settings modules in this group",
      response: { 200: ConfigModuleListSchema, ...errors },
    },
    onRequest: authorize(ACCESS.viewerAdminSuper),
    handler: async (request) => ({ modules: await callerModules(db, callerOf(request)) }),
  });

  app.get('/api/config/catalogue', {
    schema: {
      tags: ['config'],
      summary:
        "The caller's modules with the fields they may see, current values and a writable flag per field",
      querystring: ConfigCatalogueQuerySchema,
      response: { 200: ConfigCatalogueSchema, ...errors },
    },
    onRequest: authorize(ACCESS.viewerAdminSuper),
    handler: (request) => readCatalogue(db, callerOf(request), { module: request.query.module }),
  });

  app.post('/api/config/validate', {
    schema: {
      tags: ['config'],
      summary:
        'Check a value with the server rules without storing it (406 for a refused approved origin)',
      body: ConfigWriteSchema,
      response: { 200: ConfigValidationSchema, ...writeErrors },
    },
    // A check, not a write: a refused value is the answer, not an event to audit.
    config: { auditSelf: true },
    onRequest: authorize(ACCESS.viewerAdminSuper),
    handler: (request) => validateConfigEntry(callerOf(request), request.body),
  });

  app.put('/api/config', {
    schema: {
      tags: ['config'],
      summary: 'Save several entries of one form together, all or none',
      body: ConfigBatchWriteSchema,
      response: { 200: ConfigBatchResultSchema, ...writeErrors },
    },
    onRequest: authorize(ACCESS.viewerAdminSuper),
    handler: async (request) => ({
      entries: await setConfigEntries(db, callerOf(request), request.body.entries),
    }),
  });

  app.get('/api/config/:key/:type', {
    schema: {
      tags: ['config'],
      summary: 'One config value of the group (the default when none is stored)',
      params: ConfigEntryParamsSchema,
      response: { 200: ConfigEntrySchema, ...errors },
    },
    onRequest: authorize(ACCESS.viewerAdminSuper),
    handler: (request) =>
      getConfigEntry(db, callerOf(request), request.params.key, request.params.type),
  });

  app.put('/api/config/:type', {
    schema: {
      tags: ['config'],
      summary: 'Set one config value (key, value); null restores the default',
      params: ConfigTypeParamsSchema,
      body: ConfigWriteSchema,
      response: { 200: ConfigEntrySchema, ...writeErrors },
    },
    onRequest: authorize(ACCESS.viewerAdminSuper),
    handler: (request) => setConfigEntry(db, callerOf(request), request.params.type, request.body),
  });
}
