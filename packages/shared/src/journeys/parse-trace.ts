import {
  CALL_ID_ATTRIBUTES,
  JOURNEY_PHASE_SPAN_NAMES,
  SERVICE_NAME_ATTRIBUTES,
  SPAN_STATUS_NAMES,
  TRACE_TEXTS,
  UNKNOWN_SERVICE,
  type SpanStatusName,
} from './constants.ts';
import { attributesToRecord, firstTextAttribute, type AttributeValue } from './attributes.ts';
import type { Trace } from './schemas.ts';

/** A span ready for the timeline and the span tabs (spec 002 §3, processed span). */
export interface ProcessedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string | null;
  name: string;
  serviceName: string;
  depth: number;
  statusCode: SpanStatusName;
  statusMessage: string | null;
  startMs: number;
  endMs: number;
  durationMs: number;
  /** Milliseconds from the trace start. */
  offsetMs: number;
  attributes: Record<string, AttributeValue>;
  resourceAttributes: Record<string, AttributeValue>;
  events: { name: string; timeMs: number; attributes: Record<string, AttributeValue> }[];
  callId: string | null;
  callLinked: boolean;
  insightsCount: number;
  /** Whether the span is one of the journey phases of spec 002 §9. */
  isPhase: boolean;
  childCount: number;
}

export interface ProcessedTrace {
  traceId: string;
  startMs: number;
  endMs: number;
  durationMs: number;
  /** Spans in tree order: each parent before its children, siblings by start time. */
  spans: ProcessedSpan[];
}

/** A trace that fails the checks of spec 002 §5; the message is the spec's text. */
export class TraceParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TraceParseError';
  }
}

const PHASES: ReadonlySet<string> = new Set(JOURNEY_PHASE_SPAN_NAMES);

/** Unix nanoseconds (decimal text or number) as milliseconds; null unless a non-negative number. */
export function nanosToMs(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value / 1e6 : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n / 1e6 : null;
}

/**
 * Checks and flattens a trace (spec 002 §5): at least one span; start, end and event times
 * non-negative numbers; no end before its start; a total duration above zero. Throws a
 * TraceParseError with the spec's message otherwise. Depth follows parent links; a span whose
 * parent is missing (not sent yet) is a root.
 */
export function processTrace(trace: Trace): ProcessedTrace {
  const raw: Omit<ProcessedSpan, 'depth' | 'offsetMs' | 'childCount'>[] = [];
  for (const rs of trace.resourceSpans) {
    const resourceAttributes = attributesToRecord(rs.resource.attributes);
    for (const ss of rs.scopeSpans) {
      for (const span of ss.spans) {
        const startMs = nanosToMs(span.startTimeUnixNano);
        if (startMs === null) throw new TraceParseError(TRACE_TEXTS.invalidStart(span.spanId));
        const endMs = nanosToMs(span.endTimeUnixNano);
        if (endMs === null) throw new TraceParseError(TRACE_TEXTS.invalidEnd(span.spanId));
        if (endMs < startMs) throw new TraceParseError(TRACE_TEXTS.endBeforeStart(span.spanId));
        const events = span.events.map((e) => {
          const timeMs = nanosToMs(e.timeUnixNano);
          if (timeMs === null) throw new TraceParseError(TRACE_TEXTS.invalidEvent(span.spanId));
          return { name: e.name, timeMs, attributes: attributesToRecord(e.attributes) };
        });
        const attributes = attributesToRecord(span.attributes);
        raw.push({
          traceId: span.traceId,
          spanId: span.spanId,
          parentSpanId: span.parentSpanId || null,
          name: span.name,
          serviceName:
            firstTextAttribute(attributes, SERVICE_NAME_ATTRIBUTES) ??
            firstTextAttribute(resourceAttributes, SERVICE_NAME_ATTRIBUTES) ??
            UNKNOWN_SERVICE,
          statusCode: SPAN_STATUS_NAMES[span.status.code] ?? 'UNSET',
          statusMessage: span.status.message || null,
          startMs,
          endMs,
          durationMs: endMs - startMs,
          attributes,
          resourceAttributes,
          events,
          callId: span.callId ?? firstTextAttribute(attributes, CALL_ID_ATTRIBUTES),
          callLinked: span.callLinked,
          insightsCount: span.insightsCount,
          isPhase: PHASES.has(span.name),
        });
      }
    }
  }
  if (raw.length === 0) throw new TraceParseError(TRACE_TEXTS.noSpans);
  let startMs = Infinity;
  let endMs = -Infinity;
  for (const s of raw) {
    if (s.startMs < startMs) startMs = s.startMs;
    if (s.endMs > endMs) endMs = s.endMs;
  }
  const durationMs = endMs - startMs;
  if (!(durationMs > 0)) throw new TraceParseError(TRACE_TEXTS.invalidDuration);

  const byId = new Map(raw.map((s) => [s.spanId, s]));
  const children = new Map<string | null, typeof raw>();
  for (const s of raw) {
    const parent = s.parentSpanId && byId.has(s.parentSpanId) ? s.parentSpanId : null;
    const list = children.get(parent);
    if (list) list.push(s);
    else children.set(parent, [s]);
  }
  for (const list of children.values()) {
    list.sort((a, b) => a.startMs - b.startMs || a.spanId.localeCompare(b.spanId));
  }
  // Iterative depth-first walk: a 5,000-deep chain must not overflow the stack.
  const spans: ProcessedSpan[] = [];
  const visited = new Set<string>();
  const stack: { span: (typeof raw)[number]; depth: number }[] = [];
  const pushChildren = (parent: string | null, depth: number) => {
    const list = children.get(parent) ?? [];
    for (let i = list.length - 1; i >= 0; i--) {
      const span = list[i];
      if (span) stack.push({ span, depth });
    }
  };
  pushChildren(null, 0);
  while (stack.length > 0) {
    const item = stack.pop();
    if (!item || visited.has(item.span.spanId)) continue;
    visited.add(item.span.spanId);
    spans.push({
      ...item.span,
      depth: item.depth,
      offsetMs: item.span.startMs - startMs,
      childCount: children.get(item.span.spanId)?.length ?? 0,
    });
    pushChildren(item.span.spanId, item.depth + 1);
  }
  // Spans caught in a parent cycle are never reached from a root: list them as roots.
  for (const s of raw) {
    if (!visited.has(s.spanId)) {
      visited.add(s.spanId);
      spans.push({ ...s, depth: 0, offsetMs: s.startMs - startMs, childCount: 0 });
    }
  }
  return { traceId: trace.traceId, startMs, endMs, durationMs, spans };
}
