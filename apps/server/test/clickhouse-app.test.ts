import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type {
  CopilotReply,
  IngestCallInput,
  IngestLogInput,
  IngestSampleInput,
} from '@callsight/shared';
import { startTestServer, type TestServer } from './harness.ts';
import { authHeaders, createTenant, createUser, signIn } from './factories.ts';
import { openContractClickHouse, type ContractClickHouse } from './support/contract-clickhouse.ts';
import { ensureDemoData } from '../src/db/bootstrap.ts';
import type { ClickHouseClient } from '../src/db/clickhouse/client.ts';
import { demoAgents } from '../src/demo/catalogue.ts';
import { findDemoGroupId } from '../src/demo/demo-group.ts';
import { startDemoTraffic } from '../src/demo/index.ts';
import { LiveTraffic } from '../src/demo/live-traffic.ts';
import { forGroup } from '../src/db/group-scope.ts';
import { queryRows } from '../src/db/pg-arrays.ts';
import { syntheticJobs } from '../src/db/schema/synthetic.ts';
import { EMPTY_DETAILS } from '../src/services/synthetic/jobs.ts';
import { ConcurrencyGate } from '../src/services/telemetry/concurrency-gate.ts';
import { InProcessCallLocks } from '../src/services/telemetry-store/clickhouse/call-locks.ts';
import { clickHouseStoreOn } from '../src/services/telemetry-store/open-telemetry-store.ts';
import { wholeGroup } from '../src/services/telemetry-store/call-scope.ts';

/**
 * The app on ClickHouse (issue 23): the same requests through the real routes on a PostgreSQL-
 * mode app and on an app whose telemetry store is ClickHouse (chDB in process, one session for
 * the file; or CLICKHOUSE_URL's server) answer alike: ingestion, the explorer's call list and
 * agent log, call detail and the copilot's ask_preview.
 */

let clickhouse: ContractClickHouse;
let pg: TestServer;
let ch: TestServer;

/** The file's one ClickHouse session, handed to each store without its close (disposed last). */
const kept = (client: ClickHouseClient): ClickHouseClient => ({ ...client, close: async () => {} });

beforeAll(async () => {
  clickhouse = await openContractClickHouse();
  pg = await startTestServer();
  ch = await startTestServer({}, { clickHouse: kept(clickhouse.client) });
}, 120_000);

afterAll(async () => {
  await ch?.close();
  await pg?.close();
  await clickhouse?.dispose();
});

const HOUR = 3_600_000;
const T0 = Math.floor((Date.now() - 3 * HOUR) / 60_000) * 60_000;
const isoText = (ms: number) => new Date(ms).toISOString().slice(0, 19);
const WINDOW = `fromTime=${isoText(T0 - HOUR)}&toTime=${isoText(T0 + 2 * HOUR)}`;

function summary(contactId: string, agent: string, isp: string, offset: number): IngestCallInput {
  return {
    contactId,
    agent,
    direction: 'INBOUND',
    startTime: T0 + offset,
    endTime: T0 + offset + 120_000,
    agentISP: isp,
    agentLocalIPAddress: '10.0.0.7',
    networkType: 'wifi',
    holdIntervals: [{ start: T0 + offset + 10_000, end: T0 + offset + 15_000 }],
  };
}

function seconds(contactId: string, offset: number, from = 0, to = 120): IngestSampleInput[] {
  return Array.from({ length: to - from }, (_, k) => {
    const i = from + k;
    const bad = i >= 40 && i < 60;
    return {
      contactId,
      timestamp: T0 + offset + i * 1000,
      inbound: bad
        ? { packetsCount: 40, packetsLost: 10, audioLevel: 0.05 }
        : { mos: 4.3, packetsCount: 50, packetsLost: 0, audioLevel: 0.2 },
      outbound: { mos: 4.1, packetsCount: 50, packetsLost: 1, audioLevel: 0.1 },
      rttMs: bad ? 450 : 40 + (i % 7),
      jitterMs: bad ? 70 : 4.25,
      cpuAvailablePercent: 65,
      agentStatus: i >= 80 && i < 100 ? 'On Hold' : 'Talk',
    };
  });
}

