import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PeriodStats, RegionStat, RegionStats } from '@callsight/shared';
import { forGroup } from '../src/db/group-scope.ts';
import { syntheticJobs } from '../src/db/schema/index.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { authHeaders, createGroup, createUser, signIn } from './factories.ts';

/**
 * The status map's region figures and the period stats (issue 19), on both databases: computed
 * in one grouped query per request, never counting another group's or another kind's jobs.
 */

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ SYNTHETIC_SCHEDULER: 'false', PROBE_CONCURRENCY: '0' });
});
afterAll(() => s.close());

async function tenant() {
  const group = await createGroup(s.database.db, { heartbeat: true });
  const headersOf = async (o: { role?: 'admin' | 'viewer'; isSuper?: boolean }) => {
    const user = await createUser(s.database.db, { groups: [group], ...o });
    return authHeaders((await signIn(s.app, user.email)).token, group.id);
  };
  return {
    group,
    admin: await headersOf({ role: 'admin' }),
    viewer: await headersOf({ role: 'viewer' }),
    superUser: await headersOf({ isSuper: true }),
  };
}

interface JobSpec {
  kind?: 'monitor' | 'heartbeat';
  connect: string;
  agent: string;
  status: string;
  at: Date;
  scores?: [number, number, number];
}

let slot = 0;
async function insertJobs(groupId: string, jobs: JobSpec[]) {
  const scope = forGroup(s.database.db, groupId);
  await s.database.db.insert(syntheticJobs).values(
    jobs.map((j) =>
      scope.row(syntheticJobs, {
        kind: j.kind ?? 'monitor',
        slotAt: new Date(Date.UTC(2026, 0, 1) + slot++ * 60_000),
        agentId: 'agent',
        connectRegion: j.connect,
        agentRegion: j.agent,
        status: j.status,
        createdOn: j.at,
        updatedOn: j.at,
        cxScore: j.scores?.[0] ?? null,
        axScore: j.scores?.[1] ?? null,
        networkScore: j.scores?.[2] ?? null,
      }),
    ),
  );
}

async function get<T>(url: string, headers: Record<string, string>) {
  const res = await s.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, body: res.json<T>() };
}

const NOW = Date.now();
const ago = (minutes: number) => new Date(NOW - minutes * 60_000);
const find = (body: RegionStats, role: RegionStat['role'], region: string) =>
  body.regions.find((r) => r.role === role && r.region === region);

describe('GET /api/gsm/{monitors,heartbeat}/jobs/regions', () => {
  it('answers per connect and per agent region the jobs, share Completed, mean scores, last job and health', async () => {
    const a = await tenant();
    const b = await tenant();
    await insertJobs(a.group.id, [
      {
        connect: 'Sydney',
        agent: 'Sydney',
        status: 'Completed',
        at: ago(10),
        scores: [10, 10, 10],
      },
      { connect: 'Sydney', agent: 'Sydney', status: 'Completed', at: ago(40), scores: [9, 10, 10] },
      { connect: 'Sydney', agent: 'Mumbai', status: 'Completed', at: ago(20), scores: [9, 9, 7] },
      {
        connect: 'Sydney',
        agent: 'Mumbai',
        status: 'Poor Call Quality',
        at: ago(5),
        scores: [6, 7, 4],
      },
      { connect: 'Sydney', agent: 'Mumbai', status: 'No Answer', at: ago(15) },
      { connect: 'London', agent: 'Mumbai', status: 'Running', at: ago(1) },
      // Outside the default 4 hours, and another kind: not counted.
      { connect: 'Sydney', agent: 'Mumbai', status: 'Failed', at: ago(5 * 60) },
      {
        kind: 'heartbeat',
        connect: 'Sydney',
        agent: 'Sydney',
        status: 'Failed',
        at: ago(3),
      },
    ]);
    // Another group's jobs in the same regions and window: never counted.
    await insertJobs(b.group.id, [
      { connect: 'Sydney', agent: 'Sydney', status: 'Failed', at: ago(2) },
      { connect: 'Tokyo', agent: 'Tokyo', status: 'Completed', at: ago(2), scores: [1, 1, 1] },
    ]);

    const res = await get<RegionStats>('/api/gsm/monitors/jobs/regions', a.superUser);
    expect(res.status).toBe(200);
    expect(Date.parse(res.body.to) - Date.parse(res.body.from)).toBe(4 * 3600_000);
    expect(res.body.regions.map((r) => `${r.role} ${r.region}`)).toEqual([
      'connect Sydney',
      'connect London',
      'agent Mumbai',
      'agent Sydney',
    ]);
    expect(find(res.body, 'connect', 'Sydney')).toEqual({
      role: 'connect',
      region: 'Sydney',
      jobs: 5,
      finished: 5,
      completed: 3,
      completedPercentage: 60,
      cxScore: 8.5,
      axScore: 9,
      networkScore: 7.8,
      lastJobOn: ago(5).toISOString(),
      health: 'red',
    });
    expect(find(res.body, 'agent', 'Sydney')).toMatchObject({
      jobs: 2,
      completedPercentage: 100,
      cxScore: 9.5,
      networkScore: 10,
      lastJobOn: ago(10).toISOString(),
      health: 'green',
    });
    expect(find(res.body, 'agent', 'Mumbai')).toMatchObject({
      jobs: 4,
      finished: 3,
      completed: 1,
      completedPercentage: 33.3,
      networkScore: 5.5,
      health: 'red',
    });
    expect(find(res.body, 'connect', 'London')).toMatchObject({
      jobs: 1,
      finished: 0,
      completedPercentage: null,
      cxScore: null,
      health: 'none',
    });

    // A window of one's own; the heartbeat kind counts only its jobs.
    const wide = await get<RegionStats>(
      `/api/gsm/monitors/jobs/regions?fromTime=${ago(6 * 60).toISOString()}&toTime=now`,
      a.superUser,
    );
    expect(find(wide.body, 'agent', 'Mumbai')?.jobs).toBe(5);
    const heartbeat = await get<RegionStats>('/api/gsm/heartbeat/jobs/regions', a.viewer);
    expect(heartbeat.status).toBe(200);
    expect(heartbeat.body.regions.map((r) => [r.role, r.region, r.jobs])).toEqual([
      ['connect', 'Sydney', 1],
      ['agent', 'Sydney', 1],
    ]);
    const empty = await get<RegionStats>('/api/gsm/heartbeat/jobs/regions', b.viewer);
    expect(empty.body.regions).toEqual([]);
  });

  it('follows the jobs routes: monitors for super users, heartbeat for readers', async () => {
    const t = await tenant();
    expect((await get('/api/gsm/monitors/jobs/regions', t.admin)).status).toBe(403);
    expect((await get('/api/gsm/monitors/jobs/regions', t.viewer)).status).toBe(403);
    expect((await get('/api/gsm/heartbeat/jobs/regions', t.viewer)).status).toBe(200);
    expect((await get('/api/gsm/heartbeat/jobs/regions', t.admin)).status).toBe(200);
  });

  it('refuses a malformed query, naming the field', async () => {
    const t = await tenant();
    type Refusal = { error: { fields: Record<string, string> } };
    const bad = async (qs: string) => {
      const res = await get<Refusal>(`/api/gsm/monitors/jobs/regions?${qs}`, t.superUser);
      expect(res.status).toBe(400);
      return res.body.error.fields;
    };
    expect(await bad('fromTime=yesterday')).toHaveProperty('fromTime');
    expect(await bad('fromTime=now-1h&toTime=now-2h')).toHaveProperty('toTime');
    expect(await bad('timezone=Mars/Olympus')).toHaveProperty('timezone');
    expect(await bad('size=10')).toHaveProperty('size');
  });
});

