import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeExportTraceResponse,
  encodeExportTraceRequest,
  processTrace,
  TraceSchema,
  type ApiError,
  type InsightRuleList,
  type OtlpJsonExportRequest,
  type SpanInsights,
  type SpanLogs,
  type Trace,
  type TraceListPage,
} from '@callsight/shared';
import { startTestServer, type TestServer } from './harness.ts';
import { createTenant } from './factories.ts';
import { seedDemoJourneys } from '../src/demo/journeys.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const NOW = Date.now() - 60 * 60_000;
let counter = 0;
const hex = (n: number, len: number) => n.toString(16).padStart(len, '0');
/** A fresh, unique trace id. */
const newTraceId = () => hex(++counter, 8) + 'ab'.repeat(12);
const ns = (ms: number) => `${BigInt(Math.round(ms)) * 1_000_000n}`;

/** A group (journeyExplorer on unless said) with a viewer signed in and an API key. */
const tenant = (features: 'journeyExplorer'[] = ['journeyExplorer']) =>
  createTenant(s, { features, keyName: 'OTel collector' });

interface JourneyOpts {
  traceId?: string;
  startMs?: number;
  platform?: string;
  mos?: number;
  callId?: string;
  queueMs?: number;
}

/** A small journey: cx.journey root, an IVR, a queue and a telephony span with quality. */
function journey(o: JourneyOpts = {}): OtlpJsonExportRequest {
  const traceId = o.traceId ?? newTraceId();
  const t0 = o.startMs ?? NOW;
  const queueMs = o.queueMs ?? 20_000;
  const span = (id: number, parent: number | null, name: string, from: number, to: number) => ({
    traceId,
    spanId: hex(id, 16),
    ...(parent ? { parentSpanId: hex(parent, 16) } : {}),
    name,
    kind: 1,
    startTimeUnixNano: ns(t0 + from),
    endTimeUnixNano: ns(t0 + to),
  });
  return {
    resourceSpans: [
      {
        resource: { attributes: [{ key: 'service.name', value: { stringValue: 'cx-platform' } }] },
        scopeSpans: [
          {
            scope: { name: 'callsight.test', version: '1' },
            spans: [
              {
                ...span(1, null, 'cx.journey', 0, 8_000 + queueMs),
                attributes: [
                  { key: 'cx.platform', value: { stringValue: o.platform ?? 'amazon-connect' } },
                  { key: 'cx.journey.id', value: { stringValue: `j-${traceId.slice(0, 8)}` } },
                ],
              },
              {
                ...span(2, 1, 'cx.ivr', 10, 3_000),
                events: [
                  {
                    name: 'menu.selected',
                    timeUnixNano: ns(t0 + 2_000),
                    attributes: [{ key: 'option', value: { intValue: 2 } }],
                  },
                ],
              },
              span(3, 1, 'cx.queue', 3_000, 3_000 + queueMs),
              {
                ...span(4, 1, 'cx.telephony.call', 3_000 + queueMs, 8_000 + queueMs),
                attributes: [
                  { key: 'cx.telephony.quality.mos.avg', value: { doubleValue: o.mos ?? 4.2 } },
                  ...(o.callId
                    ? [{ key: 'cx.telephony.call.id', value: { stringValue: o.callId } }]
                    : []),
                ],
                status: { code: 2, message: 'Agent hung up early' },
              },
            ],
          },
        ],
      },
    ],
  };
}

const postJson = (key: string, body: unknown, headers: Record<string, string> = {}) =>
  s.app.inject({
    method: 'POST',
    url: '/v1/traces',
    headers: { authorization: `Bearer ${key}`, ...headers },
    payload: body as object,
  });

const postProto = (key: string, bytes: Uint8Array | Buffer, headers: Record<string, string> = {}) =>
  s.app.inject({
    method: 'POST',
    url: '/v1/traces',
    headers: {
      authorization: `Bearer ${key}`,
      'content-type': 'application/x-protobuf',
      ...headers,
    },
    payload: Buffer.from(bytes),
  });

const list = (headers: Record<string, string>, query = '') =>
  s.app.inject({ method: 'GET', url: `/api/traces${query}`, headers });

