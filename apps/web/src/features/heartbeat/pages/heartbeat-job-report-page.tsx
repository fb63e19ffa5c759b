import { useParams } from 'react-router';
import Typography from '@mui/material/Typography';
import { PlaceholderPage } from '../../../components/placeholder/index.ts';
import { useCrumbLabel } from '../../../components/breadcrumbs/index.ts';

/** /gsm/heartbeat/jobs/:jobId/report: Heartbeat Job Report (placeholder until its issue lands). */
export function HeartbeatJobReportPage() {
  const { jobId } = useParams();
  useCrumbLabel('heartbeatJob', jobId);
  return (
    <PlaceholderPage
      title="Heartbeat Job Report"
      description="The report of one heartbeat test run."
    >
      <Typography variant="body2">
        Job: <strong>{jobId}</strong>
      </Typography>
    </PlaceholderPage>
  );
}
