import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AGENT_STATUSES,
  CallDetailSchema,
  type CallDetailDirection,
  type CallDetailSecond,
  type IngestDirectionStats,
  type IngestResult,
  type IngestSampleInput,
} from '@callsight/shared';
import { startTestServer, type TestServer } from '../harness.ts';
import { createTenant } from '../factories.ts';
import { differences, roundTripParameters, seededRandom } from './round-trip-support.ts';

/**
 * Property: every second of random calls, sent through POST /api/ingest/v1/samples in random
 * batches (1 to 10,000 seconds) with gaps, holds, late and resent seconds, reads back through
 * GET /api/viscall2/call/{region}/{contactId} with the time and values that were sent, in time
 * order. A resent second keeps its first copy: the stored one wins (decisions.md P1). Contact ids
 * holding U+0000 (refused second by second, with the field named) or a lone surrogate (stored
 * as U+FFFD) are drawn on purpose.
 */

let s: TestServer;
let tenant: Awaited<ReturnType<typeof createTenant>>;
beforeAll(async () => {
  s = await startTestServer();
  tenant = await createTenant(s);
});
afterAll(() => s.close());

const T0 = Date.UTC(2025, 2, 3, 14, 0, 0);
/**
 * Ends of contact ids: the route must take them back as sent (encoded in the path), a lone
 * surrogate as U+FFFD; an id holding U+0000 is refused.
 */
const CONTACT_SUFFIXES = ['', ' é日本', '%41?x=1#y', 'a+b&c', '/a/b', 'x\ud800', '\udc00\u0000'];
const NUL_REFUSAL = { contactId: 'contactId must not contain the NUL character (U+0000)' };
let run = 0;

/** A stretch of a call: `length` seconds after a gap, each with its own values or one held value. */
interface Segment {
  gapSeconds: number;
  /** Where in its second the stretch's times fall (every time is kept to the millisecond). */
  shiftMs: number;
  length: number;
  hold: boolean;
  seed: number;
}

interface CallPlan {
  startOffsetMs: number;
  segments: Segment[];
  /** Which of CONTACT_SUFFIXES ends the call's contact id. */
  suffix: number;
}

/** A second moved `by` places later in the sending order (it arrives after later ones). */
interface Late {
  at: number;
  by: number;
}

/** A second sent again `by` places later, with other values (`seed`): the first copy must stay. */
interface Resend {
  at: number;
  by: number;
  seed: number;
}

interface Plan {
  /** Where the calls start (epoch ms): any millisecond from 2000, the earliest time taken. */
  epochMs: number;
  calls: CallPlan[];
  batchSizes: number[];
  late: Late[];
  resends: Resend[];
  /** Draws which seconds are sent with an ISO 8601 time (with an offset) rather than epoch ms. */
  isoSeed: number;
}

/** Batch sizes from 1 to the 10,000 allowed, around the tokeniser's 256-second growth steps too. */
const batchSizeArb = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 40 }), weight: 3 },
  { arbitrary: fc.constantFrom(255, 256, 257, 511, 512, 513, 1000, 1024, 10_000), weight: 2 },
  { arbitrary: fc.integer({ min: 41, max: 1500 }), weight: 3 },
  { arbitrary: fc.integer({ min: 1501, max: 10_000 }), weight: 1 },
);

const segmentArb: fc.Arbitrary<Segment> = fc.record({
  gapSeconds: fc.oneof(
    { arbitrary: fc.constant(0), weight: 3 },
    { arbitrary: fc.integer({ min: 1, max: 3600 }), weight: 1 },
  ),
  shiftMs: fc.integer({ min: -900, max: 900 }),
  length: fc.oneof(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 41, max: 2500 })),
  hold: fc.boolean(),
  seed: fc.nat(),
});

