import { PlaceholderPage } from '../../../components/placeholder/index.ts';

/** /gsm/heartbeat: Heartbeat Tests (placeholder until its issue lands). */
export function HeartbeatTestsPage() {
  return (
    <PlaceholderPage
      title="Heartbeat Tests"
      description="Scheduled test calls that check agents and call quality."
    />
  );
}
