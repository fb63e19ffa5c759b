import { asc, eq } from 'drizzle-orm';
import { attributesToRecord, ERROR_CODES, TRACE_TEXTS, type AiSpanInput } from '@callsight/shared';
import { journeySpans, journeyTraces } from '../../db/schema/index.ts';
import type { GroupScope } from '../../db/group-scope.ts';
import { AppError, notFound } from '../../lib/errors.ts';

const STATUS: Record<number, string> = { 0: 'UNSET', 1: 'OK', 2: 'ERROR' };

/** The spans of one of the group's journeys as the summarizer reads them; 404 when it has none. */
export async function loadJourneySpans(scope: GroupScope, traceId: string): Promise<AiSpanInput[]> {
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
    .orderBy(asc(journeySpans.startNs));
  if (rows.length === 0) throw notFound(TRACE_TEXTS.traceNotFound);
  return rows.map((r) => ({
    spanId: r.spanId,
    parentSpanId: r.parentSpanId,
    name: r.name,
    serviceName: r.serviceName,
    startTimeMs: Number(r.startNs / 1_000_000n),
    endTimeMs: Number(r.endNs / 1_000_000n),
    statusCode: STATUS[r.statusCode] ?? 'UNSET',
    statusMessage: r.statusMessage,
    attributes: attributesToRecord(r.attributes),
  }));
}

/** 404 naming the span (field `spanId`) unless the group's trace has a span with that id. */
export async function requireSpanInTrace(
  scope: GroupScope,
  traceId: string,
  spanId: string,
): Promise<void> {
  const [row] = await scope.db
    .select({ spanId: journeySpans.spanId })
    .from(journeySpans)
    .where(
      scope.owns(journeySpans, eq(journeySpans.traceId, traceId), eq(journeySpans.spanId, spanId)),
    )
    .limit(1);
  if (row) return;
  const message = TRACE_TEXTS.spanNotInTrace(spanId, traceId);
  throw new AppError(404, ERROR_CODES.notFound, message, { spanId: message });
}

/** 404 'Trace not found' unless the group has the trace. */
export async function requireTrace(scope: GroupScope, traceId: string): Promise<void> {
  const [row] = await scope.db
    .select({ traceId: journeyTraces.traceId })
    .from(journeyTraces)
    .where(scope.owns(journeyTraces, eq(journeyTraces.traceId, traceId)))
    .limit(1);
  if (!row) throw notFound(TRACE_TEXTS.traceNotFound);
}
