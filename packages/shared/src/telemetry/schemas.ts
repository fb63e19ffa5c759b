import { z } from 'zod';
import { ECHO_LIMITS, quoteInput, truncateText } from '../common/limits.ts';
import { parseIpAddress } from '../network-labels/cidr.ts';
import {
  AGENT_STATUSES,
  CALL_DIRECTIONS,
  CALL_GROUPING_LIMITS as GROUPING,
  INGEST_LIMITS,
  LOG_LEVELS,
} from './constants.ts';

/**
 * Ingestion payloads (POST /api/ingest/v1/...). Objects are not strict: a newer collector may send
 * fields this version does not know; they are dropped rather than failing the item. Times are ISO
 * 8601 with an offset or epoch milliseconds and come out as epoch milliseconds.
 */

const MIN_TIME_MS = Date.UTC(2000, 0, 1);
const MAX_TIME_MS = Date.UTC(9999, 11, 31);
const TIME_ERROR = 'Must be an ISO 8601 time with an offset or epoch milliseconds';

/** A time as ISO 8601 (with Z or an offset) or epoch milliseconds → epoch milliseconds. */
export const IngestTimeSchema = z
  .union(
    [
      z.iso.datetime({ offset: true, error: TIME_ERROR }),
      z.number({ error: TIME_ERROR }).int(TIME_ERROR),
    ],
    { error: TIME_ERROR },
  )
  .transform((v, ctx) => {
    const ms = typeof v === 'number' ? v : Date.parse(v);
    if (!Number.isFinite(ms) || ms < MIN_TIME_MS || ms > MAX_TIME_MS) {
      ctx.addIssue({ code: 'custom', message: 'Time must be between 2000 and 9999' });
      return z.NEVER;
    }
    return ms;
  });

/** The refusal of U+0000 in a text, naming its field. */
export const nulCharacterMessage = (field: string) =>
  `${field} must not contain the NUL character (U+0000)`;

/**
 * A string that PostgreSQL can store: U+0000 is refused (text and jsonb cannot hold it, and the
 * insert failed the whole request with 500), naming the field. One `includes` per value: cheap
 * enough for the samples hot path.
 */
export const storableText = (field: string) =>
  z
    .string({ error: `${field} must be a string` })
    .refine((value) => !value.includes('\u0000'), nulCharacterMessage(field));

const text = (field: string, max: number) =>
  storableText(field)
    .trim()
    .min(1, `${field} must not be blank`)
    .max(max, `${field} must be at most ${max} characters`);

const optionalText = (field: string, max: number) => text(field, max).nullish();

const ContactIdSchema = text('contactId', INGEST_LIMITS.contactIdMaxLength);

const bounded = (field: string, min: number, max: number, unit = '') =>
  z
    .number({ error: `${field} must be a number` })
    .min(min, `${field} must be at least ${min}${unit}`)
    .max(max, `${field} must be at most ${max}${unit}`);

const count = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(0, `${field} must be at least 0`)
    .max(1_000_000, `${field} must be at most 1000000`);

/** One direction of a second: MOS (0 = no audio), packets received and lost in that second, audio level 0..1. */
export const IngestDirectionStatsSchema = z.object({
  mos: bounded('mos', 0, 5).nullish(),
  packetsCount: count('packetsCount').nullish(),
  packetsLost: count('packetsLost').nullish(),
  audioLevel: bounded('audioLevel', 0, 1).nullish(),
});
export type IngestDirectionStats = z.output<typeof IngestDirectionStatsSchema>;

/**
 * One second of a call, naming its contact. Inbound is what the agent receives, outbound what the
 * agent sends; packetsCount counts the packets that arrived at the receiving end in that second.
 * A missing MOS is computed on the server from RTT, jitter and that direction's packet loss.
 */
export const IngestSampleSchema = z.object({
  contactId: ContactIdSchema,
  timestamp: IngestTimeSchema,
  inbound: IngestDirectionStatsSchema.nullish(),
  outbound: IngestDirectionStatsSchema.nullish(),
  rttMs: bounded('rttMs', 0, 60_000, ' ms').nullish(),
  jitterMs: bounded('jitterMs', 0, 60_000, ' ms').nullish(),
  cpuAvailablePercent: bounded('cpuAvailablePercent', 0, 100, ' %').nullish(),
  memoryUsedPercent: bounded('memoryUsedPercent', 0, 100, ' %').nullish(),
  agentStatus: z
    .enum(AGENT_STATUSES, { error: `agentStatus must be one of ${AGENT_STATUSES.join(', ')}` })
    .nullish(),
});
export type IngestSampleInput = z.input<typeof IngestSampleSchema>;
export type IngestSample = z.output<typeof IngestSampleSchema>;

