import { EXPLORER_LIMITS, type CallDetailLog, type DatasetId } from '@callsight/shared';
import { chForGroup } from '../../db/clickhouse/group-scope.ts';
import { noHits } from '../call-detail/call-logs.ts';
import { qualityStateOf, refreshDerived } from '../telemetry/call-summaries.ts';
import { runClickHouseChart } from './clickhouse/canvas-chart.ts';
import { chRollupChart } from './clickhouse/rollup-chart.ts';
import { chCallHours, chRefreshGroupHours } from './clickhouse/rollup-refresh.ts';
import { callPassesRules, chRowFilter, tracePassesRules } from './clickhouse/canvas-datasets.ts';
import { listCallStats } from './clickhouse/call-stats.ts';
import { knownValues, runCopilotQuery } from './clickhouse/copilot.ts';
import type { ClickHouseIngestDeps } from './clickhouse/ingest-deps.ts';
import {
  callTraceHolds,
  hasJourney,
  journeySpans,
  listTraces,
  spanInsights,
  spanLogs,
  traceJson,
} from './clickhouse/journeys-read.ts';
import { writeSpans } from './clickhouse/journeys-write.ts';
import { listAgentLogs, readCallLogs } from './clickhouse/logs.ts';
import { readCallSeconds } from './clickhouse/seconds.ts';
import { readSummaries } from './clickhouse/summaries.ts';
import { teamFieldValues } from './clickhouse/team-field-values.ts';
import {
  coverageCalls,
  reportedContacts,
  usageCallDays,
  usageCallFigures,
} from './clickhouse/usage.ts';
import {
  coverageContacts,
  usageJourneyDays,
  usageJourneyFigures,
} from './clickhouse/usage-journeys.ts';
import { writeCalls } from './clickhouse/write-calls.ts';
import { writeLogs } from './clickhouse/write-logs.ts';
import { writeSamples } from './clickhouse/write-samples.ts';
import { teamGate, type CallScope } from './call-scope.ts';
import type { TelemetryStore } from './telemetry-store.ts';

/**
 * The telemetry store on ClickHouse (CLICKHOUSE_URL): the same answers as PostgreSQL's from
 * MergeTree tables (docs/architecture.md "Telemetry store"); every query is group-scoped through
 * chForGroup, and every call-data read is narrowed by its CallScope's team rules as PostgreSQL's
 * (issue 33): list reads through the dataset's row filter (chRowFilter), reads by one call or one
 * journey through teamGate (outside the team: the answer of another group's). `deps.client` is
 * closed with the store.
 */
export function clickHouseTelemetryStore(deps: ClickHouseIngestDeps): TelemetryStore {
  const scope = (groupId: string) => chForGroup(deps.client, groupId);
  const rows = (s: CallScope, id: DatasetId) => chRowFilter(id, s.rules);
  const gate = teamGate({
    callPasses: (s, contactId) => callPassesRules(scope(s.groupId), contactId, s.rules),
    tracePasses: (s, traceId) => tracePassesRules(scope(s.groupId), traceId, s.rules),
  });
  async function readSummary(groupId: string, contactId: string) {
    const stored = (await readSummaries(scope(groupId), [contactId])).get(contactId);
    if (!stored) return null;
    const state = qualityStateOf(stored.row);
    return state ? refreshDerived(stored.row, state) : stored.row;
  }
  return {
    kind: 'clickhouse',
    listCallStats: (s, query, now = new Date(), cap = EXPLORER_LIMITS.totalCap) =>
      listCallStats(scope(s.groupId), query, now, cap, rows(s, 'calls')),
    listAgentLogs: (s, query, now = new Date(), cap = EXPLORER_LIMITS.totalCap) =>
      listAgentLogs(scope(s.groupId), query, now, cap, rows(s, 'softphone_logs')),
    callSummary: (s, contactId) =>
      gate.call(s, contactId, null, () => readSummary(s.groupId, contactId)),
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
      (deps.rollupReads
        ? (await chRollupChart(scope(s.groupId), s.rules, spec, ctx, deps.rollupReads))?.data
        : null) ?? runClickHouseChart(scope(s.groupId), s.rules, spec, ctx),
    refreshChartRollups: async (_tx, groupId, hoursMs, nowMs) => {
      if (deps.rollupMarks) await chRefreshGroupHours(deps.client, groupId, hoursMs, nowMs);
    },
    chartRollupHours: (groupId) => chCallHours(deps.client, groupId),
    callPassesRules: (s, contactId) => callPassesRules(scope(s.groupId), contactId, s.rules),
    tracePassesRules: (s, traceId) => tracePassesRules(scope(s.groupId), traceId, s.rules),
    usageCallFigures: (groupId, ranges) => usageCallFigures(scope(groupId), ranges),
    reportedContacts: (groupId, contactIds) => reportedContacts(scope(groupId), contactIds),
    usageCallDays: (groupId, timeZone) => usageCallDays(scope(groupId), timeZone),
    coverageCalls: (groupId, from, to) => coverageCalls(scope(groupId), from, to),
    usageJourneyFigures: (groupId, ranges) => usageJourneyFigures(scope(groupId), ranges),
    usageJourneyDays: (groupId, timeZone) => usageJourneyDays(scope(groupId), timeZone),
    coverageContacts: (groupId, from, to) => coverageContacts(scope(groupId), from, to),
    teamFieldValues: (groupId, type, field, now) =>
      teamFieldValues(scope(groupId), type, field, now),
    ingestSamples: (groupId, items) => writeSamples(deps, groupId, items),
    ingestCalls: (groupId, items, origin) => writeCalls(deps, groupId, items, origin),
    ingestLogs: (groupId, items) => writeLogs(deps, groupId, items),
    writer(options) {
      const { watchers, ...rest } = deps;
      const own: ClickHouseIngestDeps = {
        ...rest,
        gate: options.gate ?? deps.gate,
        ...(options.quiet ? { push: { publish() {} } } : watchers ? { watchers } : {}),
      };
      return {
        ingestSamples: (groupId, items) => writeSamples(own, groupId, items),
        ingestCalls: (groupId, items, origin) => writeCalls(own, groupId, items, origin),
        ingestLogs: (groupId, items) => writeLogs(own, groupId, items),
      };
    },
    storeSpans: (groupId, spans) => writeSpans(deps, scope(groupId), spans),
    listTraces: (s, query) => listTraces(scope(s.groupId), query, rows(s, 'journeys')),
    traceJson: (s, traceId) =>
      gate.traceOr404(s, traceId, () => traceJson(scope(s.groupId), traceId)),
    spanInsights: (s, traceId, spanId) =>
      gate.traceOr404(s, traceId, () => spanInsights(scope(s.groupId), traceId, spanId)),
    spanLogs: (s, traceId, spanId) =>
      gate.spanLogs(s, traceId, () => spanLogs(scope(s.groupId), traceId, spanId)),
    journeySpans: (s, traceId) =>
      gate.trace(s, traceId, [], () => journeySpans(scope(s.groupId), traceId)),
    hasJourney: (s, traceId, spanId) =>
      gate.trace(s, traceId, false, () => hasJourney(scope(s.groupId), traceId, spanId)),
    callTraceHolds: (s, contactId) =>
      gate.call(s, contactId, [], () => callTraceHolds(scope(s.groupId), contactId)),
    close: () => deps.client.close(),
  };
}
