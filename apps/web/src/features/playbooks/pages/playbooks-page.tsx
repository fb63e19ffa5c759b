import { PlaceholderPage } from '../../../components/placeholder/index.ts';

/** /playbooks: Dashboards (placeholder until its issue lands). */
export function PlaybooksPage() {
  return (
    <PlaceholderPage title="Dashboards" description="Embedded dashboards shared with this group." />
  );
}
