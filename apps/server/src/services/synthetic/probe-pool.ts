import { asc, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { acrossGroups, forGroup } from '../../db/group-scope.ts';
import { syntheticJobs } from '../../db/schema/index.ts';
import type { PushPublisher } from '../../push/push-server.ts';
import { fieldOf, readValue } from '../config/config-entries.ts';
import { publishJob, type FinishJob, type JobResult } from './results.ts';

export type ClaimedJob = typeof syntheticJobs.$inferSelect;

/** A group's settings a test call runs with (Heartbeat Config). */
export interface JobSettings {
  callDurationMs: number;
  noAnswerTimeoutMs: number;
  poorQualityMos: number;
}

export type RunJob = (job: ClaimedJob, settings: JobSettings) => Promise<JobResult>;

type Log = { info(msg: string): void; error(obj: unknown, msg?: string): void };

/** Attempts before a job whose probe vanished ends as Call Failed. */
const MAX_ATTEMPTS = 2;

export async function jobSettings(db: Db, groupId: string): Promise<JobSettings> {
  const scope = forGroup(db, groupId);
  const num = async (key: string, dflt: number) => {
    const v = Number(await readValue(scope, fieldOf(key)));
    return Number.isFinite(v) && v > 0 ? v : dflt;
  };
  return {
    callDurationMs: (await num('HEARTBEAT_CALL_DURATION_SECONDS', 60)) * 1000,
    noAnswerTimeoutMs: (await num('HEARTBEAT_NO_ANSWER_TIMEOUT_SECONDS', 30)) * 1000,
    poorQualityMos: await num('HEARTBEAT_POOR_QUALITY_MOS', 3.5),
  };
}

/**
 * Takes the oldest queued job of the regions served (FOR UPDATE SKIP LOCKED: each job goes to
 * one probe, across processes) and leases it to `probeId`.
 */
export async function claimJob(
  db: Db,
  probeId: string,
  leaseMs: number,
  regions: { only?: string[]; except?: string[]; groupId?: string },
): Promise<ClaimedJob | null> {
  const j = syntheticJobs;
  // `id = (subquery)`, not `id in (…)`: a LIMIT under IN may be planned per row and take more.
  const next = db
    .select({ id: j.id })
    .from(j)
    .where(
      acrossGroups.where(
        eq(j.status, 'Queued'),
        regions.only ? inArray(j.connectRegion, regions.only) : undefined,
        regions.except?.length ? notInArray(j.connectRegion, regions.except) : undefined,
        regions.groupId ? eq(j.groupId, regions.groupId) : undefined,
      ),
    )
    .orderBy(asc(j.createdOn))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(j)
    .set({
      status: 'Running',
      claimedBy: probeId,
      leaseUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
      attempts: sql`${j.attempts} + 1`,
      startedAt: sql`now()`,
      updatedOn: sql`now()`,
    })
    .where(acrossGroups.where(sql`${j.id} = (${next})`, eq(j.status, 'Queued')))
    .returning();
  return row ?? null;
}

/**
 * Jobs whose probe stopped without a result (lease over): queued again, or ended as Call Failed
 * after MAX_ATTEMPTS, saying why.
 */
export async function reclaimExpired(db: Db, push: Pick<PushPublisher, 'publish'>): Promise<void> {
  const j = syntheticJobs;
  const rows = await db
    .update(j)
    .set({
      status: sql`case when ${j.attempts} >= ${MAX_ATTEMPTS} then 'Call Failed' else 'Queued' end`,
      message: sql`case when ${j.attempts} >= ${MAX_ATTEMPTS} then 'The probe stopped during the test' else ${j.message} end`,
      claimedBy: null,
      leaseUntil: null,
      updatedOn: sql`now()`,
    })
    .where(acrossGroups.where(eq(j.status, 'Running'), lt(j.leaseUntil, sql`now()`)))
    .returning();
  for (const row of rows) publishJob(push, row);
}

/**
 * The in-process probe (issue 18): runs queued jobs of every region not served by a remote
 * probe (PROBE_REMOTE_REGIONS), a few at a time, each under a lease renewed by its result.
 */
export class ProbePool {
  private running = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly inFlight = new Set<Promise<void>>();
  private stopped = false;
  /** While set, no job is claimed (see holdUntil). */
  private held: Promise<unknown> | null = null;

  constructor(
    private readonly o: {
      db: Db;
      push: Pick<PushPublisher, 'publish'>;
      log: Log;
      run: RunJob;
      /** Writes the result (jobFinisher). */
      finish: FinishJob;
      probeId: string;
      concurrency: number;
      remoteRegions: string[];
      leaseMs?: number;
      pollMs?: number;
    },
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      void reclaimExpired(this.o.db, this.o.push).catch((err: unknown) =>
        this.o.log.error(err, 'synthetic lease sweep failed'),
      );
      this.wake();
    }, this.o.pollMs ?? 2000);
    this.wake();
  }

  /**
   * Claims no job until `done` settles: a test call measures real-time audio, which this
   * process's own heavy start-up work (the demo history) would impair.
   */
  holdUntil(done: Promise<unknown>): void {
    const held = done.then(
      () => undefined,
      () => undefined,
    );
    this.held = held;
    void held.then(() => {
      if (this.held !== held) return;
      this.held = null;
      this.wake();
    });
  }

  /** Fills the free slots with queued jobs (the scheduler calls it when it queues some). */
  wake(): void {
    if (this.stopped || this.held || this.running >= this.o.concurrency) return;
    this.running += 1;
    const task = this.next().finally(() => {
      this.running -= 1;
      this.inFlight.delete(task);
    });
    this.inFlight.add(task);
  }

  private async next(): Promise<void> {
    let job: ClaimedJob | null;
    try {
      job = await claimJob(this.o.db, this.o.probeId, this.o.leaseMs ?? 5 * 60_000, {
        except: this.o.remoteRegions,
      });
    } catch (err) {
      this.o.log.error(err, 'synthetic job claim failed');
      return;
    }
    if (!job) return;
    publishJob(this.o.push, job);
    this.wake(); // more queued jobs may fill the other slots
    try {
      const result = await this.o.run(job, await jobSettings(this.o.db, job.groupId));
      await this.o.finish(job, result);
    } catch (err) {
      this.o.log.error(err, `synthetic job ${job.id} failed`);
      const [row] = await this.o.db
        .update(syntheticJobs)
        .set({
          status: 'Call Failed',
          message: err instanceof Error ? err.message : String(err),
          endedAt: new Date(),
          updatedOn: new Date(),
          claimedBy: null,
          leaseUntil: null,
        })
        .where(forGroup(this.o.db, job.groupId).owns(syntheticJobs, eq(syntheticJobs.id, job.id)))
        .returning();
      if (row) publishJob(this.o.push, row);
    }
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await Promise.all([...this.inFlight]);
  }
}
