import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CallDetailSchema,
  type CallDetail,
  type IngestEventInput,
  type IngestLogInput,
  type IngestResult,
} from '@callsight/shared';
import { startTestServer, type TestServer } from '../harness.ts';
import { createTenant } from '../factories.ts';
import { anyUnitArb, differences, roundTripParameters, wellFormed } from './round-trip-support.ts';

/**
 * Properties: softphone log lines and telemetry events of random calls, sent through
 * POST /api/ingest/v1/logs and /events in random orders and batches (1 to 10,000 items), with
 * resends, read back through GET /api/viscall2/call/{region}/{contactId} as stored: times to the
 * millisecond, text as sent, levels upper-cased, names trimmed, each line once (the first copy
 * of a sender's id), in time order. An item holding U+0000, which PostgreSQL text cannot store,
 * is refused with its field named and the rest of its batch is stored; a lone surrogate (drawn on
 * purpose) reads back as U+FFFD, in texts, ids and event data (keys too).
 */

let s: TestServer;
let tenant: Awaited<ReturnType<typeof createTenant>>;
beforeAll(async () => {
  s = await startTestServer();
  tenant = await createTenant(s);
});
afterAll(() => s.close());

const T0 = Date.UTC(2025, 2, 3, 14, 0, 0);
const CALLS = 3;
let run = 0;

/** Requests per run in the drawn batch sizes; the rest goes in batches of 2,000 (keeps runs short). */
const MAX_PLANNED_REQUESTS = 200;

const batchSizeArb = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 30 }), weight: 2 },
  { arbitrary: fc.integer({ min: 31, max: 2000 }), weight: 2 },
  { arbitrary: fc.integer({ min: 2001, max: 10_000 }), weight: 1 },
);

/**
 * Times (ms after T0) to the millisecond over four hours, often equal (lines of one moment), or
 * any time from 2000 (the earliest the API takes) on.
 */
const timeArb = fc.oneof(
  fc.integer({ min: 0, max: 20 }),
  fc.integer({ min: 0, max: 4 * 3600_000 }),
  fc.integer({ min: Date.UTC(2000, 0, 1) - T0, max: 0 }),
);

/** Any text, in names padded with the blanks the API trims. */
const anyText = (maxLength: number, minLength = 0) =>
  fc.string({ unit: anyUnitArb, minLength, maxLength });

const wf = wellFormed;

/** A JSON value as stored: every text and key well-formed (keys made equal keep the last value). */
function wellFormedJson(value: unknown): unknown {
  if (typeof value === 'string') return wf(value);
  if (Array.isArray(value)) return value.map(wellFormedJson);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [wf(k), wellFormedJson(v)]));
  return value;
}
const nameArb = fc
  .tuple(fc.constantFrom('', ' ', '\t'), anyText(30), fc.constantFrom('', ' ', '\n'))
  .filter(([, name]) => name.trim() !== '')
  .map(([before, name, after]) => `${before}${name}${after}`);

/**
 * Senders' ids from a small pool (a repeated id is the same item), maybe padded with blanks the
 * API trims, or none. Each run prefixes them (ids are the group's): `pad`, `core`, `end`.
 */
const senderIdArb = fc.option(
  fc.tuple(
    fc.constantFrom('', ' '),
    fc.constantFrom('L1', 'L2', 'id-é', 'L\u0000', 'L\ud800'),
    fc.constantFrom('', '\t'),
  ),
  { freq: 3 },
);
type SenderId = [pad: string, core: string, end: string] | null;
const sentId = (id: SenderId) => (id === null ? {} : { id: `${id[0]}r${run}:${id[1]}${id[2]}` });
const storedId = (id: SenderId) => (id === null ? null : `r${run}:${wf(id[1])}`);

/** A time as epoch ms or ISO 8601 with a UTC offset: both are the same instant. */
const sentTime = (offsetMs: number, iso: boolean) =>
  iso ? new Date(T0 + offsetMs).toISOString().replace('Z', '+00:00') : T0 + offsetMs;

interface LineDraft {
  call: number | null;
  timeMs: number;
  iso: boolean;
  level: string;
  agent: string;
  text: string;
  id: SenderId;
}

const lineArb: fc.Arbitrary<LineDraft> = fc.record({
  call: fc.option(fc.integer({ min: 0, max: CALLS - 1 }), { freq: 8 }),
  timeMs: timeArb,
  iso: fc.boolean(),
  level: fc.constantFrom('INFO', 'WARN', 'ERROR', 'info', ' Warn ', 'error\t'),
  agent: nameArb,
  text: fc.oneof(
    { withCrossShrink: true },
    { arbitrary: anyText(120), weight: 8 },
    // At most 8,000 UTF-16 units: a code point beyond U+FFFF takes two.
    { arbitrary: anyText(4000, 3000), weight: 1 },
    { arbitrary: fc.constantFrom('', ' padded ', 'a,b;c\nd', '"{\\}"', 'NULL', '\\N'), weight: 2 },
  ),
  id: senderIdArb,
});

