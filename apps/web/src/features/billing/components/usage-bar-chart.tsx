import { useMemo } from 'react';
import Paper from '@mui/material/Paper';
import { EChart, type ChartOption } from '../../../components/charts/index.ts';

export interface UsageBar {
  label: string;
  value: number;
}

/** A small bar chart of minutes by a label (a group, a month). */
export function UsageBarChart({
  title,
  bars,
  height = 220,
  testId,
}: {
  title: string;
  bars: readonly UsageBar[];
  height?: number;
  testId?: string;
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
      yAxis: { type: 'value', name: 'min', minInterval: 1 },
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
    [title, bars],
  );
  return (
    <Paper variant="outlined" sx={{ p: 1, mb: 2 }} data-testid={testId}>
      <EChart option={option} height={height} ariaLabel={title} />
    </Paper>
  );
}
