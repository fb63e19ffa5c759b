export { CallCharts } from './call-charts.tsx';
export { callChartsData, holdBands, type CallChart } from './call-charts-data.ts';
