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

const column = z.array(num);
/** One direction's measures over the seconds, one value per second. */
const DirectionColumnsSchema = z.object({
  mos: column,
  mosComputed: z.array(z.boolean()),
  packetsCount: column,
  packetsLost: column,
  audioLevel: column,
});
const DIRECTION_KEYS = ['mos', 'mosComputed', 'packetsCount', 'packetsLost', 'audioLevel'] as const;
const SECOND_KEYS = ['rttMs', 'jitterMs', 'cpuAvailablePercent', 'memoryUsedPercent'] as const;

/**
 * The call trace on the wire: the seconds as columns, one value per second in each, in time
 * order. A one-hour call is 3,600 seconds: as columns its answer is a fifth of the size of one
 * object per second (the keys are not repeated), and quicker to write and to read. A direction
 * with no measure in a second is null in the row form (callDetailSecondRows).
 */
export const CallDetailSecondsSchema = z
  .object({
    timestamp: z.array(time),
    inbound: DirectionColumnsSchema,
    outbound: DirectionColumnsSchema,
    rttMs: column,
    jitterMs: column,
    cpuAvailablePercent: column,
    memoryUsedPercent: column,
    agentStatus: z.array(z.enum(AGENT_STATUSES).nullable()),
  })
  .refine(
    (c) => {
      const n = c.timestamp.length;
      return (
        DIRECTION_KEYS.every((k) => c.inbound[k].length === n && c.outbound[k].length === n) &&
        SECOND_KEYS.every((k) => c[k].length === n) &&
        c.agentStatus.length === n
      );
    },
    { message: 'Every column has one value per timestamp' },
  );
export type CallDetailSeconds = z.infer<typeof CallDetailSecondsSchema>;

type DirectionColumns = z.infer<typeof DirectionColumnsSchema>;

function directionAt(c: DirectionColumns, i: number): CallDetailDirection | null {
  const d: CallDetailDirection = {
    mos: c.mos[i] ?? null,
    mosComputed: c.mosComputed[i] ?? false,
    packetsCount: c.packetsCount[i] ?? null,
    packetsLost: c.packetsLost[i] ?? null,
    audioLevel: c.audioLevel[i] ?? null,
  };
  const none = d.mos === null && d.packetsCount === null && d.packetsLost === null;
  return none && d.audioLevel === null ? null : d;
}

/** The seconds as one object each (what the charts and tables read). */
export function callDetailSecondRows(c: CallDetailSeconds): CallDetailSecond[] {
  return c.timestamp.map((timestamp, i) => ({
    timestamp,
    inbound: directionAt(c.inbound, i),
    outbound: directionAt(c.outbound, i),
    rttMs: c.rttMs[i] ?? null,
    jitterMs: c.jitterMs[i] ?? null,
    cpuAvailablePercent: c.cpuAvailablePercent[i] ?? null,
    memoryUsedPercent: c.memoryUsedPercent[i] ?? null,
    agentStatus: c.agentStatus[i] ?? null,
  }));
}

function directionColumns(
  rows: readonly CallDetailSecond[],
  pick: (s: CallDetailSecond) => CallDetailDirection | null,
): DirectionColumns {
  return {
    mos: rows.map((s) => pick(s)?.mos ?? null),
    mosComputed: rows.map((s) => pick(s)?.mosComputed ?? false),
    packetsCount: rows.map((s) => pick(s)?.packetsCount ?? null),
    packetsLost: rows.map((s) => pick(s)?.packetsLost ?? null),
    audioLevel: rows.map((s) => pick(s)?.audioLevel ?? null),
  };
}

/** The seconds as columns (the wire form of callDetailSecondRows). */
export function callDetailSecondColumns(rows: readonly CallDetailSecond[]): CallDetailSeconds {
  return {
    timestamp: rows.map((s) => s.timestamp),
    inbound: directionColumns(rows, (s) => s.inbound),
    outbound: directionColumns(rows, (s) => s.outbound),
    rttMs: rows.map((s) => s.rttMs),
    jitterMs: rows.map((s) => s.jitterMs),
    cpuAvailablePercent: rows.map((s) => s.cpuAvailablePercent),
    memoryUsedPercent: rows.map((s) => s.memoryUsedPercent),
    agentStatus: rows.map((s) => s.agentStatus),
  };
}

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
  /** One of our own test calls (a GSM monitor's or heartbeat test's agent leg), not an agent's. */
  testCall: z.boolean(),
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

/** The call detail answer as sent: seconds as columns, summary, logs and telemetry as search hits. */
export const CallDetailAnswerSchema = z.object({
  seconds: CallDetailSecondsSchema,
  summary: hits(CallDetailSummarySchema),
  logs: hits(CallDetailLogSchema),
  telemetry: hits(CallDetailTelemetryEventSchema),
});
export type CallDetailAnswer = z.infer<typeof CallDetailAnswerSchema>;

/** The answer as read by the web app: the same, with one object per second. */
export const CallDetailSchema = CallDetailAnswerSchema.transform((answer) => ({
  ...answer,
  seconds: callDetailSecondRows(answer.seconds),
}));
export type CallDetail = z.output<typeof CallDetailSchema>;
