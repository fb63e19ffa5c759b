import { TRACE_TEXTS, type SpanLogs, type TeamCondition } from '@callsight/shared';
import { notFound } from '../../lib/errors.ts';

/**
 * Whose call data a read may return (issue 33, decision T1): one group's calls, narrowed by a
 * team's rules (no rules: every call of the group). Every call-data read of the telemetry store
 * takes one, so a new query cannot leave the team out: a route builds it from its caller and team
 * (`callScopeOf`, plugins/call-scope.ts), the server's own reads (jobs, workflows, the demo,
 * usage) name the whole group with `wholeGroup`.
 */
export interface CallScope {
  readonly groupId: string;
  readonly rules: readonly TeamCondition[];
}

/** The whole group's calls: for the server's own reads, never for a member's request. */
export function wholeGroup(groupId: string): CallScope {
  return { groupId, rules: [] };
}

/** Whether the scope is narrowed by a team (else every call of the group passes). */
export const restricted = (scope: CallScope): boolean => scope.rules.length > 0;

/** How a store tells whether one call or one journey passes a scope's rules. */
export interface TeamChecks {
  /** The group has this call and it passes the rules. */
  callPasses(scope: CallScope, contactId: string): Promise<boolean>;
  /** The group has this journey and its agent's call passes the rules. */
  tracePasses(scope: CallScope, traceId: string): Promise<boolean>;
}

/**
 * The reads by one call or one journey under a scope's rules, for both stores: a call or journey
 * outside the team answers as another group's would (nothing, or 404), never its data.
 */
export function teamGate(checks: TeamChecks) {
  /** `read()` when the journey passes, else 404 'Trace not found' as another group's. */
  async function traceOr404<T>(scope: CallScope, traceId: string, read: () => Promise<T>) {
    if (restricted(scope) && !(await checks.tracePasses(scope, traceId.toLowerCase())))
      throw notFound(TRACE_TEXTS.traceNotFound);
    return read();
  }
  return {
    /** `read()` when the call passes, else `denied`. */
    async call<T>(scope: CallScope, contactId: string, denied: T, read: () => Promise<T>) {
      if (restricted(scope) && !(await checks.callPasses(scope, contactId))) return denied;
      return read();
    },
    /** `read()` when the journey passes, else `denied` (no journey). */
    async trace<T>(scope: CallScope, traceId: string, denied: T, read: () => Promise<T>) {
      // Trace ids are hex, read in either case (as the journey reads themselves).
      if (restricted(scope) && !(await checks.tracePasses(scope, traceId.toLowerCase())))
        return denied;
      return read();
    },
    traceOr404,
    /**
     * A span's log lines as traceOr404 reads them; when the span links another call than the
     * journey's (a transfer to another team's agent), that call must pass too, else no lines.
     */
    async spanLogs(scope: CallScope, traceId: string, read: () => Promise<SpanLogs>) {
      const answer = await traceOr404(scope, traceId, read);
      if (!restricted(scope) || !answer.callId) return answer;
      return (await checks.callPasses(scope, answer.callId)) ? answer : { callId: null, data: [] };
    },
  };
}
