import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONFIG_LIMITS,
  ECHO_LIMITS,
  ERROR_CODES,
  INGEST_LIMITS,
  OTLP_LIMITS,
  WORKFLOW_LIMITS,
  decodeExportTraceResponse,
  encodeExportTraceRequest,
  type ApiError,
  type IngestResult,
  type OtlpExportResponse,
  type Trace,
} from '@callsight/shared';
import { startTestServer, type TestServer } from './harness.ts';
import { authHeaders, createTenant, createUser, signIn } from './factories.ts';
import { telemetryEvents } from '../src/db/schema/index.ts';
import { boundedError } from '../src/lib/error-handler.ts';
import {
  BODY_TEXT_MAX_LENGTH,
  bodyTextBound,
  bodyTextTooLongMessage,
} from '../src/plugins/storable-input.ts';

/** Issue 14 §8: what is stored and what is echoed back stays bounded, whatever is sent. */

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const MB = 1024 * 1024;
const KB = 1024;
const MARKER = /…\[truncated \d+ chars\]$/;
const TRACE_ID = '5b8efff798038103d269b633813fc60c';
const nowNs = () => `${BigInt(Date.now()) * 1_000_000n}`;

/** A group with journeys on, its API key, a viewer and a super user signed in to it. */
async function tenant() {
  const t = await createTenant(s, { features: ['journeyExplorer'] });
  const sup = await createUser(s.database.db, { isSuper: true });
  const superHeaders = authHeaders((await signIn(s.app, sup.email)).token, t.group.id);
  return { ...t, superHeaders };
}

const postTraces = (key: string, body: object) =>
  s.app.inject({
    method: 'POST',
    url: '/v1/traces',
    headers: { authorization: `Bearer ${key}` },
    payload: body,
  });

const span = <E extends object>(spanId: string, extra: E) => {
  const start = nowNs();
  return {
    traceId: TRACE_ID,
    spanId,
    name: 'cx.ivr',
    kind: 1,
    startTimeUnixNano: start,
    endTimeUnixNano: start,
    ...extra,
  };
};

describe('OTLP spans (POST /v1/traces)', () => {
  it('stores a 1 MB span name and a 1 MB attribute cut with a marker: the trace answers under 16 KB', async () => {
    const t = await tenant();
    const normal = span('00f067aa0ba902b7', {
      parentSpanId: 'b7ad6b7169203331',
      attributes: [{ key: 'service.name', value: { stringValue: 'ivr' } }],
      status: { code: 2, message: 'failed' },
    });
    const big = span('b7ad6b7169203331', {
      name: 'n'.repeat(MB),
      attributes: [{ key: 'big', value: { stringValue: 'v'.repeat(MB) } }],
    });
    const post = await postTraces(t.key, {
      resourceSpans: [{ scopeSpans: [{ scope: { name: 'cx' }, spans: [big, normal] }] }],
    });
    expect(post.statusCode).toBe(200);
    expect(post.json<OtlpExportResponse>()).toEqual({});

    const get = await s.app.inject({
      method: 'GET',
      url: `/api/traces/${TRACE_ID}`,
      headers: t.headers,
    });
    expect(get.statusCode).toBe(200);
    expect(get.rawPayload.length).toBeLessThan(16 * KB);
    const spans = get.json<Trace>().resourceSpans.flatMap((r) => r.scopeSpans[0]?.spans ?? []);
    const stored = spans.find((x) => x.spanId === big.spanId);
    expect(stored?.name).toHaveLength(OTLP_LIMITS.nameMaxLength);
    expect(stored?.name.startsWith('n'.repeat(900))).toBe(true);
    expect(stored?.name).toMatch(MARKER);
    const value = stored?.attributes[0]?.value.stringValue;
    expect(value).toHaveLength(OTLP_LIMITS.attributeValueMaxLength);
    expect(value).toMatch(MARKER);
    // A span of ordinary size comes back exactly as sent.
    expect(spans.find((x) => x.spanId === normal.spanId)).toMatchObject({
      name: 'cx.ivr',
      parentSpanId: normal.parentSpanId,
      attributes: normal.attributes,
      status: normal.status,
    });
  });

  it('refuses 9 spans with 1 MB ids in an answer of a few KB (JSON and protobuf)', async () => {
    const t = await tenant();
    const json = await postTraces(t.key, {
      resourceSpans: [
        {
          scopeSpans: [
            { spans: Array.from({ length: 9 }, () => span('z'.repeat(MB), { name: 'a' })) },
          ],
        },
      ],
    });
    expect(json.statusCode).toBe(200);
    expect(json.rawPayload.length).toBeLessThan(4 * KB);
    const { partialSuccess } = json.json<OtlpExportResponse>();
    expect(partialSuccess?.rejectedSpans).toBe('9');
    expect(partialSuccess?.errorMessage).toContain(
      `(span ${'z'.repeat(ECHO_LIMITS.quotedChars)}…): spanId must be 16 hex characters`,
    );

    // Protobuf carries ids as bytes: 512 KB each, 1 MB of hex.
    const request = {
      resourceSpans: [
        {
          resource: { attributes: [] },
          scopeSpans: [
            {
              scope: { name: 'cx' },
              spans: Array.from({ length: 9 }, () => span('ab'.repeat(MB / 2), { name: 'a' })),
            },
          ],
        },
      ],
    };
    const proto = await s.app.inject({
      method: 'POST',
      url: '/v1/traces',
      headers: { authorization: `Bearer ${t.key}`, 'content-type': 'application/x-protobuf' },
      payload: Buffer.from(encodeExportTraceRequest(request)),
    });
    expect(proto.statusCode).toBe(200);
    expect(proto.rawPayload.length).toBeLessThan(4 * KB);
    expect(decodeExportTraceResponse(new Uint8Array(proto.rawPayload)).rejectedSpans).toBe(9);
  });
});

