import { useState } from 'react';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import {
  ACCESS,
  EVENTBRIDGE_TEXTS,
  fetchEventSourcesErrorText,
  hasPermission,
  type EventSource,
} from '@callsight/shared';
import { RetryAlert } from '../../../components/load-state/index.ts';
import { PageHeader } from '../../../components/page-header/index.ts';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { useConfirm } from '../../../components/confirm-dialog/index.ts';
import { useSession } from '../../../lib/session.ts';
import { useEventSources } from '../api/get-event-sources.ts';
import { useEventBridgeSettings } from '../api/get-eventbridge-settings.ts';
import { useDeleteEventSource } from '../api/delete-event-source.ts';
import { useAssociateEventBus } from '../api/associate-event-bus.ts';
import { AddEventSourceDialog } from '../components/add-event-source-dialog.tsx';
import { EventSourcesTable } from '../components/event-sources-table.tsx';
import { toFailure } from '../failure.ts';

/** /configs/eventbridge: the group's EventBridge partner event sources (spec 000 §2.5). */
export function EventBridgePage() {
  const { groupId = '' } = useParams();
  const session = useSession();
  const canWrite = !!session && hasPermission(session.claims.permissions, ACCESS.adminSuper);
  const sources = useEventSources(groupId);
  const settings = useEventBridgeSettings(groupId);
  const remove = useDeleteEventSource(groupId);
  const associate = useAssociateEventBus(groupId);
  const snackbar = useSnackbar();
  const confirm = useConfirm();
  const [adding, setAdding] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);

  const onDelete = async (source: EventSource) => {
    const ok = await confirm({
      title: 'Delete event source',
      message: `Delete ${source.eventSourceName}? The AWS account ${source.accountId} stops receiving its events.`,
      okText: 'Delete',
      okColor: 'error',
    });
    if (!ok) return;
    setActionError(null);
    try {
      await remove.mutateAsync(source.eventSourceId);
      snackbar.show(EVENTBRIDGE_TEXTS.deleted, 'success');
    } catch (err) {
      snackbar.show(EVENTBRIDGE_TEXTS.deleteFailed, 'error');
      setActionError(fetchEventSourcesErrorText(toFailure(err)));
    }
  };

  const onAssociate = async (source: EventSource) => {
    setActionError(null);
    try {
      await associate.mutateAsync(source.eventSourceId);
      snackbar.show('Event bus associated: the event source is active.', 'success');
    } catch (err) {
      setActionError(fetchEventSourcesErrorText(toFailure(err)));
    }
  };

  return (
    <>
      <PageHeader
        title={EVENTBRIDGE_TEXTS.title}
        subtitle="Send this group's call events to your AWS account through Amazon EventBridge partner event sources."
        actions={
          canWrite && (
            <Button
              variant="contained"
              startIcon={<AddRoundedIcon />}
              onClick={() => setAdding(true)}
              sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            >
              {EVENTBRIDGE_TEXTS.addButton}
            </Button>
          )
        }
      />
      {settings.data?.adapter === 'local' && canWrite && (
        <Alert severity="info" sx={{ mb: 2 }}>
          AWS is not configured on this server: event sources are kept here. Use the link button to
          associate an event bus with a pending source.
        </Alert>
      )}
      {actionError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          onClose={() => setActionError(null)}
          data-testid="eventbridge-action-error"
        >
          {actionError}
        </Alert>
      )}
      {sources.isError ? (
        <RetryAlert testId="eventbridge-fetch-error" onRetry={() => void sources.refetch()}>
          {fetchEventSourcesErrorText(toFailure(sources.error))}
        </RetryAlert>
      ) : (
        <EventSourcesTable
          sources={sources.data}
          loading={sources.isPending || remove.isPending || associate.isPending}
          canWrite={canWrite}
          canAssociate={settings.data?.adapter === 'local'}
          onDelete={(s) => void onDelete(s)}
          onAssociate={(s) => void onAssociate(s)}
        />
      )}
      {adding && (
        <AddEventSourceDialog
          groupId={groupId}
          namePrefix={settings.data?.namePrefix ?? null}
          onClose={() => setAdding(false)}
        />
      )}
    </>
  );
}
