import { useState } from 'react';
import { useParams } from 'react-router';
import Button from '@mui/material/Button';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import { WORKFLOW_TEXTS, type Workflow } from '@callsight/shared';
import { RetryAlert } from '../../../components/load-state/index.ts';
import { PageHeader } from '../../../components/page-header/index.ts';
import { useConfirm } from '../../../components/confirm-dialog/index.ts';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useWorkflows } from '../api/get-workflows.ts';
import { useDeleteWorkflow } from '../api/delete-workflow.ts';
import { useSetWorkflowActive } from '../api/set-workflow-active.ts';
import { WorkflowWizard } from '../components/workflow-wizard.tsx';
import { WorkflowsTable } from '../components/workflows-table.tsx';

type Dialog = { mode: 'create' } | { mode: 'edit'; workflow: Workflow } | null;

const failureText = (err: unknown, fallback: string) =>
  isApiError(err) && err.status > 0 ? err.message : fallback;

/** /workflows (spec 001 §2): group and watchdog watchers with toggle, Edit, Delete and the wizard. */
export function WorkflowsPage() {
  const { groupId = '' } = useParams();
  const workflows = useWorkflows(groupId);
  const setActive = useSetWorkflowActive(groupId);
  const remove = useDeleteWorkflow(groupId);
  const confirm = useConfirm();
  const snackbar = useSnackbar();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [pendingToggles, setPendingToggles] = useState<Record<string, boolean>>({});

  const settle = (id: string) => setPendingToggles(({ [id]: _done, ...rest }) => rest);

  const onToggle = async (workflow: Workflow, active: boolean) => {
    // The switch shows the new state while asked; Cancel reverts it (spec 001 §4).
    setPendingToggles((p) => ({ ...p, [workflow.id]: active }));
    const ok = await confirm({
      title: active ? WORKFLOW_TEXTS.enableTitle : WORKFLOW_TEXTS.disableTitle,
      message: active ? WORKFLOW_TEXTS.enableText : WORKFLOW_TEXTS.disableText,
      okText: active ? 'Enable' : 'Disable',
    });
    if (!ok) {
      settle(workflow.id);
      return;
    }
    try {
      await setActive.mutateAsync({ workflow, active });
    } catch (err) {
      snackbar.show(failureText(err, 'The workflow could not be changed.'), 'error');
    } finally {
      settle(workflow.id);
    }
  };

  const onDelete = async (workflow: Workflow) => {
    const ok = await confirm({
      title: WORKFLOW_TEXTS.deleteTitle,
      message: WORKFLOW_TEXTS.deleteText,
      okText: 'Delete',
      okColor: 'error',
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(workflow);
    } catch (err) {
      snackbar.show(failureText(err, 'The workflow could not be deleted.'), 'error');
    }
  };

  return (
    <>
      <PageHeader
        title="Workflows"
        subtitle="Watchers that act when calls have quality issues: an application, a trigger and an action."
        actions={
          <Button
            variant="contained"
            startIcon={<AddRoundedIcon />}
            onClick={() => setDialog({ mode: 'create' })}
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            Create Workflow
          </Button>
        }
      />
      {workflows.isError && (
        <RetryAlert testId="workflows-error" onRetry={() => void workflows.refetch()}>
          The workflows could not be loaded.
        </RetryAlert>
      )}
      <WorkflowsTable
        workflows={workflows.isError ? [] : workflows.data}
        loading={workflows.isFetching || setActive.isPending || remove.isPending}
        pendingToggles={pendingToggles}
        onToggle={(w, active) => void onToggle(w, active)}
        onEdit={(workflow) => setDialog({ mode: 'edit', workflow })}
        onDelete={(w) => void onDelete(w)}
      />
      {dialog && (
        <WorkflowWizard
          groupId={groupId}
          editing={dialog.mode === 'edit' ? dialog.workflow : null}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
