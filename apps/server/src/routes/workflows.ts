import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ACCESS,
  ActionHistoryListSchema,
  ActionHistoryQuerySchema,
  ApiErrorSchema,
  AuditLogListSchema,
  AuditLogQuerySchema,
  EventSourceConfigListSchema,
  GroupWatcherParamsSchema,
  RECORD_COUNT_HEADER,
  WatchdogWatcherParamsSchema,
  WatcherGroupParamsSchema,
  WatcherListSchema,
  WatcherSchema,
  WorkflowCatalogueSchema,
  WorkflowSaveSchema,
  WORKFLOW_TEXTS,
} from '@callsight/shared';
import type { AppContext } from '../app-context.ts';
import { notFound } from '../lib/errors.ts';
import { callerOf, callerScope } from '../plugins/authenticate.ts';
import type { Caller } from '../lib/caller.ts';
import { eventSourceConfigs, workflowCatalogue } from '../services/workflows/catalogue.ts';
import { listActionHistory, listAuditLogs } from '../services/workflows/history.ts';
import {
  deleteWatcher,
  listWatchers,
  saveWatcher,
  setWatcherActive,
} from '../services/workflows/watchers.ts';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
};

/** The caller, once the {group} of the path is checked to be the caller's group (else 404). */
function callerInGroup(request: FastifyRequest, group: string): Caller {
  const caller = callerOf(request);
  if (caller.groupId !== group) throw notFound(WORKFLOW_TEXTS.notFound);
  return caller;
}

/**
 * Workflows (watchers) of spec 001 §7: the group and watchdog families, their catalogue and
 * event sources, the workflow action history and the audit logs of the History screen.
 */
