import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALL_ID_ATTRIBUTES,
  SERVICE_NAME_ATTRIBUTES,
  TRACE_FILTER_FIELDS,
  TRACE_FILTER_FIELD_NAMES,
  TraceSchema,
  type OtlpAnyValue,
  type OtlpKeyValue,
} from '@callsight/shared';
import { startTestServer, type TestServer } from '../harness.ts';
import { createTenant } from '../factories.ts';
import {
  anyUnitArb,
  differences,
  roundTripParameters,
  wellFormed as wf,
} from './round-trip-support.ts';

/**
 * Property: spans of random traces, exported to POST /v1/traces (OTLP JSON) in random orders and
 * requests, some sent again with other content, read back through GET /api/traces/{traceId} as
 * stored: ids in lowercase hex, times as the same nanoseconds, attributes and events as sent
 * (int64 text as a number when it is exact), each span once in its last version, with its
 * resource and scope, in start order within its scope.
 *
 * Hostile input is drawn on purpose: U+0000 in a text the server copies into a text column (span,
 * scope and status names; the call id, service name and trace filters) refuses the span, counted
 * in partialSuccess with the field named, as do times from 2^63 ns on; attribute and event texts
 * keep U+0000; a lone surrogate reads back as U+FFFD anywhere; non-finite doubles read back in
 * OTLP JSON's text form ("Infinity", "-Infinity", "NaN").
 */

let s: TestServer;
let tenant: Awaited<ReturnType<typeof createTenant>>;
beforeAll(async () => {
  s = await startTestServer();
  tenant = await createTenant(s, { features: ['journeyExplorer'], keyName: 'OTel collector' });
});
afterAll(() => s.close());

const BASE_NS = 1_741_010_400_000_000_000n;
let run = 0;

/** Requests per run in the drawn batch sizes; the rest goes in requests of 1,000 spans. */
const MAX_PLANNED_REQUESTS = 150;

/** An OTLP value as sent, and as it must read back. */
interface Value {
  sent: unknown;
  stored: OtlpAnyValue;
}

const anyText = (maxLength: number, minLength = 0) =>
  fc.string({ unit: anyUnitArb, minLength, maxLength });
/** Text that holds U+0000 now and then on purpose (a span holding it there is refused). */
const hostileText = (maxLength: number, minLength = 0) =>
  fc.oneof(
    { arbitrary: anyText(maxLength, minLength), weight: 8 },
    {
      arbitrary: fc
        .tuple(anyText(maxLength), anyText(maxLength))
        .map(([a, b]) => `${a}\u0000${b}`.slice(0, Math.max(1, maxLength))),
      weight: 1,
    },
  );
const nul = (field: string) => `${field} must not contain the NUL character (U+0000)`;
const holdsNul = (text: string | null | undefined) => text?.includes('\u0000') ?? false;

/** Keys the server reads meaning into (call id, service name, trace filters) are set on purpose only. */
const RESERVED_KEYS = new Set<string>([
  ...CALL_ID_ATTRIBUTES,
  ...SERVICE_NAME_ATTRIBUTES,
  ...TRACE_FILTER_FIELD_NAMES,
]);
const keyArb = anyText(20, 1).filter((k) => !RESERVED_KEYS.has(k));

/** JSON as the wire carries it (a double -0 is written 0). */
const wire = (v: number): number => JSON.parse(JSON.stringify(v)) as number;

/** Doubles JSON cannot write as numbers, as OTLP JSON writes them and as they are stored. */
const nonFiniteArb = fc.constantFrom(
  { sent: 'Infinity', stored: 'Infinity' },
  { sent: '-Infinity', stored: '-Infinity' },
  { sent: 'NaN', stored: 'NaN' },
  { sent: '1e999', stored: 'Infinity' },
  { sent: '-1e999', stored: '-Infinity' },
);

