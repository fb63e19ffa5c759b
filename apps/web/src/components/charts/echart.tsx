import { useCallback } from 'react';
import Box from '@mui/material/Box';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { echarts, type ChartInstance, type ChartOption } from './echarts-core.ts';
import { useChartTheme } from './chart-theme.ts';

export interface EChartProps {
  option: ChartOption;
  height?: number;
  /**
   * Charts of one group are connected (echarts.connect): zooming, the tooltip and the axis
   * pointer of one move all of them.
   */
  group?: string;
  /** Accessible name of the chart canvas. */
  ariaLabel?: string;
  onEvents?: Record<string, (params: unknown, chart: ChartInstance) => void>;
  onReady?: (chart: ChartInstance) => void;
}

/** One ECharts chart with the app's theme; options replace the previous ones (no merge). */
export function EChart({ option, height = 240, group, ariaLabel, onEvents, onReady }: EChartProps) {
  const theme = useChartTheme();
  const handleReady = useCallback(
    (chart: ChartInstance) => {
      if (group) {
        chart.group = group;
        echarts.connect(group);
      }
      onReady?.(chart);
    },
    [group, onReady],
  );
  return (
    <Box role="img" aria-label={ariaLabel} sx={{ width: '100%', height }}>
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        theme={theme}
        notMerge
        lazyUpdate
        style={{ width: '100%', height }}
        onChartReady={handleReady}
        onEvents={onEvents}
      />
    </Box>
  );
}