export async function workflowRoutes({ app, db, authorize, workflows }: AppContext) {
  const deps = workflows.watcherDeps;
  const tags = ['workflows'];

  app.get('/api/workflows/catalogue', {
    schema: {
      tags,
      summary: 'Applications, the triggers the caller may use (with allowed actions), and actions',
      response: { 200: WorkflowCatalogueSchema, ...errors },
    },
    onRequest: authorize(ACCESS.adminSuper),
    handler: (request) => workflowCatalogue(callerScope(db, request), callerOf(request)),
  });

  app.get('/api/workflows/event-sources', {
    schema: {
      tags,
      summary: "The group's live EventBridge event sources for the wizard's step 3",
      response: { 200: EventSourceConfigListSchema, ...errors },
    },
    onRequest: authorize(ACCESS.adminSuper),
    handler: (request) => eventSourceConfigs(callerScope(db, request)),
  });

  // ---------- group watchers ----------

  app.get('/api/groups/:group/watchers', {
    schema: {
      tags,
      summary: 'Group watchers of the group (merge with /api/watchdog/watcher/list)',
      params: WatcherGroupParamsSchema,
      response: { 200: WatcherListSchema, ...errors },
    },
    onRequest: authorize(ACCESS.adminSuper),
    handler: (request) => {
      callerInGroup(request, request.params.group);
      return listWatchers(callerScope(db, request), 'group');
    },
  });

  app.put('/api/groups/:group/watchers', {
    schema: {
      tags,
      summary: 'Create (workflowId "-1", answers 201) or update a group watcher',
      params: WatcherGroupParamsSchema,
      body: WorkflowSaveSchema,
      response: { 200: WatcherSchema, 201: WatcherSchema, ...errors },
    },
    onRequest: authorize(ACCESS.adminSuper),
    handler: async (request, reply) => {
      const caller = callerInGroup(request, request.params.group);
      const { watcher, created } = await saveWatcher(deps, caller, 'group', request.body);
      return reply.code(created ? 201 : 200).send(watcher);
    },
  });

  app.delete('/api/groups/:group/watchers/:id', {
    schema: {
      tags,
      summary: 'Delete a group watcher',
      params: GroupWatcherParamsSchema,
      response: { 204: z.null().describe('Deleted'), ...errors },
    },
    onRequest: authorize(ACCESS.adminSuper),
    handler: async (request, reply) => {
      const caller = callerInGroup(request, request.params.group);
      await deleteWatcher(deps, caller, 'group', request.params.id);
      return reply.code(204).send(null);
    },
  });

  for (const [verb, active] of [
    ['activate', true],
    ['deactivate', false],
  ] as const) {
    app.put(`/api/groups/:group/watchers/:id/${verb}`, {
      schema: {
        tags,
        summary: `${active ? 'Activate' : 'Deactivate'} a group watcher`,
        params: GroupWatcherParamsSchema,
        response: { 200: WatcherSchema, ...errors },
      },
      onRequest: authorize(ACCESS.adminSuper),
      handler: (request) =>
        setWatcherActive(
          deps,
          callerInGroup(request, request.params.group),
          'group',
          request.params.id,
          active,
        ),
    });

    app.put(`/api/watchdog/watcher/:id/${verb}`, {
      schema: {
        tags,
        summary: `${active ? 'Activate' : 'Deactivate'} a watchdog watcher`,
        params: WatchdogWatcherParamsSchema,
        response: { 200: WatcherSchema, ...errors },
      },
      onRequest: authorize(ACCESS.adminSuper),
      handler: (request) =>
        setWatcherActive(deps, callerOf(request), 'watchdog', request.params.id, active),
    });
  }

  // ---------- watchdog watchers ----------

  app.get('/api/watchdog/watcher/list', {
    schema: {
      tags,
      summary: "Watchdog watchers of the caller's group",
      response: { 200: WatcherListSchema, ...errors },
    },
    onRequest: authorize(ACCESS.adminSuper),
    handler: (request) => listWatchers(callerScope(db, request), 'watchdog'),
  });

  app.post('/api/watchdog/watcher', {
    schema: {
      tags,
      summary: 'Create a watchdog watcher (a workflowId other than "-1" updates it)',
      body: WorkflowSaveSchema,
      response: { 200: WatcherSchema, 201: WatcherSchema, ...errors },
    },
    onRequest: authorize(ACCESS.adminSuper),
    handler: async (request, reply) => {
      const { watcher, created } = await saveWatcher(
        deps,
        callerOf(request),
        'watchdog',
        request.body,
      );
      return reply.code(created ? 201 : 200).send(watcher);
    },
  });

  app.put('/api/watchdog/watcher/:id', {
    schema: {
      tags,
      summary: 'Update a watchdog watcher ("-1" as id creates one)',
      params: WatchdogWatcherParamsSchema,
      body: WorkflowSaveSchema,
      response: { 200: WatcherSchema, 201: WatcherSchema, ...errors },
    },
    onRequest: authorize(ACCESS.adminSuper),
    handler: async (request, reply) => {
      const { watcher, created } = await saveWatcher(
        deps,
        callerOf(request),
        'watchdog',
        request.body,
        request.params.id,
      );
      return reply.code(created ? 201 : 200).send(watcher);
    },
  });

  app.delete('/api/watchdog/watcher/:id', {
    schema: {
      tags,
      summary: 'Delete a watchdog watcher',
      params: WatchdogWatcherParamsSchema,
      response: { 204: z.null().describe('Deleted'), ...errors },
    },
    onRequest: authorize(ACCESS.adminSuper),
    handler: async (request, reply) => {
      await deleteWatcher(deps, callerOf(request), 'watchdog', request.params.id);
      return reply.code(204).send(null);
    },
  });

  // ---------- history ----------

  app.get('/api/groups/:group/watchers/actions/history', {
    schema: {
      tags,
      summary:
        'Workflow action history, newest first (default: last 15 minutes); total in recordcount',
      params: WatcherGroupParamsSchema,
      querystring: ActionHistoryQuerySchema,
      response: { 200: ActionHistoryListSchema, ...errors },
    },
    onRequest: authorize(ACCESS.viewerAdminSuper),
    handler: async (request, reply) => {
      callerInGroup(request, request.params.group);
      const { items, total } = await listActionHistory(callerScope(db, request), request.query);
      reply.header(RECORD_COUNT_HEADER, String(total));
      reply.header('access-control-expose-headers', RECORD_COUNT_HEADER);
      return items;
    },
  });

  app.get('/api/auditLogs', {
    schema: {
      tags,
      summary:
        "The group's audit logs, newest first (default: last 1 hour); total in the recordcount header",
      querystring: AuditLogQuerySchema,
      response: { 200: AuditLogListSchema, ...errors },
    },
    onRequest: authorize(ACCESS.viewerAdminSuper),
    handler: async (request, reply) => {
      const { items, total } = await listAuditLogs(callerScope(db, request), request.query);
      reply.header(RECORD_COUNT_HEADER, String(total));
      reply.header('access-control-expose-headers', RECORD_COUNT_HEADER);
      return { data: items };
    },
  });
}
