import { z } from 'zod';
import { CAMPAIGN_LIMITS } from './constants.ts';

/**
 * A call's shown status (spec 001 §4): the first timestamp present among completed, no answer,
 * canceled, terminated prematurely, busy, failed; none of them means the call is still live.
 */
export const CALL_OUTCOME_STATUSES = [
  'Successful',
  'No Answer',
  'Cancelled',
  'Premature',
  'Busy',
  'Failed',
] as const;
export type CallOutcomeStatus = (typeof CALL_OUTCOME_STATUSES)[number];

/** Statuses counted in a run's stats, in the order the Stats tab shows them. */
export const RUN_CALL_STATUSES = [
  'Successful',
  'Busy',
  'Cancelled',
  'No Answer',
  'Failed',
  'Premature',
  'Pending',
] as const;
export type RunCallStatus = (typeof RUN_CALL_STATUSES)[number];

const OUTCOME_TIMESTAMPS = [
  ['completedAt', 'Successful'],
  ['noAnswerAt', 'No Answer'],
  ['canceledAt', 'Cancelled'],
  ['terminatedPrematurelyAt', 'Premature'],
  ['busyAt', 'Busy'],
  ['failedAt', 'Failed'],
] as const;

type OutcomeTimes = Partial<
  Record<(typeof OUTCOME_TIMESTAMPS)[number][0], string | Date | null | undefined>
>;

/** The call's outcome by the first timestamp present (§4); null while the call is live. */
export function callOutcomeOf(call: OutcomeTimes): CallOutcomeStatus | null {
  for (const [field, status] of OUTCOME_TIMESTAMPS) if (call[field]) return status;
  return null;
}

/**
 * The summary bar's groups (§4: Pending, Failed, Successful) and the statuses each one sums, in
 * the Stats tab's order: Failed is every call that ended without success (issue 33).
 */
export const RUN_SUMMARY_GROUPS = {
  Successful: ['Successful'],
  Failed: ['Busy', 'Cancelled', 'No Answer', 'Failed', 'Premature'],
  Pending: ['Pending'],
} as const satisfies Record<string, readonly RunCallStatus[]>;
export type RunSummaryGroup = keyof typeof RUN_SUMMARY_GROUPS;
export const RUN_SUMMARY_GROUP_NAMES = Object.keys(RUN_SUMMARY_GROUPS) as RunSummaryGroup[];

/** The summary bar's group of a status; a live call is still Pending. */
export function summaryGroupOf(status: RunCallStatus | 'Live'): RunSummaryGroup {
  if (status === 'Live') return 'Pending';
  const statuses: Record<RunSummaryGroup, readonly RunCallStatus[]> = RUN_SUMMARY_GROUPS;
  return RUN_SUMMARY_GROUP_NAMES.find((g) => statuses[g].includes(status)) ?? 'Pending';
}

/** The summary bar's counts: each group the sum of its statuses' counts (the one computation). */
export function runSummaryOf(
  counts: Record<RunCallStatus, number>,
): Record<RunSummaryGroup, number> {
  const summary = { Successful: 0, Failed: 0, Pending: 0 };
  for (const group of RUN_SUMMARY_GROUP_NAMES)
    for (const status of RUN_SUMMARY_GROUPS[group]) summary[group] += counts[status];
  return summary;
}

const iso = z.string().nullable();

/** One call log entry (spec 001 §3) as GET .../runs/{runId}/calls lists it. */
export const CampaignCallSchema = z.object({
  /** 1-based position of the call in its run. */
  seq: z.number().int(),
  callSid: z.string().nullable(),
  toNumber: z.string(),
  fromNumber: z.string(),
  answerTreatment: z.string(),
  /** The outcome, or Live while the call is under way. */
  status: z.enum([...CALL_OUTCOME_STATUSES, 'Live']),
  createdAt: z.string(),
  queuedAt: iso,
  initiatedAt: iso,
  ringingAt: iso,
  inProgressAt: iso,
  completedAt: iso,
  noAnswerAt: iso,
  busyAt: iso,
  canceledAt: iso,
  terminatedPrematurelyAt: iso,
  failedAt: iso,
  /** Final SIP (or provider) status and reason, e.g. 486 Busy Here. */
  sipCode: z.number().int().nullable(),
  reason: z.string().nullable(),
  /** Seconds: answer to hang-up; INVITE to first 18x; first 18x to answer. */
  callDuration: z.number().nullable(),
  postDialDelay: z.number().nullable(),
  timeToAnswer: z.number().nullable(),
  /** Our authenticated route serving the WAV recording; null when there is none. */
  recordingUrl: z.string().nullable(),
});
export type CampaignCall = z.infer<typeof CampaignCallSchema>;
export const CampaignCallListSchema = z.array(CampaignCallSchema);

const pageParam = (field: string, min: number, max: number, dflt: number) =>
  z.coerce
    .number({ error: `${field} must be a whole number from ${min} to ${max}` })
    .int(`${field} must be a whole number from ${min} to ${max}`)
    .min(min, `${field} must be a whole number from ${min} to ${max}`)
    .max(max, `${field} must be a whole number from ${min} to ${max}`)
    .default(dflt);

