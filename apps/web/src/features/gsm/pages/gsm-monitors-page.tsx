import { PlaceholderPage } from '../../../components/placeholder/index.ts';

/** /gsm/monitors: GSM Monitors (placeholder until its issue lands). */
export function GsmMonitorsPage() {
  return (
    <PlaceholderPage
      title="GSM Monitors"
      description="Scheduled test calls over mobile networks."
    />
  );
}
