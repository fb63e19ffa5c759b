import { Component, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { COPILOT_TEXTS, METRIC_LABELS, type ChartArtifact } from '@callsight/shared';
import { EChart, type ChartOption } from '../../../components/charts/index.ts';

/** Shows a chart's own error message, or 'Unable to render chart' (spec 002 §8). */
class ChartBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(COPILOT_TEXTS.chartFailed) };
  }
  override render() {
    if (this.state.error) {
      return (
        <Alert severity="warning" data-testid="copilot-chart-error">
          {this.state.error.message || COPILOT_TEXTS.chartFailed}
        </Alert>
      );
    }
    return this.props.children;
  }
}

/** The series names of means (averages): their bars compare values, not sizes from zero. */
const MEAN_LABELS: ReadonlySet<string> = new Set(
  Object.entries(METRIC_LABELS)
    .filter(([metric]) => metric !== 'callCount' && metric !== 'share')
    .map(([, label]) => label),
);
/** Up to this many bars carry their value. */
const LABELLED_BARS_MAX = 12;

type Series = { type?: unknown; name?: unknown; data?: unknown; yAxisIndex?: unknown };

const valueOf = (item: unknown): number | null => {
  const v = typeof item === 'object' && item !== null ? (item as { value?: unknown }).value : item;
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
};

const roundTo = (v: number, step: number) => {
  const decimals = Math.max(0, -Math.floor(Math.log10(step)));
  return Number(v.toFixed(decimals));
};

/**
 * A value axis that shows how means differ: from below the lowest to above the highest, padded
 * by half their spread (a 4.14 against a 4.25 reads 4.08 to 4.31, not 0 to 5); null when the
 * axis would reach zero anyway.
 */
export function meansAxisRange(values: readonly number[]): { min: number; max: number } | null {
  if (values.length < 2) return null;
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  if (!(lo > 0)) return null;
  const pad = Math.max((hi - lo) / 2, hi / 100);
  const step = 10 ** Math.floor(Math.log10(pad));
  const min = Math.floor((lo - pad) / step) * step;
  if (min <= 0) return null;
  return { min: roundTo(min, step), max: roundTo(Math.ceil((hi + pad) / step) * step, step) };
}

/**
 * Bars of means show their values, on an axis that shows the difference (issue 34); bars of
 * counts and shares keep their zero.
 */
function comparedMeans(option: Record<string, unknown>): Record<string, unknown> {
  const series = option.series as Series[];
  const yAxes = Array.isArray(option.yAxis) ? [...(option.yAxis as object[])] : [option.yAxis];
  const bars = series.filter((s) => s.type === 'bar');
  const labelled = bars.some((s) => Array.isArray(s.data) && s.data.length <= LABELLED_BARS_MAX);
  const byAxis = new Map<number, number[]>();
  for (const s of bars) {
    if (typeof s.name !== 'string' || !MEAN_LABELS.has(s.name) || !Array.isArray(s.data)) continue;
    const axis = typeof s.yAxisIndex === 'number' ? s.yAxisIndex : 0;
    const values = s.data.map(valueOf).filter((v): v is number => v !== null);
    byAxis.set(axis, [...(byAxis.get(axis) ?? []), ...values]);
  }
  for (const [axis, values] of byAxis) {
    const range = meansAxisRange(values);
    const current = yAxes[axis];
    if (range && typeof current === 'object' && current !== null)
      yAxes[axis] = { ...current, ...range };
  }
  return {
    ...option,
    yAxis: Array.isArray(option.yAxis) ? yAxes : yAxes[0],
    series: series.map((s) =>
      s.type === 'bar' && labelled
        ? {
            ...s,
            label: {
              show: true,
              position: 'top',
              formatter: (p: { value?: unknown }) =>
                typeof p.value === 'number' ? p.value.toLocaleString('en-US') : '',
            },
          }
        : s,
    ),
  };
}

/** The chart option of an artifact; throws when it has nothing ECharts can draw. */
export function chartOptionOf(artifact: ChartArtifact): ChartOption {
  const series = artifact.data.series;
  if (!Array.isArray(series) || series.length === 0) throw new Error(COPILOT_TEXTS.chartFailed);
  return comparedMeans(artifact.data) as ChartOption;
}

function ChartBody({ artifact }: { artifact: ChartArtifact }) {
  return <EChart option={chartOptionOf(artifact)} height={280} ariaLabel={artifact.title} />;
}

/** A chart answer of the copilot, shown after the reply is typed out. */
export function ArtifactChart({ artifact }: { artifact: ChartArtifact }) {
  return (
    <Paper variant="outlined" sx={{ mt: 1, p: 1 }} data-testid="copilot-chart">
      <Typography variant="subtitle2" sx={{ px: 0.5 }}>
        {artifact.title}
      </Typography>
      <ChartBoundary>
        <ChartBody artifact={artifact} />
      </ChartBoundary>
    </Paper>
  );
}
