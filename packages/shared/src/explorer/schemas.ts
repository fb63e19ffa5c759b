/**
 * API contract of the explorer lists (spec 002 §7.3): GET /api/calls/stats and /api/calls/logs
 * with fromTime, toTime, timezone, size, from, sortColumn, sortDirection, field=value filters and
 * {field}From / {field}To ranges, answering { rows, total }. Unknown parameters are refused by
 * name (strict objects), so a mistyped filter never silently widens a list.
 */
import { z } from 'zod';
import { LOG_LEVELS } from '../telemetry/constants.ts';
import {
  AGENT_LOG_SORT_COLUMNS,
  CALL_STATS_NUMERIC_FIELDS,
  CALL_STATS_SORT_COLUMNS,
  EXPLORER_LIMITS,
  SORT_DIRECTIONS,
  type CallStatsNumericField,
} from './constants.ts';
import { parseFilterNumber } from './filters.ts';
import { isValidTimeZone, zonedTimeToDate } from './zoned-time.ts';

const TIME_TEXT_ERROR = 'Must be a date-time like 2025-01-31T09:30:00';

const TimeTextSchema = z.string().trim().min(1, TIME_TEXT_ERROR);

const TimeZoneSchema = z
  .string()
  .trim()
  .refine(isValidTimeZone, { error: 'Must be an IANA time zone such as Europe/London' });

