import {
  ACCESS,
  ApiErrorSchema,
  CopilotAskSchema,
  CopilotReplySchema,
  GarvisAskQuerySchema,
  type FeatureFlag,
} from '@callsight/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { forbidden } from '../lib/errors.ts';
import { callerOf } from '../plugins/authenticate.ts';
import { callScopeOf } from '../plugins/call-scope.ts';
import { askCopilot, type CopilotDeps } from '../services/copilot/ask-copilot.ts';
import { enabledFeatures } from '../services/groups/features.ts';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
};

/** Text of the 403 when the group's copilot flag is off. */
export const COPILOT_DISABLED = 'The CX copilot is not enabled for this group';

/**
 * The CX copilot (spec 002 §4, §6, §7.6): POST /api/garvis2/ask (garvis2 flag), its
 * ask_preview variant (garvis2 and garvisPreview) and GET /api/garvis/ask?prompt= (garvis).
 * Answers { response, artifacts, threadId } about the caller's group's own calls, read from the
 * telemetry store (ClickHouse when configured, decision CH13); threads stay in PostgreSQL.
 */
export async function copilotRoutes({ app, db, authorize, llm, telemetry }: AppContext) {
  const deps: CopilotDeps = {
    db,
    calls: telemetry,
    llm,
    now: () => new Date(),
    log: app.log,
  };

  const requireFlags = (flags: FeatureFlag[]) => async (request: FastifyRequest) => {
    const on = new Set(
      (await enabledFeatures(db, callerOf(request).groupId)).map((f) => f.feature),
    );
    if (!flags.every((f) => on.has(f))) throw forbidden(COPILOT_DISABLED);
  };
  const callerFor = async (request: FastifyRequest) => {
    const caller = callerOf(request);
    const { rules } = await callScopeOf(db, request);
    return { groupId: caller.groupId, userId: caller.userId, email: caller.email, rules };
  };

  app.post('/api/garvis2/ask', {
    schema: {
      tags: ['copilot'],
      summary: 'Ask the CX copilot a question about your calls; pass threadId to follow up',
      body: CopilotAskSchema,
      response: { 200: CopilotReplySchema, ...errors },
    },
    onRequest: authorize(ACCESS.viewerAdminSuper),
    preHandler: requireFlags(['garvis2']),
    handler: async (request) =>
      askCopilot(deps, await callerFor(request), request.body, request.routeOptions.url ?? ''),
  });

  app.post('/api/garvis2/ask_preview', {
    schema: {
      tags: ['copilot'],
      summary: 'The preview variant of the copilot ask (garvis2 and garvisPreview flags)',
      body: CopilotAskSchema,
      response: { 200: CopilotReplySchema, ...errors },
    },
    onRequest: authorize(ACCESS.viewerAdminSuper),
    preHandler: requireFlags(['garvis2', 'garvisPreview']),
    handler: async (request) =>
      askCopilot(deps, await callerFor(request), request.body, request.routeOptions.url ?? ''),
  });

  app.get('/api/garvis/ask', {
    schema: {
      tags: ['copilot'],
      summary: 'Ask the CX copilot (garvis flag): the question in ?prompt=',
      querystring: GarvisAskQuerySchema,
      response: { 200: CopilotReplySchema, ...errors },
    },
    onRequest: authorize(ACCESS.viewerAdminSuper),
    preHandler: requireFlags(['garvis']),
    handler: async (request) =>
      askCopilot(
        deps,
        await callerFor(request),
        {
          question: request.query.prompt,
          threadId: request.query.threadId,
          timezone: request.query.timezone,
        },
        request.routeOptions.url ?? '',
      ),
  });
}
