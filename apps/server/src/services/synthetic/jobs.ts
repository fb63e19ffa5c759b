import { count, desc, eq, getTableColumns, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  JOB_STATES,
  JobDetailsSchema,
  JobStatsSchema,
  SCORED_STATUSES,
  SYNTHETIC_LIMITS,
  SYNTHETIC_TEXTS,
  type InsightJob,
  type JobDetails,
  type JobInsights,
  type JobStats,
  type PeriodStats,
  type SyntheticJob,
  type SyntheticJobsListQuery,
  type SyntheticJobsQuery,
} from '@callsight/shared';
import type { GroupScope } from '../../db/group-scope.ts';
import { syntheticJobs } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { queryWindow } from '../../lib/query-window.ts';

export type JobKind = 'monitor' | 'heartbeat';
type JobRow = typeof syntheticJobs.$inferSelect;
/**
 * What a job of a list reads: not its details (measures, stats, recordings: kilobytes a job)
 * nor its scheduling and claim columns. A list of 1,000 jobs spends its time making rows.
 */
const {
  details: _details,
  message: _message,
  groupId: _groupId,
  slotAt: _slotAt,
  claimedBy: _claimedBy,
  leaseUntil: _leaseUntil,
  attempts: _attempts,
  ...LISTED_COLUMNS
} = getTableColumns(syntheticJobs);
type ListedJob = Omit<
  JobRow,
  'details' | 'message' | 'groupId' | 'slotAt' | 'claimedBy' | 'leaseUntil' | 'attempts'
>;

/** The columns an insights row reads (InsightJobSchema), of the 25 a listed job reads. */
const INSIGHT_COLUMNS = {
  id: syntheticJobs.id,
  createdOn: syntheticJobs.createdOn,
  status: syntheticJobs.status,
  description: syntheticJobs.description,
  cxScore: syntheticJobs.cxScore,
  axScore: syntheticJobs.axScore,
  networkScore: syntheticJobs.networkScore,
  mos: syntheticJobs.mos,
  tags: syntheticJobs.tags,
  carrier: syntheticJobs.carrier,
  agentType: syntheticJobs.agentType,
  agentId: syntheticJobs.agentId,
  toNumber: syntheticJobs.toNumber,
  connectRegion: syntheticJobs.connectRegion,
  agentRegion: syntheticJobs.agentRegion,
};
type InsightRow = Pick<JobRow, keyof typeof INSIGHT_COLUMNS>;

const JOB_STATE_SET = new Set<string>(JOB_STATES);

/** One line about a job for previews. */
function previewOf(r: ListedJob): string {
  if (r.status === 'Queued' || r.status === 'Running') return r.status;
  const seconds =
    r.startedAt && r.endedAt
      ? Math.round((r.endedAt.getTime() - r.startedAt.getTime()) / 1000)
      : null;
  const parts = [r.status];
  if (seconds !== null) parts.push(`in ${seconds} s`);
  if (r.mos !== null) parts.push(`MOS ${r.mos.toFixed(2)}`);
  return parts.join(', ');
}

const round1 = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);
const round2 = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);
const statusOf = (status: string) =>
  (JOB_STATE_SET.has(status) ? status : 'Call Failed') as SyntheticJob['status'];
const agentTypeOf = (type: string | null) =>
  type === 'HUMAN_AGENT' || type === 'VIRTUAL_AGENT' ? type : null;

// Each shape is one object literal: an insights row spread into a full one makes objects that
// zod encodes an order of magnitude slower (1,000 rows: some 55 ms against 4 ms).

/** A job as the insights pages read it. */
function toInsightJob(r: InsightRow): InsightJob {
  return {
    jobId: r.id,
    status: statusOf(r.status),
    createdOn: r.createdOn.toISOString(),
    description: r.description,
    cxScore: round1(r.cxScore),
    axScore: round1(r.axScore),
    networkScore: round1(r.networkScore),
    mos: round2(r.mos),
    tags: r.tags,
    carrier: r.carrier,
    agentType: agentTypeOf(r.agentType),
    agentId: r.agentId,
    toNumber: r.toNumber,
    connectRegion: r.connectRegion,
    agentRegion: r.agentRegion,
  };
}

