import {
  TIME_GRAIN_MS,
  bucketLayout,
  formatDisplayDate,
  type Aggregate,
  type ChartData,
  type ChartSpec,
} from '@callsight/shared';
import { timeTickLabel, type ChartOption } from '../../../components/charts/index.ts';

/** The name the server gives a time series' bucket column (Superset's). */
export const TIMESTAMP_COLUMN = '__timestamp';

/** Said in a chart's place when the window has nothing to draw (never a zero not measured). */
export const NO_DATA = 'No data';

type Row = ChartData['rows'][number];

/** Where a chart is drawn: the window asked for (epoch ms) and the chart's size in CSS px. */
export interface ChartFrame {
  from: number;
  to: number;
  width: number;
  height: number;
  /** The viewer's IANA time zone (the request's): day buckets start at its midnights. */
  timeZone?: string;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * Plot margins of the cartesian charts, in px: the bar widths are computed from them; the right
 * one holds half of a date label centred on the axis's last tick.
 */
const GRID = { left: 56, right: 36, top: 16, axis: 28 };
/** Room taken by one legend row. */
const LEGEND_ROW_PX = 22;
/** Width of a character of 12 px text, roughly: enough to lay a legend out. */
const CHAR_PX = 6.6;

/** Aggregates whose values add up: stacking them shows a true total. */
const ADDITIVE: ReadonlySet<Aggregate> = new Set(['COUNT', 'SUM']);
/** Aggregates whose values are whole numbers. */
const WHOLE: ReadonlySet<Aggregate> = new Set(['COUNT', 'COUNT_DISTINCT']);

/** Value axis labels: compact, the lowest above its line, clear of the time labels under it. */
const Y_LABEL = {
  formatter: (v: number) => compactNumber(v),
  verticalAlignMinLabel: 'bottom' as const,
};

const num = (v: Row[number] | undefined) =>
  typeof v === 'number' ? v : v == null ? null : Number(v);
const text = (v: Row[number] | undefined) => (v == null ? '(none)' : String(v));
const round = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);

/** A number as shown: at most `decimals` decimals, thousands separated. */
export function formatNumber(v: number, decimals = 2): string {
  return v.toLocaleString('en-US', { maximumFractionDigits: decimals });
}

/** An axis tick: 1.2k, 12k, 1.5M for large values, else the number. */
function compactNumber(v: number): string {
  const abs = Math.abs(v);
  if (abs >= 1e6) return `${formatNumber(v / 1e6, 1)}M`;
  if (abs >= 1e4) return `${formatNumber(v / 1e3, 1)}k`;
  return formatNumber(v);
}

/** The fewest decimals (up to 4) that write every value exactly: no float noise (0.30000000004). */
function decimalsOf(values: readonly number[]): number {
  for (let d = 0; d < 4; d++) {
    const scale = 10 ** d;
    if (values.every((v) => Math.abs(Math.round(v * scale) - v * scale) < 1e-6)) return d;
  }
  return 4;
}

/** The unit in a column's or metric's label: "Duration (s)" → "s". */
export function unitOfLabel(label: string | undefined): string | null {
  const match = label ? /\(([^()]+)\)\s*(?:from|to)?\s*$/.exec(label) : null;
  return match?.[1] ?? null;
}

/** The single value of a big number or gauge (the first metric of the first row). */
export function singleValue(data: ChartData): number | null {
  return round(num(data.rows[0]?.[0]));
}

/** The width of a time bucket: the answer's, else the chart's grain, else the closest points. */
export function bucketMs(spec: ChartSpec, data: ChartData, xs: readonly number[] = []): number {
  if (data.intervalMs) return data.intervalMs;
  if (spec.timeGrain) return TIME_GRAIN_MS[spec.timeGrain];
  let gap = Infinity;
  const sorted = [...xs].sort((a, b) => a - b);
  for (let i = 1; i < sorted.length; i++) {
    const d = (sorted[i] ?? 0) - (sorted[i - 1] ?? 0);
    if (d > 0) gap = Math.min(gap, d);
  }
  return Number.isFinite(gap) ? gap : DAY_MS;
}

/** A bucket's start as a tooltip heads it: the day, the minute or the second. */
function bucketLabel(ms: number, intervalMs: number): string {
  if (intervalMs >= DAY_MS) return formatDisplayDate(ms, { style: 'date' });
  return formatDisplayDate(ms, { style: intervalMs >= MINUTE_MS ? 'minutes' : 'dateTime' });
}

