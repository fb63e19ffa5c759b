import type {
  AiSpanInput,
  AgentLogPage,
  AgentLogQuery,
  CallDetailLog,
  ChartData,
  ChartSpec,
  DatasetId,
  CallDetailSecond,
  CallStatsPage,
  CallStatsQuery,
  CopilotQuery,
  CopilotResult,
  IngestResult,
  Insight,
  KnownValues,
  NormalizedSpan,
  ResolvedCopilotRange,
  SpanLogs,
  TeamConditionType,
  TraceListQuery,
} from '@callsight/shared';
import type { CanvasChartContext } from '../canvas/run-chart.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { CallScope } from './call-scope.ts';
import type { CallHold } from '../call-detail/call-holds.ts';
import type { Hits } from '../call-detail/call-logs.ts';
import type { CallSummaryRow } from '../telemetry/call-summaries.ts';
import type { ConcurrencyGate } from '../telemetry/concurrency-gate.ts';
import type { CallOrigin } from '../telemetry/call-origin.ts';
import type { CoverageCalls, UsageCallDay, UsageDayRange } from '../usage/call-usage.ts';
import type { CoverageContact, UsageJourneyDay } from '../usage/journey-usage.ts';
import type { StoredSpans } from '../journeys/ingest-traces.ts';
import type { TraceListResult } from '../journeys/list-traces.ts';

/** The canvas datasets over the store's telemetry; the others read PostgreSQL (CH30, CH50). */
export const STORE_DATASETS: readonly DatasetId[] = [
  'calls',
  'call_seconds',
  'softphone_logs',
  'journeys',
  'journey_spans',
];

export interface WriterOptions {
  gate?: ConcurrencyGate;
  quiet?: boolean;
}

/** The store's ingest writes (POST /api/ingest/v1/samples, calls, logs). */
export type TelemetryWriter = Pick<TelemetryStore, 'ingestSamples' | 'ingestCalls' | 'ingestLogs'>;

/**
 * Where the heavy telemetry lives (issue 23): call seconds and summaries and softphone logs, in
 * PostgreSQL (the default, postgres-store.ts) or ClickHouse (clickhouse-store.ts). Both answer
 * the same types with the same values (test/telemetry-store-contract.test.ts); every method is
 * scoped to one group. Groups, users, settings and everything transactional stay in PostgreSQL.
 */
export interface TelemetryStore {
  readonly kind: 'postgres' | 'clickhouse';

  // Call data: every read takes the caller's CallScope (its group and team rules, decision T1).

  /** One page of the Call Stats Log and the calls matching, counted up to `totalCap`. */
  listCallStats(
    scope: CallScope,
    query: CallStatsQuery,
    now?: Date,
    totalCap?: number,
  ): Promise<CallStatsPage>;
  /** One page of the softphone log lines in the window, and the lines matching. */
  listAgentLogs(
    scope: CallScope,
    query: AgentLogQuery,
    now?: Date,
    totalCap?: number,
  ): Promise<AgentLogPage>;
  /** A call's summary row (its shown columns current), or null. */
  callSummary(scope: CallScope, contactId: string): Promise<CallSummaryRow | null>;
  /** The first `limit` seconds of a call, in time order. */
  callSeconds(scope: CallScope, contactId: string, limit: number): Promise<CallDetailSecond[]>;
  /** A call's softphone log lines in time order, in search-hit form. */
  callLogs(scope: CallScope, contactId: string, limit: number): Promise<Hits<CallDetailLog>>;

  /** The copilot's query over the group's call summaries of `window` (services/copilot). */
  copilotQuery(
    scope: CallScope,
    query: CopilotQuery,
    window: ResolvedCopilotRange,
    timeZone: string,
  ): Promise<CopilotResult>;
  /** Agents, ISPs, network labels, regions and network types of the last 90 days (unordered). */
  copilotKnownValues(scope: CallScope, now: Date): Promise<KnownValues>;

  /** A canvas chart over one of STORE_DATASETS, under the team's conditions (services/canvas). */
  canvasChart(
    scope: CallScope,
    spec: ChartSpec,
    ctx: Omit<CanvasChartContext, 'rules'>,
  ): Promise<ChartData>;
  /**
   * Recomputes the chart rollups of a group's UTC hours (epoch ms) from its calls
   * (services/canvas/rollups): in `tx` on PostgreSQL, the transaction that took their marks.
   */
  refreshChartRollups(
    tx: DbOrTx,
    groupId: string,
    hoursMs: readonly number[],
    nowMs: number,
  ): Promise<void>;
  /** The UTC hours (epoch ms) holding a group's calls, ascending (rebuilding the rollups). */
  chartRollupHours(groupId: string): Promise<number[]>;
  /** Whether the group has this call and it passes the team's conditions (none: any call). */
  callPassesRules(scope: CallScope, contactId: string): Promise<boolean>;
  /** Whether the group has this journey and its agent's call passes the team's conditions. */
  tracePassesRules(scope: CallScope, traceId: string): Promise<boolean>;