/** A draft in the random order of the list, each sometimes resent `by` places later. */
interface Plan<D> {
  drafts: D[];
  resends: { at: number; by: number }[];
  batchSizes: number[];
}

/**
 * Plans of up to `maxLength` items. Shrinking is capped: each step ingests through the API, and a
 * few hundred steps already name the failing items.
 */
const planArb = <D>(draft: fc.Arbitrary<D>, maxLength: number): fc.Arbitrary<Plan<D>> =>
  fc.limitShrink(
    fc.record({
      drafts: fc.oneof(
        { withCrossShrink: true },
        fc.array(draft, { minLength: 1, maxLength: 40 }),
        fc.array(draft, { minLength: 41, maxLength, size: 'max' }),
      ),
      resends: fc.array(fc.record({ at: fc.nat(), by: fc.nat({ max: 2000 }) }), { maxLength: 10 }),
      batchSizes: fc.array(batchSizeArb, { minLength: 1, maxLength: 5 }),
    }),
    300,
  );

/** The drafts in sending order, resends included. */
function sendingOrder<D>(plan: Plan<D>): D[] {
  const stream = [...plan.drafts];
  for (const { at, by } of plan.resends) {
    const from = at % stream.length;
    const again = stream[from];
    if (again !== undefined) stream.splice(Math.min(stream.length, from + 1 + by), 0, again);
  }
  return stream;
}

/** Whether any string of the value (keys included) holds U+0000. */
function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).some(([k, v]) => holdsNul(k) || holdsNul(v));
  return false;
}

/**
 * Sends the items in batches of the plan's sizes (cycled), each batch answered 200 when all its
 * items were stored, 207 or 400 (none stored) when some were refused; answers the indexes
 * refused, over the whole stream.
 */
async function ingestInBatches(path: 'logs' | 'events', items: unknown[], sizes: number[]) {
  const refused = new Set<number>();
  for (let at = 0, b = 0; at < items.length; b++) {
    const size = b < MAX_PLANNED_REQUESTS ? (sizes[b % sizes.length] ?? 1) : 2000;
    const batch = items.slice(at, at + size);
    const res = await s.app.inject({
      method: 'POST',
      url: `/api/ingest/v1/${path}`,
      headers: { authorization: `Bearer ${tenant.key}` },
      payload: { [path]: batch },
    });
    const expectedRefused = batch.flatMap((item, i) => (holdsNul(item) ? [i] : []));
    if (expectedRefused.length === batch.length) {
      expect(res.statusCode, res.body.slice(0, 500)).toBe(400);
    } else {
      expect(res.statusCode, res.body.slice(0, 500)).toBe(expectedRefused.length ? 207 : 200);
      expect(res.json<IngestResult>().rejected.map((r) => r.index)).toEqual(expectedRefused);
    }
    for (const i of expectedRefused) refused.add(at + i);
    at += size;
  }
  return refused;
}

/** The call detail of a contact (with its telemetry); null when the call is not found. */
async function readCall(contactId: string): Promise<CallDetail | null> {
  const res = await s.app.inject({
    method: 'GET',
    url: `/api/viscall2/call/eu-west-1/${encodeURIComponent(contactId)}?includeTelemetry=true`,
    headers: tenant.adminHeaders,
  });
  if (res.statusCode === 404) return null;
  expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
  return CallDetailSchema.parse(res.json());
}

/** A stored item: its sender's id (null when it had none) and what it reads back as. */
interface Stored<T> {
  senderId: string | null;
  source: T;
}

/** The first copy of each item (by its key) not refused, in sending order. */
function storedOnce<D, T>(
  stream: readonly D[],
  refused: ReadonlySet<number>,
  key: (d: D) => string,
  stored: (d: D) => Stored<T>,
): Stored<T>[] {
  const kept = new Map<string, Stored<T>>();
  stream.forEach((d, i) => {
    const k = key(d);
    if (!refused.has(i) && !kept.has(k)) kept.set(k, stored(d));
  });
  return [...kept.values()];
}

