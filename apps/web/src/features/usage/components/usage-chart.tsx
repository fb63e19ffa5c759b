import { useMemo } from 'react';
import Paper from '@mui/material/Paper';
import type { UsageRecord } from '@callsight/shared';
import { EChart, type ChartOption } from '../../../components/charts/index.ts';

export const USAGE_CHART_TITLE = 'DurationRoundedMin per month';

/** A bar chart of billing minutes per month, oldest first; the month under way is the last bar. */
export function UsageChart({ records }: { records: readonly UsageRecord[] }) {
  const option = useMemo<ChartOption>(() => {
    const ordered = [...records].reverse();
    return {
      title: { text: USAGE_CHART_TITLE, left: 8, top: 4 },
      grid: { left: 56, right: 16, top: 40, bottom: 32 },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      xAxis: { type: 'category', data: ordered.map((r) => r.Month) },
      yAxis: { type: 'value', name: 'min', minInterval: 1 },
      series: [
        {
          type: 'bar',
          name: 'DurationRoundedMin',
          data: ordered.map((r) => r.DurationRoundedMin),
          barMaxWidth: 36,
          animation: false,
        },
      ],
    };
  }, [records]);
  return (
    <Paper variant="outlined" sx={{ p: 1, mb: 3 }} data-testid="usage-chart">
      <EChart option={option} height={240} ariaLabel={USAGE_CHART_TITLE} />
    </Paper>
  );
}
