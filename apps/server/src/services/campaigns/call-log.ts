import { and, asc, avg, count, eq, sql } from 'drizzle-orm';
import {
  CAMPAIGN_LIMITS,
  CAMPAIGN_TEXTS,
  RUN_CALL_STATUSES,
  runSummaryOf,
  plannedLoad,
  plannedRunSeconds,
  type CampaignCall,
  type CampaignCallsQuery,
  type CampaignRunGraph,
  type CampaignRunStats,
  type RunCallStatus,
} from '@callsight/shared';
import type { GroupScope } from '../../db/group-scope.ts';
import { campaignCalls } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { getRun } from './runs.ts';

type CallRecord = typeof campaignCalls.$inferSelect;

const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);
const secondsOrNull = (ms: number | null) => (ms === null ? null : ms / 1000);

/** The route that serves a call's recording (authenticated like every API route). */
export function recordingUrlOf(campaignId: string, runId: string, seq: number): string {
  return `/api/campaigns/${campaignId}/runs/${runId}/calls/${seq}/recording`;
}

function toCall(campaignId: string, c: CallRecord): CampaignCall {
  const status = (
    ['Successful', 'No Answer', 'Cancelled', 'Premature', 'Busy', 'Failed'] as const
  ).find((s) => s === c.status);
  return {
    seq: c.seq,
    callSid: c.callSid,
    toNumber: c.toNumber,
    fromNumber: c.fromNumber,
    answerTreatment: c.answerTreatment,
    status: status ?? 'Live',
    createdAt: c.createdAt.toISOString(),
    queuedAt: isoOrNull(c.queuedAt),
    initiatedAt: isoOrNull(c.initiatedAt),
    ringingAt: isoOrNull(c.ringingAt),
    inProgressAt: isoOrNull(c.inProgressAt),
    completedAt: isoOrNull(c.completedAt),
    noAnswerAt: isoOrNull(c.noAnswerAt),
    busyAt: isoOrNull(c.busyAt),
    canceledAt: isoOrNull(c.canceledAt),
    terminatedPrematurelyAt: isoOrNull(c.terminatedPrematurelyAt),
    failedAt: isoOrNull(c.failedAt),
    sipCode: c.sipCode,
    reason: c.reason,
    callDuration: secondsOrNull(c.durationMs),
    postDialDelay: secondsOrNull(c.postDialDelayMs),
    timeToAnswer: secondsOrNull(c.timeToAnswerMs),
    recordingUrl: c.recordingPath ? recordingUrlOf(campaignId, c.runId, c.seq) : null,
  };
}

/** GET .../calls: one page of the run's call log in call order, and the number of calls. */
export async function listCalls(
  scope: GroupScope,
  campaignId: string,
  runId: string,
  query: CampaignCallsQuery,
): Promise<{ rows: CampaignCall[]; total: number }> {
  await getRun(scope, campaignId, runId);
  const own = scope.owns(campaignCalls, eq(campaignCalls.runId, runId));
  const [rows, [counted]] = await Promise.all([
    scope.db
      .select()
      .from(campaignCalls)
      .where(own)
      .orderBy(asc(campaignCalls.seq))
      .limit(query.size)
      .offset(query.from),
    scope.db.select({ n: count() }).from(campaignCalls).where(own),
  ]);
  return { rows: rows.map((c) => toCall(campaignId, c)), total: counted?.n ?? 0 };
}

