import { eq } from 'drizzle-orm';
import type { GroupScope } from '../../db/group-scope.ts';
import { journeySpans } from '../../db/schema/index.ts';

/** A hold of a call in epoch milliseconds; `end` is null while the call is still on hold. */
export interface CallHold {
  start: number;
  end: number | null;
}

/** The span events of a journey's telephony leg that put the call on hold and take it off. */
export const TRACE_HOLD_EVENTS = { hold: 'call.hold', resume: 'call.resume' } as const;

/** Holds closer than this (collector seconds are 1 s apart) are one hold. */
const HOLD_JOIN_MS = 1_000;

type SpanEvents = (typeof journeySpans.$inferSelect)['events'];

/** Unix nanoseconds (OTLP's decimal text) as epoch milliseconds; null when not a number. */
function nsToMs(ns: string | number | bigint): number | null {
  if (typeof ns === 'number') return Number.isFinite(ns) ? Math.floor(ns / 1e6) : null;
  const text = String(ns);
  return /^\d{1,25}$/.test(text) ? Number(BigInt(text) / 1_000_000n) : null;
}

/**
 * The holds that the trace's span events tell: each `call.hold` opens one, the next
 * `call.resume` closes it (in time order over all the call's spans). A hold never resumed
 * lasts until the end of the span that held it; a resume without a hold is ignored.
 */
export function traceHolds(
  spans: readonly { events: SpanEvents; endNs: bigint | string | number }[],
): CallHold[] {
  const marks: { at: number; hold: boolean; spanEnd: number | null }[] = [];
  for (const span of spans) {
    const spanEnd = nsToMs(span.endNs);
    for (const event of span.events) {
      const hold = event.name === TRACE_HOLD_EVENTS.hold;
      if (!hold && event.name !== TRACE_HOLD_EVENTS.resume) continue;
      const at = nsToMs(event.timeUnixNano);
      if (at !== null) marks.push({ at, hold, spanEnd });
    }
  }
  marks.sort((a, b) => a.at - b.at || Number(b.hold) - Number(a.hold));
  const holds: CallHold[] = [];
  let open: { start: number; spanEnd: number | null } | null = null;
  for (const mark of marks) {
    if (mark.hold && !open) open = { start: mark.at, spanEnd: mark.spanEnd };
    else if (!mark.hold && open) {
      holds.push({ start: open.start, end: mark.at });
      open = null;
    }
  }
  if (open) {
    const end = open.spanEnd !== null && open.spanEnd > open.start ? open.spanEnd : null;
    holds.push({ start: open.start, end });
  }
  return holds;
}

/** The hold events of the group's journey spans linked to the call (journey_spans.call_id). */
export async function readTraceHolds(scope: GroupScope, contactId: string): Promise<CallHold[]> {
  const spans = await scope.db
    .select({ events: journeySpans.events, endNs: journeySpans.endNs })
    .from(journeySpans)
    .where(scope.owns(journeySpans, eq(journeySpans.callId, contactId)));
  return traceHolds(spans);
}

/**
 * One list of holds from every source (the collector's summary, its On Hold seconds, the trace's
 * events), in time order: holds that overlap or lie within a second of each other are one. An
 * open hold (no end) absorbs every later one.
 */
export function mergeHolds(...sources: readonly (readonly CallHold[])[]): CallHold[] {
  const all = sources
    .flat()
    .filter((h) => Number.isFinite(h.start) && (h.end === null || h.end >= h.start))
    .sort((a, b) => a.start - b.start);
  const merged: CallHold[] = [];
  for (const hold of all) {
    const last = merged[merged.length - 1];
    if (last && (last.end === null || hold.start <= last.end + HOLD_JOIN_MS)) {
      last.end = last.end === null || hold.end === null ? null : Math.max(last.end, hold.end);
    } else {
      merged.push({ ...hold });
    }
  }
  return merged;
}
