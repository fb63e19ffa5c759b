import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CallDetailSchema,
  TraceSchema,
  type CallDetail,
  decodeExportTraceResponse,
  encodeExportTraceRequest,
  type IngestResult,
  type OtlpJsonExportRequest,
  type OtlpKeyValue,
} from '@callsight/shared';
import { startTestServer, type TestServer } from '../harness.ts';
import { createTenant } from '../factories.ts';

/**
 * Input PostgreSQL cannot store as sent — U+0000, a lone surrogate, a span time past int8, a
 * non-finite double — never fails a request with 500: an item holding U+0000 is refused with its
 * field named and the rest of its batch is stored; a lone surrogate is stored as U+FFFD; a span
 * from 2^63 ns on is refused; ±Infinity and NaN are kept in OTLP JSON's text form.
 */

let s: TestServer;
let tenant: Awaited<ReturnType<typeof createTenant>>;
beforeAll(async () => {
  s = await startTestServer();
  tenant = await createTenant(s, { features: ['journeyExplorer'] });
});
afterAll(() => s.close());

const T0 = Date.UTC(2025, 2, 3, 14, 0, 0);
const NS0 = BigInt(T0) * 1_000_000n;
let counter = 0;
const unique = (name: string) => `${name}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;
const nul = (field: string) => `${field} must not contain the NUL character (U+0000)`;

const ingest = (path: string, items: unknown[]) =>
  s.app.inject({
    method: 'POST',
    url: `/api/ingest/v1/${path}`,
    headers: { authorization: `Bearer ${tenant.key}` },
    payload: { [path]: items },
  });

async function readCall(contactId: string) {
  const res = await s.app.inject({
    method: 'GET',
    url: `/api/viscall2/call/eu-west-1/${encodeURIComponent(contactId)}?includeTelemetry=true`,
    headers: tenant.adminHeaders,
  });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return CallDetailSchema.parse(res.json());
}

const summaryOf = (detail: CallDetail) => detail.summary.hits.hits[0]?._source;

describe('U+0000 in ingested samples, calls, logs and events', () => {
  it('refuses a second whose contactId holds U+0000 and stores the rest of the batch', async () => {
    const contactId = unique('nul-sample');
    const res = await ingest('samples', [
      // The plain collector form (epoch ms, trimmed id) takes the fast path; the ISO one the schema.
      { contactId: `${contactId}\u0000`, timestamp: T0 },
      { contactId: ` ${contactId}\u0000 `, timestamp: new Date(T0).toISOString() },
      { contactId, timestamp: T0, rttMs: 40 },
    ]);
    expect(res.statusCode, res.body).toBe(207);
    expect(res.json<IngestResult>()).toEqual({
      accepted: 1,
      duplicates: 0,
      rejectedCount: 2,
      rejected: [
        { index: 0, fields: { contactId: nul('contactId') } },
        { index: 1, fields: { contactId: nul('contactId') } },
      ],
    });
    const detail = await readCall(contactId);
    expect(detail.seconds.map((sec) => sec.rttMs)).toEqual([40]);
  });

  it('answers 400 naming the field when every second of a batch holds U+0000', async () => {
    const res = await ingest('samples', [{ contactId: 'a\u0000b', timestamp: T0 }]);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { fields: Record<string, string> } }>().error.fields).toEqual({
      'samples.0.contactId': nul('contactId'),
    });
  });

  it('refuses a call summary holding U+0000 in any text, naming the field', async () => {
    const contactId = unique('nul-call');
    const call = { contactId, agent: 'alice', startTime: T0 };
    const res = await ingest('calls', [
      { ...call, agent: 'al\u0000ice' },
      { ...call, browser: { name: 'Chrome\u0000' } },
      { ...call, disconnectReason: '\u0000' },
      { ...call, agentCountry: 'NZ', networkType: 'wifi\u0000' },
      call,
    ]);
    expect(res.statusCode, res.body).toBe(207);
    expect(res.json<IngestResult>().rejected).toEqual([
      { index: 0, fields: { agent: nul('agent') } },
      { index: 1, fields: { 'browser.name': nul('browser.name') } },
      { index: 2, fields: { disconnectReason: nul('disconnectReason') } },
      { index: 3, fields: { networkType: nul('networkType') } },
    ]);
    expect(summaryOf(await readCall(contactId))?.serviceAgent.username).toBe('alice');
  });

  it('refuses a log line or event holding U+0000, in a text or anywhere in its data', async () => {
    const contactId = unique('nul-log');
    const line = { time: T0, level: 'INFO', agent: 'alice', contactId, text: 'kept' };
    const logs = await ingest('logs', [
      { ...line, text: 'a\u0000b' },
      { ...line, id: 'x\u0000' },
      line,
    ]);
    expect(logs.statusCode, logs.body).toBe(207);
    expect(logs.json<IngestResult>().rejected).toEqual([
      { index: 0, fields: { text: nul('text') } },
      { index: 1, fields: { id: nul('id') } },
    ]);
    const event = { time: T0, type: 'device', contactId, data: { ok: true } };
    const events = await ingest('events', [
      { ...event, data: { nested: [{ deep: 'a\u0000' }] } },
      { ...event, data: { 'key\u0000': 1 } },
      { ...event, type: 'dev\u0000ice' },
      event,
    ]);
    expect(events.statusCode, events.body).toBe(207);
    expect(events.json<IngestResult>().rejected).toEqual([
      { index: 0, fields: { data: nul('data') } },
      { index: 1, fields: { data: nul('data') } },
      { index: 2, fields: { type: nul('type') } },
    ]);
    const detail = await readCall(contactId);
    expect(detail.logs.hits.hits.map((h) => h._source.text)).toEqual(['kept']);
    expect(detail.telemetry.hits.hits.map((h) => h._source.data)).toEqual([{ ok: true }]);
  });
});

describe('lone surrogates in ingested texts', () => {
  it('stores each one as U+FFFD, in text columns and in event data alike', async () => {
    const contactId = `${unique('lone')}\ud800`;
    const stored = contactId.replace('\ud800', '\ufffd');
    expect(
      (await ingest('calls', [{ contactId, agent: 'al\udc00ice', startTime: T0 }])).statusCode,
    ).toBe(200);
    expect((await ingest('samples', [{ contactId, timestamp: T0, rttMs: 12 }])).statusCode).toBe(
      200,
    );
    const log = { time: T0, level: 'INFO', agent: 'alice', contactId, text: 'cut \ud83d' };
    expect((await ingest('logs', [log])).statusCode).toBe(200);
    // jsonb refuses a lone surrogate: this batch answered 500 before.
    const event = { time: T0, type: 'device', contactId, data: { ['k\udfff']: ['v\ud800x'] } };
    expect((await ingest('events', [event])).statusCode).toBe(200);

    const detail = await readCall(stored);
    expect(summaryOf(detail)?.contact.id.current).toBe(stored);
    expect(summaryOf(detail)?.serviceAgent.username).toBe('al\ufffdice');
    expect(detail.seconds.map((sec) => sec.rttMs)).toEqual([12]);
    expect(detail.logs.hits.hits.map((h) => h._source.text)).toEqual(['cut \ufffd']);
    expect(detail.telemetry.hits.hits.map((h) => h._source.data)).toEqual([
      { 'k\ufffd': ['v\ufffdx'] },
    ]);
  });
});

// ---- spans ----

const hex = (n: number, length: number) => n.toString(16).padStart(length, '0');
const newTraceId = () => `${hex(++counter, 8)}${'ab'.repeat(12)}`;
let spanCounter = 0;

type Span = OtlpJsonExportRequest['resourceSpans'][number]['scopeSpans'][number]['spans'][number];

function spanOf(traceId: string, over: Partial<Span> = {}): Span {
  return {
    traceId,
    spanId: hex(++spanCounter, 16),
    name: 'step',
    startTimeUnixNano: String(NS0),
    endTimeUnixNano: String(NS0 + 1_000_000n),
    ...over,
  };
}

function exportOf(
  spans: Span[],
  opts: { scope?: { name?: string; version?: string }; resource?: OtlpKeyValue[] } = {},
): OtlpJsonExportRequest {
  return {
    resourceSpans: [
      {
        resource: { attributes: opts.resource ?? [] },
        scopeSpans: [{ scope: opts.scope ?? { name: 'scope' }, spans }],
      },
    ],
  };
}

/** An export as OTLP JSON (an object, or its text as written). */
const postJson = (body: unknown) =>
  s.app.inject({
    method: 'POST',
    url: '/v1/traces',
    headers: { authorization: `Bearer ${tenant.key}`, 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

const postProto = (body: OtlpJsonExportRequest) =>
  s.app.inject({
    method: 'POST',
    url: '/v1/traces',
    headers: { authorization: `Bearer ${tenant.key}`, 'content-type': 'application/x-protobuf' },
    payload: Buffer.from(encodeExportTraceRequest(body)),
  });

/** The spans of a trace as GET /api/traces/{traceId} answers them (checked against TraceSchema). */
async function readSpans(traceId: string) {
  const res = await s.app.inject({
    method: 'GET',
    url: `/api/traces/${traceId}`,
    headers: tenant.headers,
  });
  if (res.statusCode === 404) return [];
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const trace = TraceSchema.parse(res.json());
  return trace.resourceSpans.flatMap((rs) =>
    rs.scopeSpans.flatMap((ss) => ss.spans.map((span) => ({ ...span, scope: ss.scope }))),
  );
}

const kv = (key: string, stringValue: string): OtlpKeyValue => ({ key, value: { stringValue } });

describe('U+0000 in an OTLP export', () => {
  const cases: [string, (traceId: string) => OtlpJsonExportRequest, string][] = [
    ['the span name', (t) => exportOf([spanOf(t, { name: 'a\u0000b' })]), 'name'],
    [
      'the status message',
      (t) => exportOf([spanOf(t, { status: { code: 2, message: 'failed\u0000' } })]),
      'status.message',
    ],
    ['the scope name', (t) => exportOf([spanOf(t)], { scope: { name: 's\u0000' } }), 'scope.name'],
    [
      'the scope version',
      (t) => exportOf([spanOf(t)], { scope: { name: 's', version: '1\u0000' } }),
      'scope.version',
    ],
    [
      'call.id',
      (t) => exportOf([spanOf(t, { attributes: [kv('call.id', 'c\u0000')] })]),
      'attributes.call.id',
    ],
    [
      'cx.telephony.call.id',
      (t) => exportOf([spanOf(t, { attributes: [kv('cx.telephony.call.id', '\u0000')] })]),
      'attributes.cx.telephony.call.id',
    ],
    [
      "the span's service.name",
      (t) => exportOf([spanOf(t, { attributes: [kv('service.name', 'svc\u0000')] })]),
      'attributes.service.name',
    ],
    [
      "the resource's service.name",
      (t) => exportOf([spanOf(t)], { resource: [kv('service.name', 'svc\u0000')] }),
      'resource.attributes.service.name',
    ],
    [
      'call.id as bytes (OTLP JSON only: protobuf bytes come as base64)',
      (t) =>
        exportOf([
          spanOf(t, { attributes: [{ key: 'call.id', value: { bytesValue: 'c\u0000' } }] }),
        ]),
      'attributes.call.id',
    ],
    [
      'a trace filter attribute',
      (t) => exportOf([spanOf(t, { attributes: [kv('cx.agent.username', 'bob\u0000')] })]),
      'attributes.cx.agent.username',
    ],
  ];

  for (const [where, build, field] of cases) {
    it(`refuses the span when ${where} holds it, naming ${field}, and stores the next export`, async () => {
      const traceId = newTraceId();
      for (const post of where.includes('JSON only') ? [postJson] : [postJson, postProto]) {
        const res = await post(build(traceId));
        expect(res.statusCode, res.body).toBe(200);
        const answer =
          post === postJson
            ? res.json<{ partialSuccess: { rejectedSpans: string; errorMessage: string } }>()
                .partialSuccess
            : decodeExportTraceResponse(res.rawPayload);
        expect(String(answer.rejectedSpans)).toBe('1');
        expect(answer.errorMessage).toContain(`: ${nul(field)}`);
      }
      expect(await readSpans(traceId)).toEqual([]);
      expect((await postJson(exportOf([spanOf(traceId)]))).json()).toEqual({});
      expect(await readSpans(traceId)).toHaveLength(1);
    });
  }

  it('keeps U+0000 in ordinary attributes, their keys and events (stored as JSON text)', async () => {
    const traceId = newTraceId();
    const attributes = [kv('note', 'a\u0000b'), kv('k\u0000', 'v')];
    const events = [
      { name: 'ev\u0000', timeUnixNano: String(NS0), attributes: [kv('e', '\u0000')] },
    ];
    const res = await postJson(exportOf([spanOf(traceId, { attributes, events })]));
    expect(res.json()).toEqual({});
    const [span] = await readSpans(traceId);
    expect(span?.attributes).toEqual(attributes);
    expect(span?.events).toEqual(events);
  });
});

describe('span times from 2^63 nanoseconds on', () => {
  it('refuses the span with the reason, over JSON and protobuf; 2^63 - 1 is stored', async () => {
    const traceId = newTraceId();
    const max = 2n ** 63n - 1n;
    const res = await postJson(
      exportOf([
        spanOf(traceId, { startTimeUnixNano: String(max + 1n), endTimeUnixNano: String(max + 1n) }),
        spanOf(traceId, { endTimeUnixNano: String(2n ** 64n - 1n) }),
        spanOf(traceId, { startTimeUnixNano: String(max - 1n), endTimeUnixNano: String(max) }),
      ]),
    );
    expect(res.statusCode).toBe(200);
    const { partialSuccess } = res.json<{
      partialSuccess: { rejectedSpans: string; errorMessage: string };
    }>();
    expect(partialSuccess.rejectedSpans).toBe('2');
    expect(partialSuccess.errorMessage).toContain(
      'startTimeUnixNano must be less than 2^63 nanoseconds (before the year 2262)',
    );
    expect(partialSuccess.errorMessage).toContain(
      'endTimeUnixNano must be less than 2^63 nanoseconds (before the year 2262)',
    );
    const spans = await readSpans(traceId);
    expect(spans.map((sp) => [sp.startTimeUnixNano, sp.endTimeUnixNano])).toEqual([
      [String(max - 1n), String(max)],
    ]);

    const proto = await postProto(
      exportOf([spanOf(traceId, { startTimeUnixNano: String(2n ** 64n - 1n) })]),
    );
    expect(proto.statusCode).toBe(200);
    expect(decodeExportTraceResponse(proto.rawPayload).rejectedSpans).toBe(1);
    expect(await readSpans(traceId)).toHaveLength(1);
  });
});

describe('non-finite doubles in attributes', () => {
  it("are stored and read in OTLP JSON's text form, from JSON and protobuf alike", async () => {
    const traceId = newTraceId();
    const json = JSON.stringify(
      exportOf([
        spanOf(traceId, {
          name: 'json',
          attributes: [
            { key: 'inf', value: { doubleValue: 'Infinity' } },
            { key: 'neg', value: { doubleValue: '-Infinity' } },
            { key: 'nan', value: { doubleValue: 'NaN' } },
            { key: 'big', value: { doubleValue: 1.5 } },
          ],
        }),
      ]),
    ).replace('1.5', '1e999'); // A JSON number too large for a double reads as Infinity.
    expect((await postJson(json)).json()).toEqual({});
    const proto = exportOf([
      spanOf(traceId, {
        name: 'proto',
        attributes: [
          { key: 'inf', value: { doubleValue: 'Infinity' } },
          { key: 'neg', value: { doubleValue: '-Infinity' } },
          { key: 'nan', value: { doubleValue: 'NaN' } },
          { key: 'big', value: { doubleValue: 2.5 } },
        ],
      }),
    ]);
    expect((await postProto(proto)).statusCode).toBe(200);
    const spans = await readSpans(traceId);
    const values = (name: string) =>
      spans.find((sp) => sp.name === name)?.attributes.map((a) => a.value.doubleValue);
    expect(values('json')).toEqual(['Infinity', '-Infinity', 'NaN', 'Infinity']);
    expect(values('proto')).toEqual(['Infinity', '-Infinity', 'NaN', 2.5]);
  });

  it('still refuses a double that is no number', async () => {
    const traceId = newTraceId();
    const body = exportOf([
      spanOf(traceId, { attributes: [{ key: 'd', value: { doubleValue: 1 } }] }),
    ]);
    const res = await postJson(
      JSON.stringify(body).replace('"doubleValue":1', '"doubleValue":"many"'),
    );
    expect(
      res.json<{ partialSuccess: { errorMessage: string } }>().partialSuccess.errorMessage,
    ).toContain('attributes.d.doubleValue must be a number');
  });
});

describe('lone surrogates in an OTLP export', () => {
  it('are stored as U+FFFD in names, attributes, keys and events', async () => {
    const traceId = newTraceId();
    const res = await postJson(
      exportOf(
        [
          spanOf(traceId, {
            name: 'step \ud800',
            attributes: [kv('k\udc00', 'v\ud83d'), kv('call.id', 'call-\udfff')],
            events: [{ name: 'e\ud800', timeUnixNano: String(NS0), attributes: [] }],
          }),
        ],
        { scope: { name: 'scope\udc00' } },
      ),
    );
    expect(res.json()).toEqual({});
    const [span] = await readSpans(traceId);
    expect(span?.name).toBe('step \ufffd');
    expect(span?.scope.name).toBe('scope\ufffd');
    expect(span?.attributes).toEqual([kv('k\ufffd', 'v\ufffd'), kv('call.id', 'call-\ufffd')]);
    expect(span?.callId).toBe('call-\ufffd');
    expect(span?.events.map((e) => e.name)).toEqual(['e\ufffd']);
  });
});

describe('U+0000 outside the ingestion API', () => {
  it('is refused with 400 naming the field, in a body, a path or a query', async () => {
    const body = await s.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: tenant.adminHeaders,
      payload: { name: 'Ali\u0000ce' },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Invalid body: name',
        fields: { name: nul('name') },
      },
    });
    const path = await s.app.inject({
      method: 'GET',
      url: '/api/traces/ab%00cd',
      headers: tenant.headers,
    });
    expect(path.statusCode).toBe(400);
    expect(path.json<{ error: { fields: unknown } }>().error.fields).toEqual({
      traceId: nul('traceId'),
    });
    const query = await s.app.inject({
      method: 'GET',
      url: '/api/traces?search=a%00',
      headers: tenant.headers,
    });
    expect(query.statusCode).toBe(400);
  });

  it('stores a lone surrogate as U+FFFD', async () => {
    const res = await s.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: tenant.adminHeaders,
      payload: { name: 'Ali\udc00ce' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const profile = await s.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: tenant.adminHeaders,
    });
    expect(profile.json<{ name: string }>().name).toBe('Ali\ufffdce');
  });
});
