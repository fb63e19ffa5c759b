import { z } from 'zod';
import {
  ApiErrorSchema,
  ProbeCallParamsSchema,
  ProbeCallQuerySchema,
  ProbeClaimBodySchema,
  ProbeJobSchema,
  ProbeResultSchema,
  SyntheticIdParamsSchema,
  WireCallReportSchema,
} from '@callsight/shared';
import type { AppContext } from '../app-context.ts';
import { apiKeyOf } from '../plugins/api-key.ts';
import {
  acceptProbeResult,
  claimForProbe,
  probeCallReport,
  type RemoteProbeDeps,
} from '../services/synthetic/remote-probes.ts';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
};

/** A probe's result carries its recordings (WAV in base64): up to 6 of 8 MB each. */
const RESULT_BODY_LIMIT = 64 * 1024 * 1024;

/**
 * Remote probes (issue 18, `npm run probe`), authenticated by a group's API key: a probe claims
 * the queued jobs of its region in that group, fetches the contact centre's report of each call,
 * and posts the result with its recordings.
 */
export async function probeRoutes({ app, db, push, authorizeApiKey, synthetic }: AppContext) {
  const deps: RemoteProbeDeps = {
    db,
    push,
    contactCentre: () => synthetic.probe.contactCentre(),
    recordingsDir: synthetic.probe.recordingsDir,
    finish: synthetic.finish,
  };
  const tags = ['probes'];
  const common = { onRequest: authorizeApiKey, config: { auditSelf: true } };

  app.post('/api/probes/claim', {
    ...common,
    schema: {
      tags,
      summary: "Claims the oldest queued job of the probe's region (204: none is queued)",
      body: ProbeClaimBodySchema,
      response: { 200: ProbeJobSchema, 204: z.null().describe('No job is queued'), ...errors },
    },
    handler: async (request, reply) => {
      const job = await claimForProbe(deps, apiKeyOf(request).groupId, request.body);
      return job ? job : reply.code(204).send(null);
    },
  });

  app.get('/api/probes/jobs/:id/calls/:callId/report', {
    ...common,
    schema: {
      tags,
      summary:
        "The contact centre's report of a running job's call (waits up to timeoutMs for its end)",
      params: ProbeCallParamsSchema,
      querystring: ProbeCallQuerySchema,
      response: { 200: WireCallReportSchema, ...errors },
    },
    handler: (request) =>
      probeCallReport(
        deps,
        apiKeyOf(request).groupId,
        request.params.id,
        request.params.callId,
        request.query.timeoutMs,
      ),
  });

  app.post('/api/probes/jobs/:id/result', {
    ...common,
    bodyLimit: RESULT_BODY_LIMIT,
    schema: {
      tags,
      summary: "A running job's result, with its recordings (WAV in base64)",
      params: SyntheticIdParamsSchema,
      body: ProbeResultSchema,
      response: { 204: z.null().describe('Stored'), ...errors },
    },
    handler: async (request, reply) => {
      await acceptProbeResult(deps, apiKeyOf(request).groupId, request.params.id, request.body);
      return reply.code(204).send(null);
    },
  });
}
