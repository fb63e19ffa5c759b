import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AiSummary, ApiError } from '@callsight/shared';
import { startTestServer, type TestServer } from './harness.ts';
import { authHeaders, createTenant, createUser, signIn } from './factories.ts';
import { aiMessages, auditLog } from '../src/db/schema/index.ts';

/**
 * Who may regenerate a journey's AI summary (a new paid model call each time): admins and super
 * users. Viewers read it and make the first one. A spanId outside the trace is 404 naming it.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const T0 = Date.now() - 60 * 60_000;
const ns = (ms: number) => `${BigInt(Math.round(ms)) * 1_000_000n}`;
let counter = 0;
const ROOT = '0000000000000001';
const LEAF = '0000000000000002';

async function sendJourney(key: string) {
  const traceId = (++counter).toString(16).padStart(8, '0') + 'ab'.repeat(12);
  const res = await s.app.inject({
    method: 'POST',
    url: '/v1/traces',
    headers: { authorization: `Bearer ${key}` },
    payload: {
      resourceSpans: [
        {
          resource: { attributes: [{ key: 'service.name', value: { stringValue: 'cx' } }] },
          scopeSpans: [
            {
              scope: { name: 'test' },
              spans: [
                {
                  traceId,
                  spanId: ROOT,
                  name: 'cx.journey',
                  kind: 1,
                  startTimeUnixNano: ns(T0),
                  endTimeUnixNano: ns(T0 + 20_000),
                },
                {
                  traceId,
                  spanId: LEAF,
                  parentSpanId: ROOT,
                  name: 'cx.queue',
                  kind: 1,
                  startTimeUnixNano: ns(T0),
                  endTimeUnixNano: ns(T0 + 12_000),
                },
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

const post = (headers: Record<string, string>, traceId: string, body: object = {}) =>
  s.app.inject({
    method: 'POST',
    url: `/api/traces/${traceId}/ai-summary`,
    headers,
    payload: body,
  });

async function setup() {
  const t = await createTenant(s, { features: ['journeyExplorer'], keyName: 'OTel' });
  const superUser = await createUser(s.database.db, { isSuper: true, groups: [t.group] });
  const superHeaders = authHeaders((await signIn(s.app, superUser.email)).token, t.group.id);
  const traceId = await sendJourney(t.key);
  return { ...t, superHeaders, traceId };
}

const regenerations = async (traceId: string) =>
  (await s.database.db.select().from(auditLog).where(eq(auditLog.targetId, traceId))).filter(
    (a) => a.action === 'regenerate ai summary',
  ).length;

describe('AI summary roles', () => {
  it('lets a viewer read and make the first summary, but not regenerate it', async () => {
    const t = await setup();
    const none = await s.app.inject({
      method: 'GET',
      url: `/api/traces/${t.traceId}/ai-summary`,
      headers: t.viewerHeaders,
    });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();

    const first = await post(t.viewerHeaders, t.traceId, { spanId: ROOT });
    expect(first.statusCode).toBe(200);
    const summary = first.json<AiSummary>();

    const refused = await post(t.viewerHeaders, t.traceId, {
      spanId: ROOT,
      regenerate: true,
      threadId: summary.threadId,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ApiError>().error.message).toBe(
      'Only Group Admins and super users can regenerate an AI summary.',
    );
    // Refused before any model call or write: the thread holds the first exchange only.
    const messages = await s.database.db
      .select()
      .from(aiMessages)
      .where(eq(aiMessages.threadId, summary.threadId));
    expect(messages).toHaveLength(2);
    expect(await regenerations(t.traceId)).toBe(0);

    // Asking again without regenerate answers the stored one.
    const stored = await post(t.viewerHeaders, t.traceId, { spanId: ROOT });
    expect(stored.json<AiSummary>()).toEqual(summary);
  });

  it('lets an admin and a super user regenerate', async () => {
    const t = await setup();
    const first = (await post(t.viewerHeaders, t.traceId)).json<AiSummary>();
    for (const headers of [t.adminHeaders, t.superHeaders]) {
      const res = await post(headers, t.traceId, {
        spanId: LEAF,
        regenerate: true,
        threadId: first.threadId,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<AiSummary>().threadId).toBe(first.threadId);
    }
    expect(await regenerations(t.traceId)).toBe(2);
  });

  it('answers 404 naming a spanId that is not in the trace', async () => {
    const t = await setup();
    const other = await sendJourney(t.key);
    // A span id of another trace of the same group is not this trace's.
    for (const spanId of ['ffffffffffffffff', 'nope']) {
      const res = await post(t.adminHeaders, t.traceId, { spanId });
      expect(res.statusCode).toBe(404);
      const message = `Span ${spanId} not found in trace ${t.traceId}`;
      expect(res.json<ApiError>().error).toMatchObject({ message, fields: { spanId: message } });
    }
    // Also when a summary is already stored, and for a regeneration.
    expect((await post(t.adminHeaders, t.traceId, { spanId: ROOT })).statusCode).toBe(200);
    const stored = await post(t.adminHeaders, t.traceId, { spanId: 'gone' });
    expect(stored.statusCode).toBe(404);
    const again = await post(t.adminHeaders, t.traceId, { spanId: 'gone', regenerate: true });
    expect(again.statusCode).toBe(404);
    expect(await regenerations(t.traceId)).toBe(0);
    expect((await post(t.adminHeaders, other, { spanId: LEAF })).statusCode).toBe(200);
  });
});
