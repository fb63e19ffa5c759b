import { PlaceholderPage } from '../../../components/placeholder/index.ts';

/** /campaigns: Simulate Campaigns (placeholder until its issue lands). */
export function CampaignsPage() {
  return (
    <PlaceholderPage
      title="Simulate Campaigns"
      description="Simulated call load tests against your contact centre."
    />
  );
}
