import { useEffect, useRef } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import StopCircleRoundedIcon from '@mui/icons-material/StopCircleRounded';
import { ACCESS, CAMPAIGN_TEXTS, hasPermission, type CampaignRun } from '@callsight/shared';
import { useCrumbLabel } from '../../../components/breadcrumbs/index.ts';
import { useConfirm } from '../../../components/confirm-dialog/index.ts';
import { PageHeader } from '../../../components/page-header/index.ts';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { LoadState } from '../../../components/load-state/index.ts';
import { runQueryKey } from '../api/campaigns-query-key.ts';
import { RUN_PART, useCampaignRun } from '../api/get-campaign-run.ts';
import type { RunIds } from '../api/run-part.ts';
import { useStopCampaignRun } from '../api/stop-campaign-run.ts';
import { CallLogTab } from '../components/call-log-tab.tsx';
import { RunDetailsTab } from '../components/run-details-tab.tsx';
import { RunStatsTab } from '../components/run-stats-tab.tsx';
import { CAMPAIGN_SCREEN_TEXTS as T } from '../texts.ts';

const TABS = [
  { key: 'stats', label: 'Stats' },
  { key: 'calls', label: 'Call Log' },
  { key: 'details', label: 'Run Details' },
] as const;
type TabKey = (typeof TABS)[number]['key'];
const TAB_PARAM = 'tab';

const readTab = (params: URLSearchParams): TabKey =>
  TABS.find((t) => t.key === params.get(TAB_PARAM))?.key ?? 'stats';

/**
 * /campaign/view/:campaignId/:runId (spec 001 §2): tabs Stats, Call Log and Run Details; Stop
 * while the run is live. Everything is polled every 2 s until the run is complete (§4).
 */
export function CampaignRunPage() {
  const { groupId = '', campaignId = '', runId = '' } = useParams();
  const ids: RunIds = { groupId, campaignId, runId };
  const run = useCampaignRun(ids);
  useCrumbLabel('campaign', run.data?.name);
  useCrumbLabel('campaignRun', run.data?.runDescription);

  if (!run.data)
    return (
      <>
        <PageHeader title="Campaign Run" />
        <LoadState
          failed={run.isError}
          failedText={
            isApiError(run.error) && run.error.status === 404
              ? CAMPAIGN_TEXTS.runNotFound
              : T.runLoadFailed
          }
          onRetry={() => void run.refetch()}
        />
      </>
    );
  return <RunView ids={ids} run={run.data} />;
}

function RunView({ ids, run }: { ids: RunIds; run: CampaignRun }) {
  const [params, setParams] = useSearchParams();
  const tab = readTab(params);
  const session = useSession();
  const canWrite = !!session && hasPermission(session.claims.permissions, ACCESS.adminSuper);
  const live = run.status === 'In Progress';
  const stop = useStopCampaignRun(ids);
  const confirm = useConfirm();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();

  // When the run ends, its parts (not the run, just read) are fetched once more for the final figures.
  const wasLive = useRef(live);
  useEffect(() => {
    const key = runQueryKey(ids.groupId, ids.campaignId, ids.runId);
    if (wasLive.current && !live)
      void queryClient.invalidateQueries({
        queryKey: key,
        predicate: (query) => query.queryKey[key.length] !== RUN_PART,
      });
    wasLive.current = live;
  }, [live, queryClient, ids.groupId, ids.campaignId, ids.runId]);

  const onStop = async () => {
    const ok = await confirm({
      title: CAMPAIGN_TEXTS.stopTitle,
      message: CAMPAIGN_TEXTS.stopQuestion,
      okText: T.stopButton,
      okColor: 'error',
    });
    if (!ok) return;
    try {
      await stop.mutateAsync();
      snackbar.show(T.stopSent, 'info');
    } catch (err) {
      snackbar.show(isApiError(err) && err.status > 0 ? err.message : T.stopFailed, 'error');
    }
  };

  return (
    <>
      <PageHeader
        title={run.runDescription || run.name}
        subtitle={`${T.runOf} ${run.name}`}
        actions={
          live &&
          canWrite && (
            <Button
              variant="contained"
              color="error"
              startIcon={<StopCircleRoundedIcon />}
              onClick={() => void onStop()}
              disabled={stop.isPending}
            >
              {T.stopButton}
            </Button>
          )
        }
      />
      <Tabs
        value={tab}
        onChange={(_e, value: TabKey) =>
          setParams(value === 'stats' ? {} : { [TAB_PARAM]: value }, { replace: true })
        }
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((t) => (
          <Tab key={t.key} value={t.key} label={t.label} />
        ))}
      </Tabs>
      {tab === 'stats' && <RunStatsTab ids={ids} run={run} live={live} />}
      {tab === 'calls' && <CallLogTab ids={ids} live={live} />}
      {tab === 'details' && <RunDetailsTab run={run} />}
    </>
  );
}
