import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  COPILOT_HELP,
  METRIC_DECIMALS,
  type ApiError,
  type CopilotMetric,
  type CopilotReply,
  type IngestCallInput,
  type IngestSampleInput,
  type TableArtifact,
} from '@callsight/shared';
import { startTestServer, type TestServer } from './harness.ts';
import {
  authHeaders,
  createApiKey,
  createGroup,
  createUser,
  ingest as ingestThroughApi,
  signIn,
} from './factories.ts';
import { aiMessages, aiThreads, callSummaries } from '../src/db/schema/index.ts';

/** Questions are asked at this instant (a Wednesday): words like "yesterday" are read from it. */
const NOW = Date.parse('2026-03-11T15:30:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (iso: string) => Date.parse(iso);

let s: TestServer;
let headers: Record<string, string>;
let groupId: string;
/** A group holding one call of an agent named like ours. */
let foreignGroupId: string;

const AGENTS = [
  'alice.smith@acme.example',
  'bob.jones@acme.example',
  'carol.white@acme.example',
  'dave.brown@acme.example',
];
const ALICE = 'alice.smith@acme.example';
const BOB = 'bob.jones@acme.example';
const NETWORK_TYPES = ['wifi', 'ethernet', 'wifi'];
const ISPS = ['Fibre Co', 'Cable Inc', 'SkyNet'];
const REGIONS = ['Frankfurt', 'London'];
/** Local addresses: 10.1.x is labelled Office, 10.2.x Home, 10.9.x has no label. */
const ADDRESSES = ['10.1.0.5', '10.2.0.7', '10.9.0.1'];
/** Days before today of each seeded call (0: today); 35 and 40 fall before the month. */
const DAY_OFFSETS = [0, 0, 0, 1, 1, 1, 1, 2, 2, 3, 3, 4, 5, 5, 6, 6, 8, 9, 10, 13, 20, 25, 35, 40];

interface SeedCall {
  contactId: string;
  agent: string;
  networkType: string;
  isp: string;
  region: string;
  ip: string;
  startMs: number;
  seconds: number;
  mos: number;
  jitterMs: number;
  rttMs: number;
  lostPerSecond: number;
}

/** 48 calls spread over agents, ISPs, regions, networks and the last 40 days. */
function seedCalls(): SeedCall[] {
  const today = Date.UTC(2026, 2, 11);
  return Array.from({ length: 48 }, (_, i) => {
    const offset = DAY_OFFSETS[i % DAY_OFFSETS.length] ?? 0;
    const hour = 8 + ((i * 5) % 7);
    return {
      contactId: `call-${String(i).padStart(2, '0')}`,
      agent: AGENTS[i % 4] ?? ALICE,
      networkType: NETWORK_TYPES[i % 3] ?? 'wifi',
      isp: ISPS[(i * 7) % 3] ?? 'SkyNet',
      region: REGIONS[Math.floor(i / 3) % 2] ?? 'London',
      ip: ADDRESSES[(i * 5) % 3] ?? '10.9.0.1',
      startMs: today - offset * DAY + hour * HOUR + ((i * 17) % 50) * 60_000,
      seconds: 20 + ((i * 11) % 70),
      mos: 2.5 + ((i * 7) % 20) / 10,
      jitterMs: 5 + ((i * 13) % 60),
      rttMs: 30 + ((i * 37) % 400),
      lostPerSecond: i % 4,
    };
  });
}

/** A call as stored, read back from call_summaries: what the expected answers are computed from. */
interface StoredCall {
  contactId: string;
  agent: string | null;
  isp: string | null;
  region: string | null;
  label: string | null;
  networkType: string | null;
  tags: string[];
  startMs: number;
  values: Record<Exclude<CopilotMetric, 'callCount' | 'share'>, number | null>;
}
let stored: StoredCall[] = [];

const ingest = (key: string, path: 'calls' | 'samples', items: unknown[]) =>
  ingestThroughApi(s.app, key, path, items);

beforeAll(async () => {
  // Only Date is frozen: timers, the database and the network run as usual.
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  s = await startTestServer();
  const group = await createGroup(s.database.db, { features: ['garvis', 'garvis2'] });
  groupId = group.id;
  const admin = await createUser(s.database.db, { groups: [group], role: 'admin' });
  headers = authHeaders((await signIn(s.app, admin.email)).token);
  const labels = await s.app.inject({
    method: 'PUT',
    url: '/api/config/ip',
    headers,
    payload: {
      ipMap: [
        { cidr: '10.1.0.0/16', label: 'Office' },
        { cidr: '10.2.0.0/16', label: 'Home' },
      ],
    },
  });
  expect(labels.statusCode).toBeLessThan(300);
  const key = await createApiKey(s.app, headers);

  const calls = seedCalls();
  const summaries: IngestCallInput[] = calls.map((c) => ({
    contactId: c.contactId,
    agent: c.agent,
    direction: 'INBOUND',
    startTime: c.startMs,
    endTime: c.startMs + c.seconds * 1000,
    agentISP: c.isp,
    agentRegion: c.region,
    agentLocalIPAddress: c.ip,
    networkType: c.networkType,
  }));
  await ingest(key, 'calls', summaries);
  const samples: IngestSampleInput[] = calls.flatMap((c) =>
    Array.from({ length: c.seconds }, (_, i) => ({
      contactId: c.contactId,
      timestamp: c.startMs + i * 1000,
      inbound: { mos: c.mos, packetsCount: 50, packetsLost: c.lostPerSecond },
      outbound: { mos: c.mos, packetsCount: 50, packetsLost: c.lostPerSecond },
      rttMs: c.rttMs,
      jitterMs: c.jitterMs,
      agentStatus: 'Talk' as const,
    })),
  );
  for (let i = 0; i < samples.length; i += 5000)
    await ingest(key, 'samples', samples.slice(i, i + 5000));

  // Another group's calls must never show up in answers.
  const other = await createGroup(s.database.db, { features: ['garvis2'] });
  foreignGroupId = other.id;
  await s.database.db.insert(callSummaries).values({
    groupId: other.id,
    contactId: 'foreign',
    agent: ALICE,
    startTime: new Date(NOW - HOUR),
    mosAvg: 1,
  });

  const rows = await s.database.db
    .select()
    .from(callSummaries)
    .where(eq(callSummaries.groupId, groupId));
  stored = rows.map((r) => ({
    contactId: r.contactId,
    agent: r.agent,
    isp: r.agentIsp,
    region: r.agentRegion,
    label: r.networkLabel,
    networkType: r.networkType,
    tags: r.tags,
    startMs: r.startTime.getTime(),
    values: {
      mos: r.mosAvg,
      jitter: r.jitterAvgMs,
      packetLoss: r.packetsLostFraction === null ? null : r.packetsLostFraction * 100,
      rtt: r.rttAvgMs,
      duration: r.durationSeconds,
      score: r.score,
    },
  }));
});

afterAll(async () => {
  await s.close();
  vi.useRealTimers();
});

async function ask(question: string, threadId?: string) {
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/garvis2/ask',
    headers,
    payload: { question, ...(threadId ? { threadId } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CopilotReply>();
}

// ---- Expected answers, computed from the stored calls independently of the engine ----

type Window = [number, number];
const D0 = Date.UTC(2026, 2, 11);
const W = {
  today: [D0, NOW],
  yesterday: [D0 - DAY, D0],
  last24h: [NOW - DAY, NOW],
  last48h: [NOW - 2 * DAY, NOW],
  last3d: [NOW - 3 * DAY, NOW],
  last7d: [NOW - 7 * DAY, NOW],
  last14d: [NOW - 14 * DAY, NOW],
  last30d: [NOW - 30 * DAY, NOW],
  thisWeek: [at('2026-03-09T00:00:00Z'), NOW],
  lastWeek: [at('2026-03-02T00:00:00Z'), at('2026-03-09T00:00:00Z')],
  thisMonth: [at('2026-03-01T00:00:00Z'), NOW],
  lastMonth: [at('2026-02-01T00:00:00Z'), at('2026-03-01T00:00:00Z')],
} satisfies Record<string, Window>;

type Order = 'worst' | 'best' | 'highest' | 'lowest';
interface Expectation {
  window: Window;
  metrics: CopilotMetric[];
  /** The calls counted (thresholds and names); with `counted`, only the names. */
  where?: (c: StoredCall) => boolean;
  /** With the share metric: what a chosen call is counted by. */
  counted?: (c: StoredCall) => boolean;
  by?: (c: StoredCall) => string | string[];
  rank?: { order: Order; limit: number };
  list?: boolean;
  chart?: 'line' | 'bar';
  /** A second window compared with the first. */
  compare?: Window;
}

const HIGHER_IS_WORSE = new Set<CopilotMetric>(['jitter', 'packetLoss', 'rtt', 'share']);
const agent = (c: StoredCall) => c.agent ?? '(none)';
const isp = (c: StoredCall) => c.isp ?? '(none)';
const region = (c: StoredCall) => c.region ?? '(none)';
const label = (c: StoredCall) => c.label ?? '(none)';
const networkType = (c: StoredCall) => c.networkType ?? '(none)';
const insights = (c: StoredCall) => c.tags;
const day = (c: StoredCall) => new Date(c.startMs).toISOString().slice(0, 10);
const hour = (c: StoredCall) =>
  `${new Date(c.startMs).toISOString().slice(0, 13).replace('T', ' ')}:00`;

/** A metric over chosen calls: averages and counts over the counted ones, the share of them. */
function aggregate(
  calls: StoredCall[],
  metric: CopilotMetric,
  counted: (c: StoredCall) => boolean = () => true,
): number | null {
  const kept = calls.filter(counted);
  if (metric === 'share') return calls.length ? (100 * kept.length) / calls.length : 0;
  if (metric === 'callCount') return kept.length;
  const values = kept.map((c) => c.values[metric]).filter((v): v is number => v !== null);
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
}

function expectClose(metric: CopilotMetric, actual: unknown, expected: number | null) {
  if (expected === null) return expect(actual).toBeNull();
  expect(typeof actual).toBe('number');
  // Rounded to the answer's decimals; float4 storage may move a half-way value either side.
  expect(Math.abs((actual as number) - expected)).toBeLessThanOrEqual(
    0.5 * 10 ** -METRIC_DECIMALS[metric] + 1e-6,
  );
}

const byType = <T extends CopilotReply['artifacts'][number]['type']>(
  reply: CopilotReply,
  type: T,
) =>
  reply.artifacts.find((a) => a.type === type) as
    Extract<CopilotReply['artifacts'][number], { type: T }> | undefined;

const inWindow = (w: Window, e: Expectation) =>
  stored.filter((c) => c.startMs >= w[0] && c.startMs < w[1] && (e.where?.(c) ?? true));

function check(reply: CopilotReply, e: Expectation) {
  const calls = inWindow(e.window, e);
  expect(calls.length, 'the seeded data should make this question non-trivial').toBeGreaterThan(0);
  // Every answer says how it read the question.
  expect(reply.response).toContain('I read this as:');
  if (e.list) {
    expect(reply.response).toContain(`I found ${calls.length} call`);
    const ids = [...calls]
      .sort((a, b) => b.startMs - a.startMs || a.contactId.localeCompare(b.contactId))
      .map((c) => c.contactId);
    expect(byType(reply, 'table')?.rows.map((r) => r.contactId)).toEqual(ids.slice(0, 50));
    expect(byType(reply, 'link')?.path).toMatch(/^explorer\/calls\?from=/);
    return;
  }
  if (e.compare) {
    const other = inWindow(e.compare, e);
    const table = byType(reply, 'table');
    expect(table?.rows).toHaveLength(2);
    for (const m of e.metrics) {
      expectClose(m, table?.rows[0]?.[m], aggregate(calls, m, e.counted));
      expectClose(m, table?.rows[1]?.[m], aggregate(other, m, e.counted));
    }
    return;
  }
  if (!e.by) {
    const row = byType(reply, 'table')?.rows[0] ?? {};
    for (const m of e.metrics) expectClose(m, row[m], aggregate(calls, m, e.counted));
    expect(reply.response).toContain(String(calls.length));
    return;
  }
  const by = e.by;
  const groups = new Map<string, StoredCall[]>();
  for (const c of calls)
    for (const k of [by(c)].flat()) groups.set(k, [...(groups.get(k) ?? []), c]);
  let keys = [...groups.keys()];
  const first = e.metrics[0] ?? 'callCount';
  const valueOf = (k: string) => aggregate(groups.get(k) ?? [], first, e.counted) ?? Number.NaN;
  const timeAxis = e.by === day || e.by === hour;
  // Breakdowns are ranked as asked, or worst first; days and hours stay in time order.
  const rank =
    e.rank ??
    (timeAxis
      ? null
      : { order: first === 'callCount' ? ('highest' as const) : ('worst' as const), limit: 1000 });
  if (rank) {
    const descending =
      rank.order === 'highest' ||
      (rank.order === 'worst' && HIGHER_IS_WORSE.has(first)) ||
      (rank.order === 'best' && !HIGHER_IS_WORSE.has(first));
    keys.sort((a, b) => {
      const d = descending ? valueOf(b) - valueOf(a) : valueOf(a) - valueOf(b);
      return d !== 0 ? d : a.localeCompare(b);
    });
    keys = keys.slice(0, rank.limit);
    expect(reply.response).toContain(keys[0] ?? '');
  }
  let got: { key: string; values: Record<string, unknown> }[];
  if (e.chart) {
    expect(reply.artifacts[0]?.type).toBe('chart');
    const data = byType(reply, 'chart')?.data as {
      xAxis: { data: string[] };
      series: { type: string; data: (number | null)[] }[];
    };
    for (const series of data.series) expect(series.type).toBe(e.chart);
    got = data.xAxis.data.map((key, i) => ({
      key,
      values: Object.fromEntries(e.metrics.map((m, j) => [m, data.series[j]?.data[i]])),
    }));
  } else {
    const table = byType(reply, 'table');
    expect(table).toBeDefined();
    got = (table?.rows ?? []).map((r) => ({ key: String(r.key), values: r }));
  }
  if (rank) expect(got.map((g) => g.key)).toEqual(keys);
  else expect([...got.map((g) => g.key)].sort()).toEqual([...keys].sort());
  for (const g of got) {
    for (const m of e.metrics)
      expectClose(m, g.values[m], aggregate(groups.get(g.key) ?? [], m, e.counted));
  }
}

interface Case {
  q: string;
  /** Asked in the thread of the question before it. */
  followUp?: boolean;
  expect: Expectation | 'help' | 'unknown' | 'unknownName';
}

const CASES: Case[] = [
  {
    q: 'How many calls were there in the last 7 days?',
    expect: { window: W.last7d, metrics: ['callCount'] },
  },
  { q: 'How many calls today?', expect: { window: W.today, metrics: ['callCount'] } },
  { q: 'How many calls yesterday?', expect: { window: W.yesterday, metrics: ['callCount'] } },
  {
    q: 'What was the average MOS in the last 7 days?',
    expect: { window: W.last7d, metrics: ['mos'] },
  },
  { q: 'Average jitter yesterday', expect: { window: W.yesterday, metrics: ['jitter'] } },
  {
    q: 'What is the average packet loss this week?',
    expect: { window: W.thisWeek, metrics: ['packetLoss'] },
  },
  { q: 'average RTT in the last 24 hours', expect: { window: W.last24h, metrics: ['rtt'] } },
  {
    q: 'What was the average call duration last week?',
    expect: { window: W.lastWeek, metrics: ['duration'] },
  },
  { q: 'average score this month', expect: { window: W.thisMonth, metrics: ['score'] } },
  {
    q: 'Show MOS by agent in the last 7 days',
    expect: { window: W.last7d, metrics: ['mos'], by: agent },
  },
  { q: 'and by ISP?', followUp: true, expect: { window: W.last7d, metrics: ['mos'], by: isp } },
  {
    q: 'what about yesterday?',
    followUp: true,
    expect: { window: W.yesterday, metrics: ['mos'], by: isp },
  },
  {
    q: 'average jitter by region last 14 days',
    expect: { window: W.last14d, metrics: ['jitter'], by: region },
  },
  {
    q: 'packet loss by network label this week',
    expect: { window: W.thisWeek, metrics: ['packetLoss'], by: label },
  },
  {
    q: 'How many calls per agent today?',
    expect: { window: W.today, metrics: ['callCount'], by: agent },
  },
  {
    q: 'Which agent had the worst MOS in the last 7 days?',
    expect: { window: W.last7d, metrics: ['mos'], by: agent, rank: { order: 'worst', limit: 1 } },
  },
  {
    q: 'Which ISP had the highest jitter last 30 days?',
    expect: {
      window: W.last30d,
      metrics: ['jitter'],
      by: isp,
      rank: { order: 'highest', limit: 1 },
    },
  },
  {
    q: 'Top 3 agents by call count this month',
    expect: {
      window: W.thisMonth,
      metrics: ['callCount'],
      by: agent,
      rank: { order: 'highest', limit: 3 },
    },
  },
  {
    q: 'Which region had the best score last week?',
    expect: {
      window: W.lastWeek,
      metrics: ['score'],
      by: region,
      rank: { order: 'best', limit: 1 },
    },
  },
  {
    q: 'How many calls had MOS below 3.5 in the last 7 days?',
    expect: { window: W.last7d, metrics: ['callCount'], where: (c) => (c.values.mos ?? 9) < 3.5 },
  },
  {
    q: 'List calls with MOS below 3 in the last 7 days',
    expect: { window: W.last7d, metrics: [], list: true, where: (c) => (c.values.mos ?? 9) < 3 },
  },
  {
    q: 'Show me the calls with jitter above 40 ms yesterday',
    expect: {
      window: W.yesterday,
      metrics: [],
      list: true,
      where: (c) => (c.values.jitter ?? 0) > 40,
    },
  },
  {
    q: 'calls with RTT over 300 ms this week',
    expect: { window: W.thisWeek, metrics: ['callCount'], where: (c) => (c.values.rtt ?? 0) > 300 },
  },
  {
    q: 'How many calls longer than 1 minute in the last 7 days?',
    expect: {
      window: W.last7d,
      metrics: ['callCount'],
      where: (c) => (c.values.duration ?? 0) > 60,
    },
  },
  {
    q: 'MOS by day over the last 7 days',
    expect: { window: W.last7d, metrics: ['mos'], by: day, chart: 'line' },
  },
  {
    q: 'Plot the average jitter per hour today',
    expect: { window: W.today, metrics: ['jitter'], by: hour, chart: 'line' },
  },
  {
    q: 'MOS trend this week',
    expect: { window: W.thisWeek, metrics: ['mos'], by: day, chart: 'line' },
  },
  {
    q: 'Average MOS for alice in the last 7 days',
    expect: { window: W.last7d, metrics: ['mos'], where: (c) => c.agent === ALICE },
  },
  {
    q: 'average RTT on Fibre Co yesterday',
    expect: { window: W.yesterday, metrics: ['rtt'], where: (c) => c.isp === 'Fibre Co' },
  },
  {
    q: 'How many calls in Frankfurt this week?',
    expect: { window: W.thisWeek, metrics: ['callCount'], where: (c) => c.region === 'Frankfurt' },
  },
  {
    q: 'Jitter and packet loss by agent last 7 days',
    expect: { window: W.last7d, metrics: ['jitter', 'packetLoss'], by: agent },
  },
  {
    q: 'only for bob',
    followUp: true,
    expect: {
      window: W.last7d,
      metrics: ['jitter', 'packetLoss'],
      by: agent,
      where: (c) => c.agent === BOB,
    },
  },
  {
    q: 'Average MOS by agent with jitter above 30 ms last 7 days',
    expect: {
      window: W.last7d,
      metrics: ['mos'],
      by: agent,
      where: (c) => (c.values.jitter ?? 0) > 30,
    },
  },
  {
    q: 'Which agent had the most calls yesterday?',
    expect: {
      window: W.yesterday,
      metrics: ['callCount'],
      by: agent,
      rank: { order: 'highest', limit: 1 },
    },
  },
  {
    q: 'Bar chart of call count by ISP last 30 days',
    expect: { window: W.last30d, metrics: ['callCount'], by: isp, chart: 'bar' },
  },
  {
    q: 'What was the lowest average MOS by region in the last 24 hours?',
    expect: {
      window: W.last24h,
      metrics: ['mos'],
      by: region,
      rank: { order: 'lowest', limit: 1 },
    },
  },
  { q: 'Average MOS on 2026-03-10', expect: { window: W.yesterday, metrics: ['mos'] } },
  {
    q: 'How many calls in the last 48 hours?',
    expect: { window: W.last48h, metrics: ['callCount'] },
  },
  {
    q: 'Average score by agent last month',
    expect: { window: W.lastMonth, metrics: ['score'], by: agent },
  },
  { q: 'help', expect: 'help' },
  { q: "What's the weather like?", expect: 'unknown' },
  {
    q: 'worst 2 ISPs by packet loss this week',
    expect: {
      window: W.thisWeek,
      metrics: ['packetLoss'],
      by: isp,
      rank: { order: 'worst', limit: 2 },
    },
  },
  {
    q: 'and by network label?',
    followUp: true,
    expect: {
      window: W.thisWeek,
      metrics: ['packetLoss'],
      by: label,
      rank: { order: 'worst', limit: 2 },
    },
  },
  {
    q: 'How many calls with score below 8 today?',
    expect: { window: W.today, metrics: ['callCount'], where: (c) => (c.values.score ?? 10) < 8 },
  },
  { q: 'Average MOS last 3 days', expect: { window: W.last3d, metrics: ['mos'] } },
  // Issue 16: what supervisors ask.
  {
    q: 'How many calls had high jitter yesterday?',
    expect: {
      window: W.yesterday,
      metrics: ['callCount'],
      where: (c) => (c.values.jitter ?? 0) > 30,
    },
  },
  {
    q: 'What percentage of calls had poor MOS in the last 7 days?',
    expect: { window: W.last7d, metrics: ['share'], counted: (c) => (c.values.mos ?? 9) < 3.5 },
  },
  {
    q: 'Which 2 agents had the lowest average MOS this week?',
    expect: {
      window: W.thisWeek,
      metrics: ['mos'],
      by: agent,
      rank: { order: 'lowest', limit: 2 },
    },
  },
  {
    q: 'Which agents had the worst MOS this week?',
    expect: {
      window: W.thisWeek,
      metrics: ['mos'],
      by: agent,
      rank: { order: 'worst', limit: 100 },
    },
  },
  {
    q: 'Compare MOS on wifi versus wired this month',
    expect: { window: W.thisMonth, metrics: ['mos'], by: networkType },
  },
  {
    q: 'Average MOS this week vs last week',
    expect: { window: W.thisWeek, metrics: ['mos'], compare: W.lastWeek },
  },
  {
    q: 'How many calls did alice.smith take this week?',
    expect: { window: W.thisWeek, metrics: ['callCount'], where: (c) => c.agent === ALICE },
  },
  {
    q: 'What are the most common insights in the last 30 days?',
    expect: {
      window: W.last30d,
      metrics: ['callCount'],
      by: insights,
      rank: { order: 'highest', limit: 100 },
    },
  },
  {
    q: 'Which agents had the most poor calls in the last 30 days?',
    expect: {
      window: W.last30d,
      metrics: ['callCount'],
      by: agent,
      where: (c) => (c.values.mos ?? 9) < 3.5,
      rank: { order: 'highest', limit: 100 },
    },
  },
  {
    q: 'Average packet loss by ISP',
    expect: { window: W.last7d, metrics: ['packetLoss'], by: isp },
  },
  {
    q: 'How many calls had high RTT on Fibre Co this month?',
    expect: {
      window: W.thisMonth,
      metrics: ['callCount'],
      where: (c) => (c.values.rtt ?? 0) > 300 && c.isp === 'Fibre Co',
    },
  },
  {
    q: 'and last month?',
    followUp: true,
    expect: {
      window: W.lastMonth,
      metrics: ['callCount'],
      where: (c) => (c.values.rtt ?? 0) > 300 && c.isp === 'Fibre Co',
    },
  },
  {
    q: 'only for SkyNet',
    followUp: true,
    expect: {
      window: W.lastMonth,
      metrics: ['callCount'],
      where: (c) => (c.values.rtt ?? 0) > 300 && c.isp === 'SkyNet',
    },
  },
  {
    q: 'show me those calls',
    followUp: true,
    expect: {
      window: W.lastMonth,
      metrics: [],
      list: true,
      where: (c) => (c.values.rtt ?? 0) > 300 && c.isp === 'SkyNet',
    },
  },
  {
    q: 'Average jitter on Monday',
    expect: {
      window: [at('2026-03-09T00:00:00Z'), at('2026-03-10T00:00:00Z')],
      metrics: ['jitter'],
    },
  },
  { q: 'How many calls did zed take this week?', expect: 'unknownName' },
  { q: 'What will the weather be in London tomorrow?', expect: 'unknown' },
  {
    q: 'MOS below 3.5 by ISP last 7 days',
    expect: {
      window: W.last7d,
      metrics: ['callCount'],
      by: isp,
      where: (c) => (c.values.mos ?? 9) < 3.5,
    },
  },
];

describe('CX copilot built-in engine: questions about the seeded calls', () => {
  it('seeds calls with the metrics the questions need', () => {
    expect(stored).toHaveLength(48);
    expect(new Set(stored.map((c) => c.label))).toEqual(new Set(['Office', 'Home', null]));
    expect(stored.every((c) => c.values.mos !== null && c.values.jitter !== null)).toBe(true);
    expect(CASES.length).toBeGreaterThanOrEqual(40);
  });

  let threadId: string | undefined;
  for (const c of CASES) {
    it(c.q, async () => {
      const reply = await ask(c.q, c.followUp ? threadId : undefined);
      if (c.followUp) expect(reply.threadId).toBe(threadId);
      else expect(reply.threadId).not.toBe(threadId);
      threadId = reply.threadId;
      if (c.expect === 'help') {
        expect(reply.response).toBe(COPILOT_HELP);
        expect(reply.artifacts).toEqual([]);
      } else if (c.expect === 'unknown') {
        expect(reply.response).toContain('I could not tell which metric you mean.');
        expect(reply.response).toContain('Questions I can answer include:');
        expect(reply.artifacts).toEqual([]);
      } else if (c.expect === 'unknownName') {
        expect(reply.response).toMatch(/^I found no agent, ISP, network label or region called/);
        expect(reply.artifacts).toEqual([]);
      } else {
        check(reply, c.expect);
      }
    });
  }
});

describe('CX copilot: call rankings, periods before and any insight', () => {
  it('lists the 5 worst calls by MOS, worst first, with the explorer link', async () => {
    const reply = await ask('Show me the 5 worst calls by MOS in the last 30 days');
    const expected = inWindow(W.last30d, { window: W.last30d, metrics: [] })
      .sort((a, b) => (a.values.mos ?? 9) - (b.values.mos ?? 9) || b.startMs - a.startMs)
      .slice(0, 5);
    const rows = byType(reply, 'table')?.rows ?? [];
    expect(rows).toHaveLength(5);
    for (const [i, row] of rows.entries())
      expectClose('mos', row.mos, expected[i]?.values.mos ?? null);
    expect(reply.response).toContain('Here are the 5 with the worst MOS.');
    expect(byType(reply, 'link')?.path).toContain('explorer/calls?');
  });

  it('compares last week with the week before it', async () => {
    const reply = await ask('How many calls last week compared to the week before?');
    const before: Window = [at('2026-02-23T00:00:00Z'), at('2026-03-02T00:00:00Z')];
    const rows = byType(reply, 'table')?.rows ?? [];
    expect(rows[0]?.callCount).toBe(
      inWindow(W.lastWeek, { window: W.lastWeek, metrics: [] }).length,
    );
    expect(rows[1]?.callCount).toBe(inWindow(before, { window: before, metrics: [] }).length);
    expect(rows[1]?.key).toBe('the week of 2026-02-23');
  });

  it('counts the calls with any insight per agent', async () => {
    const reply = await ask('Give me a breakdown of insights by agent in the last 30 days');
    const calls = inWindow(W.last30d, { window: W.last30d, metrics: [] });
    const rows = byType(reply, 'table')?.rows ?? [];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const mine = calls.filter((c) => c.agent === row.key);
      expect(row.callCount).toBe(mine.filter((c) => c.tags.length > 0).length);
      expect(row.total).toBe(mine.length);
    }
    expect(reply.response).toContain('any insight');
  });
});

describe('CX copilot routes', () => {
  it('persists each exchange in its thread, in order', async () => {
    const first = await ask('How many calls today?');
    const second = await ask('and yesterday?', first.threadId);
    expect(second.threadId).toBe(first.threadId);
    const messages = await s.database.db
      .select({ role: aiMessages.role, content: aiMessages.content })
      .from(aiMessages)
      .where(eq(aiMessages.threadId, first.threadId))
      .orderBy(aiMessages.seq);
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(messages[2]?.content).toBe('and yesterday?');
    expect(messages[3]?.content).toBe(second.response);
    const [thread] = await s.database.db
      .select()
      .from(aiThreads)
      .where(eq(aiThreads.id, first.threadId));
    expect(thread?.groupId).toBe(groupId);
    expect(thread?.lastQuery).toMatchObject({ range: { kind: 'yesterday' } });
  });

  it('answers GET /api/garvis/ask?prompt= with the same engine', async () => {
    const res = await s.app.inject({
      method: 'GET',
      url: `/api/garvis/ask?prompt=${encodeURIComponent('How many calls today?')}`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    const reply = res.json<CopilotReply>();
    const today = stored.filter((c) => c.startMs >= W.today[0] && c.startMs < W.today[1]).length;
    expect(reply.response).toMatch(
      new RegExp(`^There were ${today} calls today\\.\\n\\nI read this as: `),
    );
  });

  it('never counts another group’s calls', async () => {
    const reply = await ask('How many calls for alice in the last 24 hours?');
    const expected = stored.filter((c) => c.agent === ALICE && c.startMs >= W.last24h[0]).length;
    const table = reply.artifacts[0] as TableArtifact;
    expect(table.rows[0]?.callCount ?? 0).toBe(expected);
  });

  it('refuses an empty question, an unknown thread and another group’s thread', async () => {
    const empty = await s.app.inject({
      method: 'POST',
      url: '/api/garvis2/ask',
      headers,
      payload: { question: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    const unknown = await s.app.inject({
      method: 'POST',
      url: '/api/garvis2/ask',
      headers,
      payload: { question: 'and by ISP?', threadId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.statusCode).toBe(404);

    const user = await createUser(s.database.db, {
      groups: [{ id: foreignGroupId }],
      role: 'viewer',
    });
    const otherHeaders = authHeaders((await signIn(s.app, user.email)).token);
    const mine = await ask('How many calls today?');
    const foreign = await s.app.inject({
      method: 'POST',
      url: '/api/garvis2/ask',
      headers: otherHeaders,
      payload: { question: 'and by ISP?', threadId: mine.threadId },
    });
    expect(foreign.statusCode).toBe(404);
    const own = await s.app.inject({
      method: 'POST',
      url: '/api/garvis2/ask',
      headers: otherHeaders,
      payload: { question: 'How many calls in the last 24 hours?' },
    });
    expect(own.json<CopilotReply>().response).toMatch(
      /^There was 1 call in the last 24 hours\.\n\nI read/,
    );
  });

  it('needs the garvis2 flag, and garvisPreview for ask_preview', async () => {
    const preview = await s.app.inject({
      method: 'POST',
      url: '/api/garvis2/ask_preview',
      headers,
      payload: { question: 'How many calls today?' },
    });
    expect(preview.statusCode).toBe(403);
    await s.database.db.execute(
      sql`insert into group_features (group_id, feature) values (${groupId}, 'garvisPreview')`,
    );
    const allowed = await s.app.inject({
      method: 'POST',
      url: '/api/garvis2/ask_preview',
      headers,
      payload: { question: 'How many calls today?' },
    });
    expect(allowed.statusCode).toBe(200);

    const plain = await createGroup(s.database.db);
    const user = await createUser(s.database.db, { groups: [plain], role: 'admin' });
    const plainHeaders = authHeaders((await signIn(s.app, user.email)).token);
    const off = await s.app.inject({
      method: 'POST',
      url: '/api/garvis2/ask',
      headers: plainHeaders,
      payload: { question: 'How many calls today?' },
    });
    expect(off.statusCode).toBe(403);
    expect(off.json<ApiError>().error.message).toBe('The CX copilot is not enabled for this group');
    const get = await s.app.inject({
      method: 'GET',
      url: '/api/garvis/ask?prompt=hi',
      headers: plainHeaders,
    });
    expect(get.statusCode).toBe(403);
  });

  it('documents the copilot in the OpenAPI document', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, Record<string, unknown>> }>();
    expect(Object.keys(doc.paths['/api/garvis2/ask'] ?? {})).toEqual(['post']);
    expect(Object.keys(doc.paths['/api/garvis/ask'] ?? {})).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/traces/{traceId}/ai-summary'] ?? {}).sort()).toEqual([
      'get',
      'post',
    ]);
  });
});
