import { createReadStream } from 'node:fs';
import type { FastifyRequest } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCESS,
  ApiErrorSchema,
  HeartbeatOptionsSchema,
  HeartbeatTestCreateInputSchema,
  HeartbeatTestListSchema,
  HeartbeatTestSchema,
  InsightJobAnswerSchema,
  JobDetailsSchema,
  JobInsightsSchema,
  JobRecordingParamsSchema,
  JobStatsSchema,
  MonitorCreateInputSchema,
  MonitorListSchema,
  MonitorSchema,
  PeriodStatsSchema,
  RECORD_COUNT_HEADER,
  RegionStatsQuerySchema,
  RegionStatsSchema,
  SourceNumbersSchema,
  SyntheticIdParamsSchema,
  SyntheticJobsAnswerSchema,
  SyntheticJobsListQuerySchema,
  SyntheticJobsQuerySchema,
  SyntheticListQuerySchema,
} from '@callsight/shared';
import type { AppContext } from '../app-context.ts';
import { callerOf, callerScope } from '../plugins/authenticate.ts';
import {
  jobDetails,
  jobInsights,
  jobRecording,
  jobStats,
  listJobs,
  periodStats,
  type JobKind,
} from '../services/synthetic/jobs.ts';
import { heartbeatOptions, sourceNumbers } from '../services/synthetic/numbers.ts';
import { regionStats } from '../services/synthetic/regions.ts';
import { heartbeatEnabled, requireHeartbeat } from '../services/synthetic/require-heartbeat.ts';
import {
  createMonitor,
  createTest,
  deleteMonitor,
  deleteTest,
  disableMonitor,
  disableTest,
  listMonitors,
  listTests,
} from '../services/synthetic/sources.ts';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
};
const deleted = { 204: z.null().describe('Deleted'), ...errors };

/**
 * GSM monitors and heartbeat tests (issue 18, spec 002 §7.1), their jobs, stats, insights and
 * recordings. GSM is for super users; heartbeat tests for admins and super users; heartbeat
 * logs and insights for viewers, admins and super users; heartbeat routes need HEARTBEAT_ENABLED.
 */