const scalarArb: fc.Arbitrary<Value> = fc.oneof(
  anyText(40).map((v) => ({ sent: { stringValue: v }, stored: { stringValue: wf(v) } })),
  fc.boolean().map((v) => ({ sent: { boolValue: v }, stored: { boolValue: v } })),
  fc.maxSafeInteger().map((v) => ({ sent: { intValue: v }, stored: { intValue: v } })),
  // OTLP JSON writes int64 as text: read back as a number when exact, as the text otherwise.
  fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map((v) => {
    const n = Number(v);
    return {
      sent: { intValue: String(v) },
      stored: { intValue: Number.isSafeInteger(n) ? n : String(v) },
    };
  }),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((v) => ({
    sent: { doubleValue: v },
    stored: { doubleValue: wire(v) },
  })),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((v) => ({
    sent: { doubleValue: String(v) },
    stored: { doubleValue: Number(String(v)) },
  })),
  nonFiniteArb.map((v) => ({
    sent: { doubleValue: v.sent },
    stored: { doubleValue: v.stored },
  })),
  fc.base64String({ maxLength: 40 }).map((v) => ({
    sent: { bytesValue: v },
    stored: { bytesValue: v },
  })),
  fc.constant<Value>({ sent: {}, stored: {} }),
);

interface Attribute {
  sent: unknown;
  stored: OtlpKeyValue;
}

const attributeOf = (key: string, value: Value): Attribute => ({
  sent: { key, value: value.sent },
  stored: { key: wf(key), value: value.stored },
});

/** Values nested in lists and key-value lists, a few levels deep. */
const { value: valueArb } = fc.letrec<{ value: Value; list: Value; kvlist: Value }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 3, depthSize: 'small', withCrossShrink: true },
    scalarArb,
    tie('list'),
    tie('kvlist'),
  ),
  list: fc.array(tie('value'), { maxLength: 3 }).map((values) => ({
    sent: { arrayValue: { values: values.map((v) => v.sent) } },
    stored: { arrayValue: { values: values.map((v) => v.stored) } },
  })),
  kvlist: fc
    .array(fc.tuple(keyArb, tie('value')), { maxLength: 3 })
    .map((kvs) => kvs.map(([key, v]) => attributeOf(key, v)))
    .map((kvs) => ({
      sent: { kvlistValue: { values: kvs.map((kv) => kv.sent) } },
      stored: { kvlistValue: { values: kvs.map((kv) => kv.stored) } },
    })),
}));

const attributesArb = fc
  .array(fc.tuple(keyArb, valueArb), { maxLength: 6 })
  .map((kvs) => kvs.map(([key, v]) => attributeOf(key, v)));

/** Nanoseconds as OTLP JSON text, sometimes with a leading zero (stored without; 20 digits at most). */
const nanosText = (ns: bigint, zero: boolean) => `${zero ? '0' : ''}${ns}`;

/** Nanoseconds are stored as int8: a time past this is refused (decision on OTLP times). */
const MAX_NANOS = 2n ** 63n - 1n;
const tooLate = (field: string) =>
  `${field} must be less than 2^63 nanoseconds (before the year 2262)`;

/** Attribute keys whose text value the server copies into a text column. */
const COLUMN_KEYS = [
  ...CALL_ID_ATTRIBUTES,
  ...SERVICE_NAME_ATTRIBUTES,
  ...TRACE_FILTER_FIELD_NAMES.filter((field) => TRACE_FILTER_FIELDS[field] === 'text'),
];

interface EventDraft {
  name: string;
  offsetNs: bigint;
  zeros: boolean;
  attributes: Attribute[];
}

const eventArb: fc.Arbitrary<EventDraft> = fc.record({
  name: anyText(20),
  offsetNs: fc.bigInt({ min: 0n, max: 10n ** 13n }),
  zeros: fc.boolean(),
  attributes: attributesArb,
});

/** Which call a span names: none, the run's stored call, or a call never stored. */
type CallChoice = 'none' | 'linked' | 'unknown';

/** One version of a span: everything but its identity (trace and span id). */
interface SpanDraft {
  name: string;
  /** SpanKind as sent (a number or its name) and as stored. */
  kind: { sent?: number | string; stored: number };
  startNs: bigint;
  durationNs: bigint;
  zeros: boolean;
  parent: number | null;
  attributes: Attribute[];
  events: EventDraft[];
  status: { sent?: { code?: number | string; message?: string }; code: number; message?: string };
  /** A column attribute sent holding U+0000 (the span is refused), or none. */
  nulColumn: string | null;
  call: CallChoice;
  callKey: string;
  resource: number;
  scope: number;
  /** How the ids are written: lowercase hex, uppercase hex or base64 (all stored as lowercase hex). */
  idForm: 'lower' | 'upper' | 'base64';
}

