import type { AddressInfo } from 'node:net';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  CALL_TAGS,
  EXPLORER_PUSH_PAGE,
  INGEST_TEXTS,
  mosFromNetwork,
  NewCallMessageSchema,
  type ApiError,
  type ApiToken,
  type ApiTokenCreated,
  type IngestCallInput,
  type IngestLogInput,
  type IngestResult,
  type IngestSampleInput,
} from '@callsight/shared';
import { startTestServer, type TestServer } from '../harness.ts';
import { loadSeconds } from '../../src/services/telemetry/call-samples.ts';
import { qualityStateOf } from '../../src/services/telemetry/call-summaries.ts';
import { authHeaders, createGroup, createUser, signIn } from '../factories.ts';
import { callSummaries, softphoneLogs, telemetryEvents } from '../../src/db/schema/index.ts';

let s: TestServer;
let url: string;
beforeAll(async () => {
  s = await startTestServer();
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
});
afterAll(() => s.close());

/** A signed-in browser's push socket subscribed to the explorer page, and what it received. */
async function subscribe(accessToken: string) {
  const socket = io(url, {
    path: '/socket.io',
    auth: { token: accessToken },
    transports: ['websocket'],
    reconnection: false,
  });
  const messages: { page: string; data: unknown }[] = [];
  socket.on('message', (m: { page: string; data: unknown }) => messages.push(m));
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
  await socket.emitWithAck('subscribeToPage', EXPLORER_PUSH_PAGE);
  return { socket, messages };
}

