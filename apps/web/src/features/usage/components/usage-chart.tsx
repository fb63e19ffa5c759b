import { USAGE_FIGURE_LABELS, type UsageRecord } from '@callsight/shared';
import { BarChart } from '../../../components/charts/index.ts';

export const USAGE_CHART_TITLE = `${USAGE_FIGURE_LABELS.DurationRoundedMin} per month`;

/** A bar chart of billing minutes per month, oldest first; the month under way is the last bar. */
export function UsageChart({ records }: { records: readonly UsageRecord[] }) {
  const bars = [...records].reverse().map((r) => ({ label: r.Month, value: r.DurationRoundedMin }));
  return <BarChart title={USAGE_CHART_TITLE} bars={bars} height={240} testId="usage-chart" />;
}