const KINDS = [
  'SPAN_KIND_UNSPECIFIED',
  'SPAN_KIND_INTERNAL',
  'SPAN_KIND_SERVER',
  'SPAN_KIND_CLIENT',
  'SPAN_KIND_PRODUCER',
  'SPAN_KIND_CONSUMER',
];
const STATUSES = ['STATUS_CODE_UNSET', 'STATUS_CODE_OK', 'STATUS_CODE_ERROR'];

/** Offsets from BASE_NS: near the start, or around 2^63 ns (past it, the span is refused). */
const startArb = fc.oneof(
  { arbitrary: fc.bigInt({ min: 0n, max: 10n ** 13n }), weight: 6 },
  {
    arbitrary: fc.bigInt({
      min: MAX_NANOS - BASE_NS - 10n ** 13n,
      max: MAX_NANOS - BASE_NS + 10n ** 12n,
    }),
    weight: 1,
  },
);

const spanDraftArb: fc.Arbitrary<SpanDraft> = fc.record({
  name: hostileText(30, 1).filter((n) => n.trim() !== ''),
  kind: fc.oneof(
    fc.constant({ stored: 0 }),
    fc.integer({ min: 0, max: 5 }).map((k) => ({ sent: k, stored: k })),
    fc.integer({ min: 0, max: 5 }).map((k) => ({ sent: KINDS[k] ?? 0, stored: k })),
  ),
  startNs: startArb,
  durationNs: fc.bigInt({ min: 0n, max: 10n ** 12n }),
  zeros: fc.boolean(),
  parent: fc.option(fc.nat(), { freq: 2 }),
  attributes: attributesArb,
  events: fc.array(eventArb, { maxLength: 3 }),
  status: fc.oneof(
    fc.constant({ code: 0 }),
    fc
      .tuple(fc.integer({ min: 0, max: 2 }), fc.boolean(), hostileText(30))
      .map(([code, named, message]) => ({
        sent: { code: named ? STATUSES[code] : code, message },
        code,
        ...(message ? { message } : {}),
      })),
  ),
  nulColumn: fc.option(fc.constantFrom(...COLUMN_KEYS), { freq: 10 }),
  call: fc.constantFrom<CallChoice>('none', 'linked', 'unknown'),
  callKey: fc.constantFrom(...CALL_ID_ATTRIBUTES),
  resource: fc.integer({ min: 0, max: 2 }),
  scope: fc.integer({ min: 0, max: 2 }),
  idForm: fc.constantFrom<SpanDraft['idForm']>('lower', 'upper', 'base64'),
});

interface Scope {
  name: string;
  version: string | null;
}

interface Resource {
  attributes: Attribute[];
  /** Sent with a service.name holding U+0000: every span of the resource is refused. */
  nulService: boolean;
}

interface Plan {
  /** Each span's first version, with its trace (0..2). */
  spans: { trace: number; draft: SpanDraft }[];
  /** A span (`at`, modulo their count) sent again `by` places later with another version. */
  resends: { at: number; by: number; draft: SpanDraft }[];
  resources: Resource[];
  scopes: Scope[];
  batchSizes: number[];
}

const batchSizeArb = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 20 }), weight: 2 },
  { arbitrary: fc.integer({ min: 21, max: 2000 }), weight: 2 },
);

