import { PlaceholderPage } from '../../../components/placeholder/index.ts';

/** /configs: Group Settings (placeholder until its issue lands). */
export function ConfigsPage() {
  return (
    <PlaceholderPage
      title="Group Settings"
      description="Softphone, integrations, heartbeat and alert settings of this group."
    />
  );
}