describe('telemetry events (POST /api/ingest/v1/events)', () => {
  it('stores a 1 MB data text cut with a marker, and refuses only an event whose data stays too large', async () => {
    const t = await tenant();
    const time = Date.now() - 60_000;
    const normal = { id: 'normal', time, type: 'device', data: { mic: 'USB', level: 0.5 } };
    const wide = Object.fromEntries(
      Array.from({ length: 20 }, (_, i) => [
        `k${i}`,
        'w'.repeat(INGEST_LIMITS.eventDataTextMaxLength),
      ]),
    );
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/ingest/v1/events',
      headers: { authorization: `Bearer ${t.key}` },
      payload: {
        events: [
          { id: 'big', time, type: 'note', data: { note: 'x'.repeat(MB), kept: 'short' } },
          { id: 'wide', time, type: 'note', data: wide },
          normal,
        ],
      },
    });
    expect(res.statusCode).toBe(207);
    expect(res.json<IngestResult>()).toMatchObject({
      accepted: 2,
      rejectedCount: 1,
      rejected: [
        {
          index: 1,
          fields: {
            data: `data must be at most ${INGEST_LIMITS.eventDataMaxLength} characters as JSON`,
          },
        },
      ],
    });
    const rows = await s.database.db
      .select({ id: telemetryEvents.id, data: telemetryEvents.data })
      .from(telemetryEvents)
      .where(eq(telemetryEvents.groupId, t.group.id));
    const byId = new Map(rows.map((r) => [r.id, r.data as Record<string, unknown>]));
    const big = byId.get('c:big');
    expect(JSON.stringify(big).length).toBeLessThanOrEqual(INGEST_LIMITS.eventDataMaxLength);
    expect(big?.kept).toBe('short');
    expect(big?.note).toHaveLength(INGEST_LIMITS.eventDataTextMaxLength);
    expect(big?.note).toMatch(MARKER);
    expect(byId.get('c:normal')).toEqual(normal.data);
    expect(byId.has('c:wide')).toBe(false);
  });
});