const planArb: fc.Arbitrary<Plan> = fc.limitShrink(
  fc.record({
    spans: fc.oneof(
      { withCrossShrink: true },
      fc.array(fc.record({ trace: fc.integer({ min: 0, max: 2 }), draft: spanDraftArb }), {
        minLength: 1,
        maxLength: 30,
      }),
      fc.array(fc.record({ trace: fc.integer({ min: 0, max: 2 }), draft: spanDraftArb }), {
        minLength: 31,
        maxLength: 400,
        size: 'max',
      }),
    ),
    resends: fc.array(fc.record({ at: fc.nat(), by: fc.nat({ max: 1000 }), draft: spanDraftArb }), {
      maxLength: 10,
    }),
    resources: fc.array(
      fc.record({
        attributes: attributesArb,
        nulService: fc.oneof(
          { arbitrary: fc.constant(false), weight: 12 },
          { arbitrary: fc.constant(true), weight: 1 },
        ),
      }),
      { minLength: 3, maxLength: 3 },
    ),
    scopes: fc.array(
      fc.record({ name: hostileText(20), version: fc.option(hostileText(10), { freq: 2 }) }),
      { minLength: 3, maxLength: 3 },
    ),
    batchSizes: fc.array(batchSizeArb, { minLength: 1, maxLength: 4 }),
  }),
  300,
);

const hex = (n: number, length: number) => n.toString(16).padStart(length, '0');
const traceIdOf = (trace: number) => `${hex(run, 8)}${hex(trace + 1, 2)}${'c3'.repeat(11)}`;
const spanIdOf = (index: number) => `${hex(run, 6)}${hex(index + 1, 10)}`;

/** An id in the form the draft asks for. */
function writeId(id: string, form: SpanDraft['idForm']): string {
  if (form === 'upper') return id.toUpperCase();
  if (form === 'base64') return Buffer.from(id, 'hex').toString('base64');
  return id;
}

/** A span version as sent (in its resource and scope) and as GET /api/traces must answer it. */
interface Version {
  key: string;
  traceId: string;
  resource: number;
  scope: number;
  sent: Record<string, unknown>;
  stored: Record<string, unknown>;
  /** Why the server refuses this version (its first reason), or null when it is stored. */
  refusal: string | null;
}

/** The reason the normaliser gives first for a version, in the order it checks. */
function refusalOf(
  plan: Plan,
  d: SpanDraft,
  times: { startNs: bigint; endNs: bigint; events: bigint[] },
): string | null {
  if (plan.resources[d.resource]?.nulService) return nul('resource.attributes.service.name');
  const scope = plan.scopes[d.scope];
  if (holdsNul(scope?.name)) return nul('scope.name');
  if (holdsNul(scope?.version)) return nul('scope.version');
  if (holdsNul(d.name)) return nul('name');
  if (times.startNs > MAX_NANOS) return tooLate('startTimeUnixNano');
  if (times.endNs > MAX_NANOS) return tooLate('endTimeUnixNano');
  if (holdsNul(d.status.sent?.message)) return nul('status.message');
  const late = times.events.findIndex((ns) => ns > MAX_NANOS);
  if (late >= 0) return tooLate(`events[${late}].timeUnixNano`);
  if (d.nulColumn !== null) return nul(`attributes.${d.nulColumn}`);
  return null;
}

