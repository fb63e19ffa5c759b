import { describe, expect, it } from 'vitest';
import type { ChartArtifact } from '@callsight/shared';
import { chartOptionOf, meansAxisRange } from './artifact-chart.tsx';

type Option = {
  yAxis: { min?: number; max?: number }[];
  series: { label?: { show?: boolean } }[];
};

const bars = (name: string, data: number[]): ChartArtifact => ({
  type: 'chart',
  title: 'By connection type',
  data: {
    xAxis: { type: 'category', data: ['wifi', 'wired'] },
    yAxis: [{ type: 'value', name }],
    series: [{ type: 'bar', name, yAxisIndex: 0, data }],
  },
});

describe('the copilot comparison of means', () => {
  it('shows the values on the bars and an axis that shows their difference, not from 0', () => {
    const option = chartOptionOf(bars('Average MOS', [4.14, 4.25])) as unknown as Option;
    expect(option.yAxis[0]).toMatchObject({ min: 4.08, max: 4.31 });
    expect(option.series[0]?.label?.show).toBe(true);
    expect(meansAxisRange([4.14, 4.25])).toEqual({ min: 4.08, max: 4.31 });
  });

  it('keeps the zero of counts, and of means too far apart to leave it', () => {
    const counts = chartOptionOf(bars('Calls', [140, 150])) as unknown as Option;
    expect(counts.yAxis[0]?.min).toBeUndefined();
    expect(counts.series[0]?.label?.show).toBe(true);
    expect(meansAxisRange([0.5, 40])).toBeNull();
    expect(meansAxisRange([4.2])).toBeNull();
  });
});
