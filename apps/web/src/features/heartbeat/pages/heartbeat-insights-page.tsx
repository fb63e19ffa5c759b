import { PlaceholderPage } from '../../../components/placeholder/index.ts';

/** /gsm/heartbeat/insights: Heartbeat Insights (placeholder until its issue lands). */
export function HeartbeatInsightsPage() {
  return (
    <PlaceholderPage
      title="Heartbeat Insights"
      description="How your heartbeat test calls are doing over time."
    />
  );
}