export function toJob(r: ListedJob): SyntheticJob {
  return {
    jobId: r.id,
    kind: r.kind === 'monitor' ? 'monitor' : 'heartbeat',
    heartbeatId: r.heartbeatId,
    monitorId: r.monitorId,
    agentId: r.agentId,
    agentType: agentTypeOf(r.agentType),
    cxScore: round1(r.cxScore),
    axScore: round1(r.axScore),
    networkScore: round1(r.networkScore),
    mos: round2(r.mos),
    diallerCallId: r.diallerCallId,
    receiverCallId: r.receiverCallId,
    callContactId: r.callContactId,
    callSid: r.diallerCallId,
    status: statusOf(r.status),
    description: r.description,
    carrier: r.carrier,
    tags: r.tags,
    toNumber: r.toNumber,
    fromNumber: r.fromNumber,
    connectRegion: r.connectRegion,
    agentRegion: r.agentRegion,
    preview: previewOf(r),
    createdOn: r.createdOn.toISOString(),
    updatedOn: r.updatedOn.toISOString(),
  };
}

/** The conditions of the criteria (the caller puts them under its scope). */
function criteria(
  kind: JobKind,
  query: SyntheticJobsQuery,
  window: { from: Date; to: Date },
): (SQL | undefined)[] {
  const j = syntheticJobs;
  const conds: (SQL | undefined)[] = [
    eq(j.kind, kind),
    gte(j.createdOn, window.from),
    lte(j.createdOn, window.to),
  ];
  if (query.status?.length) conds.push(inArray(j.status, query.status));
  if (query.agentType?.length) conds.push(inArray(j.agentType, query.agentType));
  if (query.targetPhoneNumber?.length) conds.push(inArray(j.toNumber, query.targetPhoneNumber));
  if (query.connectRegions?.length) conds.push(inArray(j.connectRegion, query.connectRegions));
  if (query.agentRegions?.length) conds.push(inArray(j.agentRegion, query.agentRegions));
  if (query.heartbeatId) conds.push(eq(j.heartbeatId, query.heartbeatId));
  if (query.monitorId) conds.push(eq(j.monitorId, query.monitorId));
  return conds;
}

/**
 * GET …/jobs: a page of jobs matching the criteria, newest first, and their number; full rows,
 * or with `view: 'insights'` only the columns the insights pages read.
 */