describe('GET …/jobs/stats (period stats in one query)', () => {
  it('splits the current window (end included) from the previous one (ending where it starts)', async () => {
    const t = await tenant();
    const from = ago(60);
    const to = ago(0);
    await insertJobs(t.group.id, [
      // Current: from its start to its end.
      { connect: 'Sydney', agent: 'Sydney', status: 'Completed', at: from, scores: [10, 8, 6] },
      { connect: 'Sydney', agent: 'Sydney', status: 'Completed', at: to, scores: [8, 8, 8] },
      {
        connect: 'Sydney',
        agent: 'Mumbai',
        status: 'Poor Call Quality',
        at: ago(30),
        scores: [6, 5, 4],
      },
      { connect: 'Sydney', agent: 'Mumbai', status: 'Failed', at: ago(20) },
      // Previous: from 120 to 60 minutes ago.
      { connect: 'Sydney', agent: 'Sydney', status: 'Completed', at: ago(120), scores: [9, 9, 9] },
      { connect: 'Sydney', agent: 'Sydney', status: 'Completed', at: ago(90), scores: [7, 7, 7] },
      // Before both.
      { connect: 'Sydney', agent: 'Sydney', status: 'Completed', at: ago(121), scores: [0, 0, 0] },
    ]);
    const other = await tenant();
    await insertJobs(other.group.id, [
      { connect: 'Sydney', agent: 'Sydney', status: 'Completed', at: ago(30), scores: [0, 0, 0] },
    ]);
    const qs = `fromTime=${from.toISOString()}&toTime=${to.toISOString()}`;
    const res = await get<PeriodStats>(`/api/gsm/monitors/jobs/stats?${qs}`, t.superUser);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      current: {
        from: from.toISOString(),
        to: to.toISOString(),
        count: 3,
        completedPercentage: 66.7,
        cxScore: 8,
        axScore: 7,
        networkScore: 6,
      },
      previous: {
        from: ago(120).toISOString(),
        to: from.toISOString(),
        count: 2,
        completedPercentage: 100,
        cxScore: 8,
        axScore: 8,
        networkScore: 8,
      },
    });
    // Statuses asked for instead of the default two; regions narrow it.
    const failed = await get<PeriodStats>(
      `/api/gsm/monitors/jobs/stats?${qs}&status=Failed,Completed&agentRegions=Mumbai`,
      t.superUser,
    );
    expect(failed.body.current).toMatchObject({ count: 1, completedPercentage: 0, cxScore: null });
    expect(failed.body.previous).toMatchObject({ count: 0, completedPercentage: null });
  });
});
