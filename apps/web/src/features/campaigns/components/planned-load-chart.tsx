import { useMemo } from 'react';
import { plannedLoad } from '@callsight/shared';
import { EChart, type ChartOption } from '../../../components/charts/index.ts';
import { perSecondOption } from './per-second-chart.ts';

/**
 * The planned ramp of a campaign (the run wizard's Visualise step): per second, the calls
 * expected to be connected and the calls started.
 */
export function PlannedLoadChart(props: {
  totalCalls: number;
  callsPerSecond: number;
  callDuration: number;
}) {
  const { totalCalls, callsPerSecond, callDuration } = props;
  const option = useMemo<ChartOption>(() => {
    const points = plannedLoad({ totalCalls, callsPerSecond, callDuration });
    return {
      ...perSecondOption('dataMax', true),
      // Starts per second are a few calls while the connected calls reach the total: own axis.
      yAxis: [
        { type: 'value', name: 'Calls', minInterval: 1 },
        { type: 'value', name: 'Starts/s', minInterval: 1, splitLine: { show: false } },
      ],
      series: [
        {
          name: 'Expected connected calls',
          type: 'line',
          showSymbol: false,
          areaStyle: { opacity: 0.15 },
          data: points.map((p) => [p.second, p.expected]),
        },
        {
          name: 'Calls started per second',
          type: 'line',
          step: 'end',
          showSymbol: false,
          yAxisIndex: 1,
          data: points.map((p) => [p.second, p.expectedStarts]),
        },
      ],
    };
  }, [totalCalls, callsPerSecond, callDuration]);
  return <EChart option={option} height={280} ariaLabel="Planned load" />;
}
