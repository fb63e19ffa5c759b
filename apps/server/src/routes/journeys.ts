import type { Transform } from 'node:stream';
import { createGunzip, createInflate } from 'node:zlib';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import {
  ACCESS,
  ApiErrorSchema,
  ECHO_LIMITS,
  ERROR_CODES,
  INGEST_TEXTS,
  INSIGHT_RULES,
  InsightRuleListSchema,
  OTLP_LIMITS,
  SpanInsightsSchema,
  SpanLogsSchema,
  SpanParamsSchema,
  TraceListPageSchema,
  TraceListQuerySchema,
  TraceParamsSchema,
  TraceSchema,
  encodeExportTraceResponse,
  type Trace,
  encodeRpcStatus,
  truncateText,
} from '@callsight/shared';
import type { AppContext } from '../app-context.ts';
import { AppError, tooManyRequests } from '../lib/errors.ts';
import { GateFullError } from '../services/telemetry/concurrency-gate.ts';
import { errorHandler } from '../lib/error-handler.ts';
import { apiKeyOf } from '../plugins/api-key.ts';
import { callScopeOf } from '../plugins/call-scope.ts';
import { callerOf } from '../plugins/authenticate.ts';
import { ingestOtlpTraces } from '../services/journeys/ingest-otlp.ts';
import { requireJourneys } from '../services/journeys/require-journeys.ts';

const PROTOBUF = 'application/x-protobuf';
const RETRY_AFTER_SECONDS = '1';
/** google.rpc.Code INVALID_ARGUMENT, for a refused protobuf export. */
const RPC_INVALID_ARGUMENT = 3;

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
};

/**
 * JSON text standing for a value of the route's response type: Fastify sends a string as it is,
 * so the type is what the text holds (built by the service to the shared schema, tested so).
 */
const preSerialized = <T>(json: string): T => json as unknown as T;

const isProtobuf = (request: FastifyRequest) =>
  (request.headers['content-type'] ?? '').toLowerCase().startsWith(PROTOBUF);

/** A relative link to the list with the same query and another page[cursor]. */
function pageLink(url: string, cursor: string | null): string | null {
  if (!cursor) return null;
  const [path = '/api/traces', search = ''] = url.split('?');
  const params = new URLSearchParams(search);
  params.set('page[cursor]', cursor);
  return `${path}?${params.toString()}`;
}

/**
 * Journeys (issue 5, spec 002 §7.5): OTLP/HTTP trace ingestion at the standard POST /v1/traces
 * (JSON or protobuf, gzip allowed) with a group API key, and the journey explorer API for
 * members of groups with the journeyExplorer flag. Spans and traces live in the telemetry store
 * (PostgreSQL or ClickHouse, issue 23); the flag is read from PostgreSQL.
 */
