import { z } from 'zod';
import {
  AGENT_STATUSES,
  CALL_DIRECTIONS,
  INGEST_LIMITS,
  LOG_LEVELS,
} from '../telemetry/constants.ts';
import { CALL_DETAIL_TEXTS } from './constants.ts';

/**
 * GET /api/viscall2/call/{region}/{contactId}?includeTelemetry= (spec 002 §7.3): one call's
 * seconds, summary, softphone logs and telemetry, the lists in search-hit form
 * (`summary.hits.hits[0]._source`, `logs.hits.hits`, `telemetry.hits.hits`).
 */

export const CallDetailParamsSchema = z.object({
  /** Where the call's data lives. One self-hosted store holds every region: it is not a filter. */
  region: z.string().regex(/^[A-Za-z0-9-]{1,50}$/, CALL_DETAIL_TEXTS.regionInvalid),
  contactId: z
    .string()
    .trim()
    .min(1, 'contactId must not be blank')
    .max(
      INGEST_LIMITS.contactIdMaxLength,
      `contactId must be at most ${INGEST_LIMITS.contactIdMaxLength} characters`,
    ),
});
export type CallDetailParams = z.infer<typeof CallDetailParamsSchema>;

export const CallDetailQuerySchema = z.object({
  includeTelemetry: z
    .stringbool({ error: 'includeTelemetry must be true or false' })
    .optional()
    .default(false),
});
export type CallDetailQuery = z.output<typeof CallDetailQuerySchema>;

const time = z.iso.datetime({ offset: true });
const num = z.number().nullable();

/** One direction of a second: MOS (0 = silence), packets received and lost in it, audio level 0..1. */
export const CallDetailDirectionSchema = z.object({
  mos: num,
  /** True when the MOS was estimated from RTT, jitter and loss (the softphone sent none). */
  mosComputed: z.boolean(),
  packetsCount: num,
  packetsLost: num,
  audioLevel: num,
});
export type CallDetailDirection = z.infer<typeof CallDetailDirectionSchema>;

/** One second of the call trace (spec 002 §3 "Call trace"). */
export const CallDetailSecondSchema = z.object({
  timestamp: time,
  inbound: CallDetailDirectionSchema.nullable(),
  outbound: CallDetailDirectionSchema.nullable(),
  rttMs: num,
  jitterMs: num,
  cpuAvailablePercent: num,
  memoryUsedPercent: num,
  agentStatus: z.enum(AGENT_STATUSES).nullable(),
});
export type CallDetailSecond = z.infer<typeof CallDetailSecondSchema>;

const StatSchema = z.object({ avg: num, min: num, max: num });
export type CallDetailStat = z.infer<typeof StatSchema>;

/** A warning of the call: its tag (description), how often, how bad and its longest run. */
export const CallDetailInsightTagSchema = z.object({
  description: z.string(),
  count: z.number().int(),
  severity: z.enum(['warning', 'critical']),
  pattern: z.enum(['sustained', 'degraded', 'event']),
  longestSeconds: num,
});
export type CallDetailInsightTag = z.infer<typeof CallDetailInsightTagSchema>;

/** The call summary (spec 002 §3 "Call summary", softphoneSummary and the insights summary). */
export const CallDetailSummarySchema = z.object({
  serviceAgent: z.object({ username: z.string().nullable() }),
  contact: z.object({
    id: z.object({ current: z.string() }),
    direction: z.enum(CALL_DIRECTIONS).nullable(),
    endedBy: z.string().nullable(),
    disconnectReason: z.string().nullable(),
    events: z.object({ connectedToAgent: time.nullable(), disconnected: time.nullable() }),
    interaction: z.object({ agentInteractionDurationSec: num }),
  }),
  callStartTime: time,
  callEndTime: time.nullable(),
  /** False while only seconds or logs have arrived: the softphone's summary is still to come. */
  summaryReceived: z.boolean(),
  networkType: z.string().nullable(),
  /** The group's Network Labelling label of the agent's address. */
  networkLabel: z.string().nullable(),
  softphoneSummary: z.object({
    agentISP: z.string().nullable(),
    agentLocalIPAddress: z.string().nullable(),
    agentExternalIPAddress: z.string().nullable(),
    browser: z.object({ name: z.string().nullable(), version: z.string().nullable() }),
    agentCountry: z.string().nullable(),
    agentRegion: z.string().nullable(),
    networkPerformanceMetrics: z.object({
      mos: StatSchema.extend({ inboundAvg: num, outboundAvg: num }),
      jitterMs: StatSchema,
      rttMs: StatSchema,
      packetLoss: z.object({
        packetsCount: z.number(),
        packetsLost: z.number(),
        /** Lost / (received + lost) over both directions, 0..1. */
        fraction: num,
      }),
    }),
    system: z.object({
      cpu: z.object({ availableMinPercent: num }),
      memory: z.object({ usedMaxPercent: num }),
    }),
  }),
  holdIntervals: z.array(z.object({ start: time, end: time.nullable() })),
  properties: z.object({ last_sip_response_num: z.number().int().nullable() }),
  sampleCount: z.number().int(),
  durationSeconds: num,
  errorLogCount: z.number().int(),
  /** Out of 10 (spec 002 §1). */
  score: z.number(),
  insights: z.object({
    tags: z.array(CallDetailInsightTagSchema),
    callScore: z.object({ version: z.string(), score: z.number() }),
  }),
});
export type CallDetailSummary = z.infer<typeof CallDetailSummarySchema>;

export const CallDetailLogSchema = z.object({
  time,
  level: z.enum(LOG_LEVELS),
  agent: z.string(),
  contactId: z.string().nullable(),
  text: z.string(),
});
export type CallDetailLog = z.infer<typeof CallDetailLogSchema>;

export const CallDetailTelemetryEventSchema = z.object({
  time,
  type: z.string(),
  agent: z.string().nullable(),
  contactId: z.string().nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
});
export type CallDetailTelemetryEvent = z.infer<typeof CallDetailTelemetryEventSchema>;

/** Search-hit list: `total.relation` is "gte" when the list was cut at its limit. */
const hits = <T extends z.ZodType>(source: T) =>
  z.object({
    hits: z.object({
      total: z.object({ value: z.number().int(), relation: z.enum(['eq', 'gte']) }),
      hits: z.array(z.object({ _id: z.string(), _source: source })),
    }),
  });

export const CallDetailSchema = z.object({
  seconds: z.array(CallDetailSecondSchema),
  summary: hits(CallDetailSummarySchema),
  logs: hits(CallDetailLogSchema),
  telemetry: hits(CallDetailTelemetryEventSchema),
});
export type CallDetail = z.infer<typeof CallDetailSchema>;
