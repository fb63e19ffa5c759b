import { PlaceholderPage } from '../../../components/placeholder/index.ts';

/** /traces: Journey Explorer (placeholder until its issue lands). */
export function JourneyExplorerPage() {
  return (
    <PlaceholderPage
      title="Journey Explorer"
      description="Follow a customer journey across systems, span by span."
    />
  );
}
