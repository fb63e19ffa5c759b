import type { ChartOption } from '../../../components/charts/index.ts';

/**
 * What a run's per-second charts share: the tooltip, the legend on top and the x axis in
 * seconds from the start to `max`.
 */
export function perSecondOption(max: number | 'dataMax', rightAxis: boolean): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 48, right: rightAxis ? 48 : 16, top: 36, bottom: 40 },
    xAxis: { type: 'value', name: 'Seconds', nameLocation: 'middle', nameGap: 26, min: 0, max },
  };
}
