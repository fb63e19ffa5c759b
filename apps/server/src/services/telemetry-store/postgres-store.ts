import { EXPLORER_LIMITS, type CallDetailLog, type DatasetId } from '@callsight/shared';
import { forGroup } from '../../db/group-scope.ts';
import { callPassesRules, DATASETS, tracePassesRules } from '../canvas/datasets.ts';
import { runChart } from '../canvas/run-chart.ts';
import { pgRollupChart } from '../canvas/rollups/pg-rollup-chart.ts';
import { pgCallHours, refreshGroupHours } from '../canvas/rollups/pg-rollup-refresh.ts';
import { teamFieldValues } from '../canvas/team-field-values.ts';
import { hasJourneyPg, readJourneySpans } from '../ai-summary/journey-spans.ts';
import { readTraceHolds } from '../call-detail/call-holds.ts';
import { noHits, readCallLogs } from '../call-detail/call-logs.ts';
import { readCallSeconds } from '../call-detail/call-seconds.ts';
import { readCallSummary } from '../call-detail/call-summary-source.ts';
import { listAgentLogs } from '../explorer/agent-logs.ts';
import { knownValues, runCopilotQuery } from '../copilot/call-metrics.ts';
import { listCallStats } from '../explorer/call-stats.ts';
import { ingestCalls } from '../telemetry/ingest-calls.ts';
import type { IngestDeps } from '../telemetry/ingest-context.ts';
import { ingestLogs } from '../telemetry/ingest-logs.ts';
import { ingestSamples } from '../telemetry/ingest-samples.ts';
import { storeSpans } from '../journeys/ingest-traces.ts';
import { listTraces } from '../journeys/list-traces.ts';
import { getSpanInsights, getSpanLogs, getTraceJson } from '../journeys/trace-detail.ts';
import {
  coverageCallsPg,
  reportedContactsPg,
  usageCallDaysPg,
  usageCallFiguresPg,
} from '../usage/call-usage.ts';
import {
  coverageContactsPg,
  usageJourneyDaysPg,
  usageJourneyFiguresPg,
} from '../usage/journey-usage.ts';
import { teamGate, type CallScope } from './call-scope.ts';
import type { TelemetryStore } from './telemetry-store.ts';

