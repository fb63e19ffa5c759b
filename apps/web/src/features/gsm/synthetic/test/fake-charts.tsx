import type { EChartProps, TimeSeriesChartProps } from '../../../../components/charts/index.ts';

// ECharts draws on a canvas jsdom does not have: tests mock components/charts with these.

/** A chart as text (jsdom has no canvas): its name, series names and dataZoom end. */
export function FakeEChart({ ariaLabel, option }: EChartProps) {
  const series = Array.isArray(option.series) ? option.series : [];
  const zoom = Array.isArray(option.dataZoom) ? option.dataZoom[0] : option.dataZoom;
  return (
    <figure aria-label={ariaLabel} data-zoom-end={String(zoom?.end ?? '')}>
      {series.map((s) => String(s.name ?? '')).join(', ')}
    </figure>
  );
}

export function FakeTimeSeriesChart({ title, series }: TimeSeriesChartProps) {
  return (
    <figure aria-label={title}>
      {series.map((s) => `${s.name}: ${s.points.map((p) => p[1]).join(' ')}`).join('; ')}
    </figure>
  );
}
