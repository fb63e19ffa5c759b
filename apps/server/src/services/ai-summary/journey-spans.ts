import { asc, eq } from 'drizzle-orm';
import { attributesToRecord, ERROR_CODES, TRACE_TEXTS, type AiSpanInput } from '@callsight/shared';
import { journeySpans, journeyTraces } from '../../db/schema/index.ts';
import type { GroupScope } from '../../db/group-scope.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { CallScope } from '../telemetry-store/call-scope.ts';
import type { TelemetryStore } from '../telemetry-store/telemetry-store.ts';

const STATUS: Record<number, string> = { 0: 'UNSET', 1: 'OK', 2: 'ERROR' };

/** The telemetry store's journey reads the summarizer needs (PostgreSQL or ClickHouse). */
export type JourneyReads = Pick<TelemetryStore, 'journeySpans' | 'hasJourney'>;

/** A span's OTLP status code as the summarizer names it. */
export const statusName = (code: number) => STATUS[code] ?? 'UNSET';

/** The spans of one of the group's journeys on PostgreSQL, by start then id (none: empty). */
export async function readJourneySpans(scope: GroupScope, traceId: string): Promise<AiSpanInput[]> {
  const rows = await scope.db
    .select({
      spanId: journeySpans.spanId,
      parentSpanId: journeySpans.parentSpanId,
      name: journeySpans.name,
      serviceName: journeySpans.serviceName,
      startNs: journeySpans.startNs,
      endNs: journeySpans.endNs,
      statusCode: journeySpans.statusCode,
      statusMessage: journeySpans.statusMessage,
      attributes: journeySpans.attributes,
    })
    .from(journeySpans)
    .where(scope.owns(journeySpans, eq(journeySpans.traceId, traceId)))
    .orderBy(asc(journeySpans.startNs), asc(journeySpans.spanId));
  return rows.map((r) => ({
    spanId: r.spanId,
    parentSpanId: r.parentSpanId,
    name: r.name,
    serviceName: r.serviceName,
    startTimeMs: Number(r.startNs / 1_000_000n),
    endTimeMs: Number(r.endNs / 1_000_000n),
    statusCode: statusName(r.statusCode),
    statusMessage: r.statusMessage,
    attributes: attributesToRecord(r.attributes),
  }));
}

/** Whether the group has the trace (its row), or with `spanId` that span of it, on PostgreSQL. */
export async function hasJourneyPg(
  scope: GroupScope,
  traceId: string,
  spanId?: string,
): Promise<boolean> {
  const [row] =
    spanId === undefined
      ? await scope.db
          .select({ traceId: journeyTraces.traceId })
          .from(journeyTraces)
          .where(scope.owns(journeyTraces, eq(journeyTraces.traceId, traceId)))
          .limit(1)
      : await scope.db
          .select({ traceId: journeySpans.traceId })
          .from(journeySpans)
          .where(
            scope.owns(
              journeySpans,
              eq(journeySpans.traceId, traceId),
              eq(journeySpans.spanId, spanId),
            ),
          )
          .limit(1);
  return row !== undefined;
}

/** The spans of one of the group's journeys as the summarizer reads them; 404 when it has none. */
export async function loadJourneySpans(
  journeys: JourneyReads,
  scope: CallScope,
  traceId: string,
): Promise<AiSpanInput[]> {
  const spans = await journeys.journeySpans(scope, traceId);
  if (spans.length === 0) throw notFound(TRACE_TEXTS.traceNotFound);
  return spans;
}

/** 404 naming the span (field `spanId`) unless the group's trace has a span with that id. */
export async function requireSpanInTrace(
  journeys: JourneyReads,
  scope: CallScope,
  traceId: string,
  spanId: string,
): Promise<void> {
  if (await journeys.hasJourney(scope, traceId, spanId)) return;
  const message = TRACE_TEXTS.spanNotInTrace(spanId, traceId);
  throw new AppError(404, ERROR_CODES.notFound, message, { spanId: message });
}

/** 404 'Trace not found' unless the group has the trace. */
export async function requireTrace(
  journeys: JourneyReads,
  scope: CallScope,
  traceId: string,
): Promise<void> {
  if (!(await journeys.hasJourney(scope, traceId))) throw notFound(TRACE_TEXTS.traceNotFound);
}
