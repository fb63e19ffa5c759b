import { useId, useMemo } from 'react';
import Box from '@mui/material/Box';
import type { CallDetail } from '@callsight/shared';
import { TimeSeriesChart } from '../charts/index.ts';
import { callChartsData } from './call-charts-data.ts';

/**
 * The Charts tab: one chart per measure on a shared time axis, connected so that zooming or
 * pointing in one moves all of them; holds are shaded in each.
 */
export function CallCharts({ detail }: { detail: CallDetail }) {
  const group = `call-charts-${useId()}`;
  const data = useMemo(() => callChartsData(detail), [detail]);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' },
      }}
    >
      {data.charts.map((chart) => (
        <TimeSeriesChart
          key={chart.key}
          title={chart.title}
          series={chart.series}
          yAxis={chart.yAxis}
          range={data.range}
          bands={data.holds}
          group={group}
          height={210}
          emptyText={chart.emptyText}
        />
      ))}
    </Box>
  );
}
