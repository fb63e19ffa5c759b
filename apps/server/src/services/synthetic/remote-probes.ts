import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { ProbeClaimBody, ProbeJob, ProbeResult, WireCallReport } from '@callsight/shared';
import type { ContactCentreLink } from '../../adapters/dialler/contact-centre.ts';
import type { Db } from '../../db/client.ts';
import { forGroup } from '../../db/group-scope.ts';
import { syntheticJobs } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { PushPublisher } from '../../push/push-server.ts';
import { claimJob, jobSettings } from './probe-pool.ts';
import { encodeReport } from './report-codec.ts';
import { publishJob, type FinishJob } from './results.ts';

/** A remote probe has this long to post a job's result before the job is queued again. */
export const REMOTE_LEASE_MS = 5 * 60_000;

export const PROBE_TEXTS = {
  jobNotRunning:
    'This job is not running: its lease ran out and it was queued again, or it already has a result',
  callNotFound:
    'The contact centre has no report of this call (unknown, not ended in time, or expired)',
  notWav: (location: string) => `recordings.${location} is not a WAV file`,
} as const;

export interface RemoteProbeDeps {
  db: Db;
  push: Pick<PushPublisher, 'publish'>;
  /** The contact-centre simulator the probes dial (the in-process probe's). */
  contactCentre: () => Promise<
    ContactCentreLink & { callReport: NonNullable<ContactCentreLink['callReport']> }
  >;
  /** Where uploaded recordings are kept (<dir>/<jobId>/<location>.wav). */
  recordingsDir: string;
  finish: FinishJob;
}

/**
 * POST /api/probes/claim: the oldest queued job of the probe's region in the key's group, leased
 * to the probe; null when there is none.
 */
export async function claimForProbe(
  deps: RemoteProbeDeps,
  groupId: string,
  body: ProbeClaimBody,
): Promise<ProbeJob | null> {
  const job = await claimJob(deps.db, body.probeId, REMOTE_LEASE_MS, {
    only: [body.region],
    groupId,
  });
  if (!job) return null;
  publishJob(deps.push, job);
  const [settings, centre] = await Promise.all([
    jobSettings(deps.db, job.groupId),
    deps.contactCentre(),
  ]);
  return {
    job: {
      id: job.id,
      kind: job.kind === 'monitor' ? 'monitor' : 'heartbeat',
      fromNumber: job.fromNumber,
      toNumber: job.toNumber,
      agentType:
        job.agentType === 'HUMAN_AGENT' || job.agentType === 'VIRTUAL_AGENT' ? job.agentType : null,
      agentId: job.agentId,
      connectRegion: job.connectRegion,
      agentRegion: job.agentRegion,
    },
    settings,
    contactCentre: centre.address,
    leaseUntilMs: job.leaseUntil?.getTime() ?? Date.now() + REMOTE_LEASE_MS,
  };
}

/** A running job of the group, or 409 (its lease ran out, or it has a result). */
async function runningJob(db: Db, groupId: string, id: string) {
  const [row] = await db
    .select()
    .from(syntheticJobs)
    .where(forGroup(db, groupId).owns(syntheticJobs, eq(syntheticJobs.id, id)));
  if (!row) throw notFound('No such job');
  if (row.status !== 'Running') throw conflict(PROBE_TEXTS.jobNotRunning);
  return row;
}

/** GET /api/probes/jobs/{id}/calls/{callId}/report: the contact centre's report of the job's call. */
export async function probeCallReport(
  deps: RemoteProbeDeps,
  groupId: string,
  jobId: string,
  callId: string,
  timeoutMs: number,
): Promise<WireCallReport> {
  await runningJob(deps.db, groupId, jobId);
  const centre = await deps.contactCentre();
  const report = await centre.callReport(callId, timeoutMs);
  if (!report) throw notFound(PROBE_TEXTS.callNotFound);
  return encodeReport(report);
}

const isWav = (b: Buffer) =>
  b.length >= 44 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WAVE';

/**
 * POST /api/probes/jobs/{id}/result: stores the recordings under the server's recordings folder
 * and writes the result as the in-process probe's would be (tags, push, agent telemetry).
 */
export async function acceptProbeResult(
  deps: RemoteProbeDeps,
  groupId: string,
  jobId: string,
  result: ProbeResult,
): Promise<void> {
  const job = await runningJob(deps.db, groupId, jobId);
  const files: [string, Buffer][] = [];
  for (const [location, base64] of Object.entries(result.recordings)) {
    if (base64 === undefined) continue;
    const bytes = Buffer.from(base64, 'base64');
    if (!isWav(bytes)) {
      throw badRequest(PROBE_TEXTS.notWav(location), {
        [`recordings.${location}`]: PROBE_TEXTS.notWav(location),
      });
    }
    files.push([location, bytes]);
  }
  const dir = join(deps.recordingsDir, job.id);
  const recordings: Record<string, string> = {};
  if (files.length) await mkdir(dir, { recursive: true });
  for (const [location, bytes] of files) {
    const path = join(dir, `${location}.wav`);
    await writeFile(path, bytes);
    recordings[location] = path;
  }
  await deps.finish(job, { ...result, recordings, agentTelemetry: result.agentTelemetry ?? null });
}
