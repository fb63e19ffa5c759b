import { z } from 'zod';
import {
  ACCESS,
  ApiErrorSchema,
  EventBridgeSettingsSchema,
  EventSourceAssociateSchema,
  EventSourceCreateSchema,
  EventSourceIdParamsSchema,
  EventSourceListParamsSchema,
  EventSourceListSchema,
  EventSourceSchema,
  fullEventSourceName,
} from '@callsight/shared';
import type { AppContext } from '../app-context.ts';
import { callerOf } from '../plugins/authenticate.ts';
import {
  associateEventSource,
  createEventSource,
  deleteEventSource,
  listEventSources,
  requireEventBridge,
  type EventSourceDeps,
} from '../services/eventbridge/event-sources.ts';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
  502: ApiErrorSchema,
};

/** EventBridge partner event sources of the group (spec 000 §2.5), behind the eventbridge flag. */
export async function eventBridgeRoutes({ app, db, config, authorize, eventBridge }: AppContext) {
  const deps: EventSourceDeps = {
    db,
    adapter: eventBridge,
    partnerDomain: config.EVENTBRIDGE_PARTNER_DOMAIN,
    statusRefreshMs: config.EVENTBRIDGE_STATUS_REFRESH_SECONDS * 1000,
    log: app.log,
    refreshedAt: new Map(),
  };
  app.log.info({ adapter: eventBridge.kind }, 'EventBridge adapter');

  app.post('/api/users/eventBridge', {
    schema: {
      tags: ['eventbridge'],
      summary:
        'Create a partner event source aws.partner/{domain}/{groupId}/{eventSourceName} for an AWS account',
      body: EventSourceCreateSchema,
      response: { 201: EventSourceSchema, ...errors },
    },
    onRequest: authorize(ACCESS.adminSuper),
    handler: async (request, reply) =>
      reply.code(201).send(await createEventSource(deps, callerOf(request), request.body)),
  });

  app.get('/api/users/eventBridge/settings', {
    schema: {
      tags: ['eventbridge'],
      summary: 'The name prefix of new sources and the adapter in use (aws or local)',
      response: { 200: EventBridgeSettingsSchema, ...errors },
    },
    onRequest: authorize(ACCESS.viewerAdminSuper),
    handler: async (request) => {
      const caller = callerOf(request);
      await requireEventBridge(db, caller.groupId);
      return {
        namePrefix: fullEventSourceName(deps.partnerDomain, caller.groupId, ''),
        adapter: eventBridge.kind,
      };
    },
  });

  app.get('/api/users/eventBridge/:flag', {
    schema: {
      tags: ['eventbridge'],
      summary: "The group's event sources with a refreshed status; flag=true includes deleted ones",
      params: EventSourceListParamsSchema,
      response: { 200: EventSourceListSchema, ...errors },
    },
    onRequest: authorize(ACCESS.viewerAdminSuper),
    handler: (request) => listEventSources(deps, callerOf(request), request.params.flag),
  });

  app.delete('/api/users/eventBridge/:eventSourceId', {
    schema: {
      tags: ['eventbridge'],
      summary: 'Delete an event source (withdrawn from the AWS account)',
      params: EventSourceIdParamsSchema,
      response: { 204: z.null().describe('Deleted'), ...errors },
    },
    onRequest: authorize(ACCESS.adminSuper),
    handler: async (request, reply) => {
      await deleteEventSource(deps, callerOf(request), request.params.eventSourceId);
      return reply.code(204).send(null);
    },
  });

  app.post('/api/users/eventBridge/:eventSourceId/associate', {
    schema: {
      tags: ['eventbridge'],
      summary:
        'Associate an event bus with a source (built-in adapter only; in AWS the customer does it)',
      params: EventSourceIdParamsSchema,
      body: EventSourceAssociateSchema,
      response: { 200: EventSourceSchema, ...errors },
    },
    onRequest: authorize(ACCESS.adminSuper),
    handler: (request) =>
      associateEventSource(deps, callerOf(request), request.params.eventSourceId, request.body),
  });
}
