import {
  ApiErrorSchema,
  CALL_DETAIL_ACCESS,
  CALL_DETAIL_TEXTS,
  CallDetailParamsSchema,
  CallDetailQuerySchema,
  CallDetailAnswerSchema,
  hasPermission,
  type CallDetailAnswer,
} from '@callsight/shared';
import type { AppContext } from '../app-context.ts';
import { forbidden } from '../lib/errors.ts';
import { callerOf, callerScope } from '../plugins/authenticate.ts';
import { callScopeOf } from '../plugins/call-scope.ts';
import { callDetailJsonOf } from '../services/telemetry-store/call-detail.ts';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
};

/**
 * Call detail (spec 002 §7.3): GET /api/viscall2/call/{region}/{contactId}?includeTelemetry=.
 * The region segment is kept for the spec's path; this store holds every region, so it only has
 * to be well formed. Telemetry needs CALL_DETAIL_ACCESS.telemetry; asking without it is a 403.
 * On PostgreSQL the seconds' stored text is written as JSON directly; with ClickHouse the
 * summary, seconds and logs come from its store (chosen once here, not per request).
 */
export async function viscallRoutes({ app, db, authorize, telemetry }: AppContext) {
  const callDetailJson = callDetailJsonOf(telemetry);
  app.get('/api/viscall2/call/:region/:contactId', {
    schema: {
      tags: ['call-detail'],
      summary: "One call of the caller's group: seconds, summary, softphone logs and telemetry",
      params: CallDetailParamsSchema,
      querystring: CallDetailQuerySchema,
      response: { 200: CallDetailAnswerSchema, ...errors },
    },
    onRequest: authorize(CALL_DETAIL_ACCESS.view),
    handler: async (request, reply) => {
      const caller = callerOf(request);
      const { includeTelemetry } = request.query;
      if (includeTelemetry && !hasPermission(caller.permissions, CALL_DETAIL_ACCESS.telemetry)) {
        throw forbidden(CALL_DETAIL_TEXTS.telemetryForbidden);
      }
      // Already the UTF-8 JSON of CallDetailAnswerSchema (checked there); Fastify sends a Buffer as is,
      // but the typed reply only knows the object form.
      const { rules } = await callScopeOf(db, request);
      const json = await callDetailJson(callerScope(db, request), rules, {
        contactId: request.params.contactId,
        includeTelemetry,
      });
      return reply
        .type('application/json; charset=utf-8')
        .send(json as unknown as CallDetailAnswer);
    },
  });
}