  // Usage and coverage: the group's figures for billing, read by admins (never narrowed).
  /** Usage metering's call figures (decision B1) of the group's days in `ranges` holding calls. */
  usageCallFigures(groupId: string, ranges: readonly UsageDayRange[]): Promise<UsageCallDay[]>;
  /** Which of these contacts the collector reported (a call summary is stored). */
  reportedContacts(groupId: string, contactIds: readonly string[]): Promise<Set<string>>;
  /** The local days (in `timeZone`) holding the group's calls, in order (rebuildUsage). */
  usageCallDays(groupId: string, timeZone: string): Promise<string[]>;
  /** Extension coverage's calls (decision B10) in [from, to). */
  coverageCalls(groupId: string, from: Date, to: Date): Promise<CoverageCalls>;
  /** Usage's journey figures (decision B1) of the group's days in `ranges` holding journeys. */
  usageJourneyFigures(
    groupId: string,
    ranges: readonly UsageDayRange[],
  ): Promise<UsageJourneyDay[]>;
  /** The local days (in `timeZone`) holding the group's journeys, in order (rebuildUsage). */
  usageJourneyDays(groupId: string, timeZone: string): Promise<string[]>;
  /** Extension coverage's contact records: the journeys' agents in [from, to) (decision B10). */
  coverageContacts(groupId: string, from: Date, to: Date): Promise<CoverageContact[]>;

  /**
   * What a team condition's Value field offers (GET /api/dataRoles/values, admins; the whole
   * group, never narrowed): the distinct non-empty Agent Group n levels, CTR attribute names (no
   * `field`) or that attribute's values of the group's calls of the last 90 days, sorted, at most 200.
   */
  teamFieldValues(
    groupId: string,
    type: TeamConditionType,
    field: string | undefined,
    now: Date,
  ): Promise<string[]>;

  /** POST /api/ingest/v1/samples: answered once the batch is stored. */
  ingestSamples(groupId: string, items: readonly unknown[]): Promise<IngestResult>;
  /**
   * POST /api/ingest/v1/calls (no origin); the synthetic results path says `{ synthetic: true }`:
   * our own test calls, marked on their summaries (issue 33).
   */
  ingestCalls(
    groupId: string,
    items: readonly unknown[],
    origin?: CallOrigin,
  ): Promise<IngestResult>;
  /** POST /api/ingest/v1/logs. */
  ingestLogs(groupId: string, items: readonly unknown[]): Promise<IngestResult>;

  /**
   * The store's writes under another gate (`gate`: the demo's own, so its writes never take the
   * places of collectors' batches) and, `quiet`, without announcing the calls or firing watchers
   * (backfills such as the demo history; decision CH58).
   */
  writer(options: WriterOptions): TelemetryWriter;

  /** POST /v1/traces: one export's valid spans (resent ones replace), their insights and traces. */
  storeSpans(groupId: string, spans: readonly NormalizedSpan[]): Promise<StoredSpans>;
  /** GET /api/traces: one page of journeys with keyset cursors and the count up to its cap. */
  listTraces(scope: CallScope, query: TraceListQuery): Promise<TraceListResult>;
  /** GET /api/traces/{id}: the trace's JSON text (TraceSchema); 404 when the group has none. */
  traceJson(scope: CallScope, traceId: string): Promise<string>;
  /** The insights recorded on one span; 404 when the group's trace has no such span. */
  spanInsights(scope: CallScope, traceId: string, spanId: string): Promise<Insight[]>;
  /** The softphone log lines of the span's linked call; 404 as spanInsights. */
  spanLogs(scope: CallScope, traceId: string, spanId: string): Promise<SpanLogs>;
  /** A journey's spans as the AI summary reads them, by start then id (none: empty). */
  journeySpans(scope: CallScope, traceId: string): Promise<AiSpanInput[]>;
  /** Whether the group has the trace, or with `spanId` that span of it. */
  hasJourney(scope: CallScope, traceId: string, spanId?: string): Promise<boolean>;
  /** The holds (call.hold / call.resume events) of the journey spans linked to a call. */
  callTraceHolds(scope: CallScope, contactId: string): Promise<CallHold[]>;

  close(): Promise<void>;
}
