import { eq } from 'drizzle-orm';
import {
  CALL_TAG_CONFIGURATIONS,
  SYNTHETIC_PUSH_CHANNELS,
  TaggingConfigSchema,
  tagStatusCells,
  tagsFor,
  withoutUnmeasured,
  type JobDetails,
  type JobStats,
  type JobStatus,
} from '@callsight/shared';
import type { Db } from '../../db/client.ts';
import { forGroup, type GroupScope } from '../../db/group-scope.ts';
import { syntheticJobs } from '../../db/schema/index.ts';
import type { PushPublisher } from '../../push/push-server.ts';
import { fieldOf, readValue } from '../config/config-entries.ts';
import type { IngestDeps } from '../telemetry/ingest-context.ts';
import { ingestEvents } from '../telemetry/ingest-logs.ts';
import type { TelemetryStore } from '../telemetry-store/telemetry-store.ts';
import { toJob } from './jobs.ts';

/** What one test call produced, by the in-process probe or a remote one. */
export interface JobResult {
  status: JobStatus;
  message: string | null;
  startedAt: Date;
  endedAt: Date;
  diallerCallId: string | null;
  receiverCallId: string | null;
  callContactId: string | null;
  carrier: string | null;
  mos: number | null;
  cxScore: number | null;
  axScore: number | null;
  networkScore: number | null;
  details: Omit<JobDetails, 'job' | 'tags'>;
  stats: JobStats;
  /** The measures the group's tagging configs test (TAGGING_FIELDS). */
  measures: Record<string, number | null>;
  /** Recording files by location (hops, echo, connect). */
  recordings: Record<string, string>;
  /**
   * A human agent's softphone telemetry (AgentTelemetry; a remote probe's as sent), ingested and
   * validated as the collector's is (null: none).
   */
  agentTelemetry?: {
    calls: unknown[];
    samples: unknown[];
    events: unknown[];
  } | null;
}

/** The route serving a job's recording of one location. */
export const jobRecordingUrl = (jobId: string, location: string) =>
  `/api/gsm/jobs/${jobId}/recordings/${location}`;

async function taggingConfigs(scope: GroupScope) {
  const value = await readValue(scope, fieldOf(CALL_TAG_CONFIGURATIONS));
  return (Array.isArray(value) ? value : []).flatMap((v) => {
    const parsed = TaggingConfigSchema.safeParse(v);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * Writes a finished job: its status, scores (none for the no-score statuses, none without a
 * measure behind them), carrier, warning tags by the group's tagging configs (and each config's
 * status: its tag, Good or Normal), details with the recordings' URLs and the network measures;
 * then tells the group's pages of the job's kind (push channel heartbeatJobs or monitorJobs).
 */
export async function writeJobResult(
  db: Db,
  push: Pick<PushPublisher, 'publish'>,
  job: { id: string; groupId: string },
  result: JobResult,
): Promise<void> {
  const scope = forGroup(db, job.groupId);
  const configs = await taggingConfigs(scope);
  const polqaScores = result.details.polqaScores.map((p) => ({
    ...p,
    url: result.recordings[p.location] ? jobRecordingUrl(job.id, p.location) : null,
  }));
  // A score stands only on a measure (issue 33), whoever computed it: a probe of an older
  // version posts a Network 10 with nothing measured. Older probes send no details.network.
  const measure = (field: string) => result.measures[field] ?? null;
  const network = result.details.network ?? {
    jitterMs: measure('jitter'),
    packetLossPercent: measure('packetLoss'),
    rttMs: measure('rtt'),
  };
  const scores = withoutUnmeasured(result, {
    hops: Object.fromEntries(result.details.polqaScores.map((p) => [p.location, p.score])),
    echoLatencyMs:
      measure('audioLatency') ??
      result.details.audioLatency.find((l) => l.recordingType === 'echo')?.averageLatencyMs ??
      null,
    network,
  });
  const tags = tagsFor(configs, { ...result.measures, ...scores });
  const [row] = await db
    .update(syntheticJobs)
    .set({
      status: result.status,
      message: result.message,
      startedAt: result.startedAt,
      endedAt: result.endedAt,
      updatedOn: new Date(),
      diallerCallId: result.diallerCallId,
      receiverCallId: result.receiverCallId,
      callContactId: result.callContactId,
      carrier: result.carrier,
      mos: result.mos,
      ...scores,
      tags,
      details: {
        ...result.details,
        network,
        tagStatus: tagStatusCells(configs, tags),
        polqaScores,
        stats: result.stats,
        recordings: result.recordings,
      },
      claimedBy: null,
      leaseUntil: null,
    })
    .where(scope.owns(syntheticJobs, eq(syntheticJobs.id, job.id)))
    .returning();
  if (row) publishJob(push, row);
}

/** Sends a job's row to the group's pages of its kind (heartbeat or GSM monitor jobs). */
export function publishJob(
  push: Pick<PushPublisher, 'publish'>,
  row: typeof syntheticJobs.$inferSelect,
): void {
  const job = toJob(row);
  push.publish(row.groupId, SYNTHETIC_PUSH_CHANNELS[job.kind], { job });
}

/** Where a human agent's softphone telemetry is written: the collector's own ingestion path. */
export interface AgentTelemetryIngest {
  deps: IngestDeps;
  store: Pick<TelemetryStore, 'ingestCalls' | 'ingestSamples'>;
}

/** Ends a claimed job with its result (the in-process probe's, or a remote probe's). */
export type FinishJob = (job: { id: string; groupId: string }, result: JobResult) => Promise<void>;

type Log = { error(obj: unknown, msg?: string): void };

/**
 * Writes a job's result, then ingests a human agent's softphone telemetry as a collector would
 * send it (its call summary, seconds and softphone events, in the job's group), so that the
 * call's detail page shows the call of the job's Agent Network tab. Telemetry the ingestion
 * refuses is logged; the job's result stands.
 */
export function jobFinisher(opts: {
  db: Db;
  push: Pick<PushPublisher, 'publish'>;
  ingest?: AgentTelemetryIngest;
  log: Log;
}): FinishJob {
  const { db, push, ingest, log } = opts;
  return async (job, result) => {
    await writeJobResult(db, push, job, result);
    const telemetry = result.agentTelemetry;
    if (!ingest || !telemetry) return;
    try {
      // Calls and seconds go to the telemetry store (ClickHouse when configured), as the
      // collector's do; softphone events stay in PostgreSQL like theirs. The calls are our own
      // test calls: marked so, they stay out of agents' rankings, figures and usage (issue 33).
      await ingest.store.ingestCalls(job.groupId, telemetry.calls, { synthetic: true });
      if (telemetry.samples.length)
        await ingest.store.ingestSamples(job.groupId, telemetry.samples);
      if (telemetry.events.length) await ingestEvents(ingest.deps, job.groupId, telemetry.events);
    } catch (err) {
      log.error(err, `synthetic job ${job.id}: its agent telemetry was not stored`);
    }
  };
}
