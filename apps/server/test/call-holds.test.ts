import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CallDetailSchema,
  type IngestCallInput,
  type IngestSampleInput,
  type OtlpJsonExportRequest,
} from '@callsight/shared';
import { startTestServer, type TestServer } from './harness.ts';
import { createTenant, ingest } from './factories.ts';
import { mergeHolds, traceHolds } from '../src/services/call-detail/call-holds.ts';
import { holdRuns, parseCallSeconds } from '../src/services/call-detail/call-seconds.ts';
import { readCallChunksText } from '../src/services/telemetry/call-samples.ts';

/**
 * Holds of a call in its detail (GET /api/viscall2/call/...): the collector's summary intervals,
 * its On Hold seconds and the journey's call.hold / call.resume span events, merged into the
 * summary's holdIntervals that the charts shade.
 */

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const T0 = Date.UTC(2025, 4, 6, 9, 0, 0);
const SECOND = 1000;
const iso = (ms: number) => new Date(ms).toISOString();
const ns = (ms: number) => `${BigInt(ms) * 1_000_000n}`;
let counter = 0;
const contact = () => `hold-${++counter}-${Math.random().toString(36).slice(2, 8)}`;
const traceId = () => `${(++counter).toString(16).padStart(8, '0')}${'cd'.repeat(12)}`;

/** A two-minute call: its summary (with the given holds) and 120 seconds with these statuses. */
async function seedCall(
  key: string,
  contactId: string,
  opts: { holds?: IngestCallInput['holdIntervals']; onHold?: (i: number) => boolean } = {},
) {
  const call: IngestCallInput = {
    contactId,
    agent: 'hana',
    direction: 'INBOUND',
    startTime: T0,
    endTime: T0 + 120 * SECOND,
    ...(opts.holds ? { holdIntervals: opts.holds } : {}),
  };
  await ingest(s.app, key, 'calls', [call]);
  const seconds: IngestSampleInput[] = Array.from({ length: 120 }, (_, i) => ({
    contactId,
    timestamp: T0 + i * SECOND,
    inbound: { mos: 4.3, packetsCount: 50, packetsLost: 0, audioLevel: 0.2 },
    outbound: { mos: 4.3, packetsCount: 50, packetsLost: 0, audioLevel: 0.1 },
    rttMs: 40,
    jitterMs: 4,
    agentStatus: opts.onHold?.(i) ? 'On Hold' : 'Talk',
  }));
  await ingest(s.app, key, 'samples', seconds);
}

type Event = { name: string; atMs: number };

/** A journey whose telephony span (linked to the call) carries these events. */
function journey(contactId: string, events: Event[], span = { from: 0, to: 120 }) {
  const id = traceId();
  const body: OtlpJsonExportRequest = {
    resourceSpans: [
      {
        resource: { attributes: [{ key: 'service.name', value: { stringValue: 'cx' } }] },
        scopeSpans: [
          {
            scope: { name: 'test' },
            spans: [
              {
                traceId: id,
                spanId: '00000000000000a1',
                name: 'cx.journey',
                kind: 1,
                startTimeUnixNano: ns(T0 - 60 * SECOND),
                endTimeUnixNano: ns(T0 + 130 * SECOND),
              },
              {
                traceId: id,
                spanId: '00000000000000a2',
                parentSpanId: '00000000000000a1',
                name: 'cx.telephony.call',
                kind: 1,
                startTimeUnixNano: ns(T0 + span.from * SECOND),
                endTimeUnixNano: ns(T0 + span.to * SECOND),
                attributes: [{ key: 'cx.telephony.call.id', value: { stringValue: contactId } }],
                events: events.map((e) => ({
                  name: e.name,
                  timeUnixNano: ns(e.atMs),
                  attributes: [],
                })),
              },
            ],
          },
        ],
      },
    ],
  };
  return body;
}

