import { PlaceholderPage } from '../../../components/placeholder/index.ts';

/** /admin/manager: Dashboard Manager (placeholder until its issue lands). */
export function DashboardManagerPage() {
  return (
    <PlaceholderPage
      title="Dashboard Manager"
      description="Dashboard imports and mappings for every group."
    />
  );
}
