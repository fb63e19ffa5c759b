import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import {
  ApiErrorSchema,
  ERROR_CODES,
  INGEST_LIMITS,
  INGEST_TEXTS,
  IngestCallsBodySchema,
  IngestEventsBodySchema,
  IngestLogsBodySchema,
  IngestResultSchema,
  IngestSamplesBodySchema,
  type IngestResult,
} from '@callsight/shared';
import type { AppContext } from '../app-context.ts';
import { errorHandler } from '../lib/error-handler.ts';
import { tooManyRequests } from '../lib/errors.ts';
import { apiKeyOf } from '../plugins/api-key.ts';
import { GateFullError } from '../services/telemetry/concurrency-gate.ts';
import { ingestEvents } from '../services/telemetry/ingest-logs.ts';

const RETRY_AFTER_SECONDS = '1';

const responses = {
  200: IngestResultSchema.describe('Every item stored (duplicates of stored items included)'),
  207: IngestResultSchema.describe('The valid items stored; the malformed ones listed in rejected'),
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  413: ApiErrorSchema,
  429: ApiErrorSchema,
};

/**
 * Ingestion API v1 (issue 4), authenticated by a group's API key (`Authorization: Bearer <key>`):
 * call summaries, per-second samples, softphone logs and telemetry events. Each request is one
 * transaction, answered after commit: 200 when every item was stored, 207 when some were refused
 * (listed with their field errors), 400 when none was valid, 413 for too many items or bytes,
 * 429 when the server is busy. Resending is safe: stored items are never duplicated. Calls,
 * samples and logs go to the telemetry store (PostgreSQL or ClickHouse, answered once stored
 * there); events stay in PostgreSQL.
 */
export async function ingestRoutes({
  app,
  config,
  authorizeApiKey,
  ingest,
  telemetry,
}: AppContext) {
  const { gate, deps } = ingest;

  // Refuse before the body is read or the key looked up when the write queue is already full.
  async function shedWhenSaturated(_request: FastifyRequest, reply: FastifyReply) {
    if (!gate.saturated) return;
    reply.header('retry-after', RETRY_AFTER_SECONDS);
    throw tooManyRequests(INGEST_TEXTS.overloaded);
  }

  async function answer(reply: FastifyReply, stored: Promise<IngestResult>) {
    try {
      const result = await stored;
      return reply.code(result.rejectedCount > 0 ? 207 : 200).send(result);
    } catch (err) {
      if (!(err instanceof GateFullError)) throw err;
      reply.header('retry-after', RETRY_AFTER_SECONDS);
      throw tooManyRequests(INGEST_TEXTS.overloaded);
    }
  }

  function ingestErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({
        error: {
          code: ERROR_CODES.tooLarge,
          message: INGEST_TEXTS.bodyTooLarge(config.INGEST_MAX_BODY_BYTES),
        },
      });
    }
    return errorHandler(err, request, reply);
  }

  const common = {
    bodyLimit: config.INGEST_MAX_BODY_BYTES,
    // Telemetry is data, not configuration: batches are not written to the audit log.
    config: { auditSelf: true },
    onRequest: [shedWhenSaturated, authorizeApiKey],
    errorHandler: ingestErrors,
  };

  app.post('/api/ingest/v1/calls', {
    ...common,
    schema: {
      tags: ['ingest'],
      summary:
        'Call summaries (at most 1000): created or replaced per contactId; the agent network is labelled',
      body: IngestCallsBodySchema,
      response: responses,
    },
    handler: (request, reply) =>
      answer(reply, telemetry.ingestCalls(apiKeyOf(request).groupId, request.body.calls)),
  });

  app.post('/api/ingest/v1/samples', {
    ...common,
    schema: {
      tags: ['ingest'],
      summary:
        'Per-second call stats (at most 10000), each naming its contactId; a missing MOS is computed',
      body: IngestSamplesBodySchema,
      response: responses,
    },
    handler: (request, reply) => {
      const { samples } = request.body;
      // ingestSamples validates and packs the batch at once; the parsed body (tens of thousands
      // of objects) is not kept while the batch waits on the database (see PackedSeconds).
      (request as { body: unknown }).body = undefined;
      return answer(reply, telemetry.ingestSamples(apiKeyOf(request).groupId, samples));
    },
  });

  app.post('/api/ingest/v1/logs', {
    ...common,
    schema: {
      tags: ['ingest'],
      summary: 'Softphone log lines (at most 10000): time, level, agent, contactId, text',
      body: IngestLogsBodySchema,
      response: responses,
    },
    handler: (request, reply) =>
      answer(reply, telemetry.ingestLogs(apiKeyOf(request).groupId, request.body.logs)),
  });

  app.post('/api/ingest/v1/events', {
    ...common,
    schema: {
      tags: ['ingest'],
      summary: `Softphone telemetry events (at most 10000), kept as sent: texts in data over ${INGEST_LIMITS.eventDataTextMaxLength} characters are cut with a marker; data over ${INGEST_LIMITS.eventDataMaxLength} characters as JSON refuses the event`,
      body: IngestEventsBodySchema,
      response: responses,
    },
    handler: (request, reply) =>
      answer(reply, ingestEvents(deps, apiKeyOf(request).groupId, request.body.events)),
  });
}
