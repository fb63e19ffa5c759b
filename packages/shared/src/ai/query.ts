import { z } from 'zod';

/** Metrics the copilot can compute over the group's calls (call_summaries). */
export const COPILOT_METRICS = [
  'mos',
  'jitter',
  'packetLoss',
  'rtt',
  'callCount',
  'duration',
  'score',
  'share',
] as const;
export const CopilotMetricSchema = z.enum(COPILOT_METRICS);
export type CopilotMetric = z.infer<typeof CopilotMetricSchema>;

/** Dimensions a metric can be broken down by. */
export const COPILOT_DIMENSIONS = [
  'agent',
  'isp',
  'networkLabel',
  'region',
  'networkType',
  'insight',
  'day',
  'hour',
] as const;
export const CopilotDimensionSchema = z.enum(COPILOT_DIMENSIONS);
export type CopilotDimension = z.infer<typeof CopilotDimensionSchema>;

/** Dimensions that can also restrict the calls ("for agent alice"). */
export const CopilotMatchFieldSchema = z.enum([
  'agent',
  'isp',
  'networkLabel',
  'region',
  'networkType',
]);
export type CopilotMatchField = z.infer<typeof CopilotMatchFieldSchema>;

/** A time range said in words, resolved against the clock at question time. */
export const CopilotRangeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('today') }),
  z.object({ kind: z.literal('yesterday') }),
  z.object({ kind: z.literal('thisWeek') }),
  z.object({ kind: z.literal('lastWeek') }),
  z.object({ kind: z.literal('thisMonth') }),
  z.object({ kind: z.literal('lastMonth') }),
  z.object({
    kind: z.literal('lastHours'),
    count: z
      .number()
      .int()
      .min(1)
      .max(24 * 90),
  }),
  z.object({ kind: z.literal('lastDays'), count: z.number().int().min(1).max(366) }),
  z.object({ kind: z.literal('date'), date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
  /** "The week before" last week: whole calendar days, weeks (Monday first) or months ago. */
  z.object({
    kind: z.literal('ago'),
    unit: z.enum(['day', 'week', 'month']),
    count: z.number().int().min(1).max(24),
  }),
  /** A named weekday (0 Monday .. 6 Sunday): its latest occurrence, today included. */
  z.object({ kind: z.literal('weekday'), day: z.number().int().min(0).max(6) }),
  /** A day of a month without a year ("3 March"): its latest occurrence, today included. */
  z.object({
    kind: z.literal('monthDay'),
    month: z.number().int().min(1).max(12),
    day: z.number().int().min(1).max(31),
  }),
]);
export type CopilotRange = z.infer<typeof CopilotRangeSchema>;

export const CopilotThresholdSchema = z.object({
  metric: CopilotMetricSchema.exclude(['callCount', 'share']),
  op: z.enum(['lt', 'lte', 'gt', 'gte']),
  value: z.number(),
  /** The word the threshold was read from ("high", "very poor"): answers name the rule used. */
  quality: z.string().max(40).optional(),
});
export type CopilotThreshold = z.infer<typeof CopilotThresholdSchema>;

/**
 * One question as a query: metrics over the calls of a time range, optionally restricted by
 * thresholds and matches, broken down by a dimension, ranked, or listed call by call. The
 * built-in parser produces it and the LLM path sends it as the arguments of its tool call.
 */
