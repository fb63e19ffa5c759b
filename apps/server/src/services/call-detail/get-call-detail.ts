import {
  CALL_DETAIL_LIMITS,
  CALL_DETAIL_TEXTS,
  type CallDetail,
  type CallDetailTelemetryEvent,
} from '@callsight/shared';
import type { GroupScope } from '../../db/group-scope.ts';
import { notFound } from '../../lib/errors.ts';
import { noHits, readCallLogs, readCallTelemetry } from './call-logs.ts';
import { ByteWriter } from '../../lib/byte-writer.ts';
import { readCallChunksText } from '../telemetry/call-samples.ts';
import { holdRuns, parseCallSeconds, writeCallSecondsJson } from './call-seconds.ts';
import { mergeHolds, readTraceHolds, type CallHold } from './call-holds.ts';
import { callDetailTail } from './serialize-call-detail.ts';
import { readCallSummary, toSummarySource } from './call-summary-source.ts';

export interface CallDetailRequest {
  contactId: string;
  /** Only for callers holding CALL_DETAIL_ACCESS.telemetry; the route checks it. */
  includeTelemetry: boolean;
}

/** The summary in search-hit form (one hit or none), with the call's merged holds. */
function summaryHits(
  summary: Awaited<ReturnType<typeof readCallSummary>>,
  holds: readonly CallHold[],
): CallDetail['summary'] {
  return {
    hits: {
      total: { value: summary ? 1 : 0, relation: 'eq' },
      hits: summary ? [{ _id: summary.contactId, _source: toSummarySource(summary, holds) }] : [],
    },
  };
}

/**
 * One call of the caller's group as the UTF-8 JSON of the answer (the route sends it as is): its
 * seconds, summary, softphone logs and (when asked) telemetry events. The seconds are written
 * from the text the database wrote (writeCallSecondsJson); the rest goes through the schema. A
 * contact the group has neither summary, seconds nor logs of is not found (404, also for another
 * group's).
 */
export async function getCallDetailJson(
  scope: GroupScope,
  request: CallDetailRequest,
): Promise<Buffer> {
  const { contactId } = request;
  const [summary, chunks, logs, telemetry, tracedHolds] = await Promise.all([
    readCallSummary(scope, contactId),
    readCallChunksText(scope.db, scope.groupId, contactId),
    readCallLogs(scope, contactId, CALL_DETAIL_LIMITS.maxLogs),
    request.includeTelemetry
      ? readCallTelemetry(scope, contactId, CALL_DETAIL_LIMITS.maxTelemetryEvents)
      : Promise.resolve(noHits<CallDetailTelemetryEvent>()),
    readTraceHolds(scope, contactId),
  ]);
  if (summary === null && chunks === null && logs.hits.hits.length === 0) {
    throw notFound(CALL_DETAIL_TEXTS.unableData);
  }
  const seconds = parseCallSeconds(chunks);
  // Holds from the collector (its summary and its On Hold seconds) and from the journey's span
  // events (call.hold / call.resume): one list, so that every chart shades the same intervals.
  const holds = mergeHolds(
    summary?.holdIntervals ?? [],
    holdRuns(seconds, CALL_DETAIL_LIMITS.maxSeconds),
    tracedHolds,
  );
  const tail = callDetailTail({ summary: summaryHits(summary, holds), logs, telemetry });
  // Room for the seconds' JSON (a little over twice their stored text) and the rest: one buffer.
  const w = new ByteWriter(64 + (chunks?.length ?? 0) * 3 + tail.length * 2);
  w.utf8('{"seconds":');
  writeCallSecondsJson(w, seconds, CALL_DETAIL_LIMITS.maxSeconds);
  w.utf8(tail);
  return w.bytes();
}
