import { EXPLORER_LIMITS } from '@callsight/shared';
import { chForGroup } from '../../db/clickhouse/group-scope.ts';
import { qualityStateOf, refreshDerived } from '../telemetry/call-summaries.ts';
import { runClickHouseChart } from './clickhouse/canvas-chart.ts';
import { callPassesRules } from './clickhouse/canvas-datasets.ts';
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
import type { TelemetryStore } from './telemetry-store.ts';

/**
 * The telemetry store on ClickHouse (CLICKHOUSE_URL): the same answers as PostgreSQL's from
 * MergeTree tables (docs/architecture.md "Telemetry store"); every query is group-scoped through
 * chForGroup. `deps.client` is closed with the store.
 */
export function clickHouseTelemetryStore(deps: ClickHouseIngestDeps): TelemetryStore {
  const scope = (groupId: string) => chForGroup(deps.client, groupId);
  return {
    kind: 'clickhouse',
    listCallStats: (groupId, query, now = new Date(), cap = EXPLORER_LIMITS.totalCap) =>
      listCallStats(scope(groupId), query, now, cap),
    listAgentLogs: (groupId, query, now = new Date(), cap = EXPLORER_LIMITS.totalCap) =>
      listAgentLogs(scope(groupId), query, now, cap),
    async callSummary(groupId, contactId) {
      const stored = (await readSummaries(scope(groupId), [contactId])).get(contactId);
      if (!stored) return null;
      const state = qualityStateOf(stored.row);
      return state ? refreshDerived(stored.row, state) : stored.row;
    },
    callSeconds: (groupId, contactId, limit) => readCallSeconds(scope(groupId), contactId, limit),
    callLogs: (groupId, contactId, limit) => readCallLogs(scope(groupId), contactId, limit),
    copilotQuery: (groupId, query, window, timeZone) =>
      runCopilotQuery(scope(groupId), query, window, timeZone),
    copilotKnownValues: (groupId, now) => knownValues(scope(groupId), now),
    canvasChart: (groupId, spec, ctx) => runClickHouseChart(scope(groupId), spec, ctx),
    callPassesRules: (groupId, contactId, rules) =>
      callPassesRules(scope(groupId), contactId, rules),
    usageCallFigures: (groupId, ranges) => usageCallFigures(scope(groupId), ranges),
    reportedContacts: (groupId, contactIds) => reportedContacts(scope(groupId), contactIds),
    usageCallDays: (groupId, timeZone) => usageCallDays(scope(groupId), timeZone),
    coverageCalls: (groupId, from, to) => coverageCalls(scope(groupId), from, to),
    usageJourneyFigures: (groupId, ranges) => usageJourneyFigures(scope(groupId), ranges),
    usageJourneyDays: (groupId, timeZone) => usageJourneyDays(scope(groupId), timeZone),
    coverageContacts: (groupId, from, to) => coverageContacts(scope(groupId), from, to),
    ingestSamples: (groupId, items) => writeSamples(deps, groupId, items),
    ingestCalls: (groupId, items) => writeCalls(deps, groupId, items),
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
        ingestCalls: (groupId, items) => writeCalls(own, groupId, items),
        ingestLogs: (groupId, items) => writeLogs(own, groupId, items),
      };
    },
    storeSpans: (groupId, spans) => writeSpans(deps, scope(groupId), spans),
    listTraces: (groupId, query) => listTraces(scope(groupId), query),
    traceJson: (groupId, traceId) => traceJson(scope(groupId), traceId),
    spanInsights: (groupId, traceId, spanId) => spanInsights(scope(groupId), traceId, spanId),
    spanLogs: (groupId, traceId, spanId) => spanLogs(scope(groupId), traceId, spanId),
    journeySpans: (groupId, traceId) => journeySpans(scope(groupId), traceId),
    hasJourney: (groupId, traceId, spanId) => hasJourney(scope(groupId), traceId, spanId),
    callTraceHolds: (groupId, contactId) => callTraceHolds(scope(groupId), contactId),
    close: () => deps.client.close(),
  };
}
