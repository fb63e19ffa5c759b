/**
 * The remote probe's API (issue 18, docs/api.md "Probes"): a probe process (`npm run probe`)
 * claims its region's queued jobs with a group's API key, dials the contact centre, fetches the
 * contact centre's report of the call, and posts the job's result with its recordings.
 */
import { z } from 'zod';
import {
  AGENT_TYPE_VALUES,
  AUDIO_HOP_LOCATIONS,
  CONNECT_REGION_NAMES,
  CONTACT_CENTRE_BEHAVIOURS,
  CONTACT_ROUTINGS,
  JOB_STATUSES,
} from './constants.ts';
import { JobDetailsSchema, JobStatsSchema } from './schemas.ts';

const region = z.enum(CONNECT_REGION_NAMES, {
  error: `region must be one of ${CONNECT_REGION_NAMES.join(', ')}`,
});

/** POST /api/probes/claim */
export const ProbeClaimBodySchema = z.strictObject({
  region,
  /** Who holds the job (shown as its claimedBy), e.g. host:pid. */
  probeId: z
    .string({ error: 'probeId must be a string' })
    .trim()
    .min(1, 'probeId must not be blank')
    .max(200, 'probeId must be at most 200 characters'),
});
export type ProbeClaimBody = z.infer<typeof ProbeClaimBodySchema>;

/** A claimed job: the plan of its test call, the group's settings and where to dial. */
export const ProbeJobSchema = z.object({
  job: z.object({
    id: z.uuid(),
    kind: z.enum(['monitor', 'heartbeat']),
    fromNumber: z.string().nullable(),
    toNumber: z.string().nullable(),
    agentType: z.enum(AGENT_TYPE_VALUES).nullable(),
    agentId: z.string().nullable(),
    connectRegion: z.string(),
    agentRegion: z.string(),
  }),
  settings: z.object({
    callDurationMs: z.number(),
    noAnswerTimeoutMs: z.number(),
    poorQualityMos: z.number(),
  }),
  /** The contact centre's SIP address (the server's simulator). */
  contactCentre: z.object({ address: z.string(), port: z.number().int() }),
  /** The result is due before this (epoch ms); later, the job is queued again. */
  leaseUntilMs: z.number(),
});
export type ProbeJob = z.infer<typeof ProbeJobSchema>;

export const ProbeCallParamsSchema = z.object({
  id: z.uuid({ error: 'id must be a uuid' }),
  callId: z
    .string()
    .min(1, 'callId must not be blank')
    .max(300, 'callId must be at most 300 characters'),
});
export const ProbeCallQuerySchema = z.strictObject({
  timeoutMs: z.coerce
    .number({ error: 'timeoutMs must be a number' })
    .int('timeoutMs must be a whole number')
    .min(0, 'timeoutMs must be at least 0')
    .max(30_000, 'timeoutMs must be at most 30000')
    .default(3000),
});

/**
 * A received RTP stream as its packets' arrivals (replayed into a ReceivedStream on the probe):
 * parallel arrays, the payloads concatenated in base64.
 */
export const WireStreamSchema = z.object({
  law: z.enum(['pcmu', 'pcma']),
  arrivalMs: z.array(z.number()),
  sequenceNumber: z.array(z.number().int()),
  timestamp: z.array(z.number().int()),
  payloadLength: z.array(z.number().int().min(0)),
  payload: z.string(),
});
export type WireStream = z.infer<typeof WireStreamSchema>;

const sendClock = z.object({ timestamp: z.number(), sentAtMs: z.number() }).nullable();
const minMaxAvg = z.object({ min: z.number(), max: z.number(), avg: z.number() });