/** How many rows legend entries take across `width`, their names cut at `textPx`. */
function legendRows(names: readonly string[], width: number, textPx: number): number {
  let rows = 1;
  let x = 0;
  for (const name of names) {
    const item = 35 + Math.min(textPx, name.length * CHAR_PX);
    if (x > 0 && x + item > width - 16) {
      rows += 1;
      x = 0;
    }
    x += item;
  }
  return rows;
}

/** Legend rows under a chart before it moves to the side (a pie would get too small). */
const LEGEND_ROWS_MAX = 3;

/**
 * A legend that fits: rows under the chart (every name shown, cut with an ellipsis past
 * `textPx`, whole on hover), or, for more names than three rows hold, a paged column at the
 * right (`side` px wide).
 */
function legendOf(names: readonly string[], width: number) {
  const textPx = Math.max(60, Math.min(160, width / 2 - 40));
  const rows = legendRows(names, width, textPx);
  const common = {
    itemWidth: 14,
    itemHeight: 10,
    textStyle: { width: textPx, overflow: 'truncate' as const },
    tooltip: { show: true },
  };
  if (rows <= LEGEND_ROWS_MAX)
    return {
      height: rows * LEGEND_ROW_PX,
      side: 0,
      option: { ...common, type: 'plain' as const, bottom: 0, left: 'center' },
    };
  const sideText = Math.max(60, Math.min(140, width * 0.5 - 56));
  return {
    height: 0,
    side: sideText + 40,
    option: {
      ...common,
      textStyle: { width: sideText, overflow: 'truncate' as const },
      type: 'scroll' as const,
      orient: 'vertical' as const,
      right: 0,
      top: 'middle',
      bottom: 8,
    },
  };
}

type Point = [number, number | null];

/**
 * Missing buckets between two points: a gap (null) for an average, whose bucket had no
 * measurement; zeros for a count or sum, whose bucket had none of what it counts.
 */
export function withGaps(points: readonly Point[], intervalMs: number, zero: boolean): Point[] {
  const out: Point[] = [];
  let previous: number | null = null;
  for (const point of points) {
    if (previous !== null && point[0] - previous > intervalMs * 1.5) {
      if (!zero) out.push([previous + intervalMs, null]);
      else {
        out.push([previous + intervalMs, 0]);
        if (point[0] - intervalMs > previous + intervalMs) out.push([point[0] - intervalMs, 0]);
      }
    }
    out.push(point);
    previous = point[0];
  }
  return out;
}