export async function journeyRoutes({
  app,
  db,
  config,
  authorize,
  authorizeApiKey,
  ingest,
  telemetry,
}: AppContext) {
  await app.register(async (otlp) => {
    otlp.addContentTypeParser(PROTOBUF, { parseAs: 'buffer' }, (_req, body, done) => {
      done(null, body);
    });
    // OpenTelemetry Collectors compress by default; the body limit applies to the inflated bytes.
    otlp.addHook('preParsing', async (request, _reply, payload) => {
      const encoding = (request.headers['content-encoding'] ?? '').toLowerCase();
      if (encoding !== 'gzip' && encoding !== 'deflate') return payload;
      const inflated: Transform & { receivedEncodedLength?: number } =
        encoding === 'gzip' ? createGunzip() : createInflate();
      // Fastify compares content-length with the bytes received, not the inflated ones.
      inflated.receivedEncodedLength = 0;
      payload.on('data', (chunk: Buffer) => {
        inflated.receivedEncodedLength = (inflated.receivedEncodedLength ?? 0) + chunk.length;
      });
      return payload.pipe(inflated);
    });
    otlp.setErrorHandler((err: FastifyError, request, reply) => {
      if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return reply.code(413).send({
          error: { code: ERROR_CODES.tooLarge, message: 'The export request is too large' },
        });
      }
      if (isProtobuf(request) && err instanceof AppError && err.statusCode === 400) {
        return reply
          .code(400)
          .type(PROTOBUF)
          .send(
            Buffer.from(
              encodeRpcStatus(
                RPC_INVALID_ARGUMENT,
                truncateText(err.message, ECHO_LIMITS.messageChars),
              ),
            ),
          );
      }
      return errorHandler(err, request, reply);
    });
    otlp.post('/v1/traces', {
      bodyLimit: config.INGEST_MAX_BODY_BYTES,
      config: { auditSelf: true },
      onRequest: [authorizeApiKey],
      schema: {
        tags: ['ingest'],
        summary: `OTLP/HTTP trace export (JSON or application/x-protobuf): valid spans are stored, refused ones counted in partialSuccess; names over ${OTLP_LIMITS.nameMaxLength} and values over ${OTLP_LIMITS.attributeValueMaxLength} characters are cut with a marker, attributes and events past ${OTLP_LIMITS.attributeCountLimit} dropped`,
      },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        let result;
        try {
          result = await ingestOtlpTraces(
            telemetry,
            ingest.gate,
            apiKeyOf(request).groupId,
            request.body,
          );
        } catch (err) {
          if (!(err instanceof GateFullError)) throw err;
          // OTLP exporters retry 429 after Retry-After.
          reply.header('retry-after', RETRY_AFTER_SECONDS);
          throw tooManyRequests(INGEST_TEXTS.overloaded);
        }
        if (isProtobuf(request)) {
          return reply
            .type(PROTOBUF)
            .send(
              Buffer.from(encodeExportTraceResponse(result.rejectedSpans, result.errorMessage)),
            );
        }
        return reply.send(
          result.rejectedSpans > 0
            ? {
                partialSuccess: {
                  rejectedSpans: String(result.rejectedSpans),
                  errorMessage: result.errorMessage,
                },
              }
            : {},
        );
      },
    });
  });

  const member = {
    onRequest: authorize(ACCESS.viewerAdminSuper),
    preHandler: async (request: FastifyRequest) => requireJourneys(db, callerOf(request).groupId),
  };

  app.get('/api/traces', {
    ...member,
    schema: {
      tags: ['traces'],
      summary: 'Journeys: a page of traces, filtered, sorted by createddate, with cursor links',
      querystring: TraceListQuerySchema,
      response: { 200: TraceListPageSchema, ...errors },
    },
    handler: async (request) => {
      const page = await telemetry.listTraces(await callScopeOf(db, request), request.query);
      return {
        data: page.data,
        meta: { page: { total: page.total, totalRelation: page.totalRelation, size: page.size } },
        links: {
          next: pageLink(request.url, page.nextCursor),
          prev: pageLink(request.url, page.prevCursor),
        },
      };
    },
  });

  app.get('/api/traces/:traceId', {
    ...member,
    // Time spent in the server (auth, query, building the answer), for clients and benchmarks.
    onSend: async (_request, reply, payload) => {
      reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(1)}`);
      return payload;
    },
    schema: {
      tags: ['traces'],
      summary: 'One trace: every span, grouped by resource and scope, OTLP style',
      params: TraceParamsSchema,
      response: { 200: TraceSchema, ...errors },
    },
    // The store answers the JSON text itself (see getTraceJson); strings are sent as they are.
    handler: async (request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send(
          preSerialized<Trace>(
            await telemetry.traceJson(await callScopeOf(db, request), request.params.traceId),
          ),
        ),
  });

  app.get('/api/traces/:traceId/spans/:spanId/insights', {
    ...member,
    schema: {
      tags: ['traces'],
      summary: 'The insights the rules recorded on one span',
      params: SpanParamsSchema,
      response: { 200: SpanInsightsSchema, ...errors },
    },
    handler: async (request) => ({
      data: await telemetry.spanInsights(
        await callScopeOf(db, request),
        request.params.traceId,
        request.params.spanId,
      ),
    }),
  });

  app.get('/api/traces/:traceId/spans/:spanId/logs', {
    ...member,
    schema: {
      tags: ['traces'],
      summary: "The softphone logs of the span's linked call",
      params: SpanParamsSchema,
      response: { 200: SpanLogsSchema, ...errors },
    },
    handler: async (request) =>
      telemetry.spanLogs(
        await callScopeOf(db, request),
        request.params.traceId,
        request.params.spanId,
      ),
  });

  app.get('/api/v1/insights', {
    ...member,
    schema: {
      tags: ['traces'],
      summary: 'The insight rules (name, description, ruleType)',
      response: { 200: InsightRuleListSchema, ...errors },
    },
    handler: async () => ({ data: [...INSIGHT_RULES] }),
  });
}