/** The telemetry store on PostgreSQL (the default): today's services, each given its group scope. */
export function postgresTelemetryStore(deps: IngestDeps): TelemetryStore {
  const scope = (groupId: string) => forGroup(deps.db, groupId);
  const rows = (s: CallScope, id: DatasetId) => DATASETS[id].rowFilter(s.rules);
  const gate = teamGate({
    callPasses: (s, contactId) => callPassesRules(scope(s.groupId), contactId, s.rules),
    tracePasses: (s, traceId) => tracePassesRules(scope(s.groupId), traceId, s.rules),
  });
  return {
    kind: 'postgres',
    listCallStats: (s, query, now = new Date(), cap = EXPLORER_LIMITS.totalCap) =>
      listCallStats(scope(s.groupId), query, now, cap, rows(s, 'calls')),
    listAgentLogs: (s, query, now = new Date(), cap = EXPLORER_LIMITS.totalCap) =>
      listAgentLogs(scope(s.groupId), query, now, cap, rows(s, 'softphone_logs')),
    callSummary: (s, contactId) =>
      gate.call(s, contactId, null, () => readCallSummary(scope(s.groupId), contactId)),
    callSeconds: (s, contactId, limit) =>
      gate.call(s, contactId, [], () => readCallSeconds(scope(s.groupId), contactId, limit)),
    callLogs: (s, contactId, limit) =>
      gate.call(s, contactId, noHits<CallDetailLog>(), () =>
        readCallLogs(scope(s.groupId), contactId, limit),
      ),
    copilotQuery: (s, query, window, timeZone) =>
      runCopilotQuery(scope(s.groupId), query, window, timeZone, rows(s, 'calls')),
    copilotKnownValues: (s, now) => knownValues(scope(s.groupId), now, rows(s, 'calls')),
    canvasChart: async (s, spec, ctx) =>
      (deps.chartRollups === false
        ? null
        : (await pgRollupChart(scope(s.groupId), s.rules, spec, ctx, deps.now()))?.data) ??
      runChart(spec, {
        scope: scope(s.groupId),
        from: ctx.from,
        to: ctx.to,
        filters: ctx.filters,
        rowFilter: rows(s, spec.datasetId),
        intervalMs: ctx.intervalMs,
        timeZone: ctx.timeZone,
      }),
    callPassesRules: (s, contactId) => callPassesRules(scope(s.groupId), contactId, s.rules),
    tracePassesRules: (s, traceId) => tracePassesRules(scope(s.groupId), traceId, s.rules),
    refreshChartRollups: refreshGroupHours,
    chartRollupHours: (groupId) => pgCallHours(deps.db, groupId),
    usageCallFigures: (groupId, ranges) => usageCallFiguresPg(scope(groupId), ranges),
    reportedContacts: (groupId, contactIds) => reportedContactsPg(scope(groupId), contactIds),
    usageCallDays: (groupId, timeZone) => usageCallDaysPg(scope(groupId), timeZone),
    coverageCalls: (groupId, from, to) => coverageCallsPg(scope(groupId), from, to),
    usageJourneyFigures: (groupId, ranges) => usageJourneyFiguresPg(scope(groupId), ranges),
    usageJourneyDays: (groupId, timeZone) => usageJourneyDaysPg(scope(groupId), timeZone),
    coverageContacts: (groupId, from, to) => coverageContactsPg(scope(groupId), from, to),
    teamFieldValues: (groupId, type, field, now) =>
      teamFieldValues(scope(groupId), type, field, now),
    ingestSamples: (groupId, items) => ingestSamples(deps, groupId, items),
    ingestCalls: (groupId, items, origin) => ingestCalls(deps, groupId, items, origin),
    ingestLogs: (groupId, items) => ingestLogs(deps, groupId, items),
    writer(options) {
      const { watchers, ...rest } = deps;
      const own: IngestDeps = {
        ...rest,
        gate: options.gate ?? deps.gate,
        ...(options.quiet ? { push: { publish() {} } } : watchers ? { watchers } : {}),
      };
      return {
        ingestSamples: (groupId, items) => ingestSamples(own, groupId, items),
        ingestCalls: (groupId, items, origin) => ingestCalls(own, groupId, items, origin),
        ingestLogs: (groupId, items) => ingestLogs(own, groupId, items),
      };
    },
    storeSpans: (groupId, spans) => storeSpans(deps.db, groupId, spans),
    listTraces: (s, query) => listTraces(scope(s.groupId), query, rows(s, 'journeys')),
    traceJson: (s, traceId) =>
      gate.traceOr404(s, traceId, () => getTraceJson(scope(s.groupId), traceId)),
    spanInsights: (s, traceId, spanId) =>
      gate.traceOr404(s, traceId, () => getSpanInsights(scope(s.groupId), traceId, spanId)),
    spanLogs: (s, traceId, spanId) =>
      gate.spanLogs(s, traceId, () => getSpanLogs(scope(s.groupId), traceId, spanId)),
    journeySpans: (s, traceId) =>
      gate.trace(s, traceId, [], () => readJourneySpans(scope(s.groupId), traceId)),
    hasJourney: (s, traceId, spanId) =>
      gate.trace(s, traceId, false, () => hasJourneyPg(scope(s.groupId), traceId, spanId)),
    callTraceHolds: (s, contactId) =>
      gate.call(s, contactId, [], () => readTraceHolds(scope(s.groupId), contactId)),
    // The database belongs to the app: it closes it.
    close: async () => {},
  };
}
