import { PlaceholderPage } from '../../../components/placeholder/index.ts';

/** /history/lists: History (placeholder until its issue lands). */
export function HistoryPage() {
  return (
    <PlaceholderPage title="History" description="Workflow actions and audit logs of this group." />
  );
}
