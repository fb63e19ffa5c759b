import { PlaceholderPage } from '../../../components/placeholder/index.ts';

/** /admin/billing: Group Usage (placeholder until its issue lands). */
export function UsagePage() {
  return <PlaceholderPage title="Group Usage" description="Billing usage of this group." />;
}
