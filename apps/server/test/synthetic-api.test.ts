import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  InsightJobSchema,
  SyntheticJobSchema,
  SyntheticJobsListQuerySchema,
  type HeartbeatTest,
  type InsightJob,
  type JobDetails,
  type Monitor,
  type PeriodStats,
  type SyntheticJob,
} from '@callsight/shared';
import { forGroup } from '../src/db/group-scope.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { configEntries, syntheticJobs } from '../src/db/schema/index.ts';
import { SyntheticScheduler } from '../src/services/synthetic/scheduler.ts';
import { claimJob } from '../src/services/synthetic/probe-pool.ts';
import { writeJobResult, type JobResult } from '../src/services/synthetic/results.ts';
import { TEST_DB, startTestServer, type TestServer } from './harness.ts';
import { authHeaders, createGroup, createUser, signIn } from './factories.ts';

let s: TestServer;
beforeAll(async () => {
  // The tests drive their own schedulers on a chosen clock; no probe runs calls here.
  s = await startTestServer({ SYNTHETIC_SCHEDULER: 'false', PROBE_CONCURRENCY: '0' });
});
afterAll(() => s.close());

const log = { error: (err: unknown) => console.error(err) };

async function tenant(opts: { heartbeat?: boolean } = {}) {
  const group = await createGroup(s.database.db, { features: [] });
  const headersOf = async (o: { role?: 'admin' | 'viewer'; isSuper?: boolean }) => {
    const user = await createUser(s.database.db, { groups: [group], ...o });
    return authHeaders((await signIn(s.app, user.email)).token, group.id);
  };
  const scope = forGroup(s.database.db, group.id);
  if (opts.heartbeat !== false)
    await s.database.db
      .insert(configEntries)
      .values(scope.row(configEntries, { key: 'HEARTBEAT_ENABLED', value: 'true' }));
  return {
    group,
    scope,
    admin: await headersOf({ role: 'admin' }),
    viewer: await headersOf({ role: 'viewer' }),
    superUser: await headersOf({ isSuper: true }),
  };
}

async function call<T>(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) {
  const res = await s.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: (res.body ? res.json() : null) as T, res };
}

const jobsOf = async (groupId: string) =>
  s.database.db
    .select()
    .from(syntheticJobs)
    .where(forGroup(s.database.db, groupId).owns(syntheticJobs));

const T0 = new Date('2026-11-25T10:00:00.000Z');
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

