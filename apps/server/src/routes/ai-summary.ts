import {
  AI_SUMMARY_ACCESS,
  AiSummaryRequestSchema,
  AiSummarySchema,
  ApiErrorSchema,
} from '@callsight/shared';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { callerOf, callerScope } from '../plugins/authenticate.ts';
import { callScopeOf } from '../plugins/call-scope.ts';
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
/** null before a summary is generated: the normal first state, not an error (no 404). */
const StoredSummarySchema = AiSummarySchema.nullable();

/**
 * AI summaries of journeys (spec 002 §2.13 ai-summary tab, §4, §9), behind journeyExplorer:
 * GET answers the stored summary or null; POST generates it once (readers), regenerate: true
 * writes a new one reusing the thread (admins and super users: AI_SUMMARY_ACCESS).
 */
export async function aiSummaryRoutes({ app, db, authorize, llm, telemetry }: AppContext) {
  const deps: AiSummaryDeps = {
    db,
    journeys: telemetry,
    llm,
    now: () => new Date(),
    log: app.log,
  };

  app.get('/api/traces/:traceId/ai-summary', {
    schema: {
      tags: ['traces'],
      summary: "The journey's stored AI summary, or null before one is generated",
      params: Params,
      response: { 200: StoredSummarySchema, ...errors },
    },
    onRequest: authorize(AI_SUMMARY_ACCESS.read),
    preHandler: async (request) => requireJourneys(db, callerOf(request).groupId),
    handler: async (request) =>
      getAiSummary(
        callerScope(db, request),
        telemetry,
        await callScopeOf(db, request),
        request.params.traceId,
      ),
  });

  app.post('/api/traces/:traceId/ai-summary', {
    schema: {
      tags: ['traces'],
      summary:
        'Generate (once) or regenerate (admins and super users) the AI summary of a journey; ' +
        '404 names a spanId outside the trace',
      params: Params,
      body: AiSummaryRequestSchema,
      response: { 200: AiSummarySchema, ...errors },
    },
    onRequest: authorize(AI_SUMMARY_ACCESS.generate),
    preHandler: async (request) => requireJourneys(db, callerOf(request).groupId),
    handler: async (request) => {
      const caller = callerOf(request);
      const { rules } = await callScopeOf(db, request);
      return generateAiSummary(
        deps,
        {
          groupId: caller.groupId,
          userId: caller.userId,
          email: caller.email,
          permissions: caller.permissions,
          rules,
        },
        request.params.traceId,
        request.body,
      );
    },
  });
}