/** JSON with every object's keys sorted (jsonb keeps its own key order). */
function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${sortedJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/** Items in a fixed order (by their JSON), to compare lists whose ties have no set order. */
const canonical = <T>(items: readonly Stored<T>[]) =>
  items
    .map((item) => ({ item, json: sortedJson(item) }))
    .sort((a, b) => (a.json < b.json ? -1 : a.json > b.json ? 1 : 0))
    .map(({ item }) => item);

/** The read hits as stored items: the sender's id is the `c:` id, a content hash otherwise. */
function readBack<T>(hits: readonly { _id: string; _source: T }[]): Stored<T>[] {
  return hits.map((h) => ({
    senderId: h._id.startsWith('c:') ? h._id.slice(2) : null,
    source: h._source,
  }));
}

const isoTime = (offsetMs: number) => new Date(T0 + offsetMs).toISOString();
const contactIdsOf = () => Array.from({ length: CALLS }, (_, c) => `logs-${run}-${c}`);

describe('softphone logs round trip (ingest → call detail)', () => {
  it('reads back each line sent once, as stored, in time order', async () => {
    await fc.assert(
      fc.asyncProperty(planArb(lineArb, 3000), async (plan) => {
        run++;
        const contactIds = contactIdsOf();
        const contactOf = (d: LineDraft) => (d.call === null ? null : (contactIds[d.call] ?? null));
        const stream = sendingOrder(plan);
        const sent: IngestLogInput[] = stream.map((d) => ({
          ...sentId(d.id),
          time: sentTime(d.timeMs, d.iso),
          level: d.level,
          agent: d.agent,
          contactId: contactOf(d),
          text: d.text,
        }));
        const refused = await ingestInBatches('logs', sent, plan.batchSizes);

        const stored = storedOnce(
          stream,
          refused,
          (d) =>
            storedId(d.id) ??
            JSON.stringify([
              d.timeMs,
              d.level.trim().toUpperCase(),
              wf(d.agent.trim()),
              contactOf(d),
              wf(d.text),
            ]),
          (d) => ({
            senderId: storedId(d.id),
            source: {
              time: isoTime(d.timeMs),
              level: d.level.trim().toUpperCase(),
              agent: wf(d.agent.trim()),
              contactId: contactOf(d),
              text: wf(d.text),
            },
          }),
        );
        for (const contactId of contactIds) {
          const hits = (await readCall(contactId))?.logs.hits.hits ?? [];
          const times = hits.map((h) => h._source.time);
          expect(times, 'lines in time order').toEqual([...times].sort());
          const expected = stored.filter((l) => l.source.contactId === contactId);
          expect(
            differences(
              `log lines of ${contactId}`,
              canonical(readBack(hits)),
              canonical(expected),
            ),
          ).toEqual([]);
        }
      }),
      roundTripParameters<[Plan<LineDraft>]>(15),
    );
  }, 600_000);
});

interface EventDraft {
  call: number | null;
  timeMs: number;
  iso: boolean;
  type: string;
  agent: string | null;
  data: Record<string, unknown> | null;
  id: SenderId;
}

/** JSON objects as an outside sender writes them (keys Fastify's parser would refuse left out). */
const dataArb = fc
  .dictionary(anyText(12), fc.jsonValue({ maxDepth: 3, stringUnit: anyUnitArb }), { maxKeys: 5 })
  .filter((d) => !/"(__proto__|constructor)"/.test(JSON.stringify(d)));

const eventArb: fc.Arbitrary<EventDraft> = fc.record({
  call: fc.option(fc.integer({ min: 0, max: CALLS - 1 }), { freq: 8 }),
  timeMs: timeArb,
  iso: fc.boolean(),
  type: nameArb,
  agent: fc.option(nameArb, { freq: 4 }),
  data: fc.option(dataArb, { freq: 6 }),
  id: senderIdArb,
});

describe('telemetry events round trip (ingest → call detail)', () => {
  it('reads back each event sent once, as stored, in time order', async () => {
    await fc.assert(
      fc.asyncProperty(planArb(eventArb, 1500), async (plan) => {
        run++;
        const contactIds = contactIdsOf();
        const contactOf = (d: EventDraft) =>
          d.call === null ? null : (contactIds[d.call] ?? null);
        const stream = sendingOrder(plan);
        const sent: IngestEventInput[] = stream.map((d) => ({
          ...sentId(d.id),
          time: sentTime(d.timeMs, d.iso),
          type: d.type,
          agent: d.agent,
          contactId: contactOf(d),
          data: d.data,
        }));
        // A call is found by its summary, seconds or log lines: one line each, so none is missing.
        const anchor = contactIds.map((contactId) => ({
          time: T0,
          level: 'INFO',
          agent: 'anchor',
          contactId,
          text: `events ${run}`,
        }));
        await ingestInBatches('logs', anchor, [anchor.length]);
        const refused = await ingestInBatches('events', sent, plan.batchSizes);

        // JSON as the wire carries it (undefined and -0 are not JSON), with its texts stored.
        const wire = (data: Record<string, unknown> | null) =>
          data === null ? null : wellFormedJson(JSON.parse(JSON.stringify(data)));
        const stored = storedOnce(
          stream,
          refused,
          (d) =>
            storedId(d.id) ??
            JSON.stringify([
              d.timeMs,
              wf(d.type.trim()),
              d.agent == null ? null : wf(d.agent.trim()),
              contactOf(d),
              wire(d.data),
            ]),
          (d) => ({
            senderId: storedId(d.id),
            source: {
              time: isoTime(d.timeMs),
              type: wf(d.type.trim()),
              agent: d.agent == null ? null : wf(d.agent.trim()),
              contactId: contactOf(d),
              data: wire(d.data),
            },
          }),
        );
        for (const contactId of contactIds) {
          const hits = (await readCall(contactId))?.telemetry.hits.hits ?? [];
          const times = hits.map((h) => h._source.time);
          expect(times, 'events in time order').toEqual([...times].sort());
          const expected = stored.filter((e) => e.source.contactId === contactId);
          expect(
            differences(`events of ${contactId}`, canonical(readBack(hits)), canonical(expected)),
          ).toEqual([]);
        }
      }),
      roundTripParameters<[Plan<EventDraft>]>(15),
    );
  }, 600_000);
});
