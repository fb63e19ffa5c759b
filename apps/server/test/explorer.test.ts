import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AgentLogPage,
  ApiError,
  CallStatsPage,
  IngestCallInput,
  IngestLogInput,
  IngestSampleInput,
} from '@callsight/shared';
import { startTestServer, type TestServer } from './harness.ts';
import {
  authHeaders,
  createTenant,
  createUser,
  ingest as ingestThroughApi,
  signIn,
} from './factories.ts';
import { forGroup } from '../src/db/group-scope.ts';
import { listAgentLogs } from '../src/services/explorer/agent-logs.ts';
import { listCallStats } from '../src/services/explorer/call-stats.ts';
import { AgentLogQuerySchema, CallStatsQuerySchema } from '@callsight/shared';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const T0 = Date.UTC(2025, 0, 6, 9, 0, 0);
const MIN = 60_000;
/** The window of the seeded calls, in UTC local time. */
const WINDOW = { fromTime: '2025-01-06T08:00:00', toTime: '2025-01-06T12:00:00', timezone: 'UTC' };

/** A group with a viewer signed in and an API key created by its admin through the API. */
const tenant = () => createTenant(s);

const ingest = (key: string, path: 'calls' | 'samples' | 'logs', items: unknown[]) =>
  ingestThroughApi(s.app, key, path, items);

interface CallSpec {
  contactId: string;
  agent: string;
  isp: string;
  startMin: number;
  seconds: number;
  mos: number;
  rttMs: number;
  jitterMs: number;
  lostPerSecond?: number;
}

/** A call through the ingestion API: its summary and one sample per second. */
async function seedCall(key: string, call: CallSpec) {
  const start = T0 + call.startMin * MIN;
  const summary: IngestCallInput = {
    contactId: call.contactId,
    agent: call.agent,
    direction: 'INBOUND',
    startTime: start,
    endTime: start + call.seconds * 1000,
    agentISP: call.isp,
  };
  await ingest(key, 'calls', [summary]);
  const samples: IngestSampleInput[] = Array.from({ length: call.seconds }, (_, i) => ({
    contactId: call.contactId,
    timestamp: start + i * 1000,
    inbound: { mos: call.mos, packetsCount: 50, packetsLost: call.lostPerSecond ?? 0 },
    outbound: { mos: call.mos, packetsCount: 50, packetsLost: call.lostPerSecond ?? 0 },
    rttMs: call.rttMs,
    jitterMs: call.jitterMs,
    agentStatus: 'Talk',
  }));
  await ingest(key, 'samples', samples);
}

const CALLS: CallSpec[] = [
  {
    contactId: 'c-1',
    agent: 'alice',
    isp: 'Fibre Co',
    startMin: 10,
    seconds: 60,
    mos: 4.3,
    rttMs: 40,
    jitterMs: 4,
  },
  {
    contactId: 'c-2',
    agent: 'bob',
    isp: 'Cable Inc',
    startMin: 20,
    seconds: 30,
    mos: 2.8,
    rttMs: 450,
    jitterMs: 70,
    lostPerSecond: 3,
  },
  {
    contactId: 'c-3',
    agent: 'alice',
    isp: 'Cable Inc',
    startMin: 30,
    seconds: 90,
    mos: 3.4,
    rttMs: 250,
    jitterMs: 35,
    lostPerSecond: 1,
  },
  {
    contactId: 'c-4',
    agent: 'carol',
    isp: 'Fibre Co',
    startMin: 40,
    seconds: 45,
    mos: 4.1,
    rttMs: 80,
    jitterMs: 10,
  },
  {
    contactId: 'c-5',
    agent: 'bob',
    isp: 'Fibre Co',
    startMin: 50,
    seconds: 20,
    mos: 3.9,
    rttMs: 120,
    jitterMs: 20,
  },
];

let main: Awaited<ReturnType<typeof tenant>>;
beforeAll(async () => {
  main = await tenant();
  for (const call of CALLS) await seedCall(main.key, call);
  // A call outside the window (the day before) and one of another group in the window.
  await seedCall(main.key, { ...CALLS[0], contactId: 'old', startMin: -24 * 60 } as CallSpec);
  const other = await tenant();
  await seedCall(other.key, { ...CALLS[0], contactId: 'foreign', agent: 'alice' } as CallSpec);
  const logs: IngestLogInput[] = [
    {
      time: T0 + 11 * MIN,
      level: 'INFO',
      agent: 'alice',
      contactId: 'c-1',
      text: 'Call connected',
    },
    { time: T0 + 12 * MIN, level: 'ERROR', agent: 'alice', contactId: 'c-1', text: 'ICE failed' },
    { time: T0 + 21 * MIN, level: 'WARN', agent: 'bob', contactId: 'c-2', text: 'High jitter' },
    { time: T0 + 22 * MIN, level: 'INFO', agent: 'bob', text: 'Agent available' },
    { time: T0 - 24 * 60 * MIN, level: 'ERROR', agent: 'bob', text: 'Yesterday' },
  ];
  await ingest(main.key, 'logs', logs);
  await ingest(other.key, 'logs', [
    { time: T0 + 11 * MIN, level: 'ERROR', agent: 'alice', text: 'Not yours' },
  ]);
});