describe('POST /v1/traces', () => {
  it('stores an OTLP JSON export and lists the journey', async () => {
    const t = await tenant();
    const req = journey();
    const traceId = req.resourceSpans[0]?.scopeSpans[0]?.spans[0]?.traceId ?? '';
    const res = await postJson(t.key, req);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});

    const page = (await list(t.headers)).json<TraceListPage>();
    expect(page.data).toEqual([
      {
        traceId,
        startTime: new Date(NOW).toISOString(),
        serviceName: 'amazon-connect',
        spanCount: 4,
        duration: 28_000,
      },
    ]);
    expect(page.meta.page.total).toBe(1);

    const trace = await s.app.inject({
      method: 'GET',
      url: `/api/traces/${traceId}`,
      headers: t.headers,
    });
    expect(trace.statusCode).toBe(200);
    expect(trace.headers['content-type']).toContain('application/json');
    expect(trace.headers['server-timing']).toMatch(/^app;dur=[\d.]+$/);
    expect(TraceSchema.safeParse(trace.json()).success).toBe(true);
    const spans = trace.json<Trace>().resourceSpans[0]?.scopeSpans[0]?.spans ?? [];
    expect(spans.map((sp) => sp.name)).toEqual([
      'cx.journey',
      'cx.ivr',
      'cx.queue',
      'cx.telephony.call',
    ]);
    const ivr = spans[1];
    expect(ivr?.parentSpanId).toBe(hex(1, 16));
    expect(ivr?.events[0]).toMatchObject({ name: 'menu.selected' });
    expect(ivr?.events[0]?.attributes).toEqual([{ key: 'option', value: { intValue: 2 } }]);
    expect(spans[3]?.status).toEqual({ code: 2, message: 'Agent hung up early' });
    expect(trace.json<Trace>().resourceSpans[0]?.resource.attributes).toEqual([
      { key: 'service.name', value: { stringValue: 'cx-platform' } },
    ]);
  });

  it('stores a protobuf export, gzipped or not, the same as JSON', async () => {
    const t = await tenant();
    const plain = journey();
    const zipped = journey();
    const res = await postProto(t.key, encodeExportTraceRequest(plain));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-protobuf');
    expect(res.rawPayload).toHaveLength(0);
    const gz = await postProto(t.key, gzipSync(encodeExportTraceRequest(zipped)), {
      'content-encoding': 'gzip',
    });
    expect(gz.statusCode).toBe(200);
    const page = (await list(t.headers)).json<TraceListPage>();
    expect(page.data.map((r) => r.spanCount)).toEqual([4, 4]);
    const id = plain.resourceSpans[0]?.scopeSpans[0]?.spans[0]?.traceId ?? '';
    const trace = (
      await s.app.inject({ method: 'GET', url: `/api/traces/${id}`, headers: t.headers })
    ).json<Trace>();
    const telephony = trace.resourceSpans[0]?.scopeSpans[0]?.spans[3];
    expect(telephony?.attributes).toEqual([
      { key: 'cx.telephony.quality.mos.avg', value: { doubleValue: 4.2 } },
    ]);
  });

  it('keeps the valid spans and answers partial success naming the rejected ones', async () => {
    const t = await tenant();
    const req = journey();
    const spans = req.resourceSpans[0]?.scopeSpans[0]?.spans ?? [];
    spans.push({ ...spans[1], spanId: 'zz', name: 'bad' } as (typeof spans)[number]);
    spans.push({
      ...spans[1],
      spanId: hex(99, 16),
      startTimeUnixNano: '200',
      endTimeUnixNano: '100',
    } as (typeof spans)[number]);
    const res = await postJson(t.key, req);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ partialSuccess: { rejectedSpans: string; errorMessage: string } }>();
    expect(body.partialSuccess.rejectedSpans).toBe('2');
    expect(body.partialSuccess.errorMessage).toContain('spans[4] (span zz): spanId must be');
    expect(body.partialSuccess.errorMessage).toContain('spans[5]');
    expect((await list(t.headers)).json<TraceListPage>().data[0]?.spanCount).toBe(4);

    const proto = await postProto(t.key, encodeExportTraceRequest(req));
    expect(decodeExportTraceResponse(proto.rawPayload)).toMatchObject({ rejectedSpans: 2 });
  });

  it('refuses what is not an export request, and callers without a valid key', async () => {
    const t = await tenant();
    const notRequest = await postJson(t.key, [1, 2]);
    expect(notRequest.statusCode).toBe(400);
    expect(notRequest.json<ApiError>().error.message).toContain('ExportTraceServiceRequest');
    const badProto = await postProto(t.key, Uint8Array.from([0x0a, 0x09, 0x01]));
    expect(badProto.statusCode).toBe(400);
    expect(badProto.headers['content-type']).toContain('application/x-protobuf');
    const noKey = await s.app.inject({ method: 'POST', url: '/v1/traces', payload: journey() });
    expect(noKey.statusCode).toBe(401);
    const wrongKey = await postJson('cs_nope', journey());
    expect(wrongKey.statusCode).toBe(401);
  });

  it('records insights per span and lists the rules', async () => {
    const t = await tenant();
    const req = journey({ mos: 2.4, queueMs: 90_000 });
    const traceId = req.resourceSpans[0]?.scopeSpans[0]?.spans[0]?.traceId ?? '';
    await postJson(t.key, req);
    const insights = (
      await s.app.inject({
        method: 'GET',
        url: `/api/traces/${traceId}/spans/${hex(4, 16)}/insights`,
        headers: t.headers,
      })
    ).json<SpanInsights>();
    expect(insights.data.map((i) => [i.insight_type, i.value_string]).sort()).toEqual([
      ['failed-status', 'Agent hung up early'],
      ['poor-mos', 'MOS 2.40'],
    ]);
    expect(insights.data[0]?.config.name).toBeTruthy();
    const queue = (
      await s.app.inject({
        method: 'GET',
        url: `/api/traces/${traceId}/spans/${hex(3, 16)}/insights`,
        headers: t.headers,
      })
    ).json<SpanInsights>();
    expect(queue.data.map((i) => i.insight_type)).toEqual(['long-queue']);
    const trace = (
      await s.app.inject({ method: 'GET', url: `/api/traces/${traceId}`, headers: t.headers })
    ).json<Trace>();
    expect(trace.resourceSpans[0]?.scopeSpans[0]?.spans.map((sp) => sp.insightsCount)).toEqual([
      0, 0, 1, 2,
    ]);
    // A resend re-evaluates: the same span with good quality keeps only its failure.
    await postJson(t.key, journey({ traceId, mos: 4.4, queueMs: 90_000 }));
    const again = (
      await s.app.inject({
        method: 'GET',
        url: `/api/traces/${traceId}/spans/${hex(4, 16)}/insights`,
        headers: t.headers,
      })
    ).json<SpanInsights>();
    expect(again.data.map((i) => i.insight_type)).toEqual(['failed-status']);

    const rules = (
      await s.app.inject({ method: 'GET', url: '/api/v1/insights', headers: t.headers })
    ).json<InsightRuleList>();
    expect(rules.data.map((r) => r.id)).toContain('slow-span');
  });
});