/** A hold period of a call; end is absent while still on hold. */
export const IngestHoldIntervalSchema = z.object({
  start: IngestTimeSchema,
  end: IngestTimeSchema.nullish(),
});

const IpAddressSchema = (field: string) =>
  z
    .string({ error: `${field} must be a string` })
    .trim()
    .refine((ip) => parseIpAddress(ip) !== null, `${field} must be an IPv4 or IPv6 address`)
    .nullish();

/** A call's summary (spec 002 §3 "Call summary" and softphoneSummary); sending it again replaces it. */
export const IngestCallSchema = z
  .object({
    contactId: ContactIdSchema,
    agent: text('agent', INGEST_LIMITS.agentMaxLength),
    direction: z
      .preprocess(
        (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
        z.enum(CALL_DIRECTIONS, {
          error: `direction must be one of ${CALL_DIRECTIONS.join(', ')}`,
        }),
      )
      .nullish(),
    startTime: IngestTimeSchema,
    endTime: IngestTimeSchema.nullish(),
    endedBy: optionalText('endedBy', 100),
    disconnectReason: optionalText('disconnectReason', 200),
    agentISP: optionalText('agentISP', 200),
    agentLocalIPAddress: IpAddressSchema('agentLocalIPAddress'),
    agentExternalIPAddress: IpAddressSchema('agentExternalIPAddress'),
    browser: z
      .object({ name: text('browser.name', 100), version: optionalText('browser.version', 50) })
      .nullish(),
    agentCountry: optionalText('agentCountry', 100),
    agentRegion: optionalText('agentRegion', 100),
    networkType: optionalText('networkType', 50),
    holdIntervals: z
      .array(IngestHoldIntervalSchema)
      .max(500, 'At most 500 hold intervals')
      .nullish(),
    /** The agent's hierarchy groups, levels 1 to 5 (a null level is unset). */
    agentGroups: z
      .array(optionalText('agentGroups[]', GROUPING.agentGroupMaxLength), {
        error: 'agentGroups must be a list',
      })
      .max(GROUPING.agentGroupLevels, `agentGroups has at most ${GROUPING.agentGroupLevels} levels`)
      .nullish(),
    /** The contact's attributes (Amazon Connect CTR attributes), as text. */
    ctrAttributes: z
      .record(
        storableText('ctrAttributes key').max(
          GROUPING.ctrAttributeKeyMaxLength,
          `ctrAttributes keys are at most ${GROUPING.ctrAttributeKeyMaxLength} characters`,
        ),
        storableText('ctrAttributes value').max(
          GROUPING.ctrAttributeValueMaxLength,
          `ctrAttributes values are at most ${GROUPING.ctrAttributeValueMaxLength} characters`,
        ),
        { error: 'ctrAttributes must be an object of texts' },
      )
      .refine(
        (r) => Object.keys(r).length <= GROUPING.ctrAttributes,
        `ctrAttributes has at most ${GROUPING.ctrAttributes} attributes`,
      )
      .nullish(),
    sipResponseCode: z
      .number({ error: 'sipResponseCode must be a number' })
      .int('sipResponseCode must be a whole number')
      .min(100, 'sipResponseCode must be a SIP status code (100-699)')
      .max(699, 'sipResponseCode must be a SIP status code (100-699)')
      .nullish(),
  })
  .superRefine((call, ctx) => {
    if (call.endTime != null && call.endTime < call.startTime) {
      ctx.addIssue({
        code: 'custom',
        path: ['endTime'],
        message: 'endTime must not be before startTime',
      });
    }
    call.holdIntervals?.forEach((hold, i) => {
      if (hold.end != null && hold.end < hold.start) {
        ctx.addIssue({
          code: 'custom',
          path: ['holdIntervals', i, 'end'],
          message: 'end must not be before start',
        });
      }
    });
  });
export type IngestCallInput = z.input<typeof IngestCallSchema>;
export type IngestCall = z.output<typeof IngestCallSchema>;

/** One softphone log line; `id` (optional) makes a resend idempotent, else the content does. */
export const IngestLogSchema = z.object({
  id: optionalText('id', 200),
  time: IngestTimeSchema,
  level: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.enum(LOG_LEVELS, { error: `level must be one of ${LOG_LEVELS.join(', ')}` }),
  ),
  agent: text('agent', INGEST_LIMITS.agentMaxLength),
  contactId: ContactIdSchema.nullish(),
  text: storableText('text').max(
    INGEST_LIMITS.logTextMaxLength,
    `text must be at most ${INGEST_LIMITS.logTextMaxLength} characters`,
  ),
});
export type IngestLogInput = z.input<typeof IngestLogSchema>;
export type IngestLog = z.output<typeof IngestLogSchema>;

