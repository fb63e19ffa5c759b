import type { EChartProps } from '../../../components/charts/index.ts';

interface FakeAxis {
  data?: unknown[];
}
interface FakeSeries {
  data?: unknown[];
}

/**
 * ECharts draws on a canvas jsdom does not have: the billing tests mock components/charts with
 * this, which lists a bar chart's bars as "label: value".
 */
export function FakeBarChart({ ariaLabel, option }: EChartProps) {
  const axis = (Array.isArray(option.xAxis) ? option.xAxis[0] : option.xAxis) as FakeAxis;
  const series = (Array.isArray(option.series) ? option.series[0] : option.series) as FakeSeries;
  const labels = axis?.data ?? [];
  return (
    <figure aria-label={ariaLabel}>
      <ul>
        {labels.map((label, i) => (
          <li
            key={String(label)}
            data-testid="bar"
          >{`${String(label)}: ${String(series?.data?.[i])}`}</li>
        ))}
      </ul>
    </figure>
  );
}
