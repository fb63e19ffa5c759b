import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import Button from '@mui/material/Button';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import { ACCESS, CAMPAIGN_TEXTS, hasPermission, type CampaignListItem } from '@callsight/shared';
import { PageHeader } from '../../../components/page-header/index.ts';
import { useConfirm } from '../../../components/confirm-dialog/index.ts';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { RetryAlert } from '../../../components/load-state/index.ts';
import { useCampaigns } from '../api/get-campaigns.ts';
import { useDeleteCampaign } from '../api/delete-campaign.ts';
import { CampaignWizard } from '../components/campaign-wizard.tsx';
import { CampaignsTable } from '../components/campaigns-table.tsx';
import { RunWizard } from '../components/run-wizard.tsx';
import { CAMPAIGN_SCREEN_TEXTS as T } from '../texts.ts';

/** The create modal: a new campaign, or a copy of one ('Edit Campaign'). */
type Dialog = { copyOf: CampaignListItem | null } | null;

/**
 * /campaigns (spec 001 §2): the campaigns list with its create modal; at
 * /campaigns/start/{campaignId} the 'Run Campaign' modal is open over it.
 */
export function CampaignsPage() {
  const { groupId = '', campaignId } = useParams();
  const navigate = useNavigate();
  const session = useSession();
  const canWrite = !!session && hasPermission(session.claims.permissions, ACCESS.adminSuper);
  const campaigns = useCampaigns(groupId);
  const remove = useDeleteCampaign(groupId);
  const confirm = useConfirm();
  const snackbar = useSnackbar();
  const [dialog, setDialog] = useState<Dialog>(null);

  const onDelete = async (campaign: CampaignListItem) => {
    const ok = await confirm({
      title: CAMPAIGN_TEXTS.deleteTitle,
      message: CAMPAIGN_TEXTS.deleteQuestion,
      okText: 'Delete',
      okColor: 'error',
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(campaign.id);
    } catch {
      snackbar.show(CAMPAIGN_TEXTS.deleteFailed, 'error');
    }
  };

  return (
    <>
      <PageHeader
        title={T.pageTitle}
        subtitle={T.pageSubtitle}
        actions={
          canWrite && (
            <Button
              variant="contained"
              startIcon={<AddRoundedIcon />}
              onClick={() => setDialog({ copyOf: null })}
              sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            >
              {T.createButton}
            </Button>
          )
        }
      />
      {campaigns.isError && (
        <RetryAlert testId="campaigns-error" onRetry={() => void campaigns.refetch()}>
          {T.loadFailed}
        </RetryAlert>
      )}
      <CampaignsTable
        campaigns={campaigns.isError ? [] : campaigns.data}
        loading={campaigns.isFetching || remove.isPending}
        canWrite={canWrite}
        onRun={(c) => navigate(paths.campaignStart.getHref(groupId, c.id))}
        onCopy={(c) => setDialog({ copyOf: c })}
        onHistory={(c) => navigate(paths.campaignHistory.getHref(groupId, c.id))}
        onDelete={(c) => void onDelete(c)}
      />
      {dialog && (
        <CampaignWizard groupId={groupId} copyOf={dialog.copyOf} onClose={() => setDialog(null)} />
      )}
      {campaignId && canWrite && (
        <RunWizard
          groupId={groupId}
          campaignId={campaignId}
          onClose={() => navigate(paths.campaigns.getHref(groupId))}
        />
      )}
    </>
  );
}
