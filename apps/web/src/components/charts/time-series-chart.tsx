import { useMemo } from 'react';
import Paper from '@mui/material/Paper';
import { alpha, useTheme } from '@mui/material/styles';
import { formatDisplayDate } from '@callsight/shared';
import { EChart } from './echart.tsx';
import type { ChartOption } from './echarts-core.ts';
import { timeTickLabel } from './time-axis.ts';

/** A point of a time series: epoch milliseconds and a value (null leaves a gap). */
export type TimePoint = readonly [number, number | null];

export interface TimeSeries {
  name: string;
  points: readonly TimePoint[];
  color?: string;
  /** line (default), step (a value held until the next point) or scatter (separate events). */
  kind?: 'line' | 'step' | 'scatter';
  /** Tooltip text of point i instead of its value (e.g. a log line). */
  describe?: (index: number) => string;
}

/** A shaded stretch of time (e.g. a hold), epoch milliseconds. */
export interface TimeBand {
  start: number;
  end: number;
  label?: string;
}

export interface TimeSeriesYAxis {
  type?: 'value' | 'log';
  min?: number;
  max?: number;
  /** Suffix of values in the tooltip, e.g. "ms". */
  unit?: string;
  decimals?: number;
  /** Names of whole values (e.g. 3 → "Talk"): the axis shows these, one tick per value. */
  categories?: Readonly<Record<number, string>>;
}

export interface TimeSeriesChartProps {
  title: string;
  series: readonly TimeSeries[];
  /** Connect group: charts of one group zoom and point together. */
  group?: string;
  /** The x range (epoch ms); charts of one group should share it so that they line up. */
  range?: { min: number; max: number };
  yAxis?: TimeSeriesYAxis;
  bands?: readonly TimeBand[];
  height?: number;
  /** Shown over the chart when no series has a value. */
  emptyText?: string;
}

/** About this many ticks fit a chart: over days they name days, within a day times. */
const TICKS = 8;

function formatValue(v: unknown, axis: TimeSeriesYAxis | undefined): string {
  if (typeof v !== 'number') return '-';
  const named = axis?.categories?.[v];
  if (named !== undefined) return named;
  const text = axis?.decimals === undefined ? String(v) : v.toFixed(axis.decimals);
  return axis?.unit ? `${text} ${axis.unit}` : text;
}

interface TipParam {
  seriesIndex?: number;
  dataIndex?: number;
  seriesName?: string;
  marker?: unknown;
  value?: unknown;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A chart of values over time: lines, steps or scattered events, zoomable (wheel, drag and the
 * zoom tool), with optional shaded bands and named y values.
 */
export function TimeSeriesChart({
  title,
  series,
  group,
  range,
  yAxis,
  bands = [],
  height = 220,
  emptyText = 'Unavailable',
}: TimeSeriesChartProps) {
  const theme = useTheme();
  const option = useMemo<ChartOption>(() => {
    const empty = series.every((s) => s.points.every((p) => p[1] === null));
    const categories = yAxis?.categories;
    const categoryValues = categories ? Object.keys(categories).map(Number) : [];
    const bandColor = alpha(theme.palette.warning.main, 0.14);
    const times = series.flatMap((s) => s.points.map((p) => p[0]));
    const spanMs = range
      ? range.max - range.min
      : Math.max(0, ...times) - Math.min(...times, Infinity);
    const tickMs = Number.isFinite(spanMs) ? spanMs / TICKS : 0;
    return {
      title: { text: title, left: 8, top: 4 },
      legend: series.length > 1 ? { top: 4, right: 96, itemHeight: 8 } : undefined,
      grid: { left: 56, right: 20, top: 40, bottom: 28 },
      toolbox: {
        right: 8,
        top: 0,
        itemSize: 13,
        feature: {
          dataZoom: { yAxisIndex: 'none', title: { zoom: 'Zoom', back: 'Undo zoom' } },
          restore: { title: 'Reset' },
        },
      },
      dataZoom: [{ type: 'inside', xAxisIndex: 0, filterMode: 'none' }],
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'line' },
        formatter: (raw: unknown) => {
          const params = (Array.isArray(raw) ? raw : [raw]) as TipParam[];
          const first = params[0];
          const time = Array.isArray(first?.value) ? Number(first.value[0]) : NaN;
          const lines = params.map((p) => {
            const s = p.seriesIndex === undefined ? undefined : series[p.seriesIndex];
            const value = Array.isArray(p.value) ? p.value[1] : p.value;
            const text =
              s?.describe && p.dataIndex !== undefined
                ? escapeHtml(s.describe(p.dataIndex))
                : formatValue(value, yAxis);
            const marker = typeof p.marker === 'string' ? p.marker : '';
            return `${marker}${escapeHtml(p.seriesName ?? '')}: <b>${text}</b>`;
          });
          const head = formatDisplayDate(time, { missing: '' });
          return [head, ...lines].join('<br/>');
        },
      },
      xAxis: {
        type: 'time',
        min: range?.min,
        max: range?.max,
        axisLabel: { formatter: (v: number) => timeTickLabel(v, tickMs), hideOverlap: true },
        splitLine: { show: false },
      },
      yAxis: {
        type: yAxis?.type ?? 'value',
        min: yAxis?.min ?? (categories ? Math.min(...categoryValues) : undefined),
        max: yAxis?.max ?? (categories ? Math.max(...categoryValues) : undefined),
        interval: categories ? 1 : undefined,
        axisLabel: categories
          ? { formatter: (v: number) => categories[v] ?? '' }
          : { formatter: (v: number) => String(v) },
      },
      graphic: empty
        ? [
            {
              type: 'text',
              left: 'center',
              top: 'middle',
              style: {
                text: emptyText,
                fill: theme.palette.text.secondary,
                font: `14px ${String(theme.typography.fontFamily)}`,
              },
            },
          ]
        : [],
      series: series.map((s, i) => ({
        type: s.kind === 'scatter' ? 'scatter' : 'line',
        name: s.name,
        data: s.points.map((p) => [p[0], p[1]]),
        color: s.color,
        symbolSize: s.kind === 'scatter' ? 8 : undefined,
        showSymbol: s.kind === 'scatter',
        step: s.kind === 'step' ? 'end' : undefined,
        connectNulls: false,
        lineStyle: { width: 1.5 },
        // Thins long lines to the pixels available; steps and events keep every point (a 1 s mute shows).
        sampling: s.kind === 'step' || s.kind === 'scatter' ? undefined : 'lttb',
        animation: false,
        markArea:
          i === 0 && bands.length > 0
            ? {
                silent: true,
                itemStyle: { color: bandColor },
                label: { color: theme.palette.warning.dark, fontSize: 11, position: 'insideTop' },
                data: bands.map((b) => [{ xAxis: b.start, name: b.label ?? '' }, { xAxis: b.end }]),
              }
            : undefined,
      })),
    };
  }, [series, title, range, yAxis, bands, theme, emptyText]);

  return (
    <Paper variant="outlined" sx={{ p: 1 }} data-testid="time-series-chart">
      <EChart option={option} height={height} group={group} ariaLabel={title} />
    </Paper>
  );
}
