import { PlaceholderPage } from '../../../components/placeholder/index.ts';

/** /gsm/logs: GSM Logs (placeholder until its issue lands). */
export function GsmLogsPage() {
  return <PlaceholderPage title="GSM Logs" description="Results of every GSM monitor run." />;
}
