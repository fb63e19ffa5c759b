import { PlaceholderPage } from '../../../components/placeholder/index.ts';

/** /workflows: Workflows (placeholder until its issue lands). */
export function WorkflowsPage() {
  return (
    <PlaceholderPage
      title="Workflows"
      description="Watchers that act when calls have quality issues."
    />
  );
}
