import { useParams } from 'react-router';
import Typography from '@mui/material/Typography';
import { PlaceholderPage } from '../../../components/placeholder/index.ts';
import { useCrumbLabel } from '../../../components/breadcrumbs/index.ts';

/** /campaign/view/:campaignId/:runId: Campaign Run (placeholder until its issue lands). */
export function CampaignRunPage() {
  const { campaignId, runId } = useParams();
  useCrumbLabel('campaign', campaignId);
  useCrumbLabel('campaignRun', runId);
  return (
    <PlaceholderPage title="Campaign Run" description="Calls and results of one campaign run.">
      <Typography variant="body2">
        Campaign: <strong>{campaignId}</strong>
      </Typography>
      <Typography variant="body2">
        Run: <strong>{runId}</strong>
      </Typography>
    </PlaceholderPage>
  );
}