const planArb: fc.Arbitrary<Plan> = fc.record({
  epochMs: fc.oneof(fc.constant(T0), fc.integer({ min: Date.UTC(2000, 0, 1, 1), max: T0 })),
  calls: fc.array(
    fc.record({
      startOffsetMs: fc.integer({ min: 0, max: 600_000 }),
      segments: fc.array(segmentArb, { minLength: 1, maxLength: 5 }),
      suffix: fc.integer({ min: 0, max: CONTACT_SUFFIXES.length - 1 }),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  batchSizes: fc.array(batchSizeArb, { minLength: 1, maxLength: 6 }),
  late: fc.array(fc.record({ at: fc.nat(), by: fc.nat({ max: 3000 }) }), { maxLength: 8 }),
  resends: fc.array(fc.record({ at: fc.nat(), by: fc.nat({ max: 3000 }), seed: fc.nat() }), {
    maxLength: 8,
  }),
  isoSeed: fc.nat(),
});

/** One call's seconds in one batch or in equal batches (the shapes of issue 14). */
const evenPlan = (seconds: number, batchSize: number): Plan => ({
  epochMs: T0,
  calls: [
    {
      startOffsetMs: 0,
      segments: [{ gapSeconds: 0, shiftMs: 0, length: seconds, hold: false, seed: 1 }],
      suffix: 0,
    },
  ],
  batchSizes: [batchSize],
  late: [],
  resends: [],
  isoSeed: 0,
});

/** A second as sent, with what the call detail must answer for it. */
interface Sent {
  call: number;
  timeMs: number;
  sample: IngestSampleInput;
  expected: CallDetailSecond;
}

type Values = Omit<IngestSampleInput, 'contactId' | 'timestamp'>;

/**
 * Values that PostgreSQL's `real` keeps exactly as written (at most six significant digits), as
 * sent: a field is a value, null or absent. A direction always has its MOS, so none is computed.
 */
function drawValues(random: () => number): Values {
  const int = (max: number) => Math.floor(random() * (max + 1));
  const maybe = <T>(value: () => T): T | null | undefined => {
    const r = random();
    return r < 0.75 ? value() : r < 0.875 ? null : undefined;
  };
  const direction = (): IngestDirectionStats | null | undefined =>
    maybe(() => ({
      mos: int(500) / 100,
      packetsCount: maybe(() => int(1_000_000)),
      packetsLost: maybe(() => int(1000)),
      audioLevel: maybe(() => int(1000) / 1000),
    }));
  return {
    inbound: direction(),
    outbound: direction(),
    rttMs: maybe(() => int(600_000) / 10),
    jitterMs: maybe(() => int(20_000) / 100),
    cpuAvailablePercent: maybe(() => int(1000) / 10),
    memoryUsedPercent: maybe(() => int(1000) / 10),
    agentStatus: maybe(() => AGENT_STATUSES[int(AGENT_STATUSES.length - 1)] ?? 'Talk'),
  };
}

const detailDirection = (d: IngestDirectionStats | null | undefined): CallDetailDirection | null =>
  d
    ? {
        mos: d.mos ?? null,
        mosComputed: false,
        packetsCount: d.packetsCount ?? null,
        packetsLost: d.packetsLost ?? null,
        audioLevel: d.audioLevel ?? null,
      }
    : null;

/** The second the call detail answers for values sent at `timeMs`. */
const expectedSecond = (timeMs: number, v: Values): CallDetailSecond => ({
  timestamp: new Date(timeMs).toISOString(),
  inbound: detailDirection(v.inbound),
  outbound: detailDirection(v.outbound),
  rttMs: v.rttMs ?? null,
  jitterMs: v.jitterMs ?? null,
  cpuAvailablePercent: v.cpuAvailablePercent ?? null,
  memoryUsedPercent: v.memoryUsedPercent ?? null,
  agentStatus: v.agentStatus ?? null,
});

const OFFSETS_MINUTES = [0, 600, -300, 330, 345, -570];

/** `timeMs` as ISO 8601 with a UTC offset (the ingestion API takes it as well as epoch ms). */
function isoWithOffset(timeMs: number, offsetMinutes: number): string {
  if (offsetMinutes === 0) return new Date(timeMs).toISOString();
  const local = new Date(timeMs + offsetMinutes * 60_000).toISOString().slice(0, -1);
  const abs = Math.abs(offsetMinutes);
  const hhmm = `${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${local}${offsetMinutes < 0 ? '-' : '+'}${hhmm}`;
}

/** The seconds of a plan in sending order: the calls' seconds by time, then moved and resent. */
function sendingOrder(plan: Plan, contactIds: readonly string[]): Sent[] {
  const iso = seededRandom(plan.isoSeed);
  const sent = (call: number, timeMs: number, values: Values): Sent => {
    const timestamp =
      iso() < 0.2
        ? isoWithOffset(timeMs, OFFSETS_MINUTES[Math.floor(iso() * OFFSETS_MINUTES.length)] ?? 0)
        : timeMs;
    return {
      call,
      timeMs,
      sample: { contactId: contactIds[call] ?? '', timestamp, ...values },
      expected: expectedSecond(timeMs, values),
    };
  };
  const stream: Sent[] = [];
  plan.calls.forEach((callPlan, call) => {
    let next = plan.epochMs + callPlan.startOffsetMs;
    for (const segment of callPlan.segments) {
      const random = seededRandom(segment.seed);
      const held = drawValues(random);
      let timeMs = next + segment.gapSeconds * 1000 + segment.shiftMs;
      for (let k = 0; k < segment.length; k++, timeMs += 1000)
        stream.push(sent(call, timeMs, segment.hold ? held : drawValues(random)));
      next = timeMs;
    }
  });
  stream.sort((a, b) => a.timeMs - b.timeMs);
  for (const { at, by } of plan.late) {
    const from = at % stream.length;
    const [moved] = stream.splice(from, 1);
    if (moved) stream.splice(Math.min(stream.length, from + 1 + by), 0, moved);
  }
  for (const { at, by, seed } of plan.resends) {
    const from = at % stream.length;
    const original = stream[from];
    if (!original) continue;
    const again = sent(original.call, original.timeMs, drawValues(seededRandom(seed)));
    stream.splice(Math.min(stream.length, from + 1 + by), 0, again);
  }
  return stream;
}

/** Per call, the first copy sent of each second, in time order: what must be read back. */
function expectedSeconds(stream: readonly Sent[], calls: number): CallDetailSecond[][] {
  const byCall = Array.from({ length: calls }, () => new Map<number, Sent>());
  for (const item of stream) {
    const seconds = byCall[item.call];
    if (seconds && !seconds.has(item.timeMs)) seconds.set(item.timeMs, item);
  }
  return byCall.map((seconds) =>
    [...seconds.values()].sort((a, b) => a.timeMs - b.timeMs).map((item) => item.expected),
  );
}

/** Requests per run in the plan's batch sizes; the rest goes in batches of 2,000 (keeps runs short). */
const MAX_PLANNED_REQUESTS = 300;

const refused = (item: Sent) => item.sample.contactId.includes('\u0000');

/**
 * Sends the stream in batches of the plan's sizes (cycled): a batch answers 200, 207 when some
 * seconds were refused (each named), 400 when all were. Answers the duplicates counted.
 */
async function ingestInBatches(stream: readonly Sent[], batchSizes: readonly number[]) {
  let duplicates = 0;
  for (let at = 0, b = 0; at < stream.length; b++) {
    const size = b < MAX_PLANNED_REQUESTS ? (batchSizes[b % batchSizes.length] ?? 1) : 2000;
    const items = stream.slice(at, at + size);
    at += size;
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/ingest/v1/samples',
      headers: { authorization: `Bearer ${tenant.key}` },
      payload: { samples: items.map((item) => item.sample) },
    });
    const expectedRefused = items.flatMap((item, i) => (refused(item) ? [i] : []));
    if (expectedRefused.length === items.length) {
      expect(res.statusCode, res.body.slice(0, 500)).toBe(400);
      const fields = res.json<{ error: { fields: Record<string, string> } }>().error.fields;
      expect(fields['samples.0.contactId']).toBe(NUL_REFUSAL.contactId);
      continue;
    }
    expect(res.statusCode, res.body.slice(0, 500)).toBe(expectedRefused.length ? 207 : 200);
    const result = res.json<IngestResult>();
    expect(result.rejectedCount).toBe(expectedRefused.length);
    expect(result.rejected).toEqual(
      expectedRefused.slice(0, 1000).map((index) => ({ index, fields: NUL_REFUSAL })),
    );
    duplicates += result.duplicates;
  }
  return duplicates;
}

async function readSeconds(contactId: string): Promise<CallDetailSecond[]> {
  const res = await s.app.inject({
    method: 'GET',
    url: `/api/viscall2/call/ap-southeast-2/${encodeURIComponent(contactId)}`,
    headers: tenant.headers,
  });
  expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
  return CallDetailSchema.parse(res.json()).seconds;
}

describe('call seconds round trip (ingest → call detail)', () => {
  it('reads back every second sent, with its time and values, in time order', async () => {
    await fc.assert(
      fc.asyncProperty(planArb, async (plan) => {
        run++;
        const contactIds = plan.calls.map(
          (call, c) => `rt-${run}-${c}${CONTACT_SUFFIXES[call.suffix] ?? ''}`,
        );
        const stream = sendingOrder(plan, contactIds);
        const stored = stream.filter((item) => !refused(item));
        const expected = expectedSeconds(stored, contactIds.length);
        const duplicates = await ingestInBatches(stream, plan.batchSizes);

        const distinct = expected.reduce((n, seconds) => n + seconds.length, 0);
        expect(duplicates, 'resent seconds counted as duplicates').toBe(stored.length - distinct);
        for (const [c, contactId] of contactIds.entries()) {
          if (contactId.includes('\u0000')) continue;
          // A lone surrogate is stored as U+FFFD: the call is found under that id.
          const read = await readSeconds(contactId.toWellFormed());
          expect(differences(`seconds of ${contactId}`, read, expected[c] ?? [])).toEqual([]);
        }
      }),
      roundTripParameters<[Plan]>(20, [
        [evenPlan(1000, 1000)],
        [evenPlan(1000, 100)],
        [evenPlan(600, 50)],
      ]),
    );
  }, 600_000);
});