async function sendTrace(key: string, body: OtlpJsonExportRequest) {
  const res = await s.app.inject({
    method: 'POST',
    url: '/v1/traces',
    headers: { authorization: `Bearer ${key}` },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({});
}

async function holdsOf(headers: Record<string, string>, contactId: string) {
  const res = await s.app.inject({
    method: 'GET',
    url: `/api/viscall2/call/ap-southeast-2/${encodeURIComponent(contactId)}`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return CallDetailSchema.parse(res.json()).summary.hits.hits[0]?._source.holdIntervals;
}

describe('holds in the call detail', () => {
  it("shows a hold that only the journey's call.hold and call.resume events tell", async () => {
    const t = await createTenant(s);
    const id = contact();
    await seedCall(t.key, id);
    expect(await holdsOf(t.headers, id)).toEqual([]);

    await sendTrace(
      t.key,
      journey(id, [
        { name: 'call.connected', atMs: T0 + 300 },
        { name: 'call.hold', atMs: T0 + 40 * SECOND },
        { name: 'call.resume', atMs: T0 + 65 * SECOND },
      ]),
    );
    expect(await holdsOf(t.headers, id)).toEqual([
      { start: iso(T0 + 40 * SECOND), end: iso(T0 + 65 * SECOND) },
    ]);
  });

  it("merges the collector's intervals, its On Hold seconds and the trace's holds", async () => {
    const t = await createTenant(s);
    const id = contact();
    await seedCall(t.key, id, {
      // The summary knows the first hold; the seconds also show an unreported one at 90-94 s.
      holds: [{ start: T0 + 20 * SECOND, end: T0 + 30 * SECOND }],
      onHold: (i) => (i >= 20 && i < 30) || (i >= 90 && i < 95),
    });
    await sendTrace(
      t.key,
      journey(id, [
        // Overlaps the first hold and ends later: one hold 20-33 s.
        { name: 'call.hold', atMs: T0 + 21 * SECOND },
        { name: 'call.resume', atMs: T0 + 33 * SECOND },
        // A hold of its own, 50-60 s.
        { name: 'call.hold', atMs: T0 + 50 * SECOND },
        { name: 'call.resume', atMs: T0 + 60 * SECOND },
      ]),
    );
    expect(await holdsOf(t.headers, id)).toEqual([
      { start: iso(T0 + 20 * SECOND), end: iso(T0 + 33 * SECOND) },
      { start: iso(T0 + 50 * SECOND), end: iso(T0 + 60 * SECOND) },
      { start: iso(T0 + 90 * SECOND), end: iso(T0 + 95 * SECOND) },
    ]);
  });

  it("ends a hold never resumed with its span, and never reads another group's trace", async () => {
    const a = await createTenant(s);
    const b = await createTenant(s);
    const id = contact();
    await seedCall(a.key, id);
    await seedCall(b.key, id);
    await sendTrace(a.key, journey(id, [{ name: 'call.hold', atMs: T0 + 100 * SECOND }]));
    // Group B's journey for the same contact id holds the call at 10-20 s.
    await sendTrace(
      b.key,
      journey(id, [
        { name: 'call.hold', atMs: T0 + 10 * SECOND },
        { name: 'call.resume', atMs: T0 + 20 * SECOND },
      ]),
    );
    expect(await holdsOf(a.headers, id)).toEqual([
      { start: iso(T0 + 100 * SECOND), end: iso(T0 + 120 * SECOND) },
    ]);
    expect(await holdsOf(b.headers, id)).toEqual([
      { start: iso(T0 + 10 * SECOND), end: iso(T0 + 20 * SECOND) },
    ]);
  });

  it('reads the runs of On Hold seconds from the stored text, a gap splitting a run', async () => {
    const t = await createTenant(s);
    const id = contact();
    await seedCall(t.key, id, { onHold: (i) => (i >= 5 && i < 8) || i === 11 || i === 119 });
    const parsed = parseCallSeconds(await readCallChunksText(s.database.db, t.group.id, id));
    expect(holdRuns(parsed, 1000)).toEqual([
      { start: T0 + 5 * SECOND, end: T0 + 8 * SECOND },
      { start: T0 + 11 * SECOND, end: T0 + 12 * SECOND },
      { start: T0 + 119 * SECOND, end: T0 + 120 * SECOND },
    ]);
    // Only the seconds the answer holds count.
    expect(holdRuns(parsed, 10)).toEqual([{ start: T0 + 5 * SECOND, end: T0 + 8 * SECOND }]);
    expect(holdRuns(parseCallSeconds(null), 10)).toEqual([]);
  });
});

describe('traceHolds and mergeHolds', () => {
  const span = (events: Event[], endMs = T0 + 100_000) => ({
    events: events.map((e) => ({ name: e.name, timeUnixNano: ns(e.atMs), attributes: [] })),
    endNs: BigInt(endMs) * 1_000_000n,
  });

  it('pairs holds with the next resume across spans, in time order', () => {
    expect(
      traceHolds([
        span([
          { name: 'call.resume', atMs: T0 + 5_000 },
          { name: 'call.hold', atMs: T0 + 30_000 },
        ]),
        span([
          { name: 'call.hold', atMs: T0 + 10_000 },
          { name: 'call.hold', atMs: T0 + 12_000 },
          { name: 'call.resume', atMs: T0 + 20_000 },
          { name: 'call.resume', atMs: T0 + 40_000 },
          { name: 'call.hold', atMs: T0 + 90_000 },
        ]),
      ]),
    ).toEqual([
      { start: T0 + 10_000, end: T0 + 20_000 },
      { start: T0 + 30_000, end: T0 + 40_000 },
      { start: T0 + 90_000, end: T0 + 100_000 },
    ]);
    // A hold at the very end of its span stays open.
    expect(traceHolds([span([{ name: 'call.hold', atMs: T0 }], T0)])).toEqual([
      { start: T0, end: null },
    ]);
    expect(traceHolds([span([{ name: 'dtmf.received', atMs: T0 }])])).toEqual([]);
  });

  it('joins holds that overlap or lie within a second; an open hold takes every later one', () => {
    expect(
      mergeHolds(
        [
          { start: 10_000, end: 20_000 },
          { start: 50_000, end: 60_000 },
        ],
        [{ start: 21_000, end: 25_000 }],
        [
          { start: 15_000, end: 18_000 },
          { start: 22_001, end: 23_000 },
          { start: 26_001, end: 30_000 },
        ],
      ),
    ).toEqual([
      { start: 10_000, end: 25_000 },
      { start: 26_001, end: 30_000 },
      { start: 50_000, end: 60_000 },
    ]);
    expect(
      mergeHolds(
        [{ start: 10_000, end: null }],
        [
          { start: 5_000, end: 8_000 },
          { start: 40_000, end: 50_000 },
        ],
      ),
    ).toEqual([
      { start: 5_000, end: 8_000 },
      { start: 10_000, end: null },
    ]);
    expect(mergeHolds([], [])).toEqual([]);
  });
});
