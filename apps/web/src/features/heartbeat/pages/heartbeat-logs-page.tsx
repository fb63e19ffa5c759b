import { PlaceholderPage } from '../../../components/placeholder/index.ts';

/** /gsm/heartbeat/logs: Heartbeat Logs (placeholder until its issue lands). */
export function HeartbeatLogsPage() {
  return (
    <PlaceholderPage title="Heartbeat Logs" description="Results of every heartbeat test call." />
  );
}
