import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AiSummary, ApiError } from '@callsight/shared';
import { startTestServer, type TestServer } from './harness.ts';
import { createTenant } from './factories.ts';
import { aiMessages, auditLog } from '../src/db/schema/index.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const T0 = Date.now() - 60 * 60_000;
const ns = (ms: number) => `${BigInt(Math.round(ms)) * 1_000_000n}`;
let counter = 0;
const newTraceId = () => (++counter).toString(16).padStart(8, '0') + 'cd'.repeat(12);

/** A group with journeyExplorer (unless told), a viewer signed in and an API key. */
const tenant = (features: 'journeyExplorer'[] = ['journeyExplorer']) =>
  createTenant(s, { features, keyName: 'OTel' });

/** Sends a journey through OTLP: root, IVR, a 40 s queue, a failed telephony span and an agent span. */
async function sendJourney(key: string) {
  const traceId = newTraceId();
  const span = (id: number, name: string, from: number, to: number, extra: object = {}) => ({
    traceId,
    spanId: id.toString(16).padStart(16, '0'),
    ...(id > 1 ? { parentSpanId: '1'.padStart(16, '0') } : {}),
    name,
    kind: 1,
    startTimeUnixNano: ns(T0 + from),
    endTimeUnixNano: ns(T0 + to),
    ...extra,
  });
  const res = await s.app.inject({
    method: 'POST',
    url: '/v1/traces',
    headers: { authorization: `Bearer ${key}` },
    payload: {
      resourceSpans: [
        {
          resource: {
            attributes: [{ key: 'service.name', value: { stringValue: 'cx-platform' } }],
          },
          scopeSpans: [
            {
              scope: { name: 'test' },
              spans: [
                span(1, 'cx.journey', 0, 90_000, {
                  attributes: [
                    { key: 'cx.channel', value: { stringValue: 'voice' } },
                    { key: 'cx.platform', value: { stringValue: 'amazon-connect' } },
                  ],
                }),
                span(2, 'cx.ivr', 0, 4_000),
                span(3, 'cx.queue', 4_000, 44_000),
                span(4, 'cx.telephony.call', 44_000, 90_000, {
                  attributes: [{ key: 'cx.telephony.call.id', value: { stringValue: 'call-77' } }],
                  status: { code: 2, message: 'Caller hung up' },
                }),
                span(5, 'cx.agent.interaction', 45_000, 89_000, {
                  attributes: [{ key: 'cx.agent.username', value: { stringValue: 'alice' } }],
                }),
              ],
            },
          ],
        },
      ],
    },
  });
  expect(res.statusCode).toBe(200);
  return traceId;
}

const generate = (headers: Record<string, string>, traceId: string, body: object = {}) =>
  s.app.inject({
    method: 'POST',
    url: `/api/traces/${traceId}/ai-summary`,
    headers,
    payload: body,
  });

describe('AI summary of a journey (built-in summarizer)', () => {
  it('is generated once from the trace’s spans, then answered as stored', async () => {
    const t = await tenant();
    const traceId = await sendJourney(t.key);
    const before = await s.app.inject({
      method: 'GET',
      url: `/api/traces/${traceId}/ai-summary`,
      headers: t.headers,
    });
    // None yet is the normal first state: 200 with null, no error for the browser to log.
    expect(before.statusCode).toBe(200);
    expect(before.json()).toBeNull();

    const first = await generate(t.headers, traceId);
    expect(first.statusCode).toBe(200);
    const summary = first.json<AiSummary>();
    expect(summary.engine).toBe('builtin');
    expect(summary.response).toContain(
      'This voice journey on amazon-connect (cx.journey) lasted 1m 30s across 5 spans',
    );
    expect(summary.response).toContain('1 span failed: cx.telephony.call (Caller hung up).');
    // Leaf spans only: the root (the parent of the others) is not flagged.
    expect(summary.response).toContain(
      'Slow spans (we flag leaf spans, those without child spans, over 5 s): cx.queue (40s), cx.telephony.call (46s), cx.agent.interaction (44s).',
    );
    expect(summary.response).toContain('Telephony: cx.telephony.call (call call-77).');
    expect(summary.response).toContain('Agent: cx.agent.interaction (agent alice).');

    const again = (await generate(t.headers, traceId)).json<AiSummary>();
    expect(again).toEqual(summary);
    const got = await s.app.inject({
      method: 'GET',
      url: `/api/traces/${traceId}/ai-summary`,
      headers: t.headers,
    });
    expect(got.json<AiSummary>()).toEqual(summary);
    const messages = await s.database.db
      .select()
      .from(aiMessages)
      .where(eq(aiMessages.threadId, summary.threadId));
    expect(messages).toHaveLength(2);
  });

  it('regenerates in the same thread and writes an audit row', async () => {
    const t = await tenant();
    const traceId = await sendJourney(t.key);
    const first = (await generate(t.headers, traceId)).json<AiSummary>();
    const second = await generate(t.adminHeaders, traceId, {
      regenerate: true,
      threadId: first.threadId,
    });
    expect(second.statusCode).toBe(200);
    expect(second.json<AiSummary>().threadId).toBe(first.threadId);
    const messages = await s.database.db
      .select()
      .from(aiMessages)
      .where(eq(aiMessages.threadId, first.threadId));
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    const audits = await s.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, traceId));
    expect(audits.map((a) => a.action).sort()).toEqual([
      'generate ai summary',
      'regenerate ai summary',
    ]);
  });

  it('answers 404 for an unknown or another group’s trace, and 403 without journeyExplorer', async () => {
    const t = await tenant();
    const other = await tenant();
    const traceId = await sendJourney(other.key);
    expect((await generate(t.headers, traceId)).statusCode).toBe(404);
    expect((await generate(t.headers, 'ffffffffffffffffffffffffffffffff')).statusCode).toBe(404);
    const read = await s.app.inject({
      method: 'GET',
      url: `/api/traces/${traceId}/ai-summary`,
      headers: t.headers,
    });
    expect(read.statusCode).toBe(404);
    expect(read.json<ApiError>().error.message).toBe('Trace not found');
    const otherThread = (await generate(other.headers, traceId)).json<AiSummary>().threadId;
    const mine = await sendJourney(t.key);
    expect(
      (await generate(t.adminHeaders, mine, { regenerate: true, threadId: otherThread }))
        .statusCode,
    ).toBe(404);
    const off = await tenant([]);
    expect((await generate(off.headers, traceId)).statusCode).toBe(403);
  });
});
