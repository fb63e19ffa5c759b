import {
  TRACE_FILTER_FIELDS,
  TRACE_FILTER_FIELD_NAMES,
  recordToAttributes,
  type AttributeValue,
  type IngestCallInput,
  type OtlpJsonExportRequest,
  type TraceFilterField,
} from '@callsight/shared';
import { seededRandom } from '../sql/round-trip-support.ts';

/**
 * Journeys of one group for the telemetry-store journeys contract test, drawn from a seed: traces
 * of 1-10 spans from two resources and three scopes, every spec 002 §9 filter field on some spans
 * (values from small pools, so filters tie), call ids naming the group's calls (some unknown),
 * errors and slow spans (insights), ties in trace and span starts, starts below the microsecond;
 * sent in batches of several traces, shuffled, with spans resent later (changed attributes,
 * status, an earlier start that moves the trace's start, another filter value).
 */

type Span = OtlpJsonExportRequest['resourceSpans'][number]['scopeSpans'][number]['spans'][number];

interface PlannedSpan {
  resource: number;
  scope: number;
  span: Span;
}

export interface JourneyGroupData {
  /** OTLP exports in the order both stores receive them. */
  exports: OtlpJsonExportRequest[];
  /** The calls spans link to (sent to both stores before the exports), and their log lines. */
  calls: IngestCallInput[];
  logs: { time: number; level: string; agent: string; contactId: string; text: string }[];
  traceIds: string[];
  /** Every stored span as (trace, span) ids. */
  spans: { traceId: string; spanId: string }[];
  /** Values drawn per filter field (for gte/lte bounds). */
  values: Record<TraceFilterField, (string | number)[]>;
  /** With `teams`: each trace's softphone contact (one of `calls`, or none). */
  traceContacts: Map<string, string | null>;
}

/** Options of a draw; none: the contract test's draw, unchanged. */
export interface JourneyDataOptions {
  /**
   * Team rules to select (issue 33): the calls carry agent hierarchies (level 1 Sales or Support,
   * one call none), and every span of a trace names one of them as its softphone contact (every
   * third trace none), resends too; the draw's random stream is the seed's all the same.
   */
  teams?: boolean;
}

/** The hierarchy of call `i` of a `teams` draw: Sales, Support, or (every fifth call) none. */
export const teamOfCall = (i: number): string | null =>
  i % 5 === 4 ? null : i % 2 === 0 ? 'Sales' : 'Support';

const RESOURCES: Record<string, AttributeValue>[] = [
  { 'service.name': 'ivr', 'deployment.environment': 'prod' },
  { 'service.name': 'agent-desktop' },
];
const SCOPES = [
  { name: 'cx.sdk', version: '1.2.0' },
  { name: 'cx.sdk', version: '' },
  { name: 'browser', version: '0.9' },
];
const SPAN_NAMES = ['cx.ivr', 'cx.queue', 'cx.agent.interaction', 'crm.lookup', 'cx.survey'];

const TEXT_POOLS: Record<string, string[]> = {
  'cx.platform': ['amazon-connect', 'genesys', 'twilio'],
  'cx.journey.id': ['j-001', 'j-002', 'j-003', 'j-004'],
  'cx.agent.username': ['ava.nguyen', 'liam.chen', 'mia.santos'],
  'cx.agent.network.ip_address': ['10.0.0.12', '10.0.1.7', '192.168.4.20'],
  'cx.softphone.contact.id': ['c-1', 'c-2', 'c-3', 'c-4', 'c-5'],
  'cx.telephony.agent.name': ['ava', 'liam', 'mia'],
  'cx.telephony.call.from.number': ['+14155550100', '+442071838750', '+61290000000'],
  'cx.telephony.network.type': ['wifi', 'ethernet', 'cellular'],
};

const pick = <T>(random: () => number, list: readonly T[]): T => {
  const value = list[Math.floor(random() * list.length)];
  if (value === undefined) throw new Error('empty list');
  return value;
};
const hex = (random: () => number, bytes: number) =>
  Array.from({ length: bytes }, () =>
    Math.floor(random() * 256)
      .toString(16)
      .padStart(2, '0'),
  ).join('');
/** Nanoseconds of `ms` plus a part below the millisecond (and below the microsecond). */
const ns = (ms: number, sub: number) => String(BigInt(ms) * 1_000_000n + BigInt(sub));

