import { formatDisplayDate, type ChartData, type ChartSpec } from '@callsight/shared';
import type { ChartOption } from '../../../components/charts/index.ts';

/** The name the server gives a time series' bucket column (Superset's). */
export const TIMESTAMP_COLUMN = '__timestamp';

type Row = ChartData['rows'][number];

const num = (v: Row[number] | undefined) =>
  typeof v === 'number' ? v : v == null ? null : Number(v);
const text = (v: Row[number] | undefined) => (v == null ? '(none)' : String(v));
const round = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);

/** The single value of a big number or gauge (the first metric of the first row). */
export function singleValue(data: ChartData): number | null {
  return round(num(data.rows[0]?.[0]));
}

/**
 * A time series: the x axis is the bucket; one series per metric, or per value of the groupby
 * column when there is one (first metric).
 */
function timeSeries(spec: ChartSpec, data: ChartData): ChartOption {
  const names = data.columns.map((c) => c.name);
  const t = names.indexOf(TIMESTAMP_COLUMN);
  const dims = names.length - spec.metrics.length;
  const type = spec.vizType === 'echarts_timeseries_bar' ? 'bar' : 'line';
  const area = spec.vizType === 'echarts_area';
  const series = new Map<string, [number, number | null][]>();
  for (const row of data.rows) {
    const x = num(row[t]) ?? 0;
    if (dims > 1) {
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
  const stacked = (type === 'bar' && dims > 1) || area;
  if (stacked && dims > 1) {
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
  return {
    tooltip: { trigger: 'axis' },
    legend: { type: 'scroll', bottom: 0 },
    grid: { left: 48, right: 16, top: 16, bottom: 48 },
    xAxis: { type: 'time' },
    yAxis: { type: 'value' },
    series: [...series].map(([name, points]) => ({
      name,
      type,
      data: points,
      // A point or a few are drawn as markers (a lone point draws no line); many are a line.
      showSymbol: points.length <= 3,
      ...(stacked ? { stack: 'total' } : {}),
      ...(area ? { areaStyle: {} } : {}),
    })),
  } as ChartOption;
}

/** More slices than this: no labels round the pie (the legend and tooltip name them). */
const PIE_LABELS_MAX = 6;

function pie(spec: ChartSpec, data: ChartData): ChartOption {
  const dims = data.columns.length - Math.max(1, spec.metrics.length);
  return {
    tooltip: { trigger: 'item' },
    legend: { type: 'scroll', bottom: 0 },
    series: [
      {
        type: 'pie',
        radius: ['40%', '70%'],
        label: { show: data.rows.length <= PIE_LABELS_MAX, formatter: '{d}%' },
        center: ['50%', '45%'],
        data: data.rows.map((r) => ({ name: text(r[0]), value: num(r[dims]) ?? 0 })),
      },
    ],
  };
}

function gauge(spec: ChartSpec, data: ChartData): ChartOption {
  const value = singleValue(data);
  const max = spec.unit === '/10' ? 10 : spec.unit === '%' ? 100 : Math.max(10, (value ?? 0) * 1.5);
  return {
    series: [
      {
        type: 'gauge',
        min: 0,
        max,
        progress: { show: true },
        detail: { formatter: (v: number) => `${v}${spec.unit ?? ''}`, fontSize: 20 },
        data: [{ value: value ?? 0 }],
      },
    ],
  };
}

function histogram(data: ChartData): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 48, right: 16, top: 16, bottom: 32 },
    xAxis: {
      type: 'category',
      data: data.rows.map((r) => `${round(num(r[0]))}–${round(num(r[1]))}`),
    },
    yAxis: { type: 'value' },
    series: [{ type: 'bar', data: data.rows.map((r) => num(r[2])) }],
  };
}

function boxPlot(data: ChartData): ChartOption {
  return {
    tooltip: { trigger: 'item' },
    grid: { left: 48, right: 16, top: 16, bottom: 48 },
    xAxis: { type: 'category', data: data.rows.map((r) => text(r[0])) },
    yAxis: { type: 'value' },
    series: [
      { type: 'boxplot', data: data.rows.map((r) => r.slice(1, 6).map((v) => round(num(v)))) },
    ],
  } as ChartOption;
}

/** A heatmap of the first two dimensions (time bucket or columns) by the first metric. */
function heatmap(data: ChartData): ChartOption {
  const xs = [...new Set(data.rows.map((r) => r[0]))];
  const ys = [...new Set(data.rows.map((r) => r[1]))];
  const values = data.rows.map((r) => num(r[2]) ?? 0);
  const isTime = data.columns[0]?.name === TIMESTAMP_COLUMN;
  const label = (v: Row[number] | undefined) =>
    isTime && typeof v === 'number' ? formatDisplayDate(v, { style: 'date' }) : text(v);
  return {
    tooltip: { position: 'top' },
    grid: { left: 140, right: 16, top: 16, bottom: 64 },
    xAxis: { type: 'category', data: xs.map(label) },
    yAxis: {
      type: 'category',
      data: ys.map((y) => text(y)),
      axisLabel: { width: 128, overflow: 'truncate' },
    },
    visualMap: {
      min: 0,
      max: Math.max(1, ...values),
      calculable: true,
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
    },
    series: [
      {
        type: 'heatmap',
        data: data.rows.map((r) => [xs.indexOf(r[0]), ys.indexOf(r[1]), num(r[2]) ?? 0]),
      },
    ],
  };
}

/** The ECharts option of a chart's data; null for the viz types drawn without ECharts. */
export function chartOption(spec: ChartSpec, data: ChartData): ChartOption | null {
  switch (spec.vizType) {
    case 'echarts_timeseries_line':
    case 'echarts_timeseries_bar':
    case 'echarts_area':
      return timeSeries(spec, data);
    case 'pie':
      return pie(spec, data);
    case 'gauge_chart':
      return gauge(spec, data);
    case 'histogram':
      return histogram(data);
    case 'box_plot':
      return boxPlot(data);
    case 'heatmap':
      return heatmap(data);
    default:
      return null;
  }
}