function logs(contactId: string, agent: string, offset: number): IngestLogInput[] {
  return [
    { time: T0 + offset + 1000, level: 'INFO', agent, contactId, text: 'connected' },
    { time: T0 + offset + 41_000, level: 'ERROR', agent, contactId, text: 'ICE failed' },
    { time: T0 + offset + 42_000, level: 'ERROR', agent, contactId, text: 'ICE failed again' },
  ];
}

type Tenant = Awaited<ReturnType<typeof createTenant>>;

async function post(s: TestServer, key: string, path: string, items: unknown[]) {
  const res = await s.app.inject({
    method: 'POST',
    url: `/api/ingest/v1/${path}`,
    headers: { authorization: `Bearer ${key}` },
    payload: { [path]: items },
  });
  return { status: res.statusCode, body: res.json<unknown>() };
}

/** The same telemetry through the HTTP routes: summaries, seconds (one resent), lines, a late call. */
async function ingestAll(s: TestServer, t: Tenant) {
  const answers = [];
  answers.push(
    await post(s, t.key, 'calls', [
      summary('app-a', 'alice', 'Telstra', 0),
      summary('app-b', 'bob', 'Optus', 600_000),
    ]),
  );
  answers.push(await post(s, t.key, 'samples', seconds('app-a', 0, 0, 70)));
  answers.push(await post(s, t.key, 'samples', seconds('app-a', 0, 60, 120)));
  answers.push(await post(s, t.key, 'samples', seconds('app-b', 600_000)));
  // Seconds before any summary: a placeholder start from the first second, then logs.
  answers.push(await post(s, t.key, 'samples', seconds('app-c', 1_200_000, 0, 30)));
  answers.push(await post(s, t.key, 'logs', logs('app-a', 'alice', 0)));
  answers.push(await post(s, t.key, 'logs', logs('app-c', 'carol', 1_200_000)));
  answers.push(await post(s, t.key, 'logs', logs('app-c', 'carol', 1_200_000)));
  return answers;
}

async function get(s: TestServer, headers: Record<string, string>, url: string) {
  const res = await s.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<unknown>();
}

async function ask(s: TestServer, t: Tenant, question: string) {
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/garvis2/ask_preview',
    headers: t.viewerHeaders,
    payload: { question },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { response, artifacts } = res.json<CopilotReply>();
  // The explorer links carry the asking moment: the two apps are asked a few ms apart.
  const moment = /\d{4}-\d\d-\d\dT\d\d%3A\d\d%3A\d\d\.\d{3}Z/g;
  return { response, artifacts: JSON.parse(JSON.stringify(artifacts).replace(moment, 'now')) };
}