interface TipParam {
  marker?: unknown;
  seriesName?: string;
  value?: unknown;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A time series: the x axis is exactly the window, in the viewer's time zone; one series per
 * metric, or per value of the groupby column when there is one (first metric). Counts and sums
 * stack; averages, minimums, maximums and percentiles never do.
 */
function timeSeries(spec: ChartSpec, data: ChartData, frame: ChartFrame): ChartOption {
  const names = data.columns.map((c) => c.name);
  const t = names.indexOf(TIMESTAMP_COLUMN);
  const dims = names.length - spec.metrics.length;
  const type = spec.vizType === 'echarts_timeseries_bar' ? 'bar' : 'line';
  const area = spec.vizType === 'echarts_area';
  const grouped = dims > 1;
  const plotted = grouped ? spec.metrics.slice(0, 1) : spec.metrics;
  const additive = plotted.length > 0 && plotted.every((m) => ADDITIVE.has(m.aggregate));
  const interval = bucketMs(
    spec,
    data,
    data.rows.map((r) => num(r[t]) ?? 0),
  );
  const series = new Map<string, Point[]>();
  for (const row of data.rows) {
    const x = num(row[t]);
    if (x === null) continue;
    if (grouped) {
      const key = text(row[t === 0 ? 1 : 0]);
      const list = series.get(key) ?? [];
      list.push([x, round(num(row[dims]))]);
      series.set(key, list);
    } else {
      spec.metrics.forEach((m, i) => {
        const list = series.get(m.label) ?? [];
        list.push([x, round(num(row[dims + i]))]);
        series.set(m.label, list);
      });
    }
  }
  for (const points of series.values()) points.sort((a, b) => a[0] - b[0]);
  const stacked = additive && series.size > 1 && (grouped || area);
  if (stacked) {
    // ECharts stacks by index: every series gets every bucket (an absent one counts 0).
    const xs = [...new Set([...series.values()].flatMap((points) => points.map((p) => p[0])))];
    xs.sort((a, b) => a - b);
    for (const [name, points] of series) {
      const at = new Map(points);
      series.set(
        name,
        xs.map((x) => [x, at.get(x) ?? 0]),
      );
    }
  }
  if (type === 'line')
    for (const [name, points] of series) series.set(name, withGaps(points, interval, additive));

  const legend = series.size > 1 ? legendOf([...series.keys()], frame.width) : null;
  const span = Math.max(1, frame.to - frame.from);
  const plotPx = Math.max(1, frame.width - GRID.left - GRID.right - (legend?.side ?? 0));
  const bucketPx = (interval / span) * plotPx;
  // Bars fill 80 % of their bucket; side by side when not stacked.
  const barPx = Math.max(
    1,
    Math.floor((bucketPx * 0.8) / (stacked ? 1 : Math.max(1, series.size))),
  );
  const barOffset = type === 'bar' ? interval / 2 : 0;
  return {
    animation: false,
    tooltip: {
      trigger: 'axis',
      formatter: (raw: unknown) => {
        const params = (Array.isArray(raw) ? raw : [raw]) as TipParam[];
        const first = params[0]?.value;
        const x = Array.isArray(first) ? Number(first[0]) - barOffset : NaN;
        const lines = params.map((p) => {
          const v = Array.isArray(p.value) ? (p.value[1] as unknown) : p.value;
          const shown = typeof v === 'number' ? formatNumber(v) : NO_DATA;
          const marker = typeof p.marker === 'string' ? p.marker : '';
          return `${marker}${escapeHtml(p.seriesName ?? '')}: <b>${shown}</b>`;
        });
        return [escapeHtml(bucketLabel(x, interval)), ...lines].join('<br/>');
      },
    },
    ...(legend ? { legend: legend.option } : {}),
    grid: {
      left: GRID.left,
      right: GRID.right + (legend?.side ?? 0),
      top: GRID.top,
      bottom: GRID.axis + (legend ? legend.height + 4 : 0),
      outerBoundsMode: 'none',
    },
    xAxis: {
      type: 'time',
      min: frame.from,
      max: frame.to,
      minInterval: Math.min(interval, span / 2),
      splitLine: { show: false },
      axisLabel: {
        hideOverlap: true,
        showMinLabel: false,
        showMaxLabel: false,
        formatter: (v: number) => timeTickLabel(v, interval),
      },
    },
    yAxis: {
      type: 'value',
      // An average's axis fits its values (a MOS of 3.9 to 4.3 is not drawn from 0); bars of
      // counts start at 0.
      scale: !additive && type === 'line',
      // Counts are whole: no tick at 0.5 agents.
      ...(plotted.every((m) => WHOLE.has(m.aggregate)) ? { minInterval: 1 } : {}),
      axisLabel: Y_LABEL,
    },
    series: [...series].map(([name, points]) => {
      const values = points.filter((p) => p[1] !== null).length;
      return {
        name,
        type,
        data: points.map(([x, v]) => [x + barOffset, v]),
        ...(type === 'bar'
          ? { barWidth: barPx, barGap: '0%' }
          : {
              // Few points, or a lone one between gaps, show as markers: a point draws no line.
              showSymbol: true,
              symbolSize: (_: unknown, p: { dataIndex: number }) =>
                values <= 40 || isolated(points, p.dataIndex) ? 6 : 0,
              connectNulls: false,
            }),
        ...(stacked ? { stack: 'total' } : {}),
        ...(area ? { areaStyle: { opacity: stacked ? 0.6 : 0.25 } } : {}),
      };
    }),
  } as ChartOption;
}

/** Whether point i has a value and no neighbour with one (a line cannot draw it). */
function isolated(points: readonly Point[], i: number): boolean {
  if (points[i]?.[1] == null) return false;
  return (points[i - 1]?.[1] ?? null) === null && (points[i + 1]?.[1] ?? null) === null;
}

/** Slices smaller than this share of the whole carry no label (the legend and tooltip name them). */
const PIE_LABEL_MIN_PERCENT = 6;

function pie(spec: ChartSpec, data: ChartData, frame: ChartFrame): ChartOption {
  const dims = data.columns.length - Math.max(1, spec.metrics.length);
  const slices = data.rows
    .map((r) => ({ name: text(r[0]), value: num(r[dims]) ?? 0 }))
    .filter((s) => s.value > 0);
  const legend = legendOf(
    slices.map((s) => s.name),
    frame.width,
  );
  const plotHeight = frame.height - legend.height - 8;
  const plotWidth = frame.width - legend.side;
  const radius = Math.max(24, Math.min(plotWidth, plotHeight) / 2 - 8);
  return {
    animation: false,
    tooltip: {
      trigger: 'item',
      formatter: (raw: unknown) => {
        const p = raw as { marker?: unknown; name?: string; value?: number; percent?: number };
        const marker = typeof p.marker === 'string' ? p.marker : '';
        return `${marker}${escapeHtml(p.name ?? '')}: <b>${formatNumber(p.value ?? 0)}</b> (${formatNumber(p.percent ?? 0, 1)}%)`;
      },
    },
    legend: legend.option,
    series: [
      {
        type: 'pie',
        radius: [Math.round(radius * 0.55), Math.round(radius)],
        center: [Math.round(plotWidth / 2), Math.round(plotHeight / 2) + 4],
        // Percentages inside the ring, where they always fit; thin slices go without.
        label: {
          show: true,
          position: 'inside',
          fontSize: 11,
          formatter: (p: { percent?: number }) =>
            (p.percent ?? 0) >= PIE_LABEL_MIN_PERCENT ? `${Math.round(p.percent ?? 0)}%` : '',
        },
        labelLine: { show: false },
        data: slices,
      },
    ],
  } as ChartOption;
}

/** A round top for a gauge: 10, 20, 50, 100, 200 … above the value. */
function niceCeil(v: number): number {
  if (v <= 0) return 10;
  const power = 10 ** Math.floor(Math.log10(v));
  const step = [1, 2, 5, 10].find((s) => s * power >= v) ?? 10;
  return step * power;
}

function gauge(spec: ChartSpec, data: ChartData, frame: ChartFrame): ChartOption {
  const value = singleValue(data) ?? 0;
  const unit = spec.unit ?? '';
  const max = unit === '/10' ? 10 : unit === '%' ? 100 : niceCeil(value * 1.25);
  const size = Math.min(frame.width, frame.height * 1.4);
  return {
    animation: false,
    series: [
      {
        type: 'gauge',
        min: 0,
        max,
        startAngle: 210,
        endAngle: -30,
        splitNumber: 1,
        radius: '88%',
        center: ['50%', '55%'],
        pointer: { show: false },
        anchor: { show: false },
        progress: { show: true, width: 14, roundCap: true },
        axisLine: { roundCap: true, lineStyle: { width: 14 } },
        axisTick: { show: false },
        splitLine: { show: false },
        // The ends only, under the arc's ends, clear of the value in the middle.
        axisLabel: { distance: 10, fontSize: 11, formatter: (v: number) => formatNumber(v) },
        title: { show: false },
        detail: {
          offsetCenter: [0, '-5%'],
          fontSize: Math.max(16, Math.min(28, Math.round(size / 10))),
          fontWeight: 600,
          formatter: (v: number) => `${formatNumber(v)}${unit}`,
        },
        data: [{ value, name: spec.title }],
      },
    ],
  } as ChartOption;
}

/** A histogram: round bins labelled without float noise, the unit on the axis. */
function histogram(data: ChartData, frame: ChartFrame): ChartOption {
  const edges = data.rows.flatMap((r) => [num(r[0]) ?? 0, num(r[1]) ?? 0]);
  const decimals = decimalsOf(edges);
  const unit = unitOfLabel(data.columns[0]?.label);
  const labels = data.rows.map(
    (r) => `${formatNumber(num(r[0]) ?? 0, decimals)}–${formatNumber(num(r[1]) ?? 0, decimals)}`,
  );
  const counts = data.rows.map((r) => num(r[2]) ?? 0);
  const plotPx = Math.max(1, frame.width - GRID.left - GRID.right);
  return {
    animation: false,
    tooltip: {
      trigger: 'axis',
      formatter: (raw: unknown) => {
        const p = (Array.isArray(raw) ? raw : [raw])[0] as { dataIndex?: number };
        const i = p.dataIndex ?? 0;
        const bin = `${labels[i] ?? ''}${unit ? ` ${unit}` : ''}`;
        return `${escapeHtml(bin)}: <b>${formatNumber(counts[i] ?? 0)}</b>`;
      },
    },
    grid: {
      left: GRID.left,
      right: GRID.right,
      top: GRID.top + (unit ? 8 : 0),
      bottom: GRID.axis + (unit ? 16 : 0),
      outerBoundsMode: 'none',
    },
    xAxis: {
      type: 'category',
      data: labels,
      ...(unit ? { name: unit, nameLocation: 'middle', nameGap: 26 } : {}),
      axisLabel: {
        hideOverlap: true,
        // As many labels as fit: one per ~64 px.
        interval: Math.max(0, Math.ceil((labels.length * 64) / plotPx) - 1),
      },
    },
    yAxis: { type: 'value', minInterval: 1, axisLabel: Y_LABEL },
    series: [{ type: 'bar', name: 'Count', data: counts, barCategoryGap: '8%' }],
  } as ChartOption;
}

function boxPlot(data: ChartData, frame: ChartFrame): ChartOption {
  const names = data.rows.map((r) => text(r[0]));
  const boxes = data.rows.map((r) => r.slice(1, 6).map((v) => round(num(v))));
  const plotPx = Math.max(1, frame.width - GRID.left - GRID.right);
  const slot = plotPx / Math.max(1, names.length);
  const rotate = slot < 72;
  return {
    animation: false,
    tooltip: {
      trigger: 'item',
      formatter: (raw: unknown) => {
        const p = raw as { dataIndex?: number };
        const i = p.dataIndex ?? 0;
        const [min, q1, median, q3, max] = (boxes[i] ?? []).map((v) =>
          v === null || v === undefined ? '-' : formatNumber(v),
        );
        return [
          `<b>${escapeHtml(names[i] ?? '')}</b>`,
          `Max: ${max}`,
          `Q3: ${q3}`,
          `Median: ${median}`,
          `Q1: ${q1}`,
          `Min: ${min}`,
        ].join('<br/>');
      },
    },
    grid: {
      left: GRID.left,
      right: GRID.right,
      top: GRID.top,
      bottom: rotate ? 72 : GRID.axis,
      outerBoundsMode: 'none',
    },
    xAxis: {
      type: 'category',
      data: names,
      axisLabel: {
        hideOverlap: true,
        interval: 0,
        rotate: rotate ? 30 : 0,
        // A long name is cut with an ellipsis; the tooltip names it whole.
        width: rotate ? 80 : Math.max(40, slot - 8),
        overflow: 'truncate',
      },
    },
    yAxis: { type: 'value', scale: true, axisLabel: Y_LABEL },
    series: [{ type: 'boxplot', data: boxes }],
  } as ChartOption;
}

/**
 * The bucket starts of the window, as the server lays them out (shared bucketLayout, in the
 * viewer's zone); the answered buckets themselves when the window cannot be laid out.
 */
function windowBuckets(times: readonly number[], frame: ChartFrame, intervalMs: number): number[] {
  try {
    const { startsMs } = bucketLayout(frame.from, frame.to, intervalMs, frame.timeZone ?? 'UTC');
    if (startsMs.length <= 2000) return startsMs;
  } catch {
    // Buckets finer than a minute, or too many: the answer's own.
  }
  return [...new Set(times)].sort((a, b) => a - b);
}

/** A heatmap of the first two dimensions (time bucket or columns) by the first metric. */
function heatmap(spec: ChartSpec, data: ChartData, frame: ChartFrame): ChartOption {
  const isTime = data.columns[0]?.name === TIMESTAMP_COLUMN;
  const times = isTime ? data.rows.map((r) => num(r[0]) ?? 0) : [];
  const interval = isTime ? bucketMs(spec, data, times) : 0;
  const xs: Row[number][] = isTime
    ? windowBuckets(times, frame, interval)
    : [...new Set(data.rows.map((r) => r[0] ?? null))];
  const ys = [...new Set(data.rows.map((r) => r[1] ?? null))];
  const values = data.rows.map((r) => num(r[2]) ?? 0);
  const top = Math.max(1, ...values);
  const at = new Map(xs.map((x, i) => [x, i]));
  // A bucket the layout does not have (another zone's day): the last start at or before it.
  const xIndex = (v: Row[number] | undefined) =>
    at.get(v ?? null) ?? Math.max(0, xs.filter((x) => Number(x) <= (num(v) ?? 0)).length - 1);
  const xLabel = (v: Row[number] | undefined) =>
    isTime && typeof v === 'number' ? timeTickLabel(v, interval) : text(v);
  return {
    animation: false,
    tooltip: {
      position: 'top',
      formatter: (raw: unknown) => {
        const p = raw as { value?: [number, number, number] };
        const [x = 0, y = 0, v = 0] = p.value ?? [];
        const head =
          isTime && typeof xs[x] === 'number' ? bucketLabel(xs[x], interval) : text(xs[x]);
        return `${escapeHtml(head)}<br/>${escapeHtml(text(ys[y]))}: <b>${formatNumber(v)}</b>`;
      },
    },
    grid: { left: 140, right: 64, top: 16, bottom: GRID.axis + 4, outerBoundsMode: 'none' },
    xAxis: {
      type: 'category',
      data: xs.map(xLabel),
      axisLabel: { hideOverlap: true },
    },
    yAxis: {
      type: 'category',
      data: ys.map((y) => text(y)),
      axisLabel: { width: 128, overflow: 'truncate', hideOverlap: true },
    },
    // The colour scale stands at the right, its ends named, clear of the time labels.
    visualMap: {
      min: 0,
      max: top,
      calculable: false,
      orient: 'vertical',
      right: 0,
      top: 'middle',
      itemWidth: 12,
      itemHeight: Math.max(60, Math.min(140, frame.height - 100)),
      text: [formatNumber(top), '0'],
    },
    series: [
      {
        type: 'heatmap',
        data: data.rows.map((r, i) => [xIndex(r[0]), ys.indexOf(r[1] ?? null), values[i] ?? 0]),
      },
    ],
  } as ChartOption;
}

/**
 * What a chart says instead of a picture: 'No data' when its window has nothing measured (no
 * rows, a single value that is null, a pie of zeros, series without a value), else null.
 */
export function emptyText(spec: ChartSpec, data: ChartData): string | null {
  if (!data.rows.length) return spec.vizType === 'table' ? 'No data Found' : NO_DATA;
  switch (spec.vizType) {
    case 'big_number_total':
    case 'gauge_chart':
      return singleValue(data) === null ? NO_DATA : null;
    case 'pie': {
      const dims = data.columns.length - Math.max(1, spec.metrics.length);
      return data.rows.some((r) => (num(r[dims]) ?? 0) > 0) ? null : NO_DATA;
    }
    case 'echarts_timeseries_line':
    case 'echarts_timeseries_bar':
    case 'echarts_area': {
      const t = data.columns.findIndex((c) => c.name === TIMESTAMP_COLUMN);
      const dims = data.columns.length - spec.metrics.length;
      const measured = data.rows.some((r) => r.some((v, i) => i >= dims && i !== t && v !== null));
      return measured ? null : NO_DATA;
    }
    case 'histogram':
      return data.rows.some((r) => (num(r[2]) ?? 0) > 0) ? null : NO_DATA;
    case 'box_plot':
      return data.rows.some((r) => num(r[3]) !== null) ? null : NO_DATA;
    default:
      return null;
  }
}

/** Whether the chart's x axis is time: its window is the axis, drag-to-zoom picks a part of it. */
export function isTimeSeries(spec: ChartSpec): boolean {
  return (
    spec.vizType === 'echarts_timeseries_line' ||
    spec.vizType === 'echarts_timeseries_bar' ||
    spec.vizType === 'echarts_area'
  );
}

/** The ECharts option of a chart's data; null for the viz types drawn without ECharts. */
export function chartOption(
  spec: ChartSpec,
  data: ChartData,
  frame: ChartFrame,
): ChartOption | null {
  switch (spec.vizType) {
    case 'echarts_timeseries_line':
    case 'echarts_timeseries_bar':
    case 'echarts_area':
      return timeSeries(spec, data, frame);
    case 'pie':
      return pie(spec, data, frame);
    case 'gauge_chart':
      return gauge(spec, data, frame);
    case 'histogram':
      return histogram(data, frame);
    case 'box_plot':
      return boxPlot(data, frame);
    case 'heatmap':
      return heatmap(spec, data, frame);
    default:
      return null;
  }
}