async function stats(query: Record<string, string | string[]>, headers = main.headers) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...WINDOW, ...query }))
    for (const value of Array.isArray(v) ? v : [v]) params.append(k, value);
  return s.app.inject({ method: 'GET', url: `/api/calls/stats?${params}`, headers });
}
async function statsPage(query: Record<string, string | string[]> = {}) {
  const res = await stats(query);
  expect(res.statusCode).toBe(200);
  return res.json<CallStatsPage>();
}
const ids = (page: CallStatsPage) => page.rows.map((r) => r.callContactId);

async function logsPage(query: Record<string, string> = {}, headers = main.headers) {
  const params = new URLSearchParams({ ...WINDOW, ...query });
  const res = await s.app.inject({ method: 'GET', url: `/api/calls/logs?${params}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json<AgentLogPage>();
}

describe('GET /api/calls/stats', () => {
  it("lists the group's calls of the window newest first, 10 a page, with the total", async () => {
    const page = await statsPage();
    expect(page.total).toBe(5);
    expect(ids(page)).toEqual(['c-5', 'c-4', 'c-3', 'c-2', 'c-1']);
    const first = page.rows.find((r) => r.callContactId === 'c-1');
    expect(first).toMatchObject({
      timestamp: new Date(T0 + 10 * MIN).toISOString(),
      agent: 'alice',
      agentISP: 'Fibre Co',
      durationSeconds: 60,
      totals: { packetsLostFraction: 0 },
    });
    expect(first?.mos.avg).toBeCloseTo(4.3, 5);
    expect(first?.rtt.avg).toBeCloseTo(40, 5);
    expect(first?.jitter.avg).toBeCloseTo(4, 5);
    const bad = page.rows.find((r) => r.callContactId === 'c-2');
    expect(bad?.totals.packetsLostFraction).toBeCloseTo(3 / 53, 3);
    expect(bad?.score).toBeLessThan(first?.score ?? 0);
    expect(bad?.tags).toContain('Very High Jitter');
  });

  it('pages with size and from, keeping the total', async () => {
    const one = await statsPage({ size: '2', from: '0' });
    const two = await statsPage({ size: '2', from: '2' });
    const three = await statsPage({ size: '2', from: '4' });
    expect([ids(one), ids(two), ids(three)]).toEqual([['c-5', 'c-4'], ['c-3', 'c-2'], ['c-1']]);
    expect(three.total).toBe(5);
    expect((await statsPage({ size: '1000' })).rows).toHaveLength(5);
  });

  it('sorts on each column of the spec both ways, ties broken by start time', async () => {
    const sorted = async (sortColumn: string, sortDirection: string) =>
      ids(await statsPage({ sortColumn, sortDirection }));
    expect(await sorted('timestamp', 'asc')).toEqual(['c-1', 'c-2', 'c-3', 'c-4', 'c-5']);
    expect(await sorted('mos', 'desc')).toEqual(['c-1', 'c-4', 'c-5', 'c-3', 'c-2']);
    expect(await sorted('mos', 'asc')).toEqual(['c-2', 'c-3', 'c-5', 'c-4', 'c-1']);
    expect(await sorted('rtt', 'desc')).toEqual(['c-2', 'c-3', 'c-5', 'c-4', 'c-1']);
    expect(await sorted('jitter', 'asc')).toEqual(['c-1', 'c-4', 'c-5', 'c-3', 'c-2']);
    expect(await sorted('durationSeconds', 'desc')).toEqual(['c-3', 'c-1', 'c-4', 'c-2', 'c-5']);
    expect(await sorted('packetsLostFraction', 'desc')).toEqual([
      'c-2',
      'c-3',
      'c-5',
      'c-4',
      'c-1',
    ]);
    // Ties: alice (c-3, c-1), bob (c-5, c-2) newest first within the name when descending.
    expect(await sorted('agent', 'asc')).toEqual(['c-1', 'c-3', 'c-2', 'c-5', 'c-4']);
    expect(await sorted('agent', 'desc')).toEqual(['c-4', 'c-5', 'c-2', 'c-3', 'c-1']);
    expect(await sorted('agentISP', 'asc')).toEqual(['c-2', 'c-3', 'c-1', 'c-4', 'c-5']);
  });

  it('pages a descending sort with the calls missing the value last', async () => {
    // A group of its own: three calls with seconds, two with a summary only (no metrics, no ISP).
    const t = await tenant();
    for (const call of CALLS.slice(0, 3)) await seedCall(t.key, call);
    for (const [contactId, startMin] of [
      ['empty-1', 15],
      ['empty-2', 35],
    ] as const) {
      const start = T0 + startMin * MIN;
      await ingest(t.key, 'calls', [{ contactId, agent: 'dan', startTime: start }]);
    }
    const page = async (query: Record<string, string>) => {
      const res = await stats(query, t.headers);
      expect(res.statusCode).toBe(200);
      return ids(res.json<CallStatsPage>());
    };
    for (const sortColumn of ['durationSeconds', 'mos', 'jitter', 'agentISP']) {
      const all = await page({ sortColumn, sortDirection: 'desc' });
      expect(all.slice(3)).toEqual(['empty-2', 'empty-1']);
      const one: string[] = [];
      for (let from = 0; from < 6; from++)
        one.push(
          ...(await page({ sortColumn, sortDirection: 'desc', size: '1', from: `${from}` })),
        );
      expect(one).toEqual(all);
      for (const from of [2, 3, 4])
        expect(
          await page({ sortColumn, sortDirection: 'desc', size: '2', from: `${from}` }),
        ).toEqual(all.slice(from, from + 2));
    }
  });

  it('filters by text fields (any of several values) and numeric From/To ranges', async () => {
    expect(ids(await statsPage({ agent: 'alice' }))).toEqual(['c-3', 'c-1']);
    expect(ids(await statsPage({ agent: ['alice', 'carol'] }))).toEqual(['c-4', 'c-3', 'c-1']);
    expect(ids(await statsPage({ contactId: 'c-2' }))).toEqual(['c-2']);
    expect(ids(await statsPage({ agentISP: 'Cable Inc' }))).toEqual(['c-3', 'c-2']);
    // mos >= 3.5 (To 999999), rtt <= 100 (From 0), mos = 4.3 at the 2 decimals shown.
    expect(ids(await statsPage({ mosFrom: '3.5', mosTo: '999999' }))).toEqual([
      'c-5',
      'c-4',
      'c-1',
    ]);
    expect(ids(await statsPage({ rttFrom: '0', rttTo: '100' }))).toEqual(['c-4', 'c-1']);
    expect(ids(await statsPage({ mosFrom: '4.3', mosTo: '4.3' }))).toEqual(['c-1']);
    expect(ids(await statsPage({ durationSecondsFrom: '45', durationSecondsTo: '60' }))).toEqual([
      'c-4',
      'c-1',
    ]);
    expect(
      ids(await statsPage({ packetsLostFractionFrom: '0.01', packetsLostFractionTo: '999999' })),
    ).toEqual(['c-3', 'c-2']);
    const combined = await statsPage({ agent: 'bob', jitterFrom: '0', jitterTo: '30' });
    expect([ids(combined), combined.total]).toEqual([['c-5'], 1]);
  });

  it('counts exactly up to the cap, then answers the cap as a lower bound', async () => {
    expect((await statsPage()).totalRelation).toBe('eq');
    const query = CallStatsQuerySchema.parse({ ...WINDOW, size: '2' });
    const scope = forGroup(s.database.db, main.group.id);
    const capped = await listCallStats(scope, query, new Date(), 3);
    expect([capped.rows.length, capped.total, capped.totalRelation]).toEqual([2, 3, 'gte']);
    const exact = await listCallStats(scope, query, new Date(), 5);
    expect([exact.total, exact.totalRelation]).toEqual([5, 'eq']);
    const logs = AgentLogQuerySchema.parse(WINDOW);
    const cappedLogs = await listAgentLogs(scope, logs, new Date(), 2);
    expect([cappedLogs.rows.length, cappedLogs.total, cappedLogs.totalRelation]).toEqual([
      4,
      2,
      'gte',
    ]);
  });

  it('reads the window in the given time zone', async () => {
    // 10:25–10:45 in Paris is 09:25–09:45 UTC: calls c-3 (09:30) and c-4 (09:40).
    const page = await statsPage({
      fromTime: '2025-01-06T10:25:00',
      toTime: '2025-01-06T10:45:00',
      timezone: 'Europe/Paris',
    });
    expect(ids(page)).toEqual(['c-4', 'c-3']);
    const yesterday = await statsPage({
      fromTime: '2025-01-05T00:00:00',
      toTime: '2025-01-05T23:59:59',
    });
    expect(ids(yesterday)).toEqual(['old']);
  });

  it('answers 400 naming an unknown sort column, filter field or malformed value', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ sortColumn: 'score' }, 'sortColumn'],
      [{ queue: 'sales' }, 'queue'],
      [{ mosFrom: 'good' }, 'mosFrom'],
      [{ size: '1001' }, 'size'],
      [{ sortDirection: 'up' }, 'sortDirection'],
      [{ timezone: 'Mars/Olympus' }, 'timezone'],
      [{ fromTime: '2025-01-06T12:00:00', toTime: '2025-01-06T08:00:00' }, 'toTime'],
    ];
    for (const [query, field] of cases) {
      const res = await stats(query);
      expect(res.statusCode, field).toBe(400);
      const error = res.json<ApiError>().error;
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(error.fields ?? {}), field).toEqual([field]);
      expect(error.message).toContain(field);
    }
  });

  it("never shows another group's calls, and needs a viewer, admin or super", async () => {
    const other = await tenant();
    const page = await stats({ contactId: 'c-1' }, other.headers);
    expect(page.json<CallStatsPage>()).toEqual({ rows: [], total: 0, totalRelation: 'eq' });
    const foreign = await statsPage({ contactId: 'foreign' });
    expect(foreign.total).toBe(0);

    const plain = await createUser(s.database.db, { groups: [main.group], role: 'user' });
    const plainHeaders = authHeaders((await signIn(s.app, plain.email)).token);
    expect((await stats({}, plainHeaders)).statusCode).toBe(403);
    const anonymous = await s.app.inject({ method: 'GET', url: '/api/calls/stats' });
    expect(anonymous.statusCode).toBe(401);
    // A member of another group cannot name this one.
    const outsider = await stats({}, { ...other.headers, 'x-group-id': main.group.id });
    expect(outsider.statusCode).toBeGreaterThanOrEqual(403);
  });
});

describe('GET /api/calls/logs', () => {
  it('lists the log lines of the window newest first with the total', async () => {
    const page = await logsPage();
    expect(page.total).toBe(4);
    expect(page.rows.map((r) => r.text)).toEqual([
      'Agent available',
      'High jitter',
      'ICE failed',
      'Call connected',
    ]);
    expect(page.rows[2]).toMatchObject({
      time: new Date(T0 + 12 * MIN).toISOString(),
      agent: 'alice',
      level: 'ERROR',
      contactId: 'c-1',
    });
  });

  it('filters by agent and level, sorts by level severity, agent and time, and pages', async () => {
    expect((await logsPage({ agent: 'bob' })).rows.map((r) => r.text)).toEqual([
      'Agent available',
      'High jitter',
    ]);
    expect((await logsPage({ level: 'error' })).rows.map((r) => r.text)).toEqual(['ICE failed']);
    const bySeverity = await logsPage({ sortColumn: 'level', sortDirection: 'desc' });
    expect(bySeverity.rows.map((r) => r.level)).toEqual(['ERROR', 'WARN', 'INFO', 'INFO']);
    const byTime = await logsPage({
      sortColumn: 'time',
      sortDirection: 'asc',
      size: '1',
      from: '1',
    });
    expect([byTime.rows.map((r) => r.text), byTime.total]).toEqual([['ICE failed'], 4]);
    const byAgent = await logsPage({ sortColumn: 'agent', sortDirection: 'asc' });
    expect(byAgent.rows.map((r) => r.agent)).toEqual(['alice', 'alice', 'bob', 'bob']);
  });

  it('answers 400 for call fields or an unknown level, and stays in the group', async () => {
    for (const [query, field] of [
      [{ mosFrom: '1' }, 'mosFrom'],
      [{ level: 'DEBUG' }, 'level'],
      [{ sortColumn: 'timestamp' }, 'sortColumn'],
    ] as const) {
      const params = new URLSearchParams({ ...WINDOW, ...query });
      const res = await s.app.inject({
        method: 'GET',
        url: `/api/calls/logs?${params}`,
        headers: main.headers,
      });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json<ApiError>().error.fields ?? {})).toEqual([field]);
    }
    const other = await tenant();
    expect(await logsPage({}, other.headers)).toEqual({ rows: [], total: 0, totalRelation: 'eq' });
  });
});
