import { useMemo } from 'react';
import Paper from '@mui/material/Paper';
import type { ChartOption } from './echarts-core.ts';
import { EChart } from './echart.tsx';

export interface Bar {
  label: string;
  value: number;
}

/** A small bar chart of one value by a label (minutes by group, by month), `unit` on its axis. */
export function BarChart({
  title,
  bars,
  height = 220,
  testId,
  unit = 'min',
}: {
  title: string;
  bars: readonly Bar[];
  height?: number;
  testId?: string;
  unit?: string;
}) {
  const option = useMemo<ChartOption>(
    () => ({
      title: { text: title, left: 8, top: 4 },
      grid: { left: 56, right: 16, top: 40, bottom: 56 },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      xAxis: {
        type: 'category',
        data: bars.map((b) => b.label),
        axisLabel: { interval: 0, rotate: bars.length > 6 ? 30 : 0, hideOverlap: true },
      },
      yAxis: { type: 'value', name: unit, minInterval: 1 },
      series: [
        {
          type: 'bar',
          name: title,
          data: bars.map((b) => b.value),
          barMaxWidth: 36,
          animation: false,
        },
      ],
    }),
    [title, bars, unit],
  );
  return (
    <Paper variant="outlined" sx={{ p: 1, mb: 2 }} data-testid={testId}>
      <EChart option={option} height={height} ariaLabel={title} />
    </Paper>
  );
}