/**
 * An event's data with each text longer than INGEST_LIMITS.eventDataTextMaxLength cut (with the
 * truncation marker); the same object when none was. The reason instead when it is still larger
 * than INGEST_LIMITS.eventDataMaxLength as JSON, too deeply nested to be written as JSON, or when
 * a text or key holds U+0000 (jsonb cannot store it).
 */
export function boundEventData(
  data: Record<string, unknown>,
): { data: Record<string, unknown> } | { error: string } {
  let cut = false;
  let nul = false;
  let json: string;
  try {
    json = JSON.stringify(data, (key, value: unknown) => {
      if (key.includes('\u0000')) nul = true;
      if (typeof value !== 'string') return value;
      if (value.includes('\u0000')) nul = true;
      if (value.length <= INGEST_LIMITS.eventDataTextMaxLength) return value;
      cut = true;
      return truncateText(value, INGEST_LIMITS.eventDataTextMaxLength);
    });
  } catch {
    return { error: 'data is nested too deeply' };
  }
  if (nul) return { error: nulCharacterMessage('data') };
  if (json.length > INGEST_LIMITS.eventDataMaxLength)
    return { error: `data must be at most ${INGEST_LIMITS.eventDataMaxLength} characters as JSON` };
  return { data: cut ? (JSON.parse(json) as Record<string, unknown>) : data };
}

/** A telemetry event of a softphone (device change, connection state ...); `data` is kept as sent, bounded. */
export const IngestEventSchema = z.object({
  id: optionalText('id', 200),
  time: IngestTimeSchema,
  type: text('type', 100),
  agent: optionalText('agent', INGEST_LIMITS.agentMaxLength),
  contactId: ContactIdSchema.nullish(),
  data: z
    .record(z.string(), z.unknown())
    .nullish()
    .transform((data, ctx) => {
      if (data == null) return data;
      const bounded = boundEventData(data);
      if ('data' in bounded) return bounded.data;
      ctx.addIssue({ code: 'custom', message: bounded.error });
      return z.NEVER;
    }),
});
export type IngestEventInput = z.input<typeof IngestEventSchema>;
export type IngestEvent = z.output<typeof IngestEventSchema>;

/**
 * Request envelopes. Items are checked one by one on the server (a malformed one is rejected with
 * its field errors while the valid rest is stored), so the envelope only requires an array.
 */
const items = (key: string, itemName: string) =>
  z
    .array(z.unknown(), { error: `${key} must be an array` })
    .describe(`${itemName} items, each validated on its own`);

export const IngestSamplesBodySchema = z.object({ samples: items('samples', 'IngestSample') });
export const IngestCallsBodySchema = z.object({ calls: items('calls', 'IngestCall') });
export const IngestLogsBodySchema = z.object({ logs: items('logs', 'IngestLog') });
export const IngestEventsBodySchema = z.object({ events: items('events', 'IngestEvent') });

/** A rejected item: its index in the batch and the problem per field (paths inside the item). */
export const IngestRejectedItemSchema = z.object({
  index: z.number().int(),
  fields: z.record(z.string(), z.string()),
});
export type IngestRejectedItem = z.infer<typeof IngestRejectedItemSchema>;

/**
 * Answer of every ingestion call (200 all stored, 207 some rejected): `accepted` items are
 * committed (`duplicates` of them were already stored); `rejected` lists the first 1000 refusals.
 */
export const IngestResultSchema = z.object({
  accepted: z.number().int(),
  duplicates: z.number().int(),
  rejectedCount: z.number().int(),
  rejected: z.array(IngestRejectedItemSchema),
});
export type IngestResult = z.infer<typeof IngestResultSchema>;

/** Turns a zod error of one item into `{ path: message }` (first message per path), bounded. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    const name = quoteInput(path, ECHO_LIMITS.fieldNameChars);
    fields[name] ??= truncateText(issue.message, ECHO_LIMITS.fieldMessageChars);
  }
  return fields;
}

/**
 * Push message (page EXPLORER_PUSH_PAGE) announcing a call the server has just stored for the
 * first time: only its start (ISO 8601; the first second's time until its summary). It names no
 * call: every subscriber of the group hears it, and the page re-reads its list through the
 * reader's team rules (decision T3), so a member never learns another team's call from it.
 */
export const NewCallMessageSchema = z.strictObject({
  type: z.literal('call'),
  startTime: z.iso.datetime(),
});
export type NewCallMessage = z.infer<typeof NewCallMessageSchema>;