describe('the app with its telemetry store on ClickHouse', { timeout: 120_000 }, () => {
  let tp: Tenant;
  let tc: Tenant;
  beforeAll(async () => {
    const features = ['garvis2', 'garvisPreview'] as const;
    tp = await createTenant(pg, { features: [...features] });
    tc = await createTenant(ch, { features: [...features] });
    expect(await ingestAll(ch, tc)).toEqual(await ingestAll(pg, tp));
  }, 120_000);

  it('opens the store the config chooses', async () => {
    expect(pg.ctx.telemetry.kind).toBe('postgres');
    expect(ch.ctx.telemetry.kind).toBe('clickhouse');
    // Nothing of ClickHouse mode's telemetry lands in PostgreSQL.
    const [row] = await queryRows<{ n: number }>(
      ch.database.db,
      sql`select (select count(*) from call_summaries)::int
        + (select count(*) from call_sample_chunks)::int
        + (select count(*) from softphone_logs)::int as n`,
    );
    expect(row?.n).toBe(0);
  });

  it('lists calls and agent logs alike', async () => {
    for (const query of [
      WINDOW,
      `${WINDOW}&sortColumn=mos&sortDirection=asc`,
      `${WINDOW}&agent=alice`,
      `${WINDOW}&size=1&from=1&sortColumn=agent`,
    ]) {
      const expected = await get(pg, tp.viewerHeaders, `/api/calls/stats?${query}`);
      expect(await get(ch, tc.viewerHeaders, `/api/calls/stats?${query}`), query).toEqual(expected);
    }
    const stats = (await get(ch, tc.viewerHeaders, `/api/calls/stats?${WINDOW}`)) as {
      total: number;
    };
    expect(stats.total).toBe(3);
    for (const query of [WINDOW, `${WINDOW}&level=ERROR`, `${WINDOW}&agent=carol`]) {
      const expected = await get(pg, tp.viewerHeaders, `/api/calls/logs?${query}`);
      expect(await get(ch, tc.viewerHeaders, `/api/calls/logs?${query}`), query).toEqual(expected);
    }
  });

  it("answers a call's detail alike", async () => {
    for (const id of ['app-a', 'app-b', 'app-c']) {
      const url = `/api/viscall2/call/us-east-1/${id}?includeTelemetry=true`;
      const expected = await get(pg, tp.adminHeaders, url);
      expect(await get(ch, tc.adminHeaders, url), id).toEqual(expected);
    }
    const missing = await ch.app.inject({
      method: 'GET',
      url: '/api/viscall2/call/us-east-1/nobody',
      headers: tc.viewerHeaders,
    });
    expect(missing.statusCode).toBe(404);
  });

  it("stores a heartbeat job's agent telemetry in the store, where call detail reads it", async () => {
    const finishWithCall = async (s: TestServer, t: Tenant) => {
      const scope = forGroup(s.database.db, t.group.id);
      const [job] = await s.database.db
        .insert(syntheticJobs)
        .values(
          scope.row(syntheticJobs, {
            kind: 'heartbeat',
            slotAt: new Date(T0),
            agentId: 'hb-agent',
            connectRegion: 'Sydney',
            agentRegion: 'Sydney',
            status: 'In Progress',
          }),
        )
        .returning();
      if (!job) throw new Error('no job');
      await s.ctx.synthetic.finish(
        { id: job.id, groupId: t.group.id },
        {
          status: 'Completed',
          message: null,
          startedAt: new Date(T0 + 1_800_000),
          endedAt: new Date(T0 + 1_920_000),
          diallerCallId: null,
          receiverCallId: null,
          callContactId: 'hb-call',
          carrier: null,
          mos: 4.2,
          cxScore: 10,
          axScore: 10,
          networkScore: 10,
          details: EMPTY_DETAILS,
          stats: [],
          measures: {},
          recordings: {},
          agentTelemetry: {
            calls: [summary('hb-call', 'hb-agent', 'Telstra', 1_800_000)],
            samples: seconds('hb-call', 1_800_000),
            events: [],
          },
        },
      );
    };
    // Tenants of their own: the other cases count the shared tenants' calls.
    const [hp, hc] = [await createTenant(pg), await createTenant(ch)];
    await finishWithCall(pg, hp);
    await finishWithCall(ch, hc);
    const url = '/api/viscall2/call/us-east-1/hb-call?includeTelemetry=true';
    const expected = await get(pg, hp.adminHeaders, url);
    expect(await get(ch, hc.adminHeaders, url)).toEqual(expected);
    // ClickHouse mode wrote none of it to PostgreSQL's telemetry tables.
    const [row] = await queryRows<{ n: number }>(
      ch.database.db,
      sql`select (select count(*) from call_summaries)::int
        + (select count(*) from call_sample_chunks)::int as n`,
    );
    expect(row?.n).toBe(0);
  });

  it('answers ask_preview from ClickHouse', async () => {
    const counted = await ask(ch, tc, 'How many calls in the last 24 hours?');
    expect(counted.response).toMatch(/^There were 3 calls in the last 24 hours/);
    for (const question of [
      'How many calls in the last 24 hours?',
      'average MOS by agent in the last 24 hours',
      'worst 2 calls by jitter in the last 24 hours',
      'calls with MOS below 4 in the last 24 hours',
      'calls by hour in the last 24 hours',
    ]) {
      const expected = await ask(pg, tp, question);
      expect(await ask(ch, tc, question), question).toEqual(expected);
    }
  });
});

