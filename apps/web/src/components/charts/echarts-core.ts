/**
 * ECharts, tree-shaken (ARCHITECTURE.md): only the charts and components registered here are
 * bundled. A screen that needs another chart type (gauge, bar, map ...) adds it to these lists.
 */
import * as echarts from 'echarts/core';
import { BarChart, EffectScatterChart, GaugeChart, LineChart, ScatterChart } from 'echarts/charts';
import type {
  BarSeriesOption,
  EffectScatterSeriesOption,
  GaugeSeriesOption,
  LineSeriesOption,
  ScatterSeriesOption,
} from 'echarts/charts';
import {
  DataZoomComponent,
  GeoComponent,
  GraphicComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  TitleComponent,
  ToolboxComponent,
  TooltipComponent,
} from 'echarts/components';
import type {
  DataZoomComponentOption,
  GeoComponentOption,
  GraphicComponentOption,
  GridComponentOption,
  LegendComponentOption,
  MarkAreaComponentOption,
  MarkLineComponentOption,
  TitleComponentOption,
  ToolboxComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([
  BarChart,
  EffectScatterChart,
  GaugeChart,
  LineChart,
  ScatterChart,
  DataZoomComponent,
  GeoComponent,
  GraphicComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  TitleComponent,
  ToolboxComponent,
  TooltipComponent,
  CanvasRenderer,
]);

/** The option type of the registered charts and components. */
export type ChartOption = echarts.ComposeOption<
  | BarSeriesOption
  | EffectScatterSeriesOption
  | GaugeSeriesOption
  | LineSeriesOption
  | ScatterSeriesOption
  | DataZoomComponentOption
  | GeoComponentOption
  | GraphicComponentOption
  | GridComponentOption
  | LegendComponentOption
  | MarkAreaComponentOption
  | MarkLineComponentOption
  | TitleComponentOption
  | ToolboxComponentOption
  | TooltipComponentOption
>;

export type ChartInstance = echarts.EChartsType;

export { echarts };
