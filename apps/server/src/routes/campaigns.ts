import { createReadStream } from 'node:fs';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCESS,
  ApiErrorSchema,
  CAMPAIGN_LIMITS,
  CampaignConfigurationSchema,
  CampaignConfigurationUpdateSchema,
  CampaignCreateInputSchema,
  CampaignListSchema,
  CampaignParamsSchema,
  CampaignRunListSchema,
  CampaignRunParamsSchema,
  CampaignRunSchema,
  CampaignSchema,
  CampaignCallListSchema,
  CampaignCallParamsSchema,
  CampaignCallsQuerySchema,
  CampaignRunGraphSchema,
  CampaignRunStartInputSchema,
  CampaignRunStatsSchema,
  RECORD_COUNT_HEADER,
  SimulateNumbersSchema,
} from '@callsight/shared';
import type { AppContext } from '../app-context.ts';
import { errorHandler } from '../lib/error-handler.ts';
import { callerOf, callerScope } from '../plugins/authenticate.ts';
import {
  createCampaign,
  deleteCampaign,
  getCampaign,
  listCampaigns,
} from '../services/campaigns/campaigns.ts';
import {
  getCampaignConfiguration,
  getSimulateNumbers,
  setCampaignConfiguration,
} from '../services/campaigns/configuration.ts';
import { fileTooLarge, readCampaignForm } from '../services/campaigns/multipart.ts';
import { requireSimulate } from '../services/campaigns/require-simulate.ts';
import { deleteRun, getRun, listRuns } from '../services/campaigns/runs.ts';
import { listCalls, recordingOf, runGraph, runStats } from '../services/campaigns/call-log.ts';
import { startRun, stopRun } from '../services/campaigns/run-control.ts';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
};
const conflicts = { 409: ApiErrorSchema };
/** Room for the text fields and multipart framing next to a file of the full 10 MB. */
const FORM_OVERHEAD_BYTES = 1024 * 1024;

/**
 * Campaigns (issue 17, spec 001 §7): the campaign list and definitions, their runs (read and
 * delete; runs are started by the dialler's routes), the group configuration and the Simulate
 * numbers. Behind the simulate flag; admins and super users only, as the Simulate screen is
 * (spec 000 §6; D10 reversed: viewers read nothing here).
 */
