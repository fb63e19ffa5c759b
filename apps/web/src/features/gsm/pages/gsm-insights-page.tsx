import { PlaceholderPage } from '../../../components/placeholder/index.ts';

/** /gsm/insights: GSM Insights (placeholder until its issue lands). */
export function GsmInsightsPage() {
  return <PlaceholderPage title="GSM Insights" description="Trends across GSM monitor runs." />;
}
