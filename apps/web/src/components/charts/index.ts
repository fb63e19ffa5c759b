export { echarts, type ChartInstance, type ChartOption } from './echarts-core.ts';
export { chartTheme, useChartTheme } from './chart-theme.ts';
export { CHART_ELEMENT_PROPERTY, EChart, type EChartProps, type TimeSpan } from './echart.tsx';
export { useElementWidth } from './use-element-width.ts';
export { timeTickLabel } from './time-axis.ts';
export {
  TimeSeriesChart,
  type TimeBand,
  type TimePoint,
  type TimeSeries,
  type TimeSeriesChartProps,
  type TimeSeriesYAxis,
} from './time-series-chart.tsx';
export { BarChart, type Bar } from './bar-chart.tsx';
