import { useParams } from 'react-router';
import Typography from '@mui/material/Typography';
import { PlaceholderPage } from '../../../components/placeholder/index.ts';
import { useCrumbLabel } from '../../../components/breadcrumbs/index.ts';

/** /gsm/jobs/:jobId/report: GSM Job Report Card (placeholder until its issue lands). */
export function GsmJobReportPage() {
  const { jobId } = useParams();
  useCrumbLabel('gsmJob', jobId);
  return (
    <PlaceholderPage
      title="GSM Job Report Card"
      description="The report card of one GSM monitor run."
    >
      <Typography variant="body2">
        Job: <strong>{jobId}</strong>
      </Typography>
    </PlaceholderPage>
  );
}
