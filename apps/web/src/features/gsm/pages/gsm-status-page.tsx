import { PlaceholderPage } from '../../../components/placeholder/index.ts';

/** /gsm/status: GSM Status Map (placeholder until its issue lands). */
export function GsmStatusPage() {
  return <PlaceholderPage title="GSM Status Map" description="Where GSM monitors pass and fail." />;
}
