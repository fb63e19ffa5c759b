import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import type { JobStatus } from '@callsight/shared';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { forGroup } from '../apps/server/src/db/group-scope.ts';
import {
  configEntries,
  customers,
  groups,
  heartbeatTests,
  syntheticJobs,
} from '../apps/server/src/db/schema/index.ts';
import { ProbePool } from '../apps/server/src/services/synthetic/probe-pool.ts';
import { jobFinisher } from '../apps/server/src/services/synthetic/results.ts';
import { SyntheticScheduler } from '../apps/server/src/services/synthetic/scheduler.ts';
import { createInProcessProbe } from '../apps/server/src/services/synthetic/test-call-runner.ts';
import type { Benchmark, BenchResult, Figure } from './lib/benchmark.ts';
import { percentile } from './lib/bench-database.ts';

/**
 * Synthetic tests (issue 18): 50 heartbeat tests due in the same minute, run for real by the
 * in-process probe (contact-centre simulator, SIP, RTP, audio analysis) on an embedded
 * database. Figures: scheduler lag (slot due → call dialled) p50/p95, how many jobs ended within
 * their 15-minute slot and how many of those ended Completed, wall time, and CPU per concurrent
 * test call. Every call takes the clean path (virtual agents with no behaviour in their id, the
 * clean default region), so a job that ends with any other status (Poor Call Quality from an
 * overloaded CPU, Call Failed, ...) is a failure, not merely "ended within its slot".
 * Knobs: SYNTHETIC_BENCH_TESTS (50), SYNTHETIC_BENCH_CONCURRENCY (50), SYNTHETIC_BENCH_CALL_S (6).
 */

const envInt = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};
const tests = envInt('SYNTHETIC_BENCH_TESTS', 50);
const concurrency = envInt('SYNTHETIC_BENCH_CONCURRENCY', 50);
const callSeconds = envInt('SYNTHETIC_BENCH_CALL_S', 6);
const slotMinutes = 15;
const targets = { lagP95Ms: 1000 };
/** What every job of the clean path must end as. */
const CLEAN_STATUS: JobStatus = 'Completed';

/** "Completed 48, Poor Call Quality 2": how many jobs have each status. */
function statusCounts(jobs: readonly { status: string }[]): string {
  const counts = new Map<string, number>();
  for (const j of jobs) counts.set(j.status, (counts.get(j.status) ?? 0) + 1);
  return [...counts].map(([s, n]) => `${s} ${n}`).join(', ');
}