export const CopilotQuerySchema = z.object({
  metrics: z.array(CopilotMetricSchema).min(1).max(7),
  groupBy: CopilotDimensionSchema.nullable().default(null),
  range: CopilotRangeSchema.default({ kind: 'lastDays', count: 7 }),
  thresholds: z.array(CopilotThresholdSchema).max(4).default([]),
  /** Names the calls must carry; several of one field mean any of them ("wifi vs wired"). */
  matches: z
    .array(z.object({ field: CopilotMatchFieldSchema, value: z.string().min(1).max(200) }))
    .max(8)
    .default([]),
  /** With the share metric: names counted rather than filtered ("what share of calls were on wifi"). */
  shareMatches: z
    .array(z.object({ field: CopilotMatchFieldSchema, value: z.string().min(1).max(200) }))
    .max(4)
    .default([]),
  /** Insight tags the calls must carry (CALL_TAGS values, "High Jitter"; "*" any insight). */
  tags: z.array(z.string().min(1).max(60)).max(4).default([]),
  /** A second range to compare the first with ("this week vs last week"). */
  compareRange: CopilotRangeSchema.nullable().default(null),
  /** Rank groups (or, with `list`, the calls) by the first metric, keeping `limit` of them. */
  rank: z
    .object({
      order: z.enum(['worst', 'best', 'highest', 'lowest']),
      limit: z.number().int().min(1).max(100),
    })
    .nullable()
    .default(null),
  /** List the matching calls one by one instead of aggregating. */
  list: z.boolean().default(false),
  /** Answer with a chart rather than a table. */
  chart: z.boolean().default(false),
  /**
   * Count our own test calls (GSM monitors, heartbeat tests) too: they are left out of every
   * answer unless the question asks for them ("including test calls").
   */
  testCalls: z.boolean().optional(),
});
/*
 * Thresholds, tags and share matches are the condition a call is counted by; range and matches
 * choose the calls. `callCount` and the averages are over the counted calls; the `share` metric
 * is the counted calls as a percentage of the chosen ones.
 */
export type CopilotQuery = z.infer<typeof CopilotQuerySchema>;
export type CopilotQueryInput = z.input<typeof CopilotQuerySchema>;

/** In `tags`: any insight at all ("insights by agent" counts the calls with one). */
export const ANY_TAG = '*';

/** Lower is better for these metrics; "worst" ranks them highest first. */
export const LOWER_IS_BETTER: Record<CopilotMetric, boolean> = {
  mos: false,
  jitter: true,
  packetLoss: true,
  rtt: true,
  callCount: false,
  duration: false,
  score: false,
  share: true,
};

export const METRIC_LABELS: Record<CopilotMetric, string> = {
  mos: 'Average MOS',
  jitter: 'Average jitter (ms)',
  packetLoss: 'Average packet loss (%)',
  rtt: 'Average RTT (ms)',
  callCount: 'Calls',
  duration: 'Average duration (s)',
  score: 'Average score',
  share: 'Share of calls (%)',
};

/** Short names used in sentences. */
export const METRIC_NAMES: Record<CopilotMetric, string> = {
  mos: 'average MOS',
  jitter: 'average jitter',
  packetLoss: 'average packet loss',
  rtt: 'average RTT',
  callCount: 'number of calls',
  duration: 'average call duration',
  score: 'average score',
  share: 'share of calls',
};

export const METRIC_UNITS: Record<CopilotMetric, string> = {
  mos: '',
  jitter: ' ms',
  packetLoss: '%',
  rtt: ' ms',
  callCount: '',
  duration: ' s',
  score: '',
  share: '%',
};

/** Decimals a metric is rounded to in answers (and in the tests' expected values). */
export const METRIC_DECIMALS: Record<CopilotMetric, number> = {
  mos: 2,
  jitter: 1,
  packetLoss: 2,
  rtt: 0,
  callCount: 0,
  duration: 0,
  score: 1,
  share: 1,
};

export const DIMENSION_LABELS: Record<CopilotDimension, string> = {
  agent: 'Agent',
  isp: 'ISP',
  networkLabel: 'Network label',
  region: 'Region',
  networkType: 'Network type',
  insight: 'Insight',
  day: 'Day',
  hour: 'Hour',
};

/** Rounds a metric value as answers show it. */
export function roundMetric(metric: CopilotMetric, value: number): number {
  const f = 10 ** METRIC_DECIMALS[metric];
  return Math.round(value * f) / f;
}
