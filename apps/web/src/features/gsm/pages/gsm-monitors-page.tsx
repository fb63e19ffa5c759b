import { useState } from 'react';
import { useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import { DEFAULT_RANGES, SYNTHETIC_TEXTS, type Monitor } from '@callsight/shared';
import { PageHeader } from '../../../components/page-header/index.ts';
import { useDeleteMonitor } from '../api/delete-monitor.ts';
import { useDisableMonitor } from '../api/disable-monitor.ts';
import { getMonitorsQueryOptions, useMonitors } from '../api/get-monitors.ts';
import { MonitorWizard } from '../components/monitor-wizard.tsx';
import { MonitorsTable } from '../components/monitors-table.tsx';
import { NewButton } from '../synthetic/components/new-button.tsx';
import { RangeFilter } from '../synthetic/components/range-filter.tsx';
import { useListWindow } from '../synthetic/list-window.ts';
import { SYNTHETIC_SCREEN_TEXTS } from '../synthetic/texts.ts';
import { useFailureSnackbar } from '../synthetic/use-failure-snackbar.ts';
import { useRowAction } from '../synthetic/use-row-action.ts';
import { GSM_SCREEN_TEXTS as T } from '../texts.ts';

/** /gsm/monitors (spec 002 §2.1): the monitors of the last 30 days, New Monitor, Disable, Delete. */
export function GsmMonitorsPage() {
  const { groupId = '' } = useParams();
  const queryClient = useQueryClient();
  const { range, setRange } = useListWindow(DEFAULT_RANGES.monitors);
  const monitors = useMonitors(groupId, range);
  const disable = useDisableMonitor(groupId);
  const remove = useDeleteMonitor(groupId);
  const act = useRowAction();
  const [creating, setCreating] = useState(false);
  useFailureSnackbar(monitors.isError, SYNTHETIC_TEXTS.monitorsLoadFailed);

  const onDisable = (monitor: Monitor) =>
    act({
      ask: { title: T.disableTitle, message: T.disableQuestion, okText: 'Disable' },
      run: () => disable.mutateAsync(monitor.monitorId),
      success: SYNTHETIC_TEXTS.monitorDisabled,
      failure: SYNTHETIC_TEXTS.monitorDisableFailed,
    });
  const onDelete = (monitor: Monitor) =>
    act({
      ask: { title: T.deleteTitle, message: T.deleteQuestion, okText: 'Delete', okColor: 'error' },
      run: () => remove.mutateAsync(monitor.monitorId),
      success: T.monitorDeleted,
      failure: T.monitorDeleteFailed,
    });

  // Within 2 s of the last answer this answers from the cache (spec 002 §2.1: throttled).
  const refresh = () => void queryClient.prefetchQuery(getMonitorsQueryOptions(groupId, range));

  return (
    <>
      <PageHeader
        title={T.monitorsTitle}
        subtitle={T.monitorsSubtitle}
        actions={<NewButton label={T.newMonitor} onClick={() => setCreating(true)} />}
      />
      <MonitorsTable
        monitors={monitors.isError ? [] : monitors.data}
        loading={monitors.isFetching || disable.isPending || remove.isPending}
        filter={
          <RangeFilter
            range={range}
            onRange={setRange}
            defaultRange={DEFAULT_RANGES.monitors}
            testId="monitors-range"
          />
        }
        actions={
          <Button size="small" startIcon={<RefreshRoundedIcon />} onClick={refresh}>
            {SYNTHETIC_SCREEN_TEXTS.refresh}
          </Button>
        }
        onDisable={(m) => void onDisable(m)}
        onDelete={(m) => void onDelete(m)}
      />
      {creating && <MonitorWizard groupId={groupId} onClose={() => setCreating(false)} />}
    </>
  );
}