describe('dial numbers (PUT /api/gsm/connect/numbers)', () => {
  it('refuses a 10,000-character region in a few hundred bytes, keyed by its row', async () => {
    const t = await tenant();
    const res = await s.app.inject({
      method: 'PUT',
      url: '/api/gsm/connect/numbers',
      headers: t.superHeaders,
      // Within the body-text bound, so that the field's own rule answers (issue 31).
      payload: [{ region: 'r'.repeat(BODY_TEXT_MAX_LENGTH), number: '+12025550123' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.rawPayload.length).toBeLessThan(KB);
    expect(res.json<ApiError>().error).toEqual({
      code: ERROR_CODES.validation,
      message: 'Region must be at most 50 characters',
      fields: { '0': 'Region must be at most 50 characters' },
    });
  });
});

describe('the error handler', () => {
  it('answers a few KB at most for a huge unknown key, many huge keys or a huge e-mail', async () => {
    const t = await tenant();
    const unknownKey = await s.app.inject({
      method: 'POST',
      url: '/api/config/token',
      headers: t.adminHeaders,
      payload: { name: 'Collector', ['k'.repeat(MB)]: 1 },
    });
    expect(unknownKey.statusCode).toBe(400);
    expect(unknownKey.rawPayload.length).toBeLessThan(2 * KB);
    expect(unknownKey.json<ApiError>().error.message).toBe(
      `Invalid body: ${'k'.repeat(ECHO_LIMITS.quotedChars)}…`,
    );

    // 300 unknown feature flags of 10 KB: zod names every one in its message.
    const manyKeys = await s.app.inject({
      method: 'PUT',
      url: `/api/groups/${t.group.id}/features`,
      headers: t.superHeaders,
      payload: Object.fromEntries(
        Array.from({ length: 300 }, (_, i) => [`${i}`.padEnd(10 * KB, 'f'), true]),
      ),
    });
    expect(manyKeys.statusCode).toBe(400);
    expect(manyKeys.rawPayload.length).toBeLessThan(2 * KB);
    for (const [name, message] of Object.entries(manyKeys.json<ApiError>().error.fields ?? {})) {
      expect(name.length).toBeLessThanOrEqual(ECHO_LIMITS.fieldNameChars + 1);
      expect(message).toHaveLength(ECHO_LIMITS.fieldMessageChars);
      expect(message).toMatch(MARKER);
    }

    // The address is refused before it reaches the sign-in throttle's index (a 500 before).
    const email = await s.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `${'a'.repeat(MB)}@example.com`, password: 'x' },
    });
    expect(email.statusCode).toBe(400);
    expect(email.rawPayload.length).toBeLessThan(KB);
    expect(email.json<ApiError>().error.fields).toEqual({
      email: 'Email must be at most 254 characters',
    });
  });

  it('cuts any message, field name and field message, and keeps an ordinary error as it is', () => {
    const huge = boundedError({
      error: {
        code: ERROR_CODES.validation,
        message: 'm'.repeat(MB),
        fields: Object.fromEntries(
          Array.from({ length: 1000 }, (_, i) => [`${i}`.padEnd(MB / 100, 'n'), 'v'.repeat(MB)]),
        ),
      },
    });
    expect(JSON.stringify(huge).length).toBeLessThan(
      ECHO_LIMITS.messageChars + ECHO_LIMITS.fieldsChars + KB,
    );
    expect(huge.error.message).toMatch(MARKER);
    expect(huge.error.fields?.['…']).toMatch(/^and \d+ more$/);
    const ordinary: ApiError = {
      error: { code: ERROR_CODES.validation, message: 'Invalid body: name', fields: { name: 'x' } },
    };
    expect(boundedError(ordinary)).toEqual(ordinary);
  });
});

describe('stored texts of forms and config are refused beyond their limit', () => {
  it('refuses a 1 MB webhook header and a 10,000-character allowlisted page, naming the limit', async () => {
    const t = await tenant();
    const watcher = await s.app.inject({
      method: 'PUT',
      url: `/api/groups/${t.group.id}/watchers`,
      headers: t.adminHeaders,
      payload: {
        workflowId: '-1',
        application: 'aws-connect',
        trigger: 'aws-connect-mos',
        workflowName: 'Low MOS',
        triggerThreshold: {},
        actions: [
          {
            type: 'invoke-webhook',
            url: 'http://127.0.0.1:9/hook',
            method: 'POST',
            headers: { 'x-big': 'h'.repeat(MB) },
            body: '{}',
          },
        ],
      },
    });
    expect(watcher.statusCode).toBe(400);
    expect(watcher.json<ApiError>().error.fields).toEqual({
      'actions.0.headers': `Header values must be at most ${WORKFLOW_LIMITS.headerValueMaxLength} characters`,
    });

    const origins = await s.app.inject({
      method: 'PUT',
      url: '/api/config/array',
      headers: t.superHeaders,
      payload: {
        key: 'SOFTPHONE_APPROVED_ORIGINS',
        value: [
          { origin: 'https://a.example', pages: [`/${'p'.repeat(BODY_TEXT_MAX_LENGTH - 1)}`] },
        ],
      },
    });
    expect(origins.statusCode).toBe(400);
    expect(origins.rawPayload.length).toBeLessThan(KB);
    expect(origins.json<ApiError>().error.message).toBe(
      `Each entry of Allowlisted pages must be at most ${CONFIG_LIMITS.textLength} characters`,
    );
  });
});