/** Calls of a run per stored status (Live while under way). */
export async function countCalls(
  scope: GroupScope,
  runId: string,
): Promise<Partial<Record<RunCallStatus | 'Live', number>>> {
  const rows = await scope.db
    .select({ status: campaignCalls.status, n: count() })
    .from(campaignCalls)
    .where(scope.owns(campaignCalls, eq(campaignCalls.runId, runId)))
    .groupBy(campaignCalls.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/** GET .../stats: counts per status, the summary groups and the averages (seconds). */
export async function runStats(
  scope: GroupScope,
  campaignId: string,
  runId: string,
): Promise<CampaignRunStats> {
  const run = await getRun(scope, campaignId, runId);
  const [byStatus, [averages]] = await Promise.all([
    countCalls(scope, runId),
    scope.db
      .select({
        postDialDelay: avg(campaignCalls.postDialDelayMs),
        timeToAnswer: avg(campaignCalls.timeToAnswerMs),
        callDuration: avg(campaignCalls.durationMs),
      })
      .from(campaignCalls)
      .where(scope.owns(campaignCalls, eq(campaignCalls.runId, runId))),
  ]);
  const counts = Object.fromEntries(RUN_CALL_STATUSES.map((s) => [s, byStatus[s] ?? 0])) as Record<
    RunCallStatus,
    number
  >;
  const live = byStatus.Live ?? 0;
  const ended = RUN_CALL_STATUSES.reduce((sum, s) => sum + (s === 'Pending' ? 0 : counts[s]), 0);
  const notEnded = Math.max(0, run.totalCalls - ended);
  // A stopped run that has finished will not place the rest: they count as cancelled.
  if (run.canceledAt && run.isComplete) counts.Cancelled += notEnded;
  else counts.Pending = notEnded;
  const summary = runSummaryOf(counts);
  const seconds = (v: string | null) => (v === null ? null : Math.round(Number(v)) / 1000);
  return {
    totalCalls: run.totalCalls,
    counts,
    live,
    summary,
    averages: {
      postDialDelay: seconds(averages?.postDialDelay ?? null),
      timeToAnswer: seconds(averages?.timeToAnswer ?? null),
      callDuration: seconds(averages?.callDuration ?? null),
    },
  };
}

const FAILED = new Set(['Busy', 'No Answer', 'Failed', 'Premature']);

/**
 * GET .../graph (spec 001 §7, §9): per second since the run started, the planned and the actual
 * connected calls, planned and actual starts, and the calls that ended failed in that second.
 * The span is the plan's (callDuration + totalCalls / cps), extended to the last call plus 2 s.
 * While the run is live, the seconds after `nowMs` have a plan but no actual figures (null).
 */
export async function runGraph(
  scope: GroupScope,
  campaignId: string,
  runId: string,
  nowMs: number = Date.now(),
): Promise<CampaignRunGraph> {
  const run = await getRun(scope, campaignId, runId);
  const bucketMs = CAMPAIGN_LIMITS.chartBucketMs;
  if (!run.startedAt) return { bucketMs, startedAt: null, seconds: 0, points: [] };
  const start = Date.parse(run.startedAt);
  const epoch = (column: unknown) =>
    sql<number | null>`(extract(epoch from ${column}) * 1000)::float8`;
  const calls = await scope.db
    .select({
      status: campaignCalls.status,
      initiated: epoch(campaignCalls.initiatedAt),
      answered: epoch(campaignCalls.inProgressAt),
      ended: epoch(
        sql`coalesce(${campaignCalls.completedAt}, ${campaignCalls.noAnswerAt}, ${campaignCalls.canceledAt}, ${campaignCalls.terminatedPrematurelyAt}, ${campaignCalls.busyAt}, ${campaignCalls.failedAt})`,
      ),
    })
    .from(campaignCalls)
    .where(scope.owns(campaignCalls, eq(campaignCalls.runId, runId)));
  const secondOf = (ms: number) => Math.max(0, Math.floor((ms - start) / bucketMs));
  let last = 0;
  for (const c of calls) {
    for (const t of [c.initiated, c.answered, c.ended])
      if (t !== null) last = Math.max(last, secondOf(Number(t)));
  }
  const span = Math.max(plannedRunSeconds(run), last + 2);
  const plan = plannedLoad(run);
  const connectedDelta = new Array<number>(span + 2).fill(0);
  const starts = new Array<number>(span + 1).fill(0);
  const failed = new Array<number>(span + 1).fill(0);
  const nowSecond = secondOf(nowMs);
  const add = (series: number[], at: number, n: number) => {
    const i = Math.min(series.length - 1, at);
    series[i] = (series[i] ?? 0) + n;
  };
  for (const c of calls) {
    if (c.initiated !== null) add(starts, secondOf(Number(c.initiated)), 1);
    if (c.answered !== null) {
      // Connected from the second it was answered until the second it ended (or now).
      const from = secondOf(Number(c.answered));
      const to = c.ended !== null ? secondOf(Number(c.ended)) : Math.max(from + 1, nowSecond + 1);
      add(connectedDelta, from, 1);
      add(connectedDelta, to, -1);
    }
    if (c.ended !== null && FAILED.has(c.status)) add(failed, secondOf(Number(c.ended)), 1);
  }
  const points = [];
  let connected = 0;
  for (let second = 0; second <= span; second++) {
    connected += connectedDelta[second] ?? 0;
    const planned = plan[second];
    const happened = run.isComplete || second <= nowSecond;
    points.push({
      second,
      expected: planned?.expected ?? 0,
      actual: happened ? connected : null,
      expectedStarts: planned?.expectedStarts ?? 0,
      starts: happened ? (starts[second] ?? 0) : null,
      failed: happened ? (failed[second] ?? 0) : null,
    });
  }
  return { bucketMs, startedAt: run.startedAt, seconds: span, points };
}

/** The WAV file of one call, 404 when the call or its recording is not there. */
export async function recordingOf(
  scope: GroupScope,
  campaignId: string,
  runId: string,
  seq: number,
): Promise<string> {
  await getRun(scope, campaignId, runId);
  const [call] = await scope.db
    .select({ path: campaignCalls.recordingPath })
    .from(campaignCalls)
    .where(
      scope.owns(campaignCalls, and(eq(campaignCalls.runId, runId), eq(campaignCalls.seq, seq))),
    );
  if (!call?.path) throw notFound(CAMPAIGN_TEXTS.recordingNotFound);
  return call.path;
}
