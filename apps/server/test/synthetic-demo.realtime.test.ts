import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { acrossGroups } from '../src/db/group-scope.ts';
import { ensureDemoData } from '../src/db/bootstrap.ts';
import { gsmMonitors, groups, syntheticJobs } from '../src/db/schema/index.ts';
import { DEMO_MONITOR } from '../src/demo/synthetic-demo.ts';
import { regionNetworkProfile } from '../src/services/synthetic/network-profile.ts';
import { SyntheticScheduler } from '../src/services/synthetic/scheduler.ts';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * The demo's synthetic tests (issue 18, decision G17): on first start the demo group Acme Support
 * gets a monitor across a clean and an impaired region, every 30 minutes; its first slot runs
 * two minutes later, for real, and the impaired region scores lower.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ STT_ENGINE: 'none' });
});
afterAll(() => s.close());

describe('the demo monitor', () => {
  it('is seeded in Acme Support across a clean and an impaired region, and its first slot shows the difference', async () => {
    await ensureDemoData(s.database.db, () => {});
    const db = s.database.db;
    const monitors = await db
      .select({ monitor: gsmMonitors, group: groups.name })
      .from(gsmMonitors)
      .innerJoin(groups, eq(groups.id, gsmMonitors.groupId))
      .where(acrossGroups.where());
    expect(monitors.map((m) => m.group)).toEqual(['Acme Support']);
    const [seeded] = monitors;
    expect(seeded?.monitor).toMatchObject({
      connectRegions: ['Sydney', 'London'],
      agentRegions: ['Sydney', 'Mumbai'],
      scheduleMinutes: 30,
      active: true,
    });
    // One clean region and one impaired one on each side (network-profile.ts).
    expect(regionNetworkProfile('Sydney').lossPercent).toBe(0);
    expect(regionNetworkProfile('Mumbai').lossPercent).toBeGreaterThanOrEqual(3);
    expect(DEMO_MONITOR.scheduleMinutes).toBe(30);

    // Its first slot comes two minutes after the first start; this test's clock goes there.
    const monitorId = seeded?.monitor.id ?? '';
    const createdMs = seeded?.monitor.createdOn.getTime() ?? 0;
    expect(seeded?.monitor.nextRun?.getTime()).toBe(createdMs + DEMO_MONITOR.firstRunDelayMs);
    const later = new SyntheticScheduler({
      db,
      log: { error: (err) => console.error(err) },
      now: () => new Date(Date.now() + DEMO_MONITOR.firstRunDelayMs),
    });
    // Four real test calls, connect region × agent region (the server's probe places them).
    expect(await later.tick()).toBeGreaterThanOrEqual(4);
    const end = Date.now() + 90_000;
    let jobs: (typeof syntheticJobs.$inferSelect)[];
    for (;;) {
      jobs = await db
        .select()
        .from(syntheticJobs)
        .where(acrossGroups.where(eq(syntheticJobs.monitorId, monitorId)));
      if (jobs.length === 4 && jobs.every((j) => !['Queued', 'Running'].includes(j.status))) break;
      if (Date.now() > end) throw new Error(`monitor jobs did not finish: ${JSON.stringify(jobs)}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(jobs.map((j) => `${j.connectRegion}>${j.agentRegion}`).sort()).toEqual([
      'London>Mumbai',
      'London>Sydney',
      'Sydney>Mumbai',
      'Sydney>Sydney',
    ]);
    // Calls to Sydney's clean network are Completed; Mumbai's 3 % loss may cost a call its MOS.
    for (const j of jobs)
      if (j.agentRegion === 'Sydney') expect(j.status, j.message ?? '').toBe('Completed');
      else expect(['Completed', 'Poor Call Quality'], j.message ?? '').toContain(j.status);
    const network = (agentRegion: string) =>
      jobs.filter((j) => j.agentRegion === agentRegion).map((j) => j.networkScore ?? -1);
    // Mumbai's 3 % loss costs the Network score its Poor or Very Poor packet-loss finding.
    expect(Math.max(...network('Mumbai'))).toBeLessThan(Math.min(...network('Sydney')));
    expect(network('Sydney')).toEqual([10, 10]);
    // The tagging configs name it too.
    for (const j of jobs.filter((x) => x.agentRegion === 'Mumbai'))
      expect(j.tags.some((t) => /packet loss/.test(t))).toBe(true);
  }, 120_000);
});