export async function syntheticRoutes({ app, db, authorize, synthetic }: AppContext) {
  const heartbeatOn = async (request: FastifyRequest) =>
    requireHeartbeat(db, callerOf(request).groupId);
  const gsm = { onRequest: authorize(ACCESS.superOnly) };
  const tests = { onRequest: authorize(ACCESS.adminSuper), preHandler: heartbeatOn };
  const logs = { onRequest: authorize(ACCESS.viewerAdminSuper), preHandler: heartbeatOn };
  const tags = ['synthetic'];

  // ---------- GSM monitors ----------
  app.get('/api/gsm/monitors', {
    ...gsm,
    schema: {
      tags,
      summary: 'Monitors created in the window (default the last 30 days), newest first',
      querystring: SyntheticListQuerySchema,
      response: { 200: MonitorListSchema, ...errors },
    },
    handler: (request) => listMonitors(callerScope(db, request), request.query),
  });
  app.post('/api/gsm/monitors', {
    ...gsm,
    schema: {
      tags,
      summary:
        'Create a monitor: description, connectRegions, agentRegions, schedule (30; omitted for Run Once); its first slot is now',
      body: MonitorCreateInputSchema,
      response: { 201: MonitorSchema, ...errors },
    },
    handler: async (request, reply) => {
      const monitor = await createMonitor(db, callerOf(request), request.body);
      synthetic.wake();
      return reply.code(201).send(monitor);
    },
  });
  app.post('/api/gsm/monitors/:id/disable', {
    ...gsm,
    schema: {
      tags,
      summary: 'Disable a monitor: no more runs; next run shows Disabled',
      params: SyntheticIdParamsSchema,
      response: { 200: MonitorSchema, ...errors },
    },
    handler: (request) => disableMonitor(db, callerOf(request), request.params.id),
  });
  app.delete('/api/gsm/monitors/:id', {
    ...gsm,
    schema: {
      tags,
      summary: 'Delete a monitor and its jobs',
      params: SyntheticIdParamsSchema,
      response: deleted,
    },
    handler: async (request, reply) => {
      await deleteMonitor(db, callerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  // ---------- heartbeat tests ----------
  app.get('/api/gsm/heartbeat', {
    ...tests,
    schema: {
      tags,
      summary: 'Heartbeat tests created in the window (default the last 7 days), newest first',
      querystring: SyntheticListQuerySchema,
      response: { 200: HeartbeatTestListSchema, ...errors },
    },
    handler: (request) => listTests(callerScope(db, request), request.query),
  });
  app.post('/api/gsm/heartbeat', {
    ...tests,
    schema: {
      tags,
      summary:
        'Create a heartbeat test: numbers, description, agentType, agentIds, schedule (15, 30, 60; omitted for Run Once); its first slot is now',
      body: HeartbeatTestCreateInputSchema,
      response: { 201: HeartbeatTestSchema, ...errors },
    },
    handler: async (request, reply) => {
      const test = await createTest(db, callerOf(request), request.body);
      synthetic.wake();
      return reply.code(201).send(test);
    },
  });
  app.post('/api/gsm/heartbeat/:id/disable', {
    ...tests,
    schema: {
      tags,
      summary: 'Disable a heartbeat test (Retest makes a new Run Once test)',
      params: SyntheticIdParamsSchema,
      response: { 200: HeartbeatTestSchema, ...errors },
    },
    handler: (request) => disableTest(db, callerOf(request), request.params.id),
  });
  app.delete('/api/gsm/heartbeat/:id', {
    ...tests,
    schema: {
      tags,
      summary: 'Delete a heartbeat test and its jobs',
      params: SyntheticIdParamsSchema,
      response: deleted,
    },
    handler: async (request, reply) => {
      await deleteTest(db, callerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });
  app.get('/api/gsm/heartbeat/numbers/source', {
    ...tests,
    schema: {
      tags,
      summary: 'The "From" numbers a test may call from (the probes\' and the Simulate ones)',
      response: { 200: SourceNumbersSchema, ...errors },
    },
    handler: (request) => sourceNumbers(callerScope(db, request)),
  });
  app.get('/api/gsm/heartbeat/options', {
    ...tests,
    schema: {
      tags,
      summary: 'Target phone numbers and virtual agent names of the Heartbeat Config',
      response: { 200: HeartbeatOptionsSchema, ...errors },
    },
    handler: (request) => heartbeatOptions(callerScope(db, request)),
  });

  // ---------- jobs of both kinds ----------
  const jobRoutes = (kind: JobKind, base: string, access: typeof gsm | typeof logs) => {
    // The insights rows' own serializer: the answer's union would try them as full rows first.
    const insightRows = serializerCompiler({
      schema: InsightJobAnswerSchema,
      method: 'GET',
      url: `${base}/jobs`,
    });
    app.get(`${base}/jobs`, {
      ...access,
      schema: {
        tags,
        summary: `${kind} jobs matching the criteria, newest first (default the last 7 days); total in ${RECORD_COUNT_HEADER}; view=insights answers only the fields the insights pages read`,
        querystring: SyntheticJobsListQuerySchema,
        response: { 200: SyntheticJobsAnswerSchema, ...errors },
      },
      handler: async (request, reply) => {
        const { rows, total } = await listJobs(callerScope(db, request), kind, request.query);
        if (request.query.view === 'insights')
          reply.serializer(insightRows).type('application/json; charset=utf-8');
        return reply.header(RECORD_COUNT_HEADER, String(total)).send(rows);
      },
    });
    app.get(`${base}/jobs/stats`, {
      ...access,
      schema: {
        tags,
        summary:
          'The window (default the last 4 hours) and the one before it: jobs, share Completed, average scores (default statuses Completed and Poor Call Quality)',
        querystring: SyntheticJobsQuerySchema,
        response: { 200: PeriodStatsSchema, ...errors },
      },
      handler: (request) => periodStats(callerScope(db, request), kind, request.query),
    });
    app.get(`${base}/jobs/regions`, {
      ...access,
      schema: {
        tags,
        summary:
          'Status map: per connect and per agent region, the jobs of the window (default the last 4 hours), finished, Completed, mean scores, last job and health',
        querystring: RegionStatsQuerySchema,
        response: { 200: RegionStatsSchema, ...errors },
      },
      handler: (request) => regionStats(callerScope(db, request), kind, request.query),
    });
    app.get(`${base}/jobs/:id`, {
      ...access,
      schema: {
        tags,
        summary: `One ${kind} job with its details: scores per hop, latency, transcription, softphone events and summary`,
        params: SyntheticIdParamsSchema,
        response: { 200: JobDetailsSchema, ...errors },
      },
      handler: (request) => jobDetails(callerScope(db, request), kind, request.params.id),
    });
    app.get(`${base}/jobs/:id/stats`, {
      ...access,
      schema: {
        tags,
        summary: "Per-second stats of the job's agent leg",
        params: SyntheticIdParamsSchema,
        response: { 200: JobStatsSchema, ...errors },
      },
      handler: (request) => jobStats(callerScope(db, request), kind, request.params.id),
    });
    app.get(`${base}/jobs/:id/insights`, {
      ...access,
      schema: {
        tags,
        summary: 'Caller, callee, carrier, post-dial delay and the last SIP response',
        params: SyntheticIdParamsSchema,
        response: { 200: JobInsightsSchema, ...errors },
      },
      handler: (request) => jobInsights(callerScope(db, request), kind, request.params.id),
    });
  };
  jobRoutes('monitor', '/api/gsm/monitors', gsm);
  jobRoutes('heartbeat', '/api/gsm/heartbeat', logs);

  app.get('/api/gsm/jobs/:id/recordings/:location', {
    onRequest: authorize(ACCESS.viewerAdminSuper),
    schema: {
      tags,
      summary: "A job's recording of one hop (or echo, connect): 16-bit PCM WAV",
      params: JobRecordingParamsSchema,
      produces: ['audio/wav'],
      response: { 200: z.unknown().describe('The WAV file'), ...errors },
    },
    handler: async (request, reply) => {
      // Monitor jobs are for super users; heartbeat jobs need the heartbeat on.
      const caller = callerOf(request);
      const kinds: JobKind[] = caller.isSuper ? ['monitor'] : [];
      if (await heartbeatEnabled(db, caller.groupId)) kinds.push('heartbeat');
      const path = await jobRecording(
        callerScope(db, request),
        request.params.id,
        request.params.location,
        kinds,
      );
      return reply
        .header('content-type', 'audio/wav')
        .header('cache-control', 'private, max-age=3600')
        .send(createReadStream(path));
    },
  });
}
