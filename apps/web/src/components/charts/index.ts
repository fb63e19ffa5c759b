export { echarts, type ChartInstance, type ChartOption } from './echarts-core.ts';
export { chartTheme, useChartTheme } from './chart-theme.ts';
export { EChart, type EChartProps } from './echart.tsx';
export {
  TimeSeriesChart,
  type TimeBand,
  type TimePoint,
  type TimeSeries,
  type TimeSeriesChartProps,
  type TimeSeriesYAxis,
} from './time-series-chart.tsx';
export { BarChart, type Bar } from './bar-chart.tsx';