export const syntheticBenchmark: Benchmark = {
  name: 'synthetic',
  description: `${tests} heartbeat tests due in one minute, run for real in process (${concurrency} at once); scheduler lag, jobs Completed within their slot, CPU per call`,
  async run(): Promise<BenchResult> {
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: 'memory://',
      STT_ENGINE: 'none',
      PROBE_CONCURRENCY: String(concurrency),
    });
    const database = await openDatabase({ dataDir: 'memory://' });
    const db = database.db;
    const log = { info: () => {}, warn: () => {}, error: (err: unknown) => console.error(err) };
    const [customer] = await db.insert(customers).values({ name: 'Bench' }).returning();
    const [group] = await db
      .insert(groups)
      .values({ customerId: customer?.id ?? '', name: 'Bench' })
      .returning();
    if (!group) throw new Error('no group');
    const scope = forGroup(db, group.id);
    await db.insert(configEntries).values(
      scope.rows(configEntries, [
        { key: 'HEARTBEAT_ENABLED', value: 'true' },
        { key: 'HEARTBEAT_CALL_DURATION_SECONDS', value: String(callSeconds) },
      ]),
    );
    // Due at the start of the next whole minute, all of them.
    const slot = new Date(Math.ceil((Date.now() + 2000) / 60_000) * 60_000);
    await db.insert(heartbeatTests).values(
      Array.from({ length: tests }, (_, i) =>
        scope.row(heartbeatTests, {
          description: `Bench ${i}`,
          agentType: 'VIRTUAL_AGENT',
          agentIds: [`bench-agent-${i}`],
          sourcePhoneNumber: '+61290000300',
          targetPhoneNumber: '+61290002000',
          scheduleMinutes: slotMinutes,
          createdOn: slot,
          nextRun: slot,
        }),
      ),
    );
    const probe = createInProcessProbe(config, log);
    const push = { publish: () => {} };
    const pool = new ProbePool({
      db,
      push,
      log,
      run: probe.run,
      finish: jobFinisher({ db, push, log }),
      probeId: 'bench',
      concurrency,
      remoteRegions: [],
      pollMs: 500,
    });
    const scheduler = new SyntheticScheduler({ db, log, onQueued: () => pool.wake() });
    await probe.contactCentre();
    console.log(`  waiting for the slot at ${slot.toISOString()}...`);
    await new Promise((r) => setTimeout(r, Math.max(0, slot.getTime() - Date.now() - 500)));
    const cpuBefore = process.cpuUsage();
    const wallBefore = performance.now();
    scheduler.start();
    pool.start();
    const deadline = slot.getTime() + slotMinutes * 60_000;
    let done: (typeof syntheticJobs.$inferSelect)[] = [];
    while (Date.now() < deadline) {
      done = await db
        .select()
        .from(syntheticJobs)
        .where(scope.owns(syntheticJobs, eq(syntheticJobs.kind, 'heartbeat')));
      if (done.length === tests && done.every((j) => j.endedAt)) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const wallMs = performance.now() - wallBefore;
    const cpu = process.cpuUsage(cpuBefore);
    scheduler.stop();
    await pool.stop();
    await probe.close();
    await database.close();

    const lags = done
      .filter((j) => j.startedAt)
      .map((j) => (j.startedAt?.getTime() ?? 0) - j.slotAt.getTime());
    const ended = done.filter((j) => j.endedAt && j.endedAt.getTime() <= deadline);
    const completed = ended.filter((j) => j.status === CLEAN_STATUS);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    const callSecondsTotal = done.reduce(
      (sum, j) =>
        sum + (j.startedAt && j.endedAt ? (j.endedAt.getTime() - j.startedAt.getTime()) / 1000 : 0),
      0,
    );
    const lagP95 = percentile(lags, 95);
    const figures: Figure[] = [
      { label: 'tests due in the same minute', value: tests },
      { label: 'jobs ended within their slot', value: `${ended.length} of ${tests}` },
      {
        label: `jobs ended ${CLEAN_STATUS} within their slot`,
        value: `${completed.length} of ${tests}`,
      },
      { label: 'statuses', value: statusCounts(done) },
      {
        label: 'scheduler lag (due → dialled) p50',
        value: Math.round(percentile(lags, 50)),
        unit: 'ms',
      },
      {
        label: 'scheduler lag (due → dialled) p95',
        value: Math.round(lagP95),
        unit: `ms (target < ${targets.lagP95Ms})`,
      },
      { label: 'wall time, due to last job ended', value: (wallMs / 1000).toFixed(1), unit: 's' },
      {
        label: 'CPU per concurrent test call',
        value: callSecondsTotal > 0 ? ((cpuSeconds / callSecondsTotal) * 100).toFixed(1) : '-',
        unit: `% of one core (${cpuSeconds.toFixed(1)} CPU s over ${callSecondsTotal.toFixed(0)} call s; ${cpus().length} cores)`,
      },
    ];
    const failures: string[] = [];
    if (ended.length < tests)
      failures.push(`only ${ended.length} of ${tests} jobs ended within their slot`);
    const otherwise = ended.filter((j) => j.status !== CLEAN_STATUS);
    if (otherwise.length > 0)
      failures.push(
        `${otherwise.length} of ${tests} jobs ended but not ${CLEAN_STATUS}: ${statusCounts(otherwise)}`,
      );
    if (lagP95 >= targets.lagP95Ms)
      failures.push(
        `scheduler lag p95 ${Math.round(lagP95)} ms is not under ${targets.lagP95Ms} ms`,
      );
    return { figures, failures };
  },
};
