import { Component, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { COPILOT_TEXTS, type ChartArtifact } from '@callsight/shared';
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

/** The chart option of an artifact; throws when it has nothing ECharts can draw. */
export function chartOptionOf(artifact: ChartArtifact): ChartOption {
  const series = artifact.data.series;
  if (!Array.isArray(series) || series.length === 0) throw new Error(COPILOT_TEXTS.chartFailed);
  return artifact.data as ChartOption;
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
