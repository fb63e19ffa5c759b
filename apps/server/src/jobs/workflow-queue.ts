import { eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import {
  auditLog,
  watcherFirings,
  workflowActionHistory,
  workflowJobs,
  workflows,
} from '../db/schema/index.ts';
import { acrossGroups, forGroup, type GroupScope } from '../db/group-scope.ts';
import { queryRows } from '../db/pg-arrays.ts';
import type { ActionOutcome, WorkflowJobPayload } from '../services/workflows/run-action.ts';

/** A job row as the queue runs it. */
export interface JobRow {
  id: number;
  groupId: string;
  payload: WorkflowJobPayload;
}

export interface WorkflowQueueDeps {
  db: Db;
  log: FastifyBaseLogger;
  /** Runs one job's action in the job's group. */
  run(scope: GroupScope, payload: WorkflowJobPayload): Promise<ActionOutcome>;
  /** Jobs run at once by this process. */
  concurrency: number;
  /** Poll for due jobs this often (jobs queued by other processes, and leases that lapsed). */
  pollMs: number;
  /** A claimed job not finished within this is taken again (its process died). */
  leaseMs: number;
  /** Housekeeping: firings older than the cool-down and finished jobs older than this go. */
  cooldownMs: number;
  finishedJobRetentionMs: number;
}

const PRUNE_EVERY_MS = 10 * 60_000;

/** The workflow action outbox processor of this process. */
export interface WorkflowQueue {
  /** Starts a pass now (called right after jobs are queued). */
  kick(): void;
  /**
   * Takes up to `n` free slots for jobs about to be committed already leased to this process
   * (status running, locked_until set); answers how many. Every reservation ends in handOff.
   */
  reserve(n: number): number;
  /**
   * Runs jobs committed as leased to this process at once, in the slots `reserve` answered
   * (`reserved` of them; what the jobs do not use is freed). Their rows stay the durable record:
   * if this process dies, the lease lapses and any process claims them again.
   */
  handOff(jobs: readonly JobRow[], reserved: number): void;
  /** Resolves when no pass is running and none is asked for. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Processes the workflow_jobs outbox in-process: claims due jobs with FOR UPDATE SKIP LOCKED
 * (so several processes share one table) into `concurrency` slots, runs each action, and records
 * finished outcomes in batches, one transaction each: job status, action-history rows, the
 * watchers' execution state and audit rows.
 */
export function startWorkflowQueue(deps: WorkflowQueueDeps): WorkflowQueue {
  let running: Promise<void> | null = null;
  let stopped = false;
  let prunedAt = Date.now();
  const timer = setInterval(() => {
    queue.kick();
    if (Date.now() - prunedAt >= PRUNE_EVERY_MS) {
      prunedAt = Date.now();
      prune().catch((err: unknown) => deps.log.warn({ err }, 'workflow housekeeping failed'));
    }
  }, deps.pollMs);
  timer.unref();

  /** Forgets firings past their cool-down and old finished jobs (history rows stay). */
  async function prune() {
    const firedBefore = new Date(Date.now() - deps.cooldownMs);
    const finishedBefore = new Date(Date.now() - deps.finishedJobRetentionMs);
    await deps.db.delete(watcherFirings).where(lt(watcherFirings.firedAt, firedBefore));
    // Housekeeping spans groups: every group's finished jobs age out alike.
    await deps.db
      .delete(workflowJobs)
      .where(
        acrossGroups.where(
          inArray(workflowJobs.status, ['done', 'failed']),
          lt(workflowJobs.finishedAt, finishedBefore),
        ),
      );
  }

  /** Claims due jobs of every group: the queue serves them all (each then runs in its group). */
  async function claim(limit: number): Promise<JobRow[]> {
    const rows = await queryRows<{ id: number | string; group_id: string; payload: unknown }>(
      deps.db,
      sql`
      update workflow_jobs set status = 'running', attempts = attempts + 1,
        locked_until = now() + make_interval(secs => ${deps.leaseMs / 1000})
      where id in (
        select id from workflow_jobs
        where (status = 'pending' and run_after <= now())
           or (status = 'running' and locked_until < now())
        order by id
        limit ${limit}
        for update skip locked)
      returning id, group_id, payload`,
    );
    return rows.map((r) => ({
      id: Number(r.id),
      groupId: r.group_id,
      payload: (typeof r.payload === 'string'
        ? JSON.parse(r.payload)
        : r.payload) as WorkflowJobPayload,
    }));
  }

  /** Records the outcomes of a pass's jobs in one transaction (few statements for many jobs). */
  async function finish(done: readonly { job: JobRow; outcome: ActionOutcome }[]) {
    const finishedAt = new Date();
    const idsOf = (result: 'success' | 'failure') =>
      done.filter((d) => d.outcome.result === result).map((d) => d.job.id);
    const lastByWorkflow = new Map<
      string,
      { groupId: string; outcome: ActionOutcome; firedAt: string }
    >();
    for (const { job, outcome } of done)
      lastByWorkflow.set(job.payload.workflowId, {
        groupId: job.groupId,
        outcome,
        firedAt: job.payload.firedAt,
      });
    // One transaction records a batch of jobs from any groups: each row keeps its job's group.
    await deps.db.transaction(async (tx) => {
      for (const [status, ids] of [
        ['done', idsOf('success')],
        ['failed', idsOf('failure')],
      ] as const) {
        if (ids.length === 0) continue;
        await tx
          .update(workflowJobs)
          .set({ status, finishedAt, lockedUntil: null })
          .where(acrossGroups.where(inArray(workflowJobs.id, ids)));
      }
      await tx.insert(workflowActionHistory).values(
        acrossGroups.rows(
          workflowActionHistory,
          done.map(({ job, outcome }) => ({
            groupId: job.groupId,
            workflowId: job.payload.workflowId,
            jobId: job.id,
            workflowName: job.payload.workflowName,
            application: job.payload.application,
            trigger: job.payload.trigger,
            action: String(job.payload.action.type),
            contactId:
              typeof job.payload.fields.contactId === 'string'
                ? job.payload.fields.contactId
                : null,
            agentName: outcome.agent,
            response: outcome.response,
            result: outcome.result,
            attempts: outcome.attempts,
          })),
        ),
      );
      for (const [workflowId, last] of lastByWorkflow) {
        const scope = forGroup(tx, last.groupId);
        await tx
          .update(workflows)
          .set({
            executionState: last.outcome.result === 'failure' ? 'failed' : 'executed',
            lastFiredAt: new Date(last.firedAt),
          })
          .where(scope.owns(workflows, eq(workflows.id, workflowId)));
      }
      // Every job's outcome is in the audit log too (spec: History → Audit Logs).
      await tx.insert(auditLog).values(
        acrossGroups.rows(
          auditLog,
          done.map(({ job, outcome }) => ({
            groupId: job.groupId,
            service: 'workflows',
            action: 'runAction',
            targetId: String(job.id),
            result: outcome.result,
            message:
              `${String(job.payload.action.type)} for workflow "${job.payload.workflowName}" (contact ${job.payload.contactId}): ${outcome.response}`.slice(
                0,
                2000,
              ),
            exception: outcome.result === 'failure' ? outcome.response : null,
            details: {
              workflowId: job.payload.workflowId,
              trigger: job.payload.trigger,
              attempts: outcome.attempts,
            },
          })),
        ),
      );
    });
  }

  async function process(job: JobRow): Promise<{ job: JobRow; outcome: ActionOutcome }> {
    let outcome: ActionOutcome;
    try {
      outcome = await deps.run(forGroup(deps.db, job.groupId), job.payload);
    } catch (err) {
      outcome = {
        result: 'failure',
        response: err instanceof Error ? err.message : String(err),
        attempts: 1,
        agent: job.payload.agent,
      };
    }
    if (outcome.result === 'failure')
      deps.log.warn({ jobId: job.id, response: outcome.response }, 'workflow action failed');
    return { job, outcome };
  }

  let active = 0;
  let reserved = 0;
  let again = false;
  // Every job being run or recorded, whoever started it (a pass or a hand-off).
  const inFlight = new Set<Promise<void>>();
  let wake: (() => void) | null = null;
  const signal = () => {
    const w = wake;
    wake = null;
    w?.();
  };

  // Outcomes are written in batches: whatever finished while the last write ran goes next.
  const toFinish: { job: JobRow; outcome: ActionOutcome }[] = [];
  let flushing: Promise<void> | null = null;
  function flush(): Promise<void> {
    flushing ??= (async () => {
      while (toFinish.length > 0) {
        const batch = toFinish.splice(0);
        await finish(batch).catch((err: unknown) =>
          deps.log.error({ err, jobs: batch.map((d) => d.job.id) }, 'could not record outcomes'),
        );
      }
    })().finally(() => {
      flushing = null;
    });
    return flushing;
  }

  function start(job: JobRow) {
    active++;
    const p = process(job).then((done) => {
      toFinish.push(done);
      active--;
      return flush().then(signal);
    });
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  }

  /** Claims due jobs while slots are free; a slow action holds only its own slot. */
  async function pass() {
    for (;;) {
      if (stopped) break;
      again = false;
      const free = deps.concurrency - active - reserved;
      const jobs = free > 0 ? await claim(free) : [];
      for (const job of jobs) start(job);
      const full = free - jobs.length <= 0;
      if (!full && active === 0 && !again) break;
      if (full || !again) await new Promise<void>((resolve) => (wake = resolve));
    }
    while (active > 0) await new Promise<void>((resolve) => (wake = resolve));
    await flush();
  }

  const queue: WorkflowQueue = {
    kick() {
      if (stopped) return;
      again = true;
      if (running) return signal();
      running = pass()
        .catch((err: unknown) => deps.log.error({ err }, 'workflow queue pass failed'))
        .finally(() => {
          running = null;
          if (again && !stopped) queue.kick();
        });
    },
    reserve(n) {
      if (stopped || n <= 0) return 0;
      const k = Math.max(0, Math.min(n, deps.concurrency - active - reserved));
      reserved += k;
      return k;
    },
    handOff(jobs, count) {
      reserved -= count;
      // After stop() the leased rows wait for their lease to lapse, then any process takes them.
      if (!stopped) for (const job of jobs) start(job);
      // Unused slots: a pass waiting for a free slot may go on.
      if (jobs.length < count) signal();
    },
    async idle() {
      while (running || inFlight.size > 0) await Promise.all([running, ...inFlight]);
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      signal();
      await queue.idle();
    },
  };
  return queue;
}