function versionOf(
  plan: Plan,
  trace: number,
  index: number,
  d: SpanDraft,
  calls: { linked: string; unknown: string },
): Version {
  const traceId = traceIdOf(trace);
  const spanId = spanIdOf(index);
  const sameTrace = plan.spans.flatMap((sp, i) => (sp.trace === trace ? [i] : []));
  const parent =
    d.parent === null ? null : spanIdOf(sameTrace[d.parent % sameTrace.length] ?? index);
  const startNs = BASE_NS + d.startNs;
  const endNs = startNs + d.durationNs;
  const callId = d.call === 'none' ? null : calls[d.call];
  const callAttribute: Attribute[] =
    callId === null
      ? []
      : [
          attributeOf(d.callKey, {
            sent: { stringValue: callId },
            stored: { stringValue: callId },
          }),
        ];
  const nulAttribute: Attribute[] =
    d.nulColumn === null
      ? []
      : [attributeOf(d.nulColumn, { sent: { stringValue: 'x\u0000y' }, stored: {} })];
  const attributes = [...d.attributes, ...callAttribute, ...nulAttribute];
  const events = d.events.map((e) => ({
    sent: {
      name: e.name,
      timeUnixNano: nanosText(startNs + e.offsetNs, e.zeros),
      attributes: e.attributes.map((a) => a.sent),
    },
    stored: {
      name: wf(e.name),
      timeUnixNano: String(startNs + e.offsetNs),
      attributes: e.attributes.map((a) => a.stored),
    },
  }));
  const refusal = refusalOf(plan, d, {
    startNs,
    endNs,
    events: d.events.map((e) => startNs + e.offsetNs),
  });
  return {
    key: `${traceId}/${spanId}`,
    traceId,
    resource: d.resource,
    scope: d.scope,
    sent: {
      traceId: writeId(traceId, d.idForm),
      spanId: writeId(spanId, d.idForm),
      ...(parent === null ? {} : { parentSpanId: writeId(parent, d.idForm) }),
      name: d.name,
      ...(d.kind.sent === undefined ? {} : { kind: d.kind.sent }),
      startTimeUnixNano: nanosText(startNs, d.zeros),
      endTimeUnixNano: nanosText(endNs, d.zeros),
      attributes: attributes.map((a) => a.sent),
      events: events.map((e) => e.sent),
      ...(d.status.sent === undefined ? {} : { status: d.status.sent }),
    },
    stored: {
      traceId,
      spanId,
      ...(parent === null ? {} : { parentSpanId: parent }),
      name: wf(d.name),
      kind: d.kind.stored,
      startTimeUnixNano: String(startNs),
      endTimeUnixNano: String(endNs),
      attributes: attributes.map((a) => a.stored),
      events: events.map((e) => e.stored),
      status: {
        code: d.status.code,
        ...(d.status.message ? { message: wf(d.status.message) } : {}),
      },
      callId,
      callLinked: d.call === 'linked',
    },
    refusal,
  };
}

/** The versions in sending order: first versions in the plan's order, resends moved later. */
function sendingOrder(plan: Plan, calls: { linked: string; unknown: string }): Version[] {
  const stream = plan.spans.map((sp, i) => versionOf(plan, sp.trace, i, sp.draft, calls));
  for (const { at, by, draft } of plan.resends) {
    const from = at % plan.spans.length;
    const span = plan.spans[from];
    if (!span) continue;
    const again = versionOf(plan, span.trace, from, draft, calls);
    stream.splice(Math.min(stream.length, from + 1 + by), 0, again);
  }
  return stream;
}

/** A resource's attributes as sent: a service.name holding U+0000 last when it has one. */
const resourceAttributesSent = (resource: Resource | undefined) => [
  ...(resource?.attributes ?? []).map((a) => a.sent),
  ...(resource?.nulService ? [{ key: 'service.name', value: { stringValue: 'svc\u0000' } }] : []),
];

/** One export request of versions, grouped by resource and scope in order of first appearance. */
function exportRequest(plan: Plan, versions: readonly Version[]) {
  const resources = new Map<number, Map<number, Version[]>>();
  for (const v of versions) {
    const scopes = resources.get(v.resource) ?? new Map<number, Version[]>();
    resources.set(v.resource, scopes);
    scopes.set(v.scope, [...(scopes.get(v.scope) ?? []), v]);
  }
  const order = [...resources].flatMap(([, scopes]) => [...scopes.values()].flat());
  const body = {
    resourceSpans: [...resources].map(([r, scopes]) => ({
      resource: { attributes: resourceAttributesSent(plan.resources[r]) },
      scopeSpans: [...scopes].map(([sc, spans]) => {
        const scope = plan.scopes[sc] ?? { name: '', version: null };
        return {
          scope: {
            name: scope.name,
            ...(scope.version === null ? {} : { version: scope.version }),
          },
          spans: spans.map((v) => v.sent),
        };
      }),
    })),
  };
  return { body, order };
}

/** A span as read, with its resource's attributes and its scope. */
interface ReadSpan {
  resource: unknown;
  scope: unknown;
  span: Record<string, unknown>;
}

const expectedOf = (plan: Plan, v: Version): ReadSpan => {
  const scope = plan.scopes[v.scope] ?? { name: '', version: null };
  return {
    resource: (plan.resources[v.resource]?.attributes ?? []).map((a) => a.stored),
    scope: { name: wf(scope.name), ...(scope.version ? { version: wf(scope.version) } : {}) },
    span: v.stored,
  };
};