function filterValue(random: () => number, field: TraceFilterField): AttributeValue {
  if (TRACE_FILTER_FIELDS[field] === 'number') {
    const bounds: Record<string, [number, number]> = {
      'cx.telephony.quality.jitter.avg': [1, 60],
      'cx.telephony.quality.mos.avg': [2, 4.5],
      'cx.telephony.quality.packet_loss': [0, 5],
      'cx.telephony.quality.rtt.avg': [20, 600],
      'cx.telephony.talk_time': [10, 900],
    };
    const [lo, hi] = bounds[field] ?? [0, 1];
    // Two decimals, so that values tie across traces.
    return Math.round((lo + random() * (hi - lo)) * 4) / 4;
  }
  return pick(random, TEXT_POOLS[field] ?? ['x']);
}

function exportOf(spans: readonly PlannedSpan[]): OtlpJsonExportRequest {
  const byResource = new Map<number, Map<number, Span[]>>();
  for (const p of spans) {
    const scopes = byResource.get(p.resource) ?? new Map<number, Span[]>();
    const list = scopes.get(p.scope) ?? [];
    list.push(p.span);
    scopes.set(p.scope, list);
    byResource.set(p.resource, scopes);
  }
  return {
    resourceSpans: [...byResource].map(([r, scopes]) => ({
      resource: { attributes: recordToAttributes(RESOURCES[r] ?? {}) },
      scopeSpans: [...scopes].map(([s, list]) => {
        const scope = SCOPES[s] ?? { name: '', version: '' };
        return { scope: { name: scope.name, version: scope.version }, spans: list };
      }),
    })),
  };
}

function shuffle<T>(random: () => number, list: T[]): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j] as T, list[i] as T];
  }
  return list;
}

