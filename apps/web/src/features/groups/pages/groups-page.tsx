import { PlaceholderPage } from '../../../components/placeholder/index.ts';

/** /admin/groups: Groups (placeholder until its issue lands). */
export function GroupsPage() {
  return <PlaceholderPage title="Groups" description="Customer groups of the platform." />;
}