const intParam = (field: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${field} must be a whole number` })
    .int(`${field} must be a whole number`)
    .min(min, `${field} must be at least ${min}`)
    .max(max, `${field} must be at most ${max}`);

/** A numeric bound from the query string; an unparseable one is refused by name. */
const numberParam = (field: string) =>
  z
    .union([z.string(), z.number()])
    .transform((value, ctx) => {
      const parsed = typeof value === 'number' ? value : parseFilterNumber(value);
      if (parsed === null || !Number.isFinite(parsed)) {
        ctx.addIssue({ code: 'custom', message: `${field} must be a number` });
        return z.NEVER;
      }
      return parsed;
    })
    .optional();

/** A text filter: one value, or several (repeated parameter) matching any of them. */
const textValues = (field: string, max = 200) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((value, ctx) => {
      const values = (Array.isArray(value) ? value : [value]).map((v) => v.trim());
      if (values.some((v) => v === '' || v.length > max)) {
        ctx.addIssue({ code: 'custom', message: `${field} must be 1 to ${max} characters` });
        return z.NEVER;
      }
      return values;
    })
    .optional();

const common = {
  fromTime: TimeTextSchema.optional(),
  toTime: TimeTextSchema.optional(),
  timezone: TimeZoneSchema.default('UTC'),
  size: intParam('size', 1, EXPLORER_LIMITS.maxSize).default(EXPLORER_LIMITS.pageSize),
  from: intParam('from', 0, EXPLORER_LIMITS.maxFrom).default(0),
  sortDirection: z
    .enum(SORT_DIRECTIONS, { error: 'sortDirection must be asc or desc' })
    .default('desc'),
};

interface TimeWindowInput {
  fromTime?: string | undefined;
  toTime?: string | undefined;
  timezone: string;
}

/** Checks that the time ends parse in the zone and that the end is not before the start. */
function checkWindow(query: TimeWindowInput, ctx: z.RefinementCtx) {
  if (!isValidTimeZone(query.timezone)) return;
  const fromTime = query.fromTime ? zonedTimeToDate(query.fromTime, query.timezone) : undefined;
  const toTime = query.toTime ? zonedTimeToDate(query.toTime, query.timezone) : undefined;
  if (fromTime === null)
    ctx.addIssue({ code: 'custom', path: ['fromTime'], message: TIME_TEXT_ERROR });
  if (toTime === null) ctx.addIssue({ code: 'custom', path: ['toTime'], message: TIME_TEXT_ERROR });
  if (fromTime && toTime && toTime.getTime() < fromTime.getTime()) {
    ctx.addIssue({
      code: 'custom',
      path: ['toTime'],
      message: 'toTime must not be before fromTime',
    });
  }
}

const numericRangeParams = Object.fromEntries(
  CALL_STATS_NUMERIC_FIELDS.flatMap((field) => [
    [`${field}From`, numberParam(`${field}From`)],
    [`${field}To`, numberParam(`${field}To`)],
  ]),
) as Record<`${CallStatsNumericField}${'From' | 'To'}`, ReturnType<typeof numberParam>>;

export const CallStatsQuerySchema = z
  .strictObject({
    ...common,
    sortColumn: z
      .enum(CALL_STATS_SORT_COLUMNS, {
        error: `sortColumn must be one of ${CALL_STATS_SORT_COLUMNS.join(', ')}`,
      })
      .default('timestamp'),
    agent: textValues('agent'),
    contactId: textValues('contactId'),
    agentISP: textValues('agentISP'),
    ...numericRangeParams,
    /** Our own test calls (GSM monitors, heartbeat tests) are left out unless this is true. */
    includeTestCalls: z
      .stringbool({ error: 'includeTestCalls must be true or false' })
      .default(false)
      .describe('Include our own test calls (GSM monitors, heartbeat tests); false by default'),
  })
  .superRefine(checkWindow);
export type CallStatsQueryInput = z.input<typeof CallStatsQuerySchema>;
export type CallStatsQuery = z.output<typeof CallStatsQuerySchema>;

export const AgentLogQuerySchema = z
  .strictObject({
    ...common,
    sortColumn: z
      .enum(AGENT_LOG_SORT_COLUMNS, {
        error: `sortColumn must be one of ${AGENT_LOG_SORT_COLUMNS.join(', ')}`,
      })
      .default('time'),
    agent: textValues('agent'),
    level: z
      .union([z.string(), z.array(z.string())])
      .transform((value, ctx) => {
        const levels = (Array.isArray(value) ? value : [value]).map((v) => v.trim().toUpperCase());
        const bad = levels.find((v) => !(LOG_LEVELS as readonly string[]).includes(v));
        if (bad !== undefined) {
          ctx.addIssue({
            code: 'custom',
            message: `level must be one of ${LOG_LEVELS.join(', ')}`,
          });
          return z.NEVER;
        }
        return levels;
      })
      .optional(),
  })
  .superRefine(checkWindow);
export type AgentLogQueryInput = z.input<typeof AgentLogQuerySchema>;
export type AgentLogQuery = z.output<typeof AgentLogQuerySchema>;

const avg = z.object({ avg: z.number().nullable() });

/** A row of the Call Stats Log (spec 002 §3 "Call stats row"), with the call's score and tags. */
export const CallStatsRowSchema = z.object({
  timestamp: z.string().describe('Call start, ISO 8601'),
  agent: z.string().nullable(),
  callContactId: z.string(),
  agentISP: z.string().nullable(),
  mos: avg,
  jitter: avg.describe('Milliseconds'),
  rtt: avg.describe('Milliseconds'),
  totals: z.object({ packetsLostFraction: z.number().nullable() }),
  durationSeconds: z.number().int().nullable(),
  score: z.number(),
  tags: z.array(z.string()),
  /** One of our own test calls (a GSM monitor's or heartbeat test's), shown with a badge. */
  testCall: z.boolean(),
});
export type CallStatsRow = z.infer<typeof CallStatsRowSchema>;

/** How `total` reads: exact ('eq') or, past the count cap, at least that many ('gte'). */
const TotalRelationSchema = z
  .enum(['eq', 'gte'])
  .describe("'eq': total is exact; 'gte': at least total rows match (counting stops at 10,000)");

export const CallStatsPageSchema = z.object({
  rows: z.array(CallStatsRowSchema),
  total: z.number().int(),
  totalRelation: TotalRelationSchema,
});
export type CallStatsPage = z.infer<typeof CallStatsPageSchema>;

/** A softphone log line (spec 002 §3 "Agent log"), with its id and the call it belongs to. */
export const AgentLogRowSchema = z.object({
  id: z.string(),
  time: z.string().describe('ISO 8601'),
  agent: z.string(),
  level: z.string(),
  text: z.string(),
  contactId: z.string().nullable(),
});
export type AgentLogRow = z.infer<typeof AgentLogRowSchema>;

export const AgentLogPageSchema = z.object({
  rows: z.array(AgentLogRowSchema),
  total: z.number().int(),
  totalRelation: TotalRelationSchema,
});
export type AgentLogPage = z.infer<typeof AgentLogPageSchema>;
