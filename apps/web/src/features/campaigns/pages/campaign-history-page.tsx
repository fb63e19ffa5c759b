import { useParams } from 'react-router';
import Typography from '@mui/material/Typography';
import { PlaceholderPage } from '../../../components/placeholder/index.ts';
import { useCrumbLabel } from '../../../components/breadcrumbs/index.ts';

/** /campaign/history/:campaignId: Campaign History (placeholder until its issue lands). */
export function CampaignHistoryPage() {
  const { campaignId } = useParams();
  useCrumbLabel('campaign', campaignId);
  return (
    <PlaceholderPage title="Campaign History" description="Every run of one campaign.">
      <Typography variant="body2">
        Campaign: <strong>{campaignId}</strong>
      </Typography>
    </PlaceholderPage>
  );
}