export async function listJobs(
  scope: GroupScope,
  kind: JobKind,
  query: SyntheticJobsListQuery,
  now = new Date(),
): Promise<{ rows: SyntheticJob[] | InsightJob[]; total: number }> {
  const window = queryWindow(query, SYNTHETIC_LIMITS.logsWindowMs, now);
  const conds = criteria(kind, query, window);
  const where = scope.owns(syntheticJobs, ...conds);
  const order = [desc(syntheticJobs.createdOn), desc(syntheticJobs.id)];
  const [rows, [counted]] = await Promise.all([
    query.view === 'insights'
      ? scope.db
          .select(INSIGHT_COLUMNS)
          .from(syntheticJobs)
          .where(where)
          .orderBy(...order)
          .limit(query.size)
          .offset(query.from)
          .then((page) => page.map(toInsightJob))
      : scope.db
          .select(LISTED_COLUMNS)
          .from(syntheticJobs)
          .where(where)
          .orderBy(...order)
          .limit(query.size)
          .offset(query.from)
          .then((page) => page.map(toJob)),
    scope.db.select({ n: count() }).from(syntheticJobs).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

async function jobRow(scope: GroupScope, kind: JobKind, id: string): Promise<JobRow> {
  const [row] = await scope.db
    .select()
    .from(syntheticJobs)
    .where(scope.owns(syntheticJobs, eq(syntheticJobs.id, id), eq(syntheticJobs.kind, kind)));
  if (!row) throw notFound(SYNTHETIC_TEXTS.jobNotFound);
  return row;
}

/** A job's details before anything was measured. */
export const EMPTY_DETAILS: Omit<JobDetails, 'job' | 'tags'> = {
  polqaScores: [],
  audioLatency: [],
  pstnLatencyMs: null,
  transcription: null,
  softphoneEvents: { connected: null, accepted: null, ended: null },
  softphoneSummary: null,
  contactTraceSummary: null,
  telephony: {
    sipCode: null,
    sipReason: null,
    postDialDelayMs: null,
    ringingMs: null,
    answerTimeSec: null,
    durationSec: null,
  },
  message: null,
};

/** GET …/jobs/{id}: the job with what its call measured (empty parts while it runs). */
export async function jobDetails(
  scope: GroupScope,
  kind: JobKind,
  id: string,
): Promise<JobDetails> {
  const row = await jobRow(scope, kind, id);
  const stored = JobDetailsSchema.omit({ job: true, tags: true })
    .partial()
    .safeParse(row.details ?? {});
  return {
    ...EMPTY_DETAILS,
    ...(stored.success ? stored.data : {}),
    message: row.message,
    job: toJob(row),
    tags: row.tags,
  };
}

/** GET …/jobs/{id}/stats: per-second stats of the agent leg. */
export async function jobStats(scope: GroupScope, kind: JobKind, id: string): Promise<JobStats> {
  const row = await jobRow(scope, kind, id);
  const stats = JobStatsSchema.safeParse((row.details as { stats?: unknown } | null)?.stats ?? []);
  return stats.success ? stats.data : [];
}

/** GET …/jobs/{id}/insights: caller, callee, carrier, post-dial delay, last SIP response. */
export async function jobInsights(
  scope: GroupScope,
  kind: JobKind,
  id: string,
): Promise<JobInsights> {
  const details = await jobDetails(scope, kind, id);
  return {
    summary: {
      from: { caller: details.job.fromNumber },
      to: { callee: details.job.toNumber, carrier: details.job.carrier },
      properties: {
        pdd_ms: details.telephony.postDialDelayMs,
        last_sip_response_num: details.telephony.sipCode,
      },
    },
    carrier_edge: details.contactTraceSummary?.SystemEndpoint.Address ?? null,
  };
}

/** The recording file of a hop (or echo/connect) of a job of the kinds the caller may read; else 404. */
export async function jobRecording(
  scope: GroupScope,
  id: string,
  location: string,
  kinds: readonly JobKind[],
): Promise<string> {
  const [row] = await scope.db
    .select({ details: syntheticJobs.details })
    .from(syntheticJobs)
    .where(
      scope.owns(syntheticJobs, eq(syntheticJobs.id, id), inArray(syntheticJobs.kind, [...kinds])),
    );
  const files = (row?.details as { recordings?: Record<string, string> } | null)?.recordings;
  const path = files?.[location];
  if (!path) throw notFound(SYNTHETIC_TEXTS.recordingNotFound);
  return path;
}

/**
 * GET …/jobs/stats (§7.1): for the window asked (default the last 4 hours) and the window of the
 * same length before it, over the jobs of the statuses asked (default Completed and Poor Call
 * Quality, as the spec's criteria): their number, the share Completed, the average scores. One
 * query over both windows: each figure is an aggregate filtered by its window (the current one
 * includes its end, the previous one ends where the current one starts).
 */
export async function periodStats(
  scope: GroupScope,
  kind: JobKind,
  query: SyntheticJobsQuery,
  now = new Date(),
): Promise<PeriodStats> {
  const current = queryWindow(query, SYNTHETIC_LIMITS.insightsWindowMs, now);
  const span = current.to.getTime() - current.from.getTime();
  const previous = { from: new Date(current.from.getTime() - span), to: current.from };
  const statuses = query.status?.length ? query.status : [...SCORED_STATUSES];
  const j = syntheticJobs;
  const conds = criteria(
    kind,
    { ...query, status: statuses },
    { from: previous.from, to: current.to },
  );
  const inCurrent = sql`${j.createdOn} >= ${current.from}`;
  const inPrevious = sql`${j.createdOn} < ${current.from}`;
  const figures = (window: SQL) => ({
    count: sql<number>`count(*) filter (where ${window})`.mapWith(Number),
    completed: sql<number>`count(*) filter (where ${window} and ${j.status} = 'Completed')`.mapWith(
      Number,
    ),
    cx: sql<number | null>`avg(${j.cxScore}) filter (where ${window})`,
    ax: sql<number | null>`avg(${j.axScore}) filter (where ${window})`,
    network: sql<number | null>`avg(${j.networkScore}) filter (where ${window})`,
  });
  const [row] = await scope.db
    .select({ current: figures(inCurrent), previous: figures(inPrevious) })
    .from(j)
    .where(scope.owns(j, ...conds));
  const num = (v: unknown) =>
    v === null || v === undefined ? null : Math.round(Number(v) * 10) / 10;
  type Figures = { count: number; completed: number } & Record<'cx' | 'ax' | 'network', unknown>;
  const answer = (window: { from: Date; to: Date }, f: Figures | undefined) => {
    const total = f?.count ?? 0;
    return {
      from: window.from.toISOString(),
      to: window.to.toISOString(),
      count: total,
      completedPercentage: total > 0 ? Math.round(((f?.completed ?? 0) / total) * 1000) / 10 : null,
      cxScore: num(f?.cx),
      axScore: num(f?.ax),
      networkScore: num(f?.network),
    };
  };
  return { current: answer(current, row?.current), previous: answer(previous, row?.previous) };
}
