import { sql } from 'drizzle-orm';
import type { ChartData, ChartFilter, ChartSpec, TeamCondition } from '@callsight/shared';
import type { DbOrTx } from '../../db/client.ts';
import { forGroup } from '../../db/group-scope.ts';
import { queryRows } from '../../db/pg-arrays.ts';
import { aiSummaries } from '../../db/schema/index.ts';
import { STORE_DATASETS, type TelemetryStore } from '../telemetry-store/telemetry-store.ts';
import { compileChart, type ChartContext, type CompiledChart } from './compile-chart.ts';
import { DATASETS } from './datasets.ts';

type Cell = string | number | null;

/** A chart's window, the dashboard's native filters and the team's conditions, for any store. */
export interface CanvasChartContext {
  from: Date;
  to: Date;
  filters?: readonly ChartFilter[];
  /** The team's current conditions (none: every row of the group). */
  rules: readonly TeamCondition[];
  /**
   * A time series' bucket length (issue 34; chartIntervalMs of the window, the chart's width and
   * grain). Without it, the window's at DEFAULT_MAX_DATA_POINTS.
   */
  intervalMs?: number;
  /** The viewer's IANA time zone: day-and-coarser buckets start at its midnights. Default UTC. */
  timeZone?: string;
  /**
   * The group's AI summaries, read from PostgreSQL for a store that cannot join them (ClickHouse,
   * decision CH50): given only when a journeys chart names an AI-summary column. `texts` (each
   * summary's first 300 characters, by `traceIds` position) only when it names `summary`.
   */
  aiSummaries?: AiSummaryValues;
}

/** Trace ids that have an AI summary and, when the chart shows them, their texts. */
export interface AiSummaryValues {
  traceIds: string[];
  texts?: string[];
}

/** The journeys dataset's columns that read PostgreSQL's ai_summaries. */
export const AI_SUMMARY_COLUMNS = ['summarized', 'summary'] as const;

/** The columns a chart names: dimensions, metrics, its filters, the dashboard's, a histogram's. */
function columnsNamed(spec: ChartSpec, filters: readonly ChartFilter[] = []): Set<string> {
  return new Set([
    ...spec.groupby,
    ...spec.metrics.flatMap((m) => (m.column ? [m.column] : [])),
    ...spec.filters.map((f) => f.column),
    ...filters.map((f) => f.column),
    ...(spec.histogram ? [spec.histogram.column] : []),
  ]);
}

/**
 * The group's AI summaries a ClickHouse journeys chart needs (decision CH50): none unless it names
 * an AI-summary column; the ids of the summarised traces, and their texts cut as the dataset cuts
 * them (300 characters) only when it names `summary`. Scoped to the group.
 */
export async function aiSummariesFor(
  db: DbOrTx,
  groupId: string,
  spec: ChartSpec,
  filters?: readonly ChartFilter[],
): Promise<AiSummaryValues | undefined> {
  if (spec.datasetId !== 'journeys') return undefined;
  const named = columnsNamed(spec, filters);
  if (!AI_SUMMARY_COLUMNS.some((c) => named.has(c))) return undefined;
  const scope = forGroup(db, groupId);
  const withTexts = named.has('summary');
  const rows = await scope.db
    .select({
      traceId: aiSummaries.traceId,
      text: withTexts ? sql<string>`left(${aiSummaries.response}, 300)` : sql<null>`null`,
    })
    .from(aiSummaries)
    .where(scope.owns(aiSummaries));
  return {
    traceIds: rows.map((r) => r.traceId),
    ...(withTexts ? { texts: rows.map((r) => r.text ?? '') } : {}),
  };
}

/**
 * The chart's answer from its query's rows: cells as numbers, text or null, cut at rowLimit. A
 * lone row of nulls (an average over no rows) is no row: the chart says "No data", not 0.
 */
export function chartDataOf(
  spec: ChartSpec,
  columns: CompiledChart['columns'],
  raw: readonly Record<string, unknown>[],
  intervalMs?: number,
): ChartData {
  const keys = raw[0] ? Object.keys(raw[0]) : [];
  const rows = raw.map((r) =>
    keys.map((k): Cell => {
      const v = r[k];
      if (v === null || v === undefined) return null;
      if (typeof v === 'number' || typeof v === 'string') return v;
      if (typeof v === 'bigint') return Number(v);
      return String(v);
    }),
  );
  if (rows.length === 1 && rows[0]?.every((cell) => cell === null)) rows.length = 0;
  const truncated = rows.length > spec.rowLimit;
  return {
    chartId: spec.id,
    columns,
    rows: truncated ? rows.slice(0, spec.rowLimit) : rows,
    truncated,
    ...(intervalMs === undefined ? {} : { intervalMs }),
  };
}

/** Runs a chart over its dataset in PostgreSQL for the caller's group (and team rule). */
export async function runChart(spec: ChartSpec, ctx: ChartContext): Promise<ChartData> {
  const compiled = compileChart(DATASETS[spec.datasetId], spec, ctx);
  const raw = await queryRows<Record<string, unknown>>(ctx.scope.db, compiled.query);
  return chartDataOf(spec, compiled.columns, raw, compiled.intervalMs);
}

/**
 * Runs a chart of a group wherever its dataset lives: the telemetry store's datasets (calls,
 * seconds, logs, journeys and their steps) through the store the process opened, the others in
 * PostgreSQL (decision CH30). A ClickHouse journeys chart gets the AI summaries it names (CH50).
 */
export async function runCanvasChart(
  telemetry: TelemetryStore,
  db: DbOrTx,
  groupId: string,
  spec: ChartSpec,
  ctx: CanvasChartContext,
): Promise<ChartData> {
  if (STORE_DATASETS.includes(spec.datasetId)) {
    const summaries =
      telemetry.kind === 'clickhouse'
        ? await aiSummariesFor(db, groupId, spec, ctx.filters)
        : undefined;
    const { rules, ...window } = ctx;
    return telemetry.canvasChart(
      { groupId, rules },
      spec,
      summaries ? { ...window, aiSummaries: summaries } : window,
    );
  }
  return runChart(spec, {
    scope: forGroup(db, groupId),
    from: ctx.from,
    to: ctx.to,
    filters: ctx.filters,
    rowFilter: DATASETS[spec.datasetId].rowFilter(ctx.rules),
    intervalMs: ctx.intervalMs,
    timeZone: ctx.timeZone,
  });
}
