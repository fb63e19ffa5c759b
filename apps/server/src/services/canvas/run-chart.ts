import type { ChartData, ChartSpec } from '@callsight/shared';
import { queryRows } from '../../db/pg-arrays.ts';
import { compileChart, type ChartContext } from './compile-chart.ts';
import { DATASETS } from './datasets.ts';

type Cell = string | number | null;

/** Runs a chart over its dataset for the caller's group (and team rule): columns and rows. */
export async function runChart(spec: ChartSpec, ctx: ChartContext): Promise<ChartData> {
  const compiled = compileChart(DATASETS[spec.datasetId], spec, ctx);
  const raw = await queryRows<Record<string, unknown>>(ctx.scope.db, compiled.query);
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
    columns: compiled.columns,
    rows: truncated ? rows.slice(0, spec.rowLimit) : rows,
    truncated,
  };
}
