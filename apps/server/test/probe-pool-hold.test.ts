import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { forGroup } from '../src/db/group-scope.ts';
import { syntheticJobs } from '../src/db/schema/index.ts';
import { ProbePool, type ClaimedJob } from '../src/services/synthetic/probe-pool.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { createGroup } from './factories.ts';

/**
 * The in-process probe holds its calls while the process does heavy start-up work (the demo
 * history): a queued job stays queued until the hold settles, then runs.
 */

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ SYNTHETIC_SCHEDULER: 'false', PROBE_CONCURRENCY: '0' });
});
afterAll(() => s.close());

const noLog = { error: () => {}, info: () => {}, warn: () => {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('ProbePool.holdUntil', () => {
  it('claims no queued job until the hold settles, then runs it', async () => {
    const group = await createGroup(s.database.db, { heartbeat: true });
    const scope = forGroup(s.database.db, group.id);
    const [job] = await s.database.db
      .insert(syntheticJobs)
      .values(
        scope.row(syntheticJobs, {
          kind: 'heartbeat',
          slotAt: new Date(),
          agentId: 'agent',
          connectRegion: 'Sydney',
          agentRegion: 'Sydney',
        }),
      )
      .returning();
    if (!job) throw new Error('no job');
    const ran: string[] = [];
    const pool = new ProbePool({
      db: s.database.db,
      push: { publish: () => {} },
      log: noLog,
      // The probe's call itself is not under test here: it fails, which ends the job.
      run: (claimed: ClaimedJob) => {
        ran.push(claimed.id);
        return Promise.reject(new Error('no call in this test'));
      },
      finish: async () => {},
      probeId: 'test-probe',
      concurrency: 2,
      remoteRegions: [],
      pollMs: 50,
    });
    let release: () => void = () => {};
    pool.holdUntil(new Promise<void>((r) => (release = r)));
    pool.start();
    await sleep(400);
    const status = async () =>
      (await s.database.db.select().from(syntheticJobs).where(eq(syntheticJobs.id, job.id)))[0]
        ?.status;
    expect(ran).toEqual([]);
    expect(await status()).toBe('Queued');

    release();
    await expect.poll(() => ran, { timeout: 5000 }).toEqual([job.id]);
    await expect.poll(status, { timeout: 5000 }).toBe('Call Failed');
    await pool.stop();
  });
});