/** GET /api/probes/jobs/{id}/calls/{callId}/report: what the contact centre recorded of the call. */
export const WireCallReportSchema = z.object({
  callId: z.string(),
  contactId: z.string(),
  receiverCallId: z.string(),
  number: z.string(),
  route: z
    .object({
      agentId: z.string(),
      agentType: z.enum(AGENT_TYPE_VALUES),
      agentRegion: z.string(),
    })
    .nullable(),
  behaviour: z.enum(CONTACT_CENTRE_BEHAVIOURS),
  routing: z.enum(CONTACT_ROUTINGS),
  message: z.string().nullable(),
  answeredAtMs: z.number(),
  endedAtMs: z.number().nullable(),
  routedAtMs: z.number().nullable(),
  customer: WireStreamSchema,
  customerClock: sendClock,
  agent: z
    .object({
      offeredAtMs: z.number(),
      acceptedAtMs: z.number().nullable(),
      connectedAtMs: z.number().nullable(),
      endedAtMs: z.number().nullable(),
      atConnect: WireStreamSchema.nullable(),
      atAgent: WireStreamSchema.nullable(),
      toAgentClock: sendClock,
      fromAgentClock: sendClock,
      softphone: z.object({
        isp: z.string(),
        country: z.string(),
        localIp: z.string(),
        externalIp: z.string(),
        networkType: z.string(),
        browser: z.object({ name: z.string(), version: z.string() }),
        cpu: minMaxAvg.extend({ model: z.string() }),
        memory: minMaxAvg.extend({ total: z.number() }),
        iceServers: z.array(z.object({ turnIpAddress: z.string(), port: z.number() })),
      }),
    })
    .nullable(),
});
export type WireCallReport = z.infer<typeof WireCallReportSchema>;

/** Recordings a probe uploads, by location: WAV files in base64 (at most 8 MB each). */
export const PROBE_RECORDING_LOCATIONS = [...AUDIO_HOP_LOCATIONS, 'echo', 'connect'] as const;
const RECORDING_MAX_BASE64 = Math.ceil((8 * 1024 * 1024) / 3) * 4;

const nullableText = (field: string, max = 500) =>
  z
    .string({ error: `${field} must be a string` })
    .max(max, `${field} must be at most ${max} characters`)
    .nullable();
const instant = (field: string) =>
  z.iso.datetime({ error: `${field} must be an ISO 8601 date-time` }).transform((s) => new Date(s));
const figure = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .min(0, `${field} must be at least 0`)
    .nullable();

/** POST /api/probes/jobs/{id}/result: what the test call produced. */
export const ProbeResultSchema = z
  .object({
    status: z.enum(JOB_STATUSES, { error: `status must be one of ${JOB_STATUSES.join(', ')}` }),
    message: nullableText('message', 2000),
    startedAt: instant('startedAt'),
    endedAt: instant('endedAt'),
    diallerCallId: nullableText('diallerCallId'),
    receiverCallId: nullableText('receiverCallId'),
    callContactId: nullableText('callContactId'),
    carrier: nullableText('carrier', 200),
    mos: figure('mos'),
    cxScore: figure('cxScore'),
    axScore: figure('axScore'),
    networkScore: figure('networkScore'),
    details: JobDetailsSchema.omit({ job: true, tags: true, tagStatus: true }),
    stats: JobStatsSchema,
    measures: z.record(z.string(), z.number().nullable()),
    recordings: z.partialRecord(
      z.enum(PROBE_RECORDING_LOCATIONS, { error: 'recordings: unknown location' }),
      z
        .string()
        .max(RECORDING_MAX_BASE64, 'recordings: a recording must be at most 8 MB')
        .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'recordings: a recording must be base64'),
    ),
    /**
     * A human agent's softphone telemetry: ingestion API items (each validated as the collector's
     * are when it is ingested).
     */
    agentTelemetry: z
      .object({
        calls: z.array(z.unknown()).max(1, 'agentTelemetry.calls: at most 1 call'),
        samples: z.array(z.unknown()).max(10_000, 'agentTelemetry.samples: at most 10000 seconds'),
        events: z.array(z.unknown()).max(100, 'agentTelemetry.events: at most 100 events'),
      })
      .nullish(),
  })
  .refine((r) => r.endedAt >= r.startedAt, {
    path: ['endedAt'],
    message: 'endedAt must not be before startedAt',
  });
export type ProbeResultInput = z.input<typeof ProbeResultSchema>;
export type ProbeResult = z.output<typeof ProbeResultSchema>;
