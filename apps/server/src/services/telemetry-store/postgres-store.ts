import { EXPLORER_LIMITS } from '@callsight/shared';
import { forGroup } from '../../db/group-scope.ts';
import { callPassesRules, DATASETS } from '../canvas/datasets.ts';
import { runChart } from '../canvas/run-chart.ts';
import { hasJourneyPg, readJourneySpans } from '../ai-summary/journey-spans.ts';
import { readTraceHolds } from '../call-detail/call-holds.ts';
import { readCallLogs } from '../call-detail/call-logs.ts';
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
import type { TelemetryStore } from './telemetry-store.ts';

/** The telemetry store on PostgreSQL (the default): today's services, each given its group scope. */
export function postgresTelemetryStore(deps: IngestDeps): TelemetryStore {
  const scope = (groupId: string) => forGroup(deps.db, groupId);
  return {
    kind: 'postgres',
    listCallStats: (groupId, query, now = new Date(), cap = EXPLORER_LIMITS.totalCap) =>
      listCallStats(scope(groupId), query, now, cap),
    listAgentLogs: (groupId, query, now = new Date(), cap = EXPLORER_LIMITS.totalCap) =>
      listAgentLogs(scope(groupId), query, now, cap),
    callSummary: (groupId, contactId) => readCallSummary(scope(groupId), contactId),
    callSeconds: (groupId, contactId, limit) => readCallSeconds(scope(groupId), contactId, limit),
    callLogs: (groupId, contactId, limit) => readCallLogs(scope(groupId), contactId, limit),
    copilotQuery: (groupId, query, window, timeZone) =>
      runCopilotQuery(scope(groupId), query, window, timeZone),
    copilotKnownValues: (groupId, now) => knownValues(scope(groupId), now),
    canvasChart: (groupId, spec, ctx) =>
      runChart(spec, {
        scope: scope(groupId),
        from: ctx.from,
        to: ctx.to,
        filters: ctx.filters,
        rowFilter: DATASETS[spec.datasetId].rowFilter(ctx.rules),
      }),
    callPassesRules: (groupId, contactId, rules) =>
      callPassesRules(scope(groupId), contactId, rules),
    usageCallFigures: (groupId, ranges) => usageCallFiguresPg(scope(groupId), ranges),
    reportedContacts: (groupId, contactIds) => reportedContactsPg(scope(groupId), contactIds),
    usageCallDays: (groupId, timeZone) => usageCallDaysPg(scope(groupId), timeZone),
    coverageCalls: (groupId, from, to) => coverageCallsPg(scope(groupId), from, to),
    usageJourneyFigures: (groupId, ranges) => usageJourneyFiguresPg(scope(groupId), ranges),
    usageJourneyDays: (groupId, timeZone) => usageJourneyDaysPg(scope(groupId), timeZone),
    coverageContacts: (groupId, from, to) => coverageContactsPg(scope(groupId), from, to),
    ingestSamples: (groupId, items) => ingestSamples(deps, groupId, items),
    ingestCalls: (groupId, items) => ingestCalls(deps, groupId, items),
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
        ingestCalls: (groupId, items) => ingestCalls(own, groupId, items),
        ingestLogs: (groupId, items) => ingestLogs(own, groupId, items),
      };
    },
    storeSpans: (groupId, spans) => storeSpans(deps.db, groupId, spans),
    listTraces: (groupId, query) => listTraces(scope(groupId), query),
    traceJson: (groupId, traceId) => getTraceJson(scope(groupId), traceId),
    spanInsights: (groupId, traceId, spanId) => getSpanInsights(scope(groupId), traceId, spanId),
    spanLogs: (groupId, traceId, spanId) => getSpanLogs(scope(groupId), traceId, spanId),
    journeySpans: (groupId, traceId) => readJourneySpans(scope(groupId), traceId),
    hasJourney: (groupId, traceId, spanId) => hasJourneyPg(scope(groupId), traceId, spanId),
    callTraceHolds: (groupId, contactId) => readTraceHolds(scope(groupId), contactId),
    // The database belongs to the app: it closes it.
    close: async () => {},
  };
}
