import {
  CALL_DETAIL_LIMITS,
  CALL_DETAIL_TEXTS,
  callDetailSecondColumns,
  type CallDetailSecond,
  type CallDetailTelemetryEvent,
} from '@callsight/shared';
import type { GroupScope } from '../../db/group-scope.ts';
import { notFound } from '../../lib/errors.ts';
import { noHits, readCallTelemetry } from '../call-detail/call-logs.ts';
import { mergeHolds, type CallHold } from '../call-detail/call-holds.ts';
import { toSummarySource } from '../call-detail/call-summary-source.ts';
import { getCallDetailJson, type CallDetailRequest } from '../call-detail/get-call-detail.ts';
import { callDetailTail } from '../call-detail/serialize-call-detail.ts';
import { restricted, wholeGroup, type CallScope } from './call-scope.ts';
import type { TelemetryStore } from './telemetry-store.ts';

/** Two On Hold seconds further apart than this are two holds (as holdRuns of call-seconds.ts). */
const HOLD_RUN_GAP_MS = 2_000;

/** The runs of On Hold seconds, each as [first second, last second + 1 s): as holdRuns. */
export function holdRunsOf(seconds: readonly CallDetailSecond[]): CallHold[] {
  const runs: CallHold[] = [];
  let open: { start: number; end: number } | null = null;
  for (const s of seconds) {
    const t = Date.parse(s.timestamp);
    const onHold = s.agentStatus === 'On Hold';
    if (onHold && open && t - (open.end - 1000) <= HOLD_RUN_GAP_MS) open.end = t + 1000;
    else if (onHold) {
      if (open) runs.push(open);
      open = { start: t, end: t + 1000 };
    } else if (open) {
      runs.push(open);
      open = null;
    }
  }
  if (open) runs.push(open);
  return runs;
}

/**
 * One call's detail answer (the JSON getCallDetailJson writes) with its summary, seconds and log
 * lines and the journey's holds from `store` (ClickHouse); the telemetry events stay in
 * PostgreSQL (`scope`). The PostgreSQL store keeps getCallDetailJson's text path (its chunks'
 * text is written as JSON directly); this one goes through objects.
 */
export async function getStoredCallDetailJson(
  store: TelemetryStore,
  scope: GroupScope,
  request: CallDetailRequest,
): Promise<Buffer> {
  const { contactId } = request;
  // The team's rules are checked before (callDetailJsonOf): the call's own reads are whole.
  const calls = wholeGroup(scope.groupId);
  const [summary, seconds, logs, telemetry, tracedHolds] = await Promise.all([
    store.callSummary(calls, contactId),
    store.callSeconds(calls, contactId, CALL_DETAIL_LIMITS.maxSeconds),
    store.callLogs(calls, contactId, CALL_DETAIL_LIMITS.maxLogs),
    request.includeTelemetry
      ? readCallTelemetry(scope, contactId, CALL_DETAIL_LIMITS.maxTelemetryEvents)
      : Promise.resolve(noHits<CallDetailTelemetryEvent>()),
    store.callTraceHolds(calls, contactId),
  ]);
  if (summary === null && seconds.length === 0 && logs.hits.hits.length === 0) {
    throw notFound(CALL_DETAIL_TEXTS.unableData);
  }
  const holds = mergeHolds(summary?.holdIntervals ?? [], holdRunsOf(seconds), tracedHolds);
  const tail = callDetailTail({
    summary: {
      hits: {
        total: { value: summary ? 1 : 0, relation: 'eq' },
        hits: summary ? [{ _id: summary.contactId, _source: toSummarySource(summary, holds) }] : [],
      },
    },
    logs,
    telemetry,
  });
  return Buffer.from(`{"seconds":${JSON.stringify(callDetailSecondColumns(seconds))}${tail}`);
}

/**
 * One call's detail answer as JSON, as GET /api/viscall2/call/… writes it, for a reader under
 * `rules` (their team's; none: every call of the group).
 */
export type CallDetailJson = (
  scope: GroupScope,
  rules: CallScope['rules'],
  request: CallDetailRequest,
) => Promise<Buffer>;

/**
 * The call-detail service of the process's telemetry store (the call-detail API and the embed's
 * call links): the stored-text path on PostgreSQL, the store's reads on ClickHouse. A call outside
 * the reader's team answers as another group's: 404 (decision T1, reversing C12's blind spot).
 */
export function callDetailJsonOf(telemetry: TelemetryStore): CallDetailJson {
  const read =
    telemetry.kind === 'postgres'
      ? getCallDetailJson
      : (scope: GroupScope, request: CallDetailRequest) =>
          getStoredCallDetailJson(telemetry, scope, request);
  return async (scope, rules, request) => {
    const calls: CallScope = { groupId: scope.groupId, rules };
    if (restricted(calls) && !(await telemetry.callPassesRules(calls, request.contactId)))
      throw notFound(CALL_DETAIL_TEXTS.unableData);
    return read(scope, request);
  };
}
