import {
  CALL_DETAIL_LIMITS,
  CALL_DETAIL_TEXTS,
  type CallDetail,
  type CallDetailTelemetryEvent,
} from '@callsight/shared';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { noHits, readCallLogs, readCallTelemetry } from './call-logs.ts';
import { readCallSeconds } from './call-seconds.ts';
import { readCallSummary, toSummarySource } from './call-summary-source.ts';

export interface CallDetailRequest {
  groupId: string;
  contactId: string;
  /** Only for callers holding CALL_DETAIL_ACCESS.telemetry; the route checks it. */
  includeTelemetry: boolean;
}

/**
 * One call of the caller's group: its seconds, summary, softphone logs and (when asked) telemetry
 * events. A contact the group has neither summary, seconds nor logs of is not found (404, also
 * for another group's contact).
 */
export async function getCallDetail(db: Db, request: CallDetailRequest): Promise<CallDetail> {
  const { groupId, contactId } = request;
  const [summary, seconds, logs, telemetry] = await Promise.all([
    readCallSummary(db, groupId, contactId),
    readCallSeconds(db, groupId, contactId, CALL_DETAIL_LIMITS.maxSeconds),
    readCallLogs(db, groupId, contactId, CALL_DETAIL_LIMITS.maxLogs),
    request.includeTelemetry
      ? readCallTelemetry(db, groupId, contactId, CALL_DETAIL_LIMITS.maxTelemetryEvents)
      : Promise.resolve(noHits<CallDetailTelemetryEvent>()),
  ]);
  if (summary === null && seconds.length === 0 && logs.hits.hits.length === 0) {
    throw notFound(CALL_DETAIL_TEXTS.unableData);
  }
  return {
    seconds,
    summary: {
      hits: {
        total: { value: summary ? 1 : 0, relation: 'eq' },
        hits: summary ? [{ _id: summary.contactId, _source: toSummarySource(summary) }] : [],
      },
    },
    logs,
    telemetry,
  };
}