describe('every text of a JSON body is bounded, used by the route or not (issue 31)', () => {
  const tooLong = (field: string, max = BODY_TEXT_MAX_LENGTH) => ({
    code: ERROR_CODES.validation,
    message: `Invalid body: ${field}`,
    fields: { [field]: bodyTextTooLongMessage(field, max) },
  });

  it('refuses a 5 MB unused id on PUT /api/dataRoles/{id}, naming it, and saves nothing', async () => {
    const t = await tenant();
    const created = await s.app.inject({
      method: 'POST',
      url: '/api/dataRoles',
      headers: t.adminHeaders,
      payload: { name: 'Sydney' },
    });
    expect(created.statusCode).toBe(201);
    const team = created.json<{ id: string }>();
    const put = (id: string, name: string) =>
      s.app.inject({
        method: 'PUT',
        url: `/api/dataRoles/${team.id}`,
        headers: t.adminHeaders,
        payload: { id, name, conditions: [], dashboards: [] },
      });
    const res = await put('i'.repeat(5 * MB), 'Renamed');
    expect(res.statusCode).toBe(400);
    expect(res.rawPayload.length).toBeLessThan(KB);
    expect(res.json<ApiError>().error).toEqual(tooLong('id'));
    const list = await s.app.inject({
      method: 'GET',
      url: '/api/dataRoles',
      headers: t.adminHeaders,
    });
    expect(list.json<{ name: string }[]>().map((x) => x.name)).toEqual(['Sydney']);
    // The bound is the route's: a text of exactly that length is let through.
    expect((await put('i'.repeat(BODY_TEXT_MAX_LENGTH), 'Renamed')).statusCode).toBe(200);
  });

  it("refuses a long text in a field no schema names (a loose object's extra key, nested), and a long key", async () => {
    const t = await tenant();
    const switchGroup = (payload: object) =>
      s.app.inject({
        method: 'PUT',
        url: '/api/users/switchGroup',
        headers: t.adminHeaders,
        payload,
      });
    const nested = await switchGroup({
      currentGroupId: t.group.id,
      extra: { notes: ['short', 'n'.repeat(MB)] },
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json<ApiError>().error).toEqual(tooLong('extra.notes.1'));

    const key = await switchGroup({ currentGroupId: t.group.id, ['k'.repeat(MB)]: 1 });
    expect(key.statusCode).toBe(400);
    expect(key.rawPayload.length).toBeLessThan(2 * KB);
    const quoted = `${'k'.repeat(ECHO_LIMITS.quotedChars)}…`;
    expect(key.json<ApiError>().error).toEqual({
      code: ERROR_CODES.validation,
      message: `Invalid body: ${quoted}`,
      fields: {
        [`${'k'.repeat(ECHO_LIMITS.fieldNameChars)}…`]: bodyTextTooLongMessage(
          quoted,
          BODY_TEXT_MAX_LENGTH,
        ),
      },
    });
    // Within the bound, the extra key is ignored as before.
    const ok = await switchGroup({ currentGroupId: t.group.id, extra: 'x'.repeat(1000) });
    expect(ok.statusCode).toBe(200);
  });

  it("gives every route a bound: declared, else its body schema's largest maxLength, at least the default", () => {
    const body = z.object({ note: z.string().max(50_000), name: z.string().max(10) });
    expect(bodyTextBound({ schema: { body } })).toBe(50_000);
    expect(bodyTextBound({ schema: { body: z.object({ id: z.string() }) } })).toBe(
      BODY_TEXT_MAX_LENGTH,
    );
    expect(bodyTextBound({ schema: {} })).toBe(BODY_TEXT_MAX_LENGTH);
    expect(bodyTextBound({ schema: { body }, config: { bodyTextMaxLength: 20 } })).toBe(20);
  });

  it("lets a field's own rule answer below the bound; beyond it, where the handler validates, the bound answers", async () => {
    const t = await tenant();
    const numbers = (region: string) =>
      s.app.inject({
        method: 'PUT',
        url: '/api/gsm/connect/numbers',
        headers: t.superHeaders,
        payload: [{ region, number: '+12025550123' }],
      });
    expect((await numbers('r'.repeat(BODY_TEXT_MAX_LENGTH))).json<ApiError>().error.message).toBe(
      'Region must be at most 50 characters',
    );
    const huge = await numbers('r'.repeat(MB));
    expect(huge.statusCode).toBe(400);
    expect(huge.json<ApiError>().error).toEqual(tooLong('0.region'));
  });
});
