import { PlaceholderPage } from '../../../components/placeholder/index.ts';

/** /admin/extutil: Extension Coverage (placeholder until its issue lands). */
export function CoveragePage() {
  return (
    <PlaceholderPage
      title="Extension Coverage"
      description="How many calls carry data from the agent collector."
    />
  );
}