describe('monitors', () => {
  it('are for super users; each validation names its field with the spec text', async () => {
    const { admin, superUser } = await tenant();
    const body = {
      description: 'Path check',
      connectRegions: ['Sydney', 'London'],
      agentRegions: ['Mumbai', 'Sydney'],
    };
    expect((await call('POST', '/api/gsm/monitors', admin, body)).status).toBe(403);
    const bad = await call<{ error: { fields: Record<string, string> } }>(
      'POST',
      '/api/gsm/monitors',
      superUser,
      { description: ' ', connectRegions: [], agentRegions: ['Atlantis'], schedule: 45 },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({
      description: 'Please enter a Description.',
      connectRegions: 'Please select Connect Region(s).',
      agentRegions: 'Atlantis is not a known region',
      schedule: 'Schedule must be one of Run Once, 30m',
    });
  });

  it('queue one job per connect and agent region for the slot, once; Run Once then shows no next run', async () => {
    const { group, superUser } = await tenant();
    const created = await call<Monitor>('POST', '/api/gsm/monitors', superUser, {
      description: 'Once',
      connectRegions: ['Sydney', 'London'],
      agentRegions: ['Mumbai', 'Sydney'],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ schedule: 0, active: true });
    const scheduler = new SyntheticScheduler({ db: s.database.db, log });
    expect(await scheduler.tick()).toBeGreaterThanOrEqual(4);
    const jobs = (await jobsOf(group.id)).filter((j) => j.monitorId === created.body.monitorId);
    expect(jobs.map((j) => `${j.connectRegion}>${j.agentRegion}`).sort()).toEqual([
      'London>Mumbai',
      'London>Sydney',
      'Sydney>Mumbai',
      'Sydney>Sydney',
    ]);
    expect(await scheduler.tick()).toBe(0);
    const list = await call<Monitor[]>('GET', '/api/gsm/monitors', superUser);
    const mine = list.body.find((m) => m.monitorId === created.body.monitorId);
    expect(mine?.nextRun).toBeNull();
    expect(mine?.lastRun).not.toBeNull();

    const disabled = await call<Monitor>(
      'POST',
      `/api/gsm/monitors/${created.body.monitorId}/disable`,
      superUser,
    );
    expect(disabled.body).toMatchObject({ active: false, nextRun: null });
    expect(
      (await call('DELETE', `/api/gsm/monitors/${created.body.monitorId}`, superUser)).status,
    ).toBe(204);
    expect(
      (await jobsOf(group.id)).filter((j) => j.monitorId === created.body.monitorId),
    ).toHaveLength(0);
  });
});

describe('heartbeat tests and their schedule', () => {
  it('need the heartbeat enabled, admins to write, viewers to read the logs', async () => {
    const off = await tenant({ heartbeat: false });
    expect((await call('GET', '/api/gsm/heartbeat', off.admin)).status).toBe(403);
    expect((await call('GET', '/api/gsm/heartbeat/jobs', off.viewer)).status).toBe(403);
    const on = await tenant();
    expect((await call('GET', '/api/gsm/heartbeat', on.viewer)).status).toBe(403);
    expect((await call('GET', '/api/gsm/heartbeat/jobs', on.viewer)).status).toBe(200);
    const bad = await call<{ error: { fields: Record<string, string> } }>(
      'POST',
      '/api/gsm/heartbeat',
      on.admin,
      { sourcePhoneNumber: '', targetPhoneNumber: ' 61255501001', description: 'x', agentIds: [] },
    );
    expect(bad.body.error.fields).toMatchObject({
      sourcePhoneNumber: "Please select a 'To' and 'From' Number and enter a description.",
      agentType: 'Please select Agent Type.',
      agentIds: 'Please enter Target Agent(s).',
    });
  });

  it('runs each slot once, every 15 minutes, and skips the slots missed while down', async () => {
    const { group, admin } = await tenant();
    const created = await call<HeartbeatTest>('POST', '/api/gsm/heartbeat', admin, {
      sourcePhoneNumber: '+61290000300',
      // A leading space is a "+" lost in a URL (spec 002 §5).
      targetPhoneNumber: ' 61255501001',
      description: 'Every 15',
      agentType: 'VIRTUAL_AGENT',
      agentIds: ['bot-a', 'bot-b'],
      schedule: 15,
    });
    expect(created.status).toBe(201);
    expect(created.body.targetPhoneNumber).toBe('+61255501001');
    // Anchor the schedule at T0 as if created then.
    const { heartbeatTests } = await import('../src/db/schema/index.ts');
    await s.database.db
      .update(heartbeatTests)
      .set({ createdOn: T0, nextRun: T0 })
      .where(
        forGroup(s.database.db, group.id).owns(
          heartbeatTests,
          eq(heartbeatTests.id, created.body.heartbeatId),
        ),
      );
    let clock = minutes(0);
    const scheduler = new SyntheticScheduler({ db: s.database.db, log, now: () => clock });
    const mine = async () =>
      (await jobsOf(group.id)).filter((j) => j.heartbeatId === created.body.heartbeatId);
    await scheduler.tick();
    expect((await mine()).map((j) => j.agentId).sort()).toEqual(['bot-a', 'bot-b']);
    clock = minutes(10);
    await scheduler.tick();
    expect(await mine()).toHaveLength(2);
    clock = minutes(15);
    await scheduler.tick();
    expect(await mine()).toHaveLength(4);
    // Down from minute 16 to minute 100: one slot (minute 90) runs, not five.
    clock = minutes(100);
    await scheduler.tick();
    const slots = [...new Set((await mine()).map((j) => j.slotAt.toISOString()))].sort();
    expect(slots).toEqual([minutes(0), minutes(15), minutes(90)].map((d) => d.toISOString()));
    const list = await call<HeartbeatTest[]>(
      'GET',
      `/api/gsm/heartbeat?fromTime=${encodeURIComponent(minutes(-1).toISOString())}&toTime=${encodeURIComponent(minutes(200).toISOString())}`,
      admin,
    );
    const shown = list.body.find((t) => t.heartbeatId === created.body.heartbeatId);
    expect(shown?.nextRun).toBe(minutes(105).toISOString());
    expect(shown?.lastRun).toBe(minutes(90).toISOString());
  });

  it('calls from every region of HEARTBEAT_CONNECT_REGIONS, once each; Sydney without any', async () => {
    const { group, scope, admin } = await tenant();
    const create = async (description: string) =>
      (
        await call<HeartbeatTest>('POST', '/api/gsm/heartbeat', admin, {
          sourcePhoneNumber: '+61290000300',
          targetPhoneNumber: '+61255501001',
          description,
          agentType: 'VIRTUAL_AGENT',
          agentIds: ['bot-a', 'bot-b'],
          schedule: 0,
        })
      ).body;
    const scheduler = new SyntheticScheduler({ db: s.database.db, log });
    const regionsOf = async (test: HeartbeatTest) =>
      (await jobsOf(group.id))
        .filter((j) => j.heartbeatId === test.heartbeatId)
        .map((j) => `${j.agentId}@${j.connectRegion}/${j.agentRegion}`)
        .sort();

    const unset = await create('No regions set');
    await scheduler.tick();
    expect(await regionsOf(unset)).toEqual(['bot-a@Sydney/Sydney', 'bot-b@Sydney/Sydney']);

    // Codes (as the Heartbeat Config stores them) or names; a repeated region calls once.
    await s.database.db.insert(configEntries).values(
      scope.row(configEntries, {
        key: 'HEARTBEAT_CONNECT_REGIONS',
        value: JSON.stringify(['ap-southeast-2', 'eu-west-2', 'Sydney']),
      }),
    );
    const spread = await create('Sydney and London');
    await scheduler.tick();
    expect(await regionsOf(spread)).toEqual([
      'bot-a@London/London',
      'bot-a@Sydney/Sydney',
      'bot-b@London/London',
      'bot-b@Sydney/Sydney',
    ]);
    // The slot's jobs are made once.
    await scheduler.tick();
    expect(await regionsOf(spread)).toHaveLength(4);
  });

  it('gives a slot to one process when two schedulers share the database', async () => {
    const { group, admin } = await tenant();
    const created = await call<HeartbeatTest>('POST', '/api/gsm/heartbeat', admin, {
      sourcePhoneNumber: '+61290000300',
      targetPhoneNumber: '+61255501001',
      description: 'Shared',
      agentType: 'VIRTUAL_AGENT',
      agentIds: ['bot-a', 'bot-b', 'bot-c'],
      schedule: 15,
    });
    // A second process: its own connection pool to the same database (PostgreSQL), or the same
    // embedded database (PGlite serves one process).
    let other: Database | undefined;
    if (TEST_DB === 'postgres' && s.databaseUrl)
      other = await openDatabase({ url: s.databaseUrl, dataDir: 'memory://' });
    const a = new SyntheticScheduler({ db: s.database.db, log });
    const b = new SyntheticScheduler({ db: other?.db ?? s.database.db, log });
    await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    await other?.close();
    const jobs = (await jobsOf(group.id)).filter((j) => j.heartbeatId === created.body.heartbeatId);
    expect(jobs.map((j) => j.agentId).sort()).toEqual(['bot-a', 'bot-b', 'bot-c']);
  });
});

describe('jobs', () => {
  it('are listed with filters and a total, detailed, counted per period, tagged by the group configs', async () => {
    const { group, admin, viewer, scope } = await tenant();
    await s.database.db.insert(configEntries).values(
      scope.row(configEntries, {
        key: 'CALL_TAG_CONFIGURATIONS',
        value: JSON.stringify([
          {
            name: 'MOS',
            field: 'mos',
            conditions: [
              { name: 'Poor call quality', operator: '<', threshold: 3.5 },
              { name: 'Very Poor call quality', operator: '<', threshold: 3 },
            ],
          },
        ]),
      }),
    );
    const created = await call<HeartbeatTest>('POST', '/api/gsm/heartbeat', admin, {
      sourcePhoneNumber: '+61290000300',
      targetPhoneNumber: '+61255501001',
      description: 'Tagged',
      agentType: 'HUMAN_AGENT',
      agentIds: ['ada', 'bob'],
    });
    await new SyntheticScheduler({ db: s.database.db, log }).tick();
    const pushed: unknown[] = [];
    const push = { publish: (_g: string, _p: string, m: unknown) => pushed.push(m) };
    const results: [string, number][] = [];
    for (;;) {
      const job = await claimJob(s.database.db, 'test-probe', 60_000, { groupId: group.id });
      if (!job) break;
      const mos = job.agentId === 'ada' ? 4.3 : 2.8;
      results.push([job.agentId ?? '', mos]);
      await writeJobResult(s.database.db, push, job, result(mos));
    }
    expect(results.map(([a]) => a).sort()).toEqual(['ada', 'bob']);
    expect(pushed).toHaveLength(2);

    const list = await call<SyntheticJob[]>(
      'GET',
      `/api/gsm/heartbeat/jobs?heartbeatId=${created.body.heartbeatId}&status=Completed,Poor%20Call%20Quality&size=1`,
      viewer,
    );
    expect(list.status).toBe(200);
    expect(list.res.headers.recordcount).toBe('2');
    expect(list.body).toHaveLength(1);
    const all = await call<SyntheticJob[]>(
      'GET',
      `/api/gsm/heartbeat/jobs?heartbeatId=${created.body.heartbeatId}`,
      viewer,
    );
    const bob = all.body.find((j) => j.agentId === 'bob');
    expect(bob).toMatchObject({ status: 'Poor Call Quality', tags: ['Very Poor call quality'] });
    expect(all.body.find((j) => j.agentId === 'ada')?.tags).toEqual([]);

    const details = await call<JobDetails>('GET', `/api/gsm/heartbeat/jobs/${bob?.jobId}`, viewer);
    expect(details.body.polqaScores[0]).toMatchObject({
      location: 'dialler_to_connect',
      url: `/api/gsm/jobs/${bob?.jobId}/recordings/dialler_to_connect`,
    });
    const stats = await call<PeriodStats>('GET', '/api/gsm/heartbeat/jobs/stats', viewer);
    expect(stats.body.current).toMatchObject({ count: 2, completedPercentage: 50 });
    expect(stats.body.previous.count).toBe(0);

    // Another group sees none of it.
    const other = await tenant();
    expect((await call('GET', `/api/gsm/heartbeat/jobs/${bob?.jobId}`, other.viewer)).status).toBe(
      404,
    );
  });
});

describe('a job result', () => {
  it('keeps a score only with a measure behind it, and the network measures in its details', async () => {
    const { group, admin, viewer } = await tenant();
    const created = await call<HeartbeatTest>('POST', '/api/gsm/heartbeat', admin, {
      sourcePhoneNumber: '+61290000300',
      targetPhoneNumber: '+61255501001',
      description: 'Scores',
      agentType: 'VIRTUAL_AGENT',
      agentIds: ['unmeasured', 'measured'],
    });
    await new SyntheticScheduler({ db: s.database.db, log }).tick();
    const push = { publish: () => undefined };
    for (;;) {
      const job = await claimJob(s.database.db, 'test-probe', 60_000, { groupId: group.id });
      if (!job) break;
      // As a probe of an older version posts it: 9, 8 and 10 whatever was measured. Only the
      // dialler-to-connect hop (an AX measure) was; the second call measured its network too.
      const posted = result(4.3);
      if (job.agentId === 'measured')
        posted.measures = { ...posted.measures, jitter: 3.5, packetLoss: 0.2, rtt: 41 };
      await writeJobResult(s.database.db, push, job, posted);
    }
    const jobs = await call<SyntheticJob[]>(
      'GET',
      `/api/gsm/heartbeat/jobs?heartbeatId=${created.body.heartbeatId}`,
      viewer,
    );
    const scores = (agentId: string) => {
      const job = jobs.body.find((j) => j.agentId === agentId);
      return [job?.cxScore, job?.axScore, job?.networkScore];
    };
    expect(scores('unmeasured')).toEqual([null, 8, null]);
    expect(scores('measured')).toEqual([null, 8, 10]);
    const measured = jobs.body.find((j) => j.agentId === 'measured');
    const details = await call<JobDetails>(
      'GET',
      `/api/gsm/heartbeat/jobs/${measured?.jobId}`,
      viewer,
    );
    expect(details.body.network).toEqual({ jitterMs: 3.5, packetLossPercent: 0.2, rttMs: 41 });
  });
});

describe('jobs list views', () => {
  it('answers only the insights fields with view=insights, every field by default', async () => {
    const { viewer, superUser, scope } = await tenant();
    const at = new Date(Date.now() - 60_000);
    await s.database.db.insert(syntheticJobs).values([
      scope.row(syntheticJobs, {
        kind: 'heartbeat',
        slotAt: at,
        agentId: 'ada',
        agentType: 'HUMAN_AGENT',
        connectRegion: 'Sydney',
        agentRegion: 'Sydney',
        fromNumber: '+61290000300',
        toNumber: '+61255501001',
        description: 'Lean',
        status: 'Completed',
        createdOn: at,
        updatedOn: at,
        startedAt: at,
        endedAt: new Date(at.getTime() + 42_000),
        cxScore: 9.04,
        axScore: 8,
        networkScore: 7.96,
        mos: 4.213,
        carrier: 'Telstra',
        tags: ['Slow answer'],
        diallerCallId: 'dialler-1',
      }),
      scope.row(syntheticJobs, {
        kind: 'monitor',
        slotAt: at,
        connectRegion: 'London',
        agentRegion: 'Mumbai',
        status: 'Call Failed',
        createdOn: at,
        updatedOn: at,
      }),
    ]);
    const full = await call<SyntheticJob[]>('GET', '/api/gsm/heartbeat/jobs', viewer);
    expect(full.status).toBe(200);
    expect(Object.keys(full.body[0] ?? {}).sort()).toEqual(
      Object.keys(SyntheticJobSchema.shape).sort(),
    );
    const lean = await call<InsightJob[]>('GET', '/api/gsm/heartbeat/jobs?view=insights', viewer);
    expect(lean.status).toBe(200);
    expect(lean.res.headers.recordcount).toBe('1');
    expect(lean.res.headers['content-type']).toBe(full.res.headers['content-type']);
    expect(lean.body).toEqual([
      {
        jobId: full.body[0]?.jobId,
        status: 'Completed',
        createdOn: at.toISOString(),
        description: 'Lean',
        cxScore: 9,
        axScore: 8,
        networkScore: 8,
        mos: 4.21,
        tags: ['Slow answer'],
        carrier: 'Telstra',
        agentType: 'HUMAN_AGENT',
        agentId: 'ada',
        toNumber: '+61255501001',
        connectRegion: 'Sydney',
        agentRegion: 'Sydney',
      },
    ]);
    // Every field of the insights row is the full row's.
    expect(InsightJobSchema.parse(full.body[0])).toEqual(lean.body[0]);
    const monitors = await call<InsightJob[]>(
      'GET',
      '/api/gsm/monitors/jobs?view=insights&connectRegions=London',
      superUser,
    );
    expect(monitors.body).toMatchObject([
      { status: 'Call Failed', cxScore: null, connectRegion: 'London', agentRegion: 'Mumbai' },
    ]);
    expect(Object.keys(monitors.body[0] ?? {}).sort()).toEqual(
      Object.keys(InsightJobSchema.shape).sort(),
    );
    const bad = await call<{ error: { fields: Record<string, string> } }>(
      'GET',
      '/api/gsm/heartbeat/jobs?view=lean',
      viewer,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('view');
  });

  it('documents both row shapes and the view parameter in OpenAPI', () => {
    type Doc = {
      paths: Record<
        string,
        {
          get: {
            parameters: { name: string; in: string }[];
            responses: Record<string, { content: Record<string, { schema: unknown }> }>;
          };
        }
      >;
    };
    const doc = s.app.swagger() as unknown as Doc;
    for (const path of ['/api/gsm/monitors/jobs', '/api/gsm/heartbeat/jobs']) {
      const get = doc.paths[path]?.get;
      expect(get?.parameters.filter((p) => p.in === 'query').map((p) => p.name)).toContain('view');
      const schema = JSON.stringify(get?.responses['200']?.content['application/json']?.schema);
      expect(schema).toContain('"anyOf"');
      // The full rows' fields, and the insights rows that allow no other.
      expect(schema).toContain('"preview"');
      expect(schema).toContain('"additionalProperties":false');
    }
  });
});

describe('docs/api.md', () => {
  it('lists every query parameter the jobs lists accept (SyntheticJobsListQuerySchema)', async () => {
    const doc = await readFile(new URL('../../../docs/api.md', import.meta.url), 'utf8');
    const row = (path: string) =>
      doc.split('\n').find((line) => line.split('|')[2]?.trim() === path) ?? '';
    const params = Object.keys(SyntheticJobsListQuerySchema.shape);
    for (const [path, otherId] of [
      ['/api/gsm/monitors/jobs', 'heartbeatId'],
      ['/api/gsm/heartbeat/jobs', 'monitorId'],
    ] as const) {
      const what = row(path).split('|')[4] ?? '';
      const documented = what.split(/[:;,]/).map((w) => w.trim());
      // Each list answers its own kind: the other kind's id matches none of its jobs.
      expect(
        params.filter((p) => p !== otherId && !documented.includes(p)),
        path,
      ).toEqual([]);
    }
  });
});

function result(mos: number): JobResult {
  const now = new Date();
  return {
    status: mos < 3.5 ? 'Poor Call Quality' : 'Completed',
    message: null,
    startedAt: now,
    endedAt: now,
    diallerCallId: 'dialler-1',
    receiverCallId: 'connect-1',
    callContactId: 'contact-1',
    carrier: 'Telstra',
    mos,
    cxScore: 9,
    axScore: 8,
    networkScore: 10,
    details: {
      polqaScores: [
        {
          location: 'dialler_to_connect',
          score: mos,
          type: 'standard',
          reference: 4.5,
          lossPercent: ((4.5 - mos) / 4.5) * 100,
          url: null,
          delayMs: 40,
          waveform: null,
        },
      ],
      audioLatency: [],
      pstnLatencyMs: null,
      transcription: null,
      softphoneEvents: { connected: null, accepted: null, ended: null },
      softphoneSummary: null,
      contactTraceSummary: null,
      telephony: {
        sipCode: 200,
        sipReason: 'OK',
        postDialDelayMs: 100,
        ringingMs: 1000,
        answerTimeSec: 1,
        durationSec: 10,
      },
      message: null,
    },
    stats: [],
    measures: { mos },
    recordings: { dialler_to_connect: '/tmp/none.wav' },
  };
}