/** GET .../calls query: `from` (offset) and `size`; the total is in the recordcount header. */
export const CampaignCallsQuerySchema = z.object({
  from: pageParam('from', 0, CAMPAIGN_LIMITS.maxTotalCalls, 0),
  size: pageParam('size', 1, 1000, 10),
});
export type CampaignCallsQuery = z.output<typeof CampaignCallsQuerySchema>;

export const CampaignCallParamsSchema = z.object({
  id: z.uuid(),
  runId: z.uuid(),
  seq: z.coerce.number().int().min(1),
});

const seconds = z.number().nullable();

/** GET .../runs/{runId}/stats: what the Stats tab shows besides the chart. */
export const CampaignRunStatsSchema = z.object({
  totalCalls: z.number().int(),
  /** Calls per status; Pending = total calls minus calls seen (§4), plus live calls. */
  counts: z.object(
    Object.fromEntries(RUN_CALL_STATUSES.map((s) => [s, z.number().int()])) as Record<
      RunCallStatus,
      z.ZodNumber
    >,
  ),
  /** Calls under way now (placed, no outcome yet); counted in Pending. */
  live: z.number().int(),
  /** The summary bar: `runSummaryOf(counts)`. */
  summary: z.object({
    Successful: z.number().int(),
    Failed: z.number().int(),
    Pending: z.number().int(),
  }),
  averages: z.object({ postDialDelay: seconds, timeToAnswer: seconds, callDuration: seconds }),
});
export type CampaignRunStats = z.infer<typeof CampaignRunStatsSchema>;

/** One second of a run's graph. */
export const RunGraphPointSchema = z.object({
  /** Seconds since the run started. */
  second: z.number().int(),
  /** Calls planned to be connected at that second (the plan: cps pacing, callDuration each). */
  expected: z.number(),
  /**
   * Calls connected (answered, not yet ended) at that second. Null, as `starts` and `failed`, for
   * the seconds a live run has not reached yet: the plan is drawn whole, what happened up to now.
   */
  actual: z.number().nullable(),
  /** Calls planned to start in that second, and calls that did (INVITE sent). */
  expectedStarts: z.number(),
  starts: z.number().nullable(),
  /** Calls that ended as failed (busy, no answer, failed, premature) in that second. */
  failed: z.number().nullable(),
});
export type RunGraphPoint = z.infer<typeof RunGraphPointSchema>;

/** GET /campaigns/{id}/runs/{run}/graph (spec 001 §7, §9: buckets of 1000 ms). */
export const CampaignRunGraphSchema = z.object({
  bucketMs: z.number(),
  startedAt: z.string().nullable(),
  /** Seconds the chart spans: callDuration + totalCalls / callsPerSecond, extended to cover actual calls plus 2 s (§9). */
  seconds: z.number().int(),
  points: z.array(RunGraphPointSchema),
});
export type CampaignRunGraph = z.infer<typeof CampaignRunGraphSchema>;

/** When call n (0-based) of a run is due: n / callsPerSecond seconds after the start (ms). */
export function callDueMs(n: number, callsPerSecond: number): number {
  return (n * 1000) / callsPerSecond;
}

/** The loadtest's planned span in seconds (§9): callDuration + totalCalls / callsPerSecond. */
export function plannedRunSeconds(p: {
  totalCalls: number;
  callsPerSecond: number;
  callDuration: number;
}): number {
  const span = p.callDuration + p.totalCalls / p.callsPerSecond;
  return Number.isFinite(span) ? Math.ceil(span) : 0;
}

/**
 * The planned ramp (the run wizard's Visualise step, and the graph's expected line): per second
 * from 0 to the planned span, the calls planned to start in it and those connected at its start
 * (each planned call is connected from its due time for callDuration seconds).
 */
export function plannedLoad(p: {
  totalCalls: number;
  callsPerSecond: number;
  callDuration: number;
}): { second: number; expected: number; expectedStarts: number }[] {
  const span = plannedRunSeconds(p);
  if (p.totalCalls <= 0 || !(p.callsPerSecond > 0)) return [];
  const startedBy = (tMs: number) =>
    Math.min(p.totalCalls, Math.max(0, Math.floor((tMs * p.callsPerSecond) / 1000 + 1e-9) + 1));
  const points: { second: number; expected: number; expectedStarts: number }[] = [];
  for (let second = 0; second <= span; second++) {
    const t = second * 1000;
    const started = startedBy(t);
    const ended = t - p.callDuration * 1000 >= 0 ? startedBy(t - p.callDuration * 1000) : 0;
    const startsBefore = second === 0 ? 0 : startedBy(t - 1);
    const startsBy = startedBy(t + 999.999);
    points.push({
      second,
      expected: started - ended,
      expectedStarts: Math.max(0, startsBy - startsBefore),
    });
  }
  return points;
}
