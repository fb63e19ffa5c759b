import { useId, useMemo } from 'react';
import Box from '@mui/material/Box';
import type { JobStats } from '@callsight/shared';
import { TimeSeriesChart, type TimeSeriesYAxis } from '../../../../components/charts/index.ts';

type Measure = 'mos' | 'jitter' | 'rtt' | 'packetsLost';

const CHARTS: readonly { key: Measure; title: string; yAxis: TimeSeriesYAxis }[] = [
  { key: 'mos', title: 'MOS', yAxis: { min: 1, max: 5, decimals: 2 } },
  { key: 'jitter', title: 'Jitter (ms)', yAxis: { unit: 'ms', decimals: 1 } },
  { key: 'rtt', title: 'RTT (ms)', yAxis: { unit: 'ms', decimals: 0 } },
  { key: 'packetsLost', title: 'Packets Lost', yAxis: { decimals: 0 } },
];

/** The job's per-second stats of the agent leg, one connected chart per measure. */
export function JobStatsCharts({ stats }: { stats: JobStats }) {
  const group = `job-stats-${useId()}`;
  const charts = useMemo(() => {
    const times = stats.map((s) => Date.parse(s.timestamp));
    return CHARTS.map((chart) => ({
      ...chart,
      series: [
        {
          name: chart.title,
          points: stats.map((s, i) => [times[i] ?? 0, s[chart.key]] as const),
        },
      ],
    }));
  }, [stats]);
  return (
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
      {charts.map((chart) => (
        <TimeSeriesChart
          key={chart.key}
          title={chart.title}
          series={chart.series}
          yAxis={chart.yAxis}
          group={group}
          height={200}
        />
      ))}
    </Box>
  );
}
