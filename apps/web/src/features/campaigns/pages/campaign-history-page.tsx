import { useParams } from 'react-router';
import { useCrumbLabel } from '../../../components/breadcrumbs/index.ts';
import { PageHeader } from '../../../components/page-header/index.ts';
import { paths } from '../../../lib/paths.ts';
import { RetryAlert } from '../../../components/load-state/index.ts';
import { useCampaign } from '../api/get-campaign.ts';
import { useCampaignRuns } from '../api/get-campaign-runs.ts';
import { RunsTable } from '../components/runs-table.tsx';
import { CAMPAIGN_SCREEN_TEXTS as T } from '../texts.ts';

/** /campaign/history/:campaignId (spec 001 §2): every run of one campaign. */
export function CampaignHistoryPage() {
  const { groupId = '', campaignId = '' } = useParams();
  const campaign = useCampaign(groupId, campaignId);
  const runs = useCampaignRuns(groupId, campaignId);
  useCrumbLabel('campaign', campaign.data?.name);
  const failed = campaign.isError || runs.isError;
  return (
    <>
      <PageHeader
        title={campaign.data?.name ?? 'Campaign History'}
        subtitle={campaign.data?.description || 'Every run of this campaign.'}
      />
      {failed && (
        <RetryAlert
          testId="campaign-runs-error"
          onRetry={() => {
            void campaign.refetch();
            void runs.refetch();
          }}
        >
          {campaign.isError ? T.campaignLoadFailed : T.runsLoadFailed}
        </RetryAlert>
      )}
      <RunsTable
        runs={runs.isError ? [] : runs.data}
        loading={runs.isFetching}
        viewHref={(run) => paths.campaignRun.getHref(groupId, campaignId, run.id)}
      />
    </>
  );
}