describe('concurrent batches of one call on ClickHouse', { timeout: 120_000 }, () => {
  it('counts every second of two batches written at once by two stores', async () => {
    const t = await createTenant(ch);
    const deps = {
      db: ch.database.db,
      gate: new ConcurrencyGate(4, 100, 60_000),
      push: { publish: () => {} },
      now: Date.now,
    };
    const target = { database: clickhouse.client.database, retentionDays: 395 };
    // Two processes' stores on one PostgreSQL database and one ClickHouse.
    const one = await clickHouseStoreOn(kept(clickhouse.client), target, deps);
    const two = await clickHouseStoreOn(kept(clickhouse.client), target, deps);
    const groupId = t.group.id;
    for (let round = 0; round < 4; round++) {
      const id = `race-${round}`;
      const results = await Promise.all([
        one.ingestSamples(groupId, seconds(id, 0, 0, 60)),
        two.ingestSamples(groupId, seconds(id, 0, 60, 120)),
      ]);
      expect(results.map((r) => r.duplicates)).toEqual([0, 0]);
      const row = await one.callSummary(wholeGroup(groupId), id);
      expect(row?.sampleCount, id).toBe(120);
      expect((await two.callSeconds(wholeGroup(groupId), id, 1000)).length).toBe(120);
    }
  });

  it('takes a call lock in turn and releases it', async () => {
    const locks = new InProcessCallLocks();
    const order: string[] = [];
    const work = (name: string, ms: number) => async () => {
      order.push(`${name}+`);
      await new Promise((r) => setTimeout(r, ms));
      order.push(`${name}-`);
    };
    await Promise.all([
      locks.withCalls('g', ['b', 'a'], work('first', 20)),
      locks.withCalls('g', ['a', 'c'], work('second', 1)),
      locks.withCalls('g', ['d'], work('apart', 1)),
    ]);
    expect(order.indexOf('second+')).toBeGreaterThan(order.indexOf('first-'));
    expect(order.indexOf('apart-')).toBeLessThan(order.indexOf('first-'));
    expect(locks.size).toBe(0);
  });
});

describe('journeys of an app on ClickHouse', { timeout: 120_000 }, () => {
  it('stores POST /v1/traces in ClickHouse and answers the journey API as PostgreSQL does', async () => {
    const features = ['journeyExplorer'] as const;
    const tp = await createTenant(pg, { features: [...features] });
    const tc = await createTenant(ch, { features: [...features] });
    const traceId = 'a1'.repeat(16);
    const start = BigInt(T0) * 1_000_000n;
    const span = (spanId: string, parent: string | null, offsetMs: number, status: number) => ({
      traceId,
      spanId,
      ...(parent ? { parentSpanId: parent } : {}),
      name: parent ? 'cx.queue' : 'cx.journey',
      kind: 1,
      startTimeUnixNano: String(start + BigInt(offsetMs) * 1_000_000n),
      endTimeUnixNano: String(start + BigInt(offsetMs + 70_000) * 1_000_000n),
      attributes: [{ key: 'cx.platform', value: { stringValue: 'amazon-connect' } }],
      status: { code: status },
    });
    const body = (spans: object[]) => ({
      resourceSpans: [
        {
          resource: { attributes: [{ key: 'service.name', value: { stringValue: 'ivr' } }] },
          scopeSpans: [{ scope: { name: 'cx.sdk' }, spans }],
        },
      ],
    });
    for (const [s, t] of [
      [pg, tp],
      [ch, tc],
    ] as const) {
      // Two exports, the child first: the trace is recomputed from both.
      for (const spans of [
        [span('b2'.repeat(8), 'c3'.repeat(8), 1000, 2)],
        [span('c3'.repeat(8), null, 0, 0)],
      ]) {
        const res = await s.app.inject({
          method: 'POST',
          url: '/v1/traces',
          headers: { authorization: `Bearer ${t.key}` },
          payload: body(spans),
        });
        expect(res.statusCode).toBe(200);
      }
    }
    for (const url of [
      '/api/traces?filter[cx.platform][gte]=amazon-connect',
      `/api/traces/${traceId}`,
      `/api/traces/${traceId}/spans/${'b2'.repeat(8)}/logs`,
    ]) {
      const expected = await get(pg, tp.viewerHeaders, url);
      expect(await get(ch, tc.viewerHeaders, url), url).toEqual(expected);
    }
    const listed = (await get(ch, tc.viewerHeaders, '/api/traces')) as {
      data: { traceId: string; spanCount: number; serviceName: string }[];
    };
    // The span's cx.platform names its service before the resource's service.name.
    expect(listed.data).toMatchObject([{ traceId, spanCount: 2, serviceName: 'amazon-connect' }]);
    // Nothing of ClickHouse mode's journeys lands in PostgreSQL.
    const [row] = await queryRows<{ n: number }>(
      ch.database.db,
      sql`select (select count(*) from journey_traces)::int
        + (select count(*) from journey_spans)::int as n`,
    );
    expect(row?.n).toBe(0);
  });
});