/** The journeys of one group, their calls and log lines, drawn from `seed`; times before `nowMs`. */
export function generateJourneyData(
  seed: number,
  nowMs: number,
  traces = 45,
  options: JourneyDataOptions = {},
): JourneyGroupData {
  const random = seededRandom(seed);
  const prefix = hex(random, 3);
  const calls: IngestCallInput[] = Array.from({ length: 8 }, (_, i) => {
    const startTime = nowMs - 3 * 3600_000 - i * 600_000;
    const team = options.teams ? teamOfCall(i) : null;
    return {
      contactId: `call-${prefix}-${i}`,
      agent: pick(random, ['ava', 'liam', 'mia']),
      direction: 'INBOUND',
      startTime,
      endTime: startTime + 300_000,
      ...(team ? { agentGroups: [team, 'Tier 1'] } : {}),
    };
  });
  const traceContacts = new Map<string, string | null>();
  /** The softphone contact of trace `t` of a `teams` draw. */
  const contactOf = (t: number) =>
    t % 3 === 2 ? null : String(calls[t % calls.length]?.contactId ?? '');
  const callIds = [...calls.map((c) => String(c.contactId)), `unknown-${prefix}`];
  const logs = calls.flatMap((c, i) =>
    Array.from({ length: 1 + (i % 3) }, (_, k) => ({
      time: Number(c.startTime) + 1000 * (k % 2),
      level: pick(random, ['INFO', 'WARN', 'ERROR']),
      agent: String(c.agent),
      contactId: String(c.contactId),
      text: `line ${k} of ${String(c.contactId)}`,
    })),
  );

  const values = {} as Record<TraceFilterField, (string | number)[]>;
  for (const field of TRACE_FILTER_FIELD_NAMES) values[field] = [];
  const planned: PlannedSpan[] = [];
  const traceIds: string[] = [];
  let previousStart = nowMs - 5 * 24 * 3600_000;
  let previousSub = 0;
  for (let t = 0; t < traces; t++) {
    const traceId = hex(random, 16);
    traceIds.push(traceId);
    const contact = options.teams ? contactOf(t) : undefined;
    if (contact !== undefined) traceContacts.set(traceId, contact);
    // Every fifth trace starts with the one before (a tie in the list's order).
    const startMs =
      t % 5 === 4 ? previousStart : nowMs - 3600_000 - Math.floor(random() * 5 * 24 * 3600_000);
    // Below the millisecond too: a tie of whole microseconds needs the same part.
    const rootSub = t % 5 === 4 ? previousSub : Math.floor(random() * 999_999);
    previousStart = startMs;
    previousSub = rootSub;
    const count = 1 + Math.floor(random() * 10);
    const resource = Math.floor(random() * RESOURCES.length);
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const spanId = hex(random, 8);
      // Some spans start with the root (a tie); the root sometimes arrives without a parent-less span.
      const offset = i === 0 || random() < 0.2 ? 0 : Math.floor(random() * 120_000);
      const lengthMs = random() < 0.15 ? 40_000 + Math.floor(random() * 60_000) : 50 + i * 30;
      const attributes: Record<string, AttributeValue> = {};
      for (const field of TRACE_FILTER_FIELD_NAMES) {
        if (random() < 0.35) {
          const value = filterValue(random, field);
          attributes[field] = value;
          if (typeof value === 'string' || typeof value === 'number') values[field].push(value);
        }
      }
      if (contact !== undefined) {
        if (contact === null) delete attributes['cx.softphone.contact.id'];
        else attributes['cx.softphone.contact.id'] = contact;
      }
      if (random() < 0.4) attributes['cx.telephony.call.id'] = pick(random, callIds);
      if (random() < 0.2) attributes['service.name'] = pick(random, ['crm', 'ivr', 'queue']);
      const status = random() < 0.15 ? 2 : random() < 0.5 ? 1 : 0;
      const parent = i === 0 ? (random() < 0.1 ? hex(random, 8) : undefined) : pick(random, ids);
      const span: Span = {
        traceId,
        spanId,
        ...(parent ? { parentSpanId: parent } : {}),
        name: pick(random, SPAN_NAMES),
        kind: i === 0 ? 2 : 1,
        startTimeUnixNano: ns(
          startMs + offset,
          offset === 0 ? rootSub : Math.floor(random() * 999_999),
        ),
        endTimeUnixNano: ns(startMs + offset + lengthMs, Math.floor(random() * 999_999)),
        attributes: recordToAttributes(attributes),
        ...(random() < 0.3
          ? {
              events: [
                {
                  name: 'call.hold',
                  timeUnixNano: ns(startMs + offset + 10, 0),
                  attributes: recordToAttributes({ reason: 'customer' }),
                },
                ...(random() < 0.6
                  ? [{ name: 'call.resume', timeUnixNano: ns(startMs + offset + 25, 0) }]
                  : []),
              ],
            }
          : {}),
        status: status === 2 ? { code: 2, message: 'failed to connect' } : { code: status },
      };
      ids.push(spanId);
      planned.push({ resource, scope: Math.floor(random() * SCOPES.length), span });
    }
  }

  const spans = planned.map((p) => ({ traceId: p.span.traceId, spanId: p.span.spanId }));
  const contactAttribute = (traceId: string): Record<string, AttributeValue> => {
    const contact = traceContacts.get(traceId);
    return contact ? { 'cx.softphone.contact.id': contact } : {};
  };
  // Resends: changed attributes and status, some an earlier start (the trace's start moves).
  const resent = planned
    .filter(() => random() < 0.12)
    .map((p): PlannedSpan => {
      const earlier = random() < 0.5;
      const start = BigInt(p.span.startTimeUnixNano);
      return {
        ...p,
        span: {
          ...p.span,
          ...(earlier ? { startTimeUnixNano: String(start - 7_000_123_456n) } : {}),
          attributes: recordToAttributes({
            'cx.platform': pick(random, TEXT_POOLS['cx.platform'] ?? []),
            'cx.telephony.quality.mos.avg': 2.25,
            note: 'resent',
            ...contactAttribute(p.span.traceId),
          }),
          status: { code: 2, message: 'resent with an error' },
        },
      };
    });
  const shuffled = shuffle(random, [...planned]);
  const exports: OtlpJsonExportRequest[] = [];
  for (let at = 0; at < shuffled.length;) {
    const size = 1 + Math.floor(random() * 30);
    exports.push(exportOf(shuffled.slice(at, at + size)));
    at += size;
  }
  for (let at = 0; at < resent.length; at += 6) exports.push(exportOf(resent.slice(at, at + 6)));
  return { exports, calls, logs, traceIds, spans, values, traceContacts };
}
