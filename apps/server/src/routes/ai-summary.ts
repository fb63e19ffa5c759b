import { ACCESS, AiSummaryRequestSchema, AiSummarySchema, ApiErrorSchema } from '@callsight/shared';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { callerOf, callerScope } from '../plugins/authenticate.ts';
import {
  generateAiSummary,
  getAiSummary,
  type AiSummaryDeps,
} from '../services/ai-summary/ai-summary.ts';
import { requireJourneys } from '../services/journeys/require-journeys.ts';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
};
const Params = z.object({ traceId: z.string().min(1).max(64) });

/**
 * AI summaries of journeys (spec 002 §2.13 ai-summary tab, §4, §9), behind journeyExplorer:
 * GET answers the stored summary; POST generates it once (regenerate: true writes a new one,
 * reusing the thread).
 */
export async function aiSummaryRoutes({ app, db, authorize, llm }: AppContext) {
  const deps: AiSummaryDeps = {
    db,
    llm,
    now: () => new Date(),
    log: app.log,
  };

  app.get('/api/traces/:traceId/ai-summary', {
    schema: {
      tags: ['traces'],
      summary:
        "The journey's stored AI summary (404 'No summary available' before one is generated)",
      params: Params,
      response: { 200: AiSummarySchema, ...errors },
    },
    onRequest: authorize(ACCESS.viewerAdminSuper),
    preHandler: async (request) => requireJourneys(db, callerOf(request).groupId),
    handler: (request) => getAiSummary(callerScope(db, request), request.params.traceId),
  });

  app.post('/api/traces/:traceId/ai-summary', {
    schema: {
      tags: ['traces'],
      summary: 'Generate (once) or regenerate the AI summary of a journey',
      params: Params,
      body: AiSummaryRequestSchema,
      response: { 200: AiSummarySchema, ...errors },
    },
    onRequest: authorize(ACCESS.viewerAdminSuper),
    preHandler: async (request) => requireJourneys(db, callerOf(request).groupId),
    handler: (request) => {
      const caller = callerOf(request);
      return generateAiSummary(
        deps,
        { groupId: caller.groupId, userId: caller.userId, email: caller.email },
        request.params.traceId,
        request.body,
      );
    },
  });
}