describe('the demo on an app on ClickHouse', { timeout: 180_000 }, () => {
  // A fresh PostgreSQL database of its own: the demo data is seeded only where no customer is.
  let demoApp: TestServer;
  beforeAll(async () => {
    demoApp = await startTestServer({}, { clickHouse: kept(clickhouse.client) });
  }, 120_000);
  afterAll(async () => {
    await demoApp?.close();
  });

  it("seeds its history, earlier months and live calls into the store, where the explorer finds them, and none into PostgreSQL's tables", async () => {
    const ch = demoApp;
    const db = ch.database.db;
    await ensureDemoData(db, () => {});
    const groupId = await findDemoGroupId(db);
    if (!groupId) throw new Error('demo group missing');
    const user = await createUser(db, { groups: [{ id: groupId }] });
    const headers = authHeaders((await signIn(ch.app, user.email)).token, groupId);
    const demo = await startDemoTraffic({
      db,
      push: ch.ctx.push,
      telemetry: ch.ctx.telemetry,
      settings: { historyDays: 1, callsPerDay: 12 },
      log: () => {},
    });
    if (!demo) throw new Error('no demo traffic');
    await demo.history;
    await demo.stop();
    const now = Date.now();
    const total = async (fromMs: number, toMs: number) =>
      (
        (await get(
          ch,
          headers,
          `/api/calls/stats?fromTime=${isoText(fromMs)}&toTime=${isoText(toMs)}`,
        )) as { total: number }
      ).total;
    // The detailed history (the last day) and the earlier months' summary-only calls.
    expect(await total(now - 2 * 24 * HOUR, now + HOUR)).toBeGreaterThan(0);
    expect(await total(now - 40 * 24 * HOUR, now - 10 * 24 * HOUR)).toBeGreaterThan(30 * 18);

    // The live trickle through the store's writer: a call started and ended is listed.
    const live = new LiveTraffic(
      { db, gate: new ConcurrencyGate(1, 1_000, 60_000), push: ch.ctx.push, now: Date.now },
      groupId,
      { seed: 3, agents: demoAgents(3), arrivalSeconds: [3600, 3600] },
      ch.ctx.telemetry.writer({}),
    );
    const t0 = now - 6 * HOUR;
    const before = await total(t0 - 60_000, t0 + HOUR);
    await live.step(t0);
    const [contactId] = live.inProgress;
    // A step a minute, as the demo's timer sends what is due, until the call has ended.
    for (let t = t0 + 60_000; live.inProgress.length > 0 && t < t0 + 40 * 60_000; t += 60_000)
      await live.step(t);
    await live.hangUpAll(t0 + 41 * 60_000);
    expect(contactId).toBeDefined();
    expect(await total(t0 - 60_000, t0 + HOUR)).toBeGreaterThan(before);
    expect(await ch.ctx.telemetry.callSummary(wholeGroup(groupId), contactId ?? '')).not.toBeNull();

    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select (select count(*) from call_summaries)::int
        + (select count(*) from call_sample_chunks)::int
        + (select count(*) from softphone_logs)::int as n`,
    );
    expect(row?.n).toBe(0);
  });
});