describe('span logs and the linked call', () => {
  it("answers the linked call's softphone logs", async () => {
    const t = await tenant();
    const contactId = `contact-${newTraceId().slice(0, 8)}`;
    const ingest = (path: string, payload: object) =>
      s.app.inject({
        method: 'POST',
        url: `/api/ingest/v1/${path}`,
        headers: { authorization: `Bearer ${t.key}` },
        payload,
      });
    expect(
      (
        await ingest('calls', {
          calls: [{ contactId, agent: 'alice', startTime: NOW, endTime: NOW + 60_000 }],
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await ingest('logs', {
          logs: [
            { time: NOW + 1000, level: 'INFO', agent: 'alice', contactId, text: 'Call accepted' },
            { time: NOW + 2000, level: 'ERROR', agent: 'alice', contactId, text: 'ICE failed' },
          ],
        })
      ).statusCode,
    ).toBe(200);
    const req = journey({ callId: contactId });
    const traceId = req.resourceSpans[0]?.scopeSpans[0]?.spans[0]?.traceId ?? '';
    await postJson(t.key, req);
    const trace = (
      await s.app.inject({ method: 'GET', url: `/api/traces/${traceId}`, headers: t.headers })
    ).json<Trace>();
    const telephony = trace.resourceSpans[0]?.scopeSpans[0]?.spans[3];
    expect(telephony).toMatchObject({ callId: contactId, callLinked: true });
    expect(trace.resourceSpans[0]?.scopeSpans[0]?.spans[0]).toMatchObject({
      callId: null,
      callLinked: false,
    });
    const logs = (
      await s.app.inject({
        method: 'GET',
        url: `/api/traces/${traceId}/spans/${hex(4, 16)}/logs`,
        headers: t.headers,
      })
    ).json<SpanLogs>();
    expect(logs.callId).toBe(contactId);
    expect(logs.data.map((l) => [l.level, l.text])).toEqual([
      ['INFO', 'Call accepted'],
      ['ERROR', 'ICE failed'],
    ]);
    const none = (
      await s.app.inject({
        method: 'GET',
        url: `/api/traces/${traceId}/spans/${hex(1, 16)}/logs`,
        headers: t.headers,
      })
    ).json<SpanLogs>();
    expect(none).toEqual({ callId: null, data: [] });
  });
});

describe('group scoping and the flag', () => {
  it("answers 404 for another group's trace and lists only the group's own", async () => {
    const a = await tenant();
    const b = await tenant();
    const req = journey();
    const traceId = req.resourceSpans[0]?.scopeSpans[0]?.spans[0]?.traceId ?? '';
    await postJson(a.key, req);
    for (const url of [
      `/api/traces/${traceId}`,
      `/api/traces/${traceId}/spans/${hex(1, 16)}/insights`,
      `/api/traces/${traceId}/spans/${hex(1, 16)}/logs`,
    ]) {
      const res = await s.app.inject({ method: 'GET', url, headers: b.headers });
      expect(res.statusCode).toBe(404);
    }
    expect((await list(b.headers)).json<TraceListPage>().data).toEqual([]);
    expect((await list(a.headers)).json<TraceListPage>().data).toHaveLength(1);
  });

  it('refuses the journey API while the journeyExplorer flag is off', async () => {
    const t = await tenant([]);
    const res = await list(t.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json<ApiError>().error.message).toBe(
      'Journey Explorer is not enabled for this group.',
    );
  });
});

describe('GET /api/traces paging, filters and sort', () => {
  it('pages with cursors that stay stable while new traces arrive', async () => {
    const t = await tenant();
    const ids: string[] = [];
    const batch: OtlpJsonExportRequest = { resourceSpans: [] };
    for (let i = 0; i < 25; i++) {
      const req = journey({ startMs: NOW - i * 60_000 });
      ids.push(req.resourceSpans[0]?.scopeSpans[0]?.spans[0]?.traceId ?? '');
      batch.resourceSpans.push(...req.resourceSpans);
    }
    expect((await postJson(t.key, batch)).statusCode).toBe(200);
    const first = (await list(t.headers, '?page[size]=10')).json<TraceListPage>();
    expect(first.data.map((r) => r.traceId)).toEqual(ids.slice(0, 10));
    expect(first.meta.page.total).toBe(25);
    expect(first.links.prev).toBeNull();
    if (!first.links.next) throw new Error('no next link');

    // A newer journey arrives while the user pages: the next pages do not shift.
    await postJson(t.key, journey({ startMs: NOW + 60_000 }));
    const second = (
      await list(t.headers, first.links.next.replace('/api/traces', ''))
    ).json<TraceListPage>();
    expect(second.data.map((r) => r.traceId)).toEqual(ids.slice(10, 20));
    expect(second.meta.page.total).toBe(26);
    if (!second.links.next || !second.links.prev) throw new Error('missing links');
    const third = (
      await list(t.headers, second.links.next.replace('/api/traces', ''))
    ).json<TraceListPage>();
    expect(third.data.map((r) => r.traceId)).toEqual(ids.slice(20, 25));
    expect(third.links.next).toBeNull();
    const back = (
      await list(t.headers, second.links.prev.replace('/api/traces', ''))
    ).json<TraceListPage>();
    expect(back.data.map((r) => r.traceId)).toEqual(ids.slice(0, 10));
    expect(back.links.prev).not.toBeNull();

    const asc = (await list(t.headers, '?sort=createddate&page[size]=3')).json<TraceListPage>();
    expect(asc.data.map((r) => r.traceId)).toEqual(ids.slice(22).reverse());
  });

  it('filters on the time window and the spec 9 fields', async () => {
    const t = await tenant();
    const good = journey({ mos: 4.4, platform: 'genesys', startMs: NOW - 10 * 60_000 });
    const poor = journey({ mos: 2.1, platform: 'amazon-connect', startMs: NOW - 5 * 60_000 });
    const old = journey({ mos: 2.0, startMs: NOW - 3 * 86_400_000 });
    for (const r of [good, poor, old]) await postJson(t.key, r);
    const idOf = (r: OtlpJsonExportRequest) => r.resourceSpans[0]?.scopeSpans[0]?.spans[0]?.traceId;
    const q = (query: string) =>
      list(t.headers, query).then((r) => r.json<TraceListPage>().data.map((row) => row.traceId));

    expect(await q('?filter[cx.telephony.quality.mos.avg][lte]=3')).toEqual([
      idOf(poor),
      idOf(old),
    ]);
    expect(
      await q(
        `?filter[cx.telephony.quality.mos.avg][lte]=3&filter[start_timestamp][gte]=${new Date(NOW - 86_400_000).toISOString()}`,
      ),
    ).toEqual([idOf(poor)]);
    expect(await q('?filter[cx.platform][gte]=genesys&filter[cx.platform][lte]=genesys')).toEqual([
      idOf(good),
    ]);
    expect(await q(`?filter[end_timestamp][lte]=${NOW - 86_400_000}`)).toEqual([idOf(old)]);
    // A numeric value that does not parse is ignored (spec 002 §5).
    expect(await q('?filter[cx.telephony.quality.rtt.avg][gte]=abc')).toHaveLength(3);

    const unknown = await list(t.headers, '?filter[secret][gte]=1');
    expect(unknown.statusCode).toBe(400);
    const badCursor = await list(t.headers, '?page[cursor]=nope');
    expect(badCursor.statusCode).toBe(400);
  });
});

describe('demo journeys', () => {
  it('seeds journeys once, linked to stored calls, that pass the trace checks', async () => {
    const t = await tenant();
    const contactId = `demo-${newTraceId().slice(0, 8)}`;
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/ingest/v1/calls',
      headers: { authorization: `Bearer ${t.key}` },
      payload: {
        calls: [{ contactId, agent: 'Ava Nguyen', startTime: NOW, endTime: NOW + 180_000 }],
      },
    });
    expect(res.statusCode).toBe(200);
    const stored = await seedDemoJourneys(
      s.database.db,
      s.ctx.telemetry,
      t.group.id,
      7,
      NOW + 3_600_000,
    );
    expect(stored).toBeGreaterThan(0);
    expect(
      await seedDemoJourneys(s.database.db, s.ctx.telemetry, t.group.id, 7, NOW + 3_600_000),
    ).toBe(0);
    const page = (await list(t.headers, '?page[size]=100')).json<TraceListPage>();
    expect(page.meta.page.total).toBe(14);
    let linked = 0;
    for (const row of page.data) {
      const trace = (
        await s.app.inject({ method: 'GET', url: `/api/traces/${row.traceId}`, headers: t.headers })
      ).json<Trace>();
      const processed = processTrace(trace);
      expect(processed.spans[0]?.name).toBe('cx.journey');
      if (processed.spans.some((sp) => sp.callId === contactId && sp.callLinked)) linked++;
    }
    expect(linked).toBe(1);
  });
});

describe('OpenAPI', () => {
  it('documents the journey routes', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/v1/traces', '/api/traces', '/api/traces/{traceId}']),
    );
  });
});

describe('cross-origin export', () => {
  it('answers the preflight of a browser OpenTelemetry SDK', async () => {
    const res = await s.app.inject({
      method: 'OPTIONS',
      url: '/v1/traces',
      headers: {
        origin: 'https://crm.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const other = await s.app.inject({
      method: 'OPTIONS',
      url: '/api/traces',
      headers: { origin: 'https://crm.example.com', 'access-control-request-method': 'GET' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('busy server', () => {
  it('answers 429 with Retry-After while the ingestion write gate is full', async () => {
    const t = await tenant();
    const gate = s.ctx.ingest.gate;
    let release = () => {};
    const blocked = new Promise<void>((resolve) => (release = resolve));
    const held: Promise<unknown>[] = [];
    while (!gate.saturated) held.push(gate.run(() => blocked).catch(() => undefined));
    const res = await postJson(t.key, journey());
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('1');
    release();
    await Promise.all(held);
    expect((await postJson(t.key, journey())).statusCode).toBe(200);
  });
});
