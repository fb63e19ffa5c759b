import { asc, eq } from 'drizzle-orm';
import { attributesToRecord, TRACE_TEXTS, type AiSpanInput } from '@callsight/shared';
import { journeySpans } from '../../db/schema/index.ts';
import type { GroupScope } from '../../db/group-scope.ts';
import { notFound } from '../../lib/errors.ts';

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