export async function campaignRoutes({ app, db, authorize, campaigns }: AppContext) {
  const simulate = async (request: FastifyRequest) =>
    requireSimulate(db, callerOf(request).groupId);
  const readers = { onRequest: authorize(ACCESS.adminSuper), preHandler: simulate };
  const writers = { onRequest: authorize(ACCESS.adminSuper), preHandler: simulate };
  const tags = ['campaigns'];

  app.get('/api/campaigns', {
    ...readers,
    schema: {
      tags,
      summary:
        "The group's campaigns with lastExecutionTime, runCount and status.active, last run first",
      response: { 200: CampaignListSchema, ...errors },
    },
    handler: (request) => listCampaigns(callerScope(db, request)),
  });

  // The multipart parser lives in this scope only: no other route takes multipart bodies.
  await app.register(async (scoped) => {
    const form = scoped.withTypeProvider<ZodTypeProvider>();
    form.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'buffer' },
      async (request: FastifyRequest, body: Buffer) =>
        readCampaignForm(body, String(request.headers['content-type'])),
    );
    form.post('/api/campaigns', {
      ...writers,
      bodyLimit: CAMPAIGN_LIMITS.maxUploadBytes + FORM_OVERHEAD_BYTES,
      errorHandler: (err: FastifyError, request: FastifyRequest, reply: FastifyReply) =>
        err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? errorHandler(fileTooLarge() as unknown as FastifyError, request, reply)
          : errorHandler(err, request, reply),
      schema: {
        tags,
        summary:
          'Create a campaign: multipart/form-data (tags.0, tags.1 ..., numbers as text, one CSV file as answerTreatmentData, at most 10 MB) or the same fields as JSON',
        consumes: ['multipart/form-data', 'application/json'],
        body: CampaignCreateInputSchema,
        response: { 201: CampaignSchema, 413: ApiErrorSchema, ...errors },
      },
      handler: async (request, reply) =>
        reply.code(201).send(await createCampaign(db, callerOf(request), request.body)),
    });
  });

  app.get('/api/campaigns/configuration', {
    onRequest: authorize(ACCESS.adminSuper),
    preHandler: simulate,
    schema: {
      tags,
      summary: 'Group configuration for campaigns: account.cpsLimit, fromNumbers, toNumbers',
      response: { 200: CampaignConfigurationSchema, ...errors },
    },
    handler: (request) => getCampaignConfiguration(callerScope(db, request)),
  });

  app.put('/api/campaigns/configuration', {
    ...writers,
    schema: {
      tags,
      summary:
        'Change the group configuration (cpsLimit and fromNumbers super only, toNumbers admin too); answers the whole configuration',
      body: CampaignConfigurationUpdateSchema,
      response: { 200: CampaignConfigurationSchema, ...errors },
    },
    handler: (request) =>
      setCampaignConfiguration(db, callerOf(request), callerScope(db, request), request.body),
  });

  app.get('/api/simulate/numbers', {
    onRequest: authorize(ACCESS.adminSuper),
    preHandler: simulate,
    schema: {
      tags,
      summary: 'The "From" numbers and allowlisted "To" numbers the campaign wizard offers',
      response: { 200: SimulateNumbersSchema, ...errors },
    },
    handler: (request) => getSimulateNumbers(callerScope(db, request)),
  });

  app.get('/api/campaigns/:id', {
    ...readers,
    schema: {
      tags,
      summary: 'One campaign with its data rows (keys are the CSV headers)',
      params: CampaignParamsSchema,
      response: { 200: CampaignSchema, ...errors },
    },
    handler: (request) => getCampaign(callerScope(db, request), request.params.id),
  });

  app.delete('/api/campaigns/:id', {
    ...writers,
    schema: {
      tags,
      summary: 'Delete a campaign that has no runs (409 when it has)',
      params: CampaignParamsSchema,
      response: { 204: z.null().describe('Deleted'), 409: ApiErrorSchema, ...errors },
    },
    handler: async (request, reply) => {
      await deleteCampaign(db, callerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.get('/api/campaigns/:id/runs', {
    ...readers,
    schema: {
      tags,
      summary: "The campaign's runs, newest first, with status Cancelled, Complete or In Progress",
      params: CampaignParamsSchema,
      response: { 200: CampaignRunListSchema, ...errors },
    },
    handler: (request) => listRuns(callerScope(db, request), request.params.id),
  });

  app.get('/api/campaigns/:id/runs/:runId', {
    ...readers,
    schema: {
      tags,
      summary: 'One run with the campaign parameters it ran with',
      params: CampaignRunParamsSchema,
      response: { 200: CampaignRunSchema, ...errors },
    },
    handler: (request) => getRun(callerScope(db, request), request.params.id, request.params.runId),
  });

  app.delete('/api/campaigns/:id/runs/:runId', {
    ...writers,
    schema: {
      tags,
      summary: 'Delete a finished run and its call log (409 while it is in progress)',
      params: CampaignRunParamsSchema,
      response: { 204: z.null().describe('Deleted'), 409: ApiErrorSchema, ...errors },
    },
    handler: async (request, reply) => {
      await deleteRun(
        db,
        callerOf(request),
        request.params.id,
        request.params.runId,
        campaigns.engine.recordingsDir,
      );
      return reply.code(204).send(null);
    },
  });
  app.post('/api/campaigns/:id/runs/start', {
    ...writers,
    schema: {
      tags,
      summary:
        'Start a run: checks the run description, the approval (totalCalls > 300 or callsPerSecond > 6), the CPS limit of the group (its runs together) and the numbers, then dials',
      params: CampaignParamsSchema,
      body: CampaignRunStartInputSchema,
      response: { 201: CampaignRunSchema, ...errors },
    },
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(
          await startRun(db, campaigns.engine, callerOf(request), request.params.id, request.body),
        ),
  });

  app.post('/api/campaigns/:id/runs/:runId/stop', {
    ...writers,
    schema: {
      tags,
      summary:
        'Stop a run in progress: no more calls, ringing calls are cancelled and answered ones hung up; canceledAt is set at once (409 when the run is not in progress)',
      params: CampaignRunParamsSchema,
      response: { 202: CampaignRunSchema, ...conflicts, ...errors },
    },
    handler: async (request, reply) =>
      reply
        .code(202)
        .send(
          await stopRun(
            db,
            campaigns.engine,
            callerOf(request),
            request.params.id,
            request.params.runId,
          ),
        ),
  });

  app.get('/api/campaigns/:id/runs/:runId/graph', {
    ...readers,
    schema: {
      tags,
      summary:
        'Per second since the start: planned and actual connected calls, planned and actual starts, failed calls',
      params: CampaignRunParamsSchema,
      response: { 200: CampaignRunGraphSchema, ...errors },
    },
    handler: (request) =>
      runGraph(callerScope(db, request), request.params.id, request.params.runId),
  });

  app.get('/api/campaigns/:id/runs/:runId/stats', {
    ...readers,
    schema: {
      tags,
      summary:
        'Calls per status (Pending = total minus calls ended), the Successful / Failed / Pending summary and the averages in seconds',
      params: CampaignRunParamsSchema,
      response: { 200: CampaignRunStatsSchema, ...errors },
    },
    handler: (request) =>
      runStats(callerScope(db, request), request.params.id, request.params.runId),
  });

  app.get('/api/campaigns/:id/runs/:runId/calls', {
    ...readers,
    schema: {
      tags,
      summary: `The run's call log in call order, paged with from and size; the total is in the ${RECORD_COUNT_HEADER} header`,
      params: CampaignRunParamsSchema,
      querystring: CampaignCallsQuerySchema,
      response: { 200: CampaignCallListSchema, ...errors },
    },
    handler: async (request, reply) => {
      const { rows, total } = await listCalls(
        callerScope(db, request),
        request.params.id,
        request.params.runId,
        request.query,
      );
      return reply.header(RECORD_COUNT_HEADER, String(total)).send(rows);
    },
  });

  app.get('/api/campaigns/:id/runs/:runId/calls/:seq/recording', {
    ...readers,
    schema: {
      tags,
      summary: "One call's recording of the audio received (16-bit PCM WAV, 8 kHz)",
      params: CampaignCallParamsSchema,
      produces: ['audio/wav'],
      response: { 200: z.unknown().describe('The WAV file'), ...errors },
    },
    handler: async (request, reply) => {
      const { id, runId, seq } = request.params;
      const path = await recordingOf(callerScope(db, request), id, runId, seq);
      return reply
        .header('content-type', 'audio/wav')
        .header('cache-control', 'private, max-age=3600')
        .send(createReadStream(path));
    },
  });
}
