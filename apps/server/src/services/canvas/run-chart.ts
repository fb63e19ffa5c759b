import type { ChartData, ChartFilter, ChartSpec, TeamCondition } from '@callsight/shared';
import type { DbOrTx } from '../../db/client.ts';
import { forGroup } from '../../db/group-scope.ts';
import { queryRows } from '../../db/pg-arrays.ts';
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
}

/** The chart's answer from its query's rows: cells as numbers, text or null, cut at rowLimit. */
export function chartDataOf(
  spec: ChartSpec,
  columns: CompiledChart['columns'],
  raw: readonly Record<string, unknown>[],
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
  const truncated = rows.length > spec.rowLimit;
  return {
    chartId: spec.id,
    columns,
    rows: truncated ? rows.slice(0, spec.rowLimit) : rows,
    truncated,
  };
}

/** Runs a chart over its dataset in PostgreSQL for the caller's group (and team rule). */
export async function runChart(spec: ChartSpec, ctx: ChartContext): Promise<ChartData> {
  const compiled = compileChart(DATASETS[spec.datasetId], spec, ctx);
  const raw = await queryRows<Record<string, unknown>>(ctx.scope.db, compiled.query);
  return chartDataOf(spec, compiled.columns, raw);
}

/**
 * Runs a chart of a group wherever its dataset lives: the telemetry store's datasets (calls,
 * seconds, logs) through the store the process opened, the others in PostgreSQL (decision CH30).
 */
export function runCanvasChart(
  telemetry: TelemetryStore,
  db: DbOrTx,
  groupId: string,
  spec: ChartSpec,
  ctx: CanvasChartContext,
): Promise<ChartData> {
  if (STORE_DATASETS.includes(spec.datasetId)) return telemetry.canvasChart(groupId, spec, ctx);
  return runChart(spec, {
    scope: forGroup(db, groupId),
    from: ctx.from,
    to: ctx.to,
    filters: ctx.filters,
    rowFilter: DATASETS[spec.datasetId].rowFilter(ctx.rules),
  });
}
