import type { EChartProps } from '../../../../../components/charts/index.ts';

interface FakeSeries {
  type?: string;
  name?: string;
  data?: unknown[];
}

/**
 * ECharts draws on a canvas jsdom does not have: the insights tests mock components/charts with
 * this. A scatter chart lists its points as buttons that click like ECharts points do; a gauge
 * shows its value.
 */
export function FakeInsightChart({ ariaLabel, option, onEvents }: EChartProps) {
  const series = (Array.isArray(option.series) ? option.series : []) as FakeSeries[];
  return (
    <figure aria-label={ariaLabel}>
      {series.map((s) =>
        s.type === 'scatter' ? (
          <ul key={s.name} aria-label={s.name}>
            {(s.data ?? []).map((point) => {
              const [, score, jobId] = point as [number, number, string];
              return (
                <li key={jobId}>
                  <button
                    type="button"
                    onClick={() => onEvents?.click?.({ data: point }, undefined as never)}
                  >
                    {`${s.name} ${score} ${jobId}`}
                  </button>
                </li>
              );
            })}
          </ul>
        ) : (
          <span key={s.name ?? 'gauge'}>{String((s.data?.[0] as { value?: number })?.value)}</span>
        ),
      )}
    </figure>
  );
}