interface TraceAnswer {
  resourceSpans: {
    resource: { attributes: unknown };
    scopeSpans: { scope: unknown; spans: Record<string, unknown>[] }[];
  }[];
}

/** The spans of a trace as read (insight counts left out: the rules derive them). */
async function readTrace(traceId: string): Promise<ReadSpan[]> {
  const res = await s.app.inject({
    method: 'GET',
    url: `/api/traces/${traceId.toUpperCase()}`,
    headers: tenant.headers,
  });
  if (res.statusCode === 404) return [];
  expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
  const answer = res.json<TraceAnswer>();
  expect(TraceSchema.safeParse(answer).success, 'the answer reads as a Trace').toBe(true);
  const read: ReadSpan[] = [];
  for (const rs of answer.resourceSpans) {
    for (const ss of rs.scopeSpans) {
      const order = ss.spans.map((sp) => `${sp.startTimeUnixNano}/${sp.spanId}`);
      const sorted = ss.spans
        .map((sp) => ({ at: BigInt(String(sp.startTimeUnixNano)), id: String(sp.spanId) }))
        .sort((a, b) => (a.at !== b.at ? (a.at < b.at ? -1 : 1) : a.id < b.id ? -1 : 1))
        .map((x) => `${x.at}/${x.id}`);
      expect(order, 'spans of a scope in start order').toEqual(sorted);
      for (const sp of ss.spans) {
        const { insightsCount: _derived, ...span } = sp;
        read.push({ resource: rs.resource.attributes, scope: ss.scope, span });
      }
    }
  }
  return read;
}

const bySpanId = (items: readonly ReadSpan[]) =>
  [...items].sort((a, b) => (String(a.span.spanId) < String(b.span.spanId) ? -1 : 1));

describe('spans round trip (OTLP export → trace)', () => {
  it('reads back each span in its last version, as stored, in start order', async () => {
    await fc.assert(
      fc.asyncProperty(planArb, async (plan) => {
        run++;
        const calls = { linked: `span-call-${run}`, unknown: `no-call-${run}` };
        const stored = await s.app.inject({
          method: 'POST',
          url: '/api/ingest/v1/calls',
          headers: { authorization: `Bearer ${tenant.key}` },
          payload: {
            calls: [{ contactId: calls.linked, agent: 'alice', startTime: 1_741_010_400_000 }],
          },
        });
        expect(stored.statusCode, stored.body).toBe(200);

        const stream = sendingOrder(plan, calls);
        const last = new Map<string, Version>();
        for (let at = 0, b = 0; at < stream.length; b++) {
          const size =
            b < MAX_PLANNED_REQUESTS ? (plan.batchSizes[b % plan.batchSizes.length] ?? 1) : 1000;
          const { body, order } = exportRequest(plan, stream.slice(at, at + size));
          at += size;
          const res = await s.app.inject({
            method: 'POST',
            url: '/v1/traces',
            headers: { authorization: `Bearer ${tenant.key}` },
            payload: body,
          });
          expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
          const refused = order.filter((v) => v.refusal !== null);
          const first = refused[0];
          if (first) {
            const { partialSuccess } = res.json<{
              partialSuccess: { rejectedSpans: string; errorMessage: string };
            }>();
            expect(partialSuccess.rejectedSpans, 'spans refused').toBe(String(refused.length));
            expect(partialSuccess.errorMessage).toContain(`: ${first.refusal}`);
          } else {
            expect(res.json(), 'every span accepted').toEqual({});
          }
          // A span sent twice in one request keeps the one stored last (resource by resource).
          for (const v of order) if (v.refusal === null) last.set(v.key, v);
        }

        for (let trace = 0; trace < 3; trace++) {
          const traceId = traceIdOf(trace);
          const expected = [...last.values()]
            .filter((v) => v.traceId === traceId)
            .map((v) => expectedOf(plan, v));
          const read = await readTrace(traceId);
          expect(differences(`spans of ${traceId}`, bySpanId(read), bySpanId(expected))).toEqual(
            [],
          );
        }
      }),
      roundTripParameters<[Plan]>(15),
    );
  }, 600_000);
});