const T0 = Date.UTC(2025, 0, 6, 9, 0, 0);
let counter = 0;
const contact = (name = 'call') => `${name}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;

/** A group with an admin, and an API key created through the API. */
async function tenant() {
  const group = await createGroup(s.database.db);
  const admin = await createUser(s.database.db, { groups: [group], role: 'admin' });
  const { token } = await signIn(s.app, admin.email);
  const headers = authHeaders(token);
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/config/token',
    headers,
    payload: { name: 'Collector' },
  });
  expect(res.statusCode).toBe(201);
  const key = res.json<ApiTokenCreated>();
  return { group, headers, key: key.token, keyId: key.id };
}

const post = (key: string, path: string, payload: unknown, headers: Record<string, string> = {}) =>
  s.app.inject({
    method: 'POST',
    url: `/api/ingest/v1/${path}`,
    headers: { authorization: `Bearer ${key}`, ...headers },
    payload: payload as object,
  });

/** n good seconds of a call from T0 + from seconds; `over` changes second i. */
function seconds(
  contactId: string,
  n: number,
  over: (i: number) => Partial<IngestSampleInput> = () => ({}),
  from = 0,
): IngestSampleInput[] {
  return Array.from({ length: n }, (_, k) => {
    const i = from + k;
    return {
      contactId,
      timestamp: T0 + i * 1000,
      inbound: { mos: 4.3, packetsCount: 50, packetsLost: 0, audioLevel: 0.2 },
      outbound: { mos: 4.3, packetsCount: 50, packetsLost: 0, audioLevel: 0.2 },
      rttMs: 40,
      jitterMs: 4,
      cpuAvailablePercent: 70,
      agentStatus: 'Talk',
      ...over(i),
    };
  });
}

const summaryOf = async (groupId: string, contactId: string) => {
  const [row] = await s.database.db
    .select()
    .from(callSummaries)
    .where(and(eq(callSummaries.groupId, groupId), eq(callSummaries.contactId, contactId)));
  return row;
};
/** The stored seconds of a call as read back from its chunks, in time order. */
const samplesOf = async (groupId: string, contactId: string) => {
  const byCall = await loadSeconds(s.database.db, groupId, [contactId], { shortest: true });
  return (byCall.get(contactId) ?? []).map((second) => ({
    ts: new Date(second.timeMs),
    inMos: second.inbound?.mos ?? null,
    outMos: second.outbound?.mos ?? null,
    mosComputed: (second.inbound?.mosComputed ? 1 : 0) | (second.outbound?.mosComputed ? 2 : 0),
  }));
};

describe('POST /api/ingest/v1/samples', () => {
  it('stores a batch once when it is resent, and answers after commit', async () => {
    const { group, key } = await tenant();
    const c = contact('appel-café-☎');
    const batch = seconds(c, 20);
    const first = await post(key, 'samples', { samples: batch });
    expect(first.statusCode).toBe(200);
    expect(first.json<IngestResult>()).toEqual({
      accepted: 20,
      duplicates: 0,
      rejectedCount: 0,
      rejected: [],
    });
    expect(await samplesOf(group.id, c)).toHaveLength(20);
    const before = await summaryOf(group.id, c);

    const again = await post(key, 'samples', { samples: batch });
    expect(again.statusCode).toBe(200);
    expect(again.json<IngestResult>()).toEqual({
      accepted: 20,
      duplicates: 20,
      rejectedCount: 0,
      rejected: [],
    });
    expect(await samplesOf(group.id, c)).toHaveLength(20);
    const after = await summaryOf(group.id, c);
    expect(after?.sampleCount).toBe(20);
    expect(after?.mosAvg).toBeCloseTo(before?.mosAvg ?? 0, 6);

    // A repeat inside one batch is a duplicate too.
    const d = contact();
    const twice = await post(key, 'samples', { samples: [...seconds(d, 3), ...seconds(d, 1)] });
    expect(twice.json<IngestResult>()).toMatchObject({ accepted: 4, duplicates: 1 });
    expect(await samplesOf(group.id, d)).toHaveLength(3);
  });

  it('keeps the valid rest of a batch and names the fields of the malformed samples (207)', async () => {
    const { group, key } = await tenant();
    const c = contact();
    const batch: unknown[] = seconds(c, 4);
    batch[1] = { ...seconds(c, 1, () => ({}), 1)[0], inbound: { mos: 9, packetsCount: -2 } };
    batch[3] = { contactId: c, timestamp: 'soon', rttMs: 'slow' };
    const res = await post(key, 'samples', { samples: batch });
    expect(res.statusCode).toBe(207);
    expect(res.json<IngestResult>()).toEqual({
      accepted: 2,
      duplicates: 0,
      rejectedCount: 2,
      rejected: [
        {
          index: 1,
          fields: {
            'inbound.mos': 'mos must be at most 5',
            'inbound.packetsCount': 'packetsCount must be at least 0',
          },
        },
        {
          index: 3,
          fields: {
            timestamp: 'Must be an ISO 8601 time with an offset or epoch milliseconds',
            rttMs: 'rttMs must be a number',
          },
        },
      ],
    });
    const stored = await samplesOf(group.id, c);
    expect(stored.map((r) => r.ts.getTime())).toEqual([T0, T0 + 2000]);
  });

  it('answers 400 naming the fields when no sample is valid, and refuses far-future times', async () => {
    const { key } = await tenant();
    const c = contact();
    const res = await post(key, 'samples', {
      samples: [{ contactId: c, timestamp: T0, jitterMs: -1 }, { timestamp: T0 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiError>().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: INGEST_TEXTS.allRejected(2, 'samples'),
      fields: {
        'samples.0.jitterMs': 'jitterMs must be at least 0 ms',
        'samples.1.contactId': 'contactId must be a string',
      },
    });
    const future = await post(key, 'samples', {
      samples: [{ contactId: c, timestamp: Date.now() + 2 * 86_400_000 }],
    });
    expect(future.statusCode).toBe(400);
    expect(future.json<ApiError>().error.fields).toEqual({
      'samples.0.timestamp': INGEST_TEXTS.futureTime,
    });
    const notArray = await post(key, 'samples', { samples: 'many' });
    expect(notArray.statusCode).toBe(400);
    expect(notArray.json<ApiError>().error.fields).toEqual({ samples: 'samples must be an array' });
    const empty = await post(key, 'samples', { samples: [] });
    expect(empty.json<IngestResult>()).toEqual({
      accepted: 0,
      duplicates: 0,
      rejectedCount: 0,
      rejected: [],
    });
  });

  it('answers 413 with a clear message for more than 10,000 samples, storing none', async () => {
    const { group, key } = await tenant();
    const c = contact();
    const res = await post(key, 'samples', { samples: seconds(c, 10_001) });
    expect(res.statusCode).toBe(413);
    expect(res.json<ApiError>().error).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message:
        'A batch holds at most 10000 samples; this one has 10001. Send them in several requests.',
    });
    expect(await samplesOf(group.id, c)).toHaveLength(0);
    const full = await post(key, 'samples', { samples: seconds(c, 10_000) });
    expect(full.statusCode).toBe(200);
    expect((await summaryOf(group.id, c))?.sampleCount).toBe(10_000);
  });

  it('computes a missing MOS with the E-model and marks it computed', async () => {
    const { group, key } = await tenant();
    const c = contact();
    const res = await post(key, 'samples', {
      samples: [
        {
          contactId: c,
          timestamp: T0,
          rttMs: 200,
          jitterMs: 0,
          inbound: { packetsCount: 49, packetsLost: 1 },
          outbound: { mos: 3.9 },
        },
        { contactId: c, timestamp: T0 + 1000, inbound: { packetsCount: 50, packetsLost: 0 } },
      ],
    });
    expect(res.statusCode).toBe(200);
    const [first, second] = await samplesOf(group.id, c);
    // eff = 210 ms → R = 84.2 − 2.5·2 = 79.2; MOS = 1 + 2.772 + 7e-6·79.2·19.2·20.8 = 3.99339
    expect(first?.inMos).toBeCloseTo(3.9934, 3);
    expect(first?.inMos).toBeCloseTo(
      mosFromNetwork({ rttMs: 200, jitterMs: 0, packetLossPercent: 2 }),
      5,
    );
    expect(first?.outMos).toBeCloseTo(3.9, 5);
    expect(first?.mosComputed).toBe(1);
    // Without RTT and jitter nothing can be computed.
    expect(second?.inMos).toBeNull();
    expect(second?.mosComputed).toBe(0);
  });
});

describe('call summaries, aggregates, tags and score', () => {
  it('keeps aggregates per call, batch by batch, equal to one pass; a late batch is recomputed', async () => {
    const { group, key } = await tenant();
    const bad = (i: number): Partial<IngestSampleInput> =>
      i >= 10 && i < 25
        ? {
            inbound: { mos: 2.6, packetsCount: 45, packetsLost: 5 },
            outbound: { mos: 2.6, packetsCount: 50, packetsLost: 0 },
            jitterMs: 70,
          }
        : {};
    const all = seconds('x', 60, bad);

    const inOrder = contact();
    for (let from = 0; from < 60; from += 10) {
      const res = await post(key, 'samples', {
        samples: all.slice(from, from + 10).map((x) => ({ ...x, contactId: inOrder })),
      });
      expect(res.statusCode).toBe(200);
    }
    const late = contact();
    for (const [from, to] of [
      [30, 60],
      [0, 10],
      [10, 30],
    ]) {
      await post(key, 'samples', {
        samples: all.slice(from, to).map((x) => ({ ...x, contactId: late })),
      });
    }
    const oneShot = contact();
    await post(key, 'samples', { samples: all.map((x) => ({ ...x, contactId: oneShot })) });
    // Live calls' shown columns may trail their accumulator until refreshed (decisions.md P8).
    await s.ctx.ingest.trailing.refreshIdle(0);

    const a = await summaryOf(group.id, inOrder);
    const b = await summaryOf(group.id, late);
    const c = await summaryOf(group.id, oneShot);
    for (const row of [a, b, c]) {
      expect(row).toMatchObject({
        sampleCount: 60,
        startTime: new Date(T0),
        jitterMaxMs: 70,
        rttMaxMs: 40,
        tags: [
          CALL_TAGS.veryPoorMos,
          CALL_TAGS.highAudioLatency,
          CALL_TAGS.veryHighJitter,
          CALL_TAGS.veryHighPacketLoss,
        ],
        // 10 − 4 (Very Poor MOS) − 1 (High Audio Latency) − 2 (Very High Jitter) − 3 (Very High Packet Loss)
        score: 0,
        durationSeconds: 60,
      });
      // MOS: 45 s at 4.3 and 15 s at 2.6 → (45·4.3 + 15·2.6)/60 = 3.875
      expect(row?.mosAvg).toBeCloseTo(3.875, 4);
      expect(row?.mosMin).toBeCloseTo(2.6, 4);
      // Lost 75 of 6000 + 75 → 75 / 6000 (received 5925 + 6000 − … see below)
      expect(row?.packetsLost).toBe(75);
      expect(row?.packetsCount).toBe(60 * 100 - 75);
      expect(row?.packetsLostFraction).toBeCloseTo(75 / 6000, 6);
    }
    // The accumulator is stored in its readable form, so the next batch merges instead of rescanning.
    expect(a && qualityStateOf(a)).toMatchObject({
      samples: 60,
      firstMs: T0,
      lastMs: T0 + 59_000,
    });
    expect(b?.qualityState).toEqual(c?.qualityState);
    expect(a?.qualityState).toEqual(c?.qualityState);
    expect(a?.insights).toEqual(c?.insights);
  });

  it("shows a live call's columns at most 30 s of the call behind its seconds, at once when its tags change, and exactly once idle, ended or read in detail", async () => {
    const { group, key, headers } = await tenant();
    const c = contact('live');
    const bad = (i: number): Partial<IngestSampleInput> =>
      i >= 50 ? { inbound: { mos: 2.2, packetsCount: 50, packetsLost: 0 }, jitterMs: 90 } : {};
    const all = seconds(c, 60, bad);
    const shown = async () => {
      const row = await summaryOf(group.id, c);
      return { sampleCount: row?.sampleCount, durationSeconds: row?.durationSeconds };
    };
    const send = async (from: number) => {
      const res = await post(key, 'samples', { samples: all.slice(from, from + 10) });
      expect(res.statusCode).toBe(200);
    };

    await send(0); // a call's first seconds are shown at once
    expect(await shown()).toEqual({ sampleCount: 10, durationSeconds: 10 });
    await send(10);
    await send(20);
    expect(await shown()).toEqual({ sampleCount: 10, durationSeconds: 10 });
    const live = await summaryOf(group.id, c);
    expect(live && qualityStateOf(live)?.samples).toBe(30);
    // The detail derives from the accumulator: it is current while the list trails.
    const detail = await s.app.inject({
      method: 'GET',
      url: `/api/viscall2/call/ap-southeast-2/${encodeURIComponent(c)}`,
      headers,
    });
    expect(detail.statusCode).toBe(200);
    const source = detail.json<{
      summary: { hits: { hits: { _source: { sampleCount: number; durationSeconds: number } }[] } };
    }>().summary.hits.hits[0]?._source;
    expect(source).toMatchObject({ sampleCount: 30, durationSeconds: 30 });

    await send(30); // 30 s of the call after the last shown second
    expect(await shown()).toEqual({ sampleCount: 40, durationSeconds: 40 });
    await send(40);
    expect(await shown()).toEqual({ sampleCount: 40, durationSeconds: 40 });
    expect(s.ctx.ingest.trailing.size).toBeGreaterThanOrEqual(1);
    expect((await summaryOf(group.id, c))?.tags).toEqual([]);
    await send(50); // bad seconds change the tags: shown at once
    expect(await shown()).toEqual({ sampleCount: 60, durationSeconds: 60 });
    expect((await summaryOf(group.id, c))?.tags).toContain(CALL_TAGS.veryHighJitter);

    // Idle: a trailing call is refreshed once no batch has come for a while.
    const idle = contact('idle');
    await post(key, 'samples', { samples: seconds(idle, 10) });
    await post(key, 'samples', { samples: seconds(idle, 10, undefined, 10) });
    expect((await summaryOf(group.id, idle))?.sampleCount).toBe(10);
    expect(await s.ctx.ingest.trailing.refreshIdle(60_000)).toBe(0);
    expect(await s.ctx.ingest.trailing.refreshIdle(0)).toBeGreaterThanOrEqual(1);
    expect((await summaryOf(group.id, idle))?.sampleCount).toBe(20);

    // Ended: the summary's arrival derives everything from the accumulator.
    const ended = contact('ended');
    await post(key, 'samples', { samples: seconds(ended, 10) });
    await post(key, 'samples', { samples: seconds(ended, 10, undefined, 10) });
    const call: IngestCallInput = {
      contactId: ended,
      agent: 'agent-live',
      startTime: T0,
      endTime: T0 + 20_000,
    };
    expect((await post(key, 'calls', { calls: [call] })).statusCode).toBe(200);
    expect(await summaryOf(group.id, ended)).toMatchObject({
      sampleCount: 20,
      durationSeconds: 20,
    });
  });

  it('refreshes at start the live calls a stopped process left trailing', async () => {
    const { group, key } = await tenant();
    const c = contact('left');
    const now = Date.now() - 60_000;
    const recent = seconds(c, 20).map((x, i) => ({ ...x, timestamp: now + i * 1000 }));
    await post(key, 'samples', { samples: recent.slice(0, 10) });
    await post(key, 'samples', { samples: recent.slice(10) });
    expect((await summaryOf(group.id, c))?.sampleCount).toBe(10);
    // A new process knows nothing of this call: it finds it in the database.
    const { TrailingSummaries } =
      await import('../../src/services/telemetry/trailing-summaries.ts');
    const restarted = new TrailingSummaries({
      db: s.database.db,
      gate: s.ctx.ingest.gate,
      push: { publish: () => {} },
      now: Date.now,
    });
    expect(await restarted.sweepStored()).toBeGreaterThanOrEqual(1);
    expect((await summaryOf(group.id, c))?.sampleCount).toBe(20);
    expect(await restarted.sweepStored()).toBe(0);
  });

  it('stores a call summary, labels the network (first match wins), and derives browser and end-of-call tags', async () => {
    const { group, key, headers } = await tenant();
    const labels = await s.app.inject({
      method: 'PUT',
      url: '/api/config/ip/',
      headers,
      payload: {
        ipMap: [
          { cidr: '10.1.0.0/16', label: 'London office' },
          { cidr: '10.0.0.0/8', label: 'Corporate' },
          { cidr: '203.0.113.0/24', label: 'Home broadband' },
        ],
      },
    });
    expect(labels.statusCode).toBe(201);

    const london = contact();
    const corporate = contact();
    const home = contact();
    const nowhere = contact();
    const call = (
      contactId: string,
      local: string | null,
      external: string | null,
    ): IngestCallInput => ({
      contactId,
      agent: 'alice',
      direction: 'inbound',
      startTime: T0,
      endTime: T0 + 60_000,
      endedBy: 'CUSTOMER',
      disconnectReason: 'CUSTOMER_DISCONNECT',
      agentISP: 'Acme Fibre',
      agentLocalIPAddress: local,
      agentExternalIPAddress: external,
      browser: { name: 'Chrome', version: '126.0.1' },
      agentCountry: 'GB',
      agentRegion: 'London',
      networkType: 'wifi',
      holdIntervals: [{ start: T0 + 20_000, end: null }],
      sipResponseCode: 200,
      agentGroups: ['Sales', null, 'Sales-North-3'],
      ctrAttributes: { queue: 'VIP', language: 'en' },
    });
    const res = await post(key, 'calls', {
      calls: [
        call(london, '10.1.2.3', '198.51.100.7'),
        call(corporate, '10.2.0.1', null),
        call(home, '192.168.1.10', '203.0.113.50'),
        {
          ...call(nowhere, '192.168.1.11', '198.51.100.8'),
          browser: { name: 'Safari', version: '17.1' },
        },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<IngestResult>()).toMatchObject({ accepted: 4, rejectedCount: 0 });
    expect((await summaryOf(group.id, london))?.networkLabel).toBe('London office');
    expect((await summaryOf(group.id, corporate))?.networkLabel).toBe('Corporate');
    expect((await summaryOf(group.id, home))?.networkLabel).toBe('Home broadband');
    const unsupported = await summaryOf(group.id, nowhere);
    expect(unsupported).toMatchObject({
      networkLabel: null,
      tags: [CALL_TAGS.unsupportedBrowser],
      score: 9,
    });

    const row = await summaryOf(group.id, london);
    expect(row).toMatchObject({
      agent: 'alice',
      direction: 'INBOUND',
      startTime: new Date(T0),
      endTime: new Date(T0 + 60_000),
      endedBy: 'CUSTOMER',
      agentIsp: 'Acme Fibre',
      agentLocalIp: '10.1.2.3',
      agentExternalIp: '198.51.100.7',
      browserName: 'Chrome',
      browserVersion: '126.0.1',
      networkType: 'wifi',
      holdIntervals: [{ start: T0 + 20_000, end: null }],
      sipResponseCode: 200,
      agentGroup1: 'Sales',
      agentGroup2: null,
      agentGroup3: 'Sales-North-3',
      agentGroup4: null,
      ctrAttributes: { queue: 'VIP', language: 'en' },
      durationSeconds: 60,
      sampleCount: 0,
      tags: [],
      score: 10,
    });

    // Seconds after the summary: the last 40 s on hold → Ended On Hold (the call has ended).
    await post(key, 'samples', {
      samples: seconds(london, 60, (i) => (i >= 20 ? { agentStatus: 'On Hold' } : {})),
    });
    const held = await summaryOf(group.id, london);
    expect(held).toMatchObject({
      sampleCount: 60,
      tags: [CALL_TAGS.endedOnHold],
      score: 10,
      startTime: new Date(T0),
    });

    // Resending a summary replaces it and keeps the seconds' aggregates.
    const resent = await post(key, 'calls', {
      calls: [
        {
          ...call(london, '10.1.2.3', null),
          agent: 'bob',
          browser: { name: 'Chrome', version: '100' },
        },
      ],
    });
    expect(resent.statusCode).toBe(200);
    expect(await summaryOf(group.id, london)).toMatchObject({
      agent: 'bob',
      agentExternalIp: null,
      sampleCount: 60,
      tags: [CALL_TAGS.endedOnHold, CALL_TAGS.unsupportedBrowser],
      score: 9,
    });
  });

  it('starts a call at its first second until the summary arrives, then at the summary start', async () => {
    const { group, key } = await tenant();
    const c = contact();
    await post(key, 'samples', { samples: seconds(c, 5, () => ({}), 10) });
    expect(await summaryOf(group.id, c)).toMatchObject({
      startTime: new Date(T0 + 10_000),
      summaryReceivedAt: null,
      durationSeconds: 5,
    });
    await post(key, 'samples', { samples: seconds(c, 5, () => ({}), 2) });
    expect(await summaryOf(group.id, c)).toMatchObject({
      startTime: new Date(T0 + 2000),
      sampleCount: 10,
    });
    await post(key, 'calls', { calls: [{ contactId: c, agent: 'carol', startTime: T0 }] });
    const row = await summaryOf(group.id, c);
    expect(row).toMatchObject({
      startTime: new Date(T0),
      sampleCount: 10,
      agent: 'carol',
      durationSeconds: 15,
    });
    expect(row?.summaryReceivedAt).toBeInstanceOf(Date);
  });

  it('refuses a malformed summary with its fields and keeps the others', async () => {
    const { group, key } = await tenant();
    const good = contact();
    const res = await post(key, 'calls', {
      calls: [
        { contactId: good, agent: 'dave', startTime: T0 },
        {
          contactId: contact(),
          agent: 'erin',
          startTime: T0,
          endTime: T0 - 1,
          agentLocalIPAddress: 'localhost',
        },
      ],
    });
    expect(res.statusCode).toBe(207);
    expect(res.json<IngestResult>().rejected).toEqual([
      {
        index: 1,
        fields: {
          endTime: 'endTime must not be before startTime',
          agentLocalIPAddress: 'agentLocalIPAddress must be an IPv4 or IPv6 address',
        },
      },
    ]);
    expect(await summaryOf(group.id, good)).toMatchObject({ agent: 'dave' });
    const tooMany = await post(key, 'calls', { calls: Array.from({ length: 1001 }, () => ({})) });
    expect(tooMany.statusCode).toBe(413);
  });

  it('announces each new call, with its start, to explorer subscribers of the group over the push socket', async () => {
    const { group, key } = await tenant();
    const other = await tenant();
    const viewer = await createUser(s.database.db, { groups: [group] });
    const outsider = await createUser(s.database.db, { groups: [other.group] });
    const mine = await subscribe((await signIn(s.app, viewer.email)).token.accessToken);
    const theirs = await subscribe((await signIn(s.app, outsider.email)).token.accessToken);
    try {
      const fromSeconds = contact();
      const fromSummary = contact();
      await post(key, 'samples', { samples: seconds(fromSeconds, 3, () => ({}), 5) });
      await post(key, 'samples', { samples: seconds(fromSeconds, 3, () => ({}), 8) });
      await post(key, 'calls', {
        calls: [
          { contactId: fromSeconds, agent: 'x', startTime: T0 },
          { contactId: fromSummary, agent: 'y', startTime: T0 + 60_000 },
        ],
      });
      await expect.poll(() => mine.messages.length).toBe(2);
      expect(mine.messages).toEqual([
        {
          page: EXPLORER_PUSH_PAGE,
          data: {
            type: 'call',
            startTime: new Date(T0 + 5000).toISOString(),
          },
        },
        {
          page: EXPLORER_PUSH_PAGE,
          data: {
            type: 'call',
            startTime: new Date(T0 + 60_000).toISOString(),
          },
        },
      ]);
      for (const m of mine.messages)
        expect(NewCallMessageSchema.safeParse(m.data).success).toBe(true);
      // Another group's explorer hears nothing of these calls.
      await post(other.key, 'samples', { samples: seconds(contact(), 1) });
      await expect.poll(() => theirs.messages.length).toBe(1);
      expect(mine.messages).toHaveLength(2);
    } finally {
      mine.socket.close();
      theirs.socket.close();
    }
  });
});

describe('POST /api/ingest/v1/logs and /events', () => {
  const log = (
    contactId: string | null,
    level: string,
    text: string,
    second = 0,
  ): IngestLogInput => ({
    time: T0 + second * 1000,
    level: level as IngestLogInput['level'],
    agent: 'alice',
    contactId,
    text,
  });

  it('stores log lines once and counts a call’s ERROR lines into Softphone Error', async () => {
    const { group, key } = await tenant();
    const c = contact();
    await post(key, 'samples', { samples: seconds(c, 3) });
    const batch = [
      log(c, 'INFO', 'connected'),
      log(c, 'error', 'ICE failed', 1),
      log(c, 'ERROR', 'ICE failed again', 2),
      log(null, 'WARN', 'mic changed'),
    ];
    const res = await post(key, 'logs', { logs: batch });
    expect(res.statusCode).toBe(200);
    expect(res.json<IngestResult>()).toEqual({
      accepted: 4,
      duplicates: 0,
      rejectedCount: 0,
      rejected: [],
    });
    const again = await post(key, 'logs', { logs: batch });
    expect(again.json<IngestResult>()).toMatchObject({ accepted: 4, duplicates: 4 });
    const stored = await s.database.db
      .select()
      .from(softphoneLogs)
      .where(eq(softphoneLogs.groupId, group.id));
    expect(stored).toHaveLength(4);
    expect(stored.find((l) => l.text === 'ICE failed')?.level).toBe('ERROR');
    expect(await summaryOf(group.id, c)).toMatchObject({
      errorLogCount: 2,
      tags: [CALL_TAGS.softphoneError],
      score: 9,
    });

    // Lines with their own id are kept once per id, even when the text differs.
    const withId = await post(key, 'logs', {
      logs: [
        { ...log(c, 'ERROR', 'a', 5), id: 'L1' },
        { ...log(c, 'ERROR', 'b', 6), id: 'L1' },
      ],
    });
    expect(withId.json<IngestResult>()).toMatchObject({ accepted: 2, duplicates: 1 });
    expect((await summaryOf(group.id, c))?.errorLogCount).toBe(3);
  });

  it('keeps the ERROR count of lines that arrive before the call', async () => {
    const { group, key } = await tenant();
    const c = contact();
    await post(key, 'logs', { logs: [log(c, 'ERROR', 'getUserMedia failed', 4)] });
    expect(await summaryOf(group.id, c)).toMatchObject({
      errorLogCount: 1,
      startTime: new Date(T0 + 4000),
    });
    await post(key, 'samples', { samples: seconds(c, 10) });
    await post(key, 'calls', { calls: [{ contactId: c, agent: 'alice', startTime: T0 }] });
    expect(await summaryOf(group.id, c)).toMatchObject({
      errorLogCount: 1,
      sampleCount: 10,
      tags: [CALL_TAGS.softphoneError],
    });
    const rejected = await post(key, 'logs', {
      logs: [log(c, 'DEBUG', 'x'), log(c, 'INFO', 'ok')],
    });
    expect(rejected.statusCode).toBe(207);
    expect(rejected.json<IngestResult>().rejected).toEqual([
      { index: 0, fields: { level: 'level must be one of INFO, WARN, ERROR' } },
    ]);
  });

  it('stores telemetry events once', async () => {
    const { group, key } = await tenant();
    const event = {
      time: T0,
      type: 'deviceChange',
      agent: 'alice',
      contactId: contact(),
      data: { device: 'Jabra Evolve2' },
    };
    expect((await post(key, 'events', { events: [event] })).json<IngestResult>()).toMatchObject({
      accepted: 1,
      duplicates: 0,
    });
    expect((await post(key, 'events', { events: [event] })).json<IngestResult>()).toMatchObject({
      accepted: 1,
      duplicates: 1,
    });
    const rows = await s.database.db
      .select()
      .from(telemetryEvents)
      .where(eq(telemetryEvents.groupId, group.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 'deviceChange', data: { device: 'Jabra Evolve2' } });
  });
});

describe('API keys and groups', () => {
  it('records the key’s Last used when it sends telemetry', async () => {
    const { key, keyId, headers } = await tenant();
    const lastUsed = async () => {
      const res = await s.app.inject({ method: 'GET', url: '/api/config/token', headers });
      return res.json<ApiToken[]>().find((k) => k.id === keyId)?.lastAccessed ?? null;
    };
    expect(await lastUsed()).toBeNull();
    const before = Date.now();
    expect((await post(key, 'samples', { samples: seconds(contact(), 2) })).statusCode).toBe(200);
    const used = await lastUsed();
    expect(used).not.toBeNull();
    expect(Date.parse(used ?? '')).toBeGreaterThanOrEqual(before - 1000);
  });

  it('answers 401 without a key, with a wrong key or a revoked key', async () => {
    const { key, keyId, headers } = await tenant();
    const body = { samples: seconds(contact(), 1) };
    const none = await s.app.inject({
      method: 'POST',
      url: '/api/ingest/v1/samples',
      payload: body,
    });
    expect(none.statusCode).toBe(401);
    const wrong = await post(`${key.slice(0, -4)}abcd`, 'samples', body);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json<ApiError>().error.message).toBe('Invalid API key');
    const revoke = await s.app.inject({
      method: 'DELETE',
      url: `/api/config/token/${keyId}`,
      headers,
    });
    expect(revoke.statusCode).toBe(204);
    const revoked = await post(key, 'samples', body);
    expect(revoked.statusCode).toBe(401);
    for (const path of ['calls', 'logs', 'events']) {
      expect((await post('cs_nope', path, {})).statusCode).toBe(401);
    }
  });

  it('scopes everything to the key’s group: another group’s key cannot touch this group’s calls', async () => {
    const a = await tenant();
    const b = await tenant();
    const c = contact('shared');
    await post(a.key, 'samples', { samples: seconds(c, 10) });
    await post(a.key, 'calls', { calls: [{ contactId: c, agent: 'alice', startTime: T0 }] });

    // The same contact id sent with B's key lands in B's group only.
    const res = await post(b.key, 'samples', {
      samples: seconds(c, 10, () => ({ inbound: { mos: 1.5 }, outbound: { mos: 1.5 } })),
    });
    expect(res.statusCode).toBe(200);
    await post(b.key, 'calls', { calls: [{ contactId: c, agent: 'mallory', startTime: T0 }] });
    await post(b.key, 'logs', {
      logs: [{ time: T0, level: 'ERROR', agent: 'mallory', contactId: c, text: 'x' }],
    });

    expect(await summaryOf(a.group.id, c)).toMatchObject({
      agent: 'alice',
      sampleCount: 10,
      errorLogCount: 0,
      tags: [],
      score: 10,
    });
    expect((await samplesOf(a.group.id, c)).every((r) => (r.inMos ?? 0) > 4)).toBe(true);
    expect(await summaryOf(b.group.id, c)).toMatchObject({
      agent: 'mallory',
      sampleCount: 10,
      errorLogCount: 1,
    });

    // Naming A's group in X-Group-Id with B's key is refused.
    const cross = await post(
      b.key,
      'samples',
      { samples: seconds(c, 1, () => ({}), 50) },
      { 'x-group-id': a.group.id },
    );
    expect(cross.statusCode).toBe(403);
    expect(await samplesOf(a.group.id, c)).toHaveLength(10);
  });
});

describe('limits', () => {
  it('answers 413 for a body over INGEST_MAX_BODY_BYTES', async () => {
    const { key } = await tenant();
    const limit = s.config.INGEST_MAX_BODY_BYTES;
    const body = `{"samples":["${'x'.repeat(limit)}"]}`;
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/ingest/v1/samples',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: body,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json<ApiError>().error).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Request body is larger than 32 MiB. Send smaller batches.',
    });
    expect(INGEST_TEXTS.bodyTooLarge(200_000)).toBe(
      'Request body is larger than 195 KiB. Send smaller batches.',
    );
  });

  it('answers 429 with Retry-After when the write gate is full, storing nothing of that batch', async () => {
    const { group, key } = await tenant();
    const gate = s.ctx.ingest.gate;
    const release: (() => void)[] = [];
    const hold = () =>
      gate.run(() => new Promise<void>((resolve) => release.push(resolve))).catch(() => undefined);
    // Fill every running slot and every place in line.
    const holders = Array.from({ length: gate.maxActive + gate.maxQueued }, hold);
    expect(gate.saturated).toBe(true);
    const c = contact('busy');
    try {
      const res = await post(key, 'samples', { samples: seconds(c, 5) });
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json<ApiError>().error).toEqual({
        code: 'RATE_LIMITED',
        message: INGEST_TEXTS.overloaded,
      });
      expect(await samplesOf(group.id, c)).toHaveLength(0);
    } finally {
      while (gate.stats.active > 0 || release.length > 0) {
        release.shift()?.();
        await new Promise((r) => setTimeout(r, 0));
      }
      await Promise.all(holders);
    }
    const after = await post(key, 'samples', { samples: seconds(c, 5) });
    expect(after.statusCode).toBe(200);
    expect(await samplesOf(group.id, c)).toHaveLength(5);
  });
});
