import { useMemo } from 'react';
import { useTheme } from '@mui/material/styles';
import type { CampaignRunGraph } from '@callsight/shared';
import { EChart, type ChartOption } from '../../../components/charts/index.ts';
import { perSecondOption } from './per-second-chart.ts';

/**
 * Per second of the run: the calls expected to be connected against those connected, and the
 * seconds in which calls failed as marked points (spec 001 §2); while live, the plan is drawn
 * whole and what happened up to the present.
 */
export function RunGraphChart({ graph }: { graph: CampaignRunGraph }) {
  const { palette } = useTheme();
  const option = useMemo<ChartOption>(
    () => ({
      ...perSecondOption(Math.max(graph.seconds, 1), false),
      yAxis: { type: 'value', name: 'Calls', minInterval: 1 },
      dataZoom: [{ type: 'inside' }],
      series: [
        {
          name: 'Expected',
          type: 'line',
          showSymbol: false,
          color: palette.text.secondary,
          lineStyle: { type: 'dashed' },
          data: graph.points.map((p) => [p.second, p.expected]),
        },
        {
          name: 'Actual',
          type: 'line',
          showSymbol: false,
          color: palette.primary.main,
          areaStyle: { opacity: 0.15 },
          // A live run's seconds still to come have no actual figure: the line stops at now.
          data: graph.points.flatMap((p) => (p.actual === null ? [] : [[p.second, p.actual]])),
        },
        {
          name: 'Failed',
          type: 'scatter',
          color: palette.error.main,
          symbolSize: 9,
          data: graph.points.flatMap((p) => (p.failed ? [[p.second, p.failed]] : [])),
        },
      ],
    }),
    [graph, palette],
  );
  return <EChart option={option} height={300} ariaLabel="Expected and actual calls per second" />;
}
