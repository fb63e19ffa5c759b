import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useIsMutating } from '@tanstack/react-query';
import Typography from '@mui/material/Typography';
import {
  NEW_WORKFLOW_ID,
  WORKFLOW_TEXTS,
  type TriggerDefinitionView,
  type WorkflowCatalogue,
  type Workflow,
} from '@callsight/shared';
import {
  useWizardForm,
  Wizard,
  WizardDialog,
  WizardLoadState,
  type WizardStep,
} from '../../../components/wizard/index.ts';
import { ChoiceTiles } from '../../../components/choice-tiles/index.ts';
import { useSession } from '../../../lib/session.ts';
import { useWorkflowCatalogue } from '../api/get-workflow-catalogue.ts';
import { useEventSourceConfigs } from '../api/get-event-source-configs.ts';
import { saveWorkflowMutationKey, useSaveWorkflow } from '../api/save-workflow.ts';
import {
  actionsForTrigger,
  emptyWizardValues,
  formFieldOf,
  STEP,
  STEP_FIELDS,
  triggersFor,
  withTrigger,
  WIZARD_STEPS,
  wizardValuesFromWorkflow,
  workflowWizardSchema,
  type WizardValues,
} from '../wizard/wizard-model.ts';
import { ConfigureStep } from './configure-step.tsx';
import { DetailsStep } from './details-step.tsx';
import { WorkflowIcon } from './workflow-icons.tsx';

interface Props {
  groupId: string;
  /** The workflow edited, or null to create one. */
  editing: Workflow | null;
  onClose: () => void;
}

/**
 * The workflow wizard (spec 001 §2, §4, §5): Application, Trigger, Action, Configure, Details.
 * Next moves on only when the step validates; Create saves. Unmounting resets the form.
 */
export function WorkflowWizard({ groupId, editing, onClose }: Props) {
  const catalogue = useWorkflowCatalogue(groupId);
  const saving = useIsMutating({ mutationKey: saveWorkflowMutationKey(groupId) }) > 0;
  return (
    <WizardDialog
      title={editing ? WORKFLOW_TEXTS.editTitle : WORKFLOW_TEXTS.createTitle}
      onClose={onClose}
      busy={saving}
      testId="workflow-wizard"
    >
      {catalogue.data ? (
        <WizardBody
          groupId={groupId}
          editing={editing}
          catalogue={catalogue.data}
          onClose={onClose}
        />
      ) : (
        <WizardLoadState
          failed={catalogue.isError}
          failedText="The workflow options could not be loaded."
          onRetry={() => void catalogue.refetch()}
        />
      )}
    </WizardDialog>
  );
}

interface BodyProps {
  groupId: string;
  editing: Workflow | null;
  catalogue: WorkflowCatalogue;
  onClose: () => void;
}

function WizardBody({ groupId, editing, catalogue, onClose }: BodyProps) {
  const session = useSession();
  const save = useSaveWorkflow(groupId);
  const schema = useMemo(() => workflowWizardSchema(editing?.id ?? NEW_WORKFLOW_ID), [editing]);
  const form = useWizardForm(
    schema,
    editing ? wizardValuesFromWorkflow(editing) : emptyWizardValues(),
  );
  const { control, getValues, setValue } = form;
  const application = useWatch({ control, name: 'application' });
  const triggerId = useWatch({ control, name: 'trigger' });
  const actionType = useWatch({ control, name: 'actionType' });

  const permissions = session?.claims.permissions ?? [];
  const triggers = triggersFor(catalogue, application, permissions);
  const trigger = catalogue.triggers.find((t) => t.id === triggerId) ?? null;
  const actions = actionsForTrigger(catalogue, triggerId);
  // An edit keeps its watcher family: the two families are saved through different endpoints.
  const editingFamilyWatchdog = editing ? editing.family === 'watchdog' : null;

  const chooseApplication = (id: string) => {
    if (id === getValues('application')) return;
    setValue('application', id);
    setValue('trigger', '');
    setValue('actionType', '');
    setValue('conditions', {});
  };

  const chooseTrigger = (id: string) => {
    const updated = withTrigger(getValues(), catalogue, id);
    setValue('trigger', updated.trigger);
    setValue('actionType', updated.actionType);
    setValue('conditions', updated.conditions);
  };

  const actionLabel = catalogue.actions.find((a) => a.id === actionType)?.label ?? '';
  const [applicationFields, triggerFields, actionFields, configureFields, detailsFields] =
    STEP_FIELDS;
  const steps: WizardStep<WizardValues>[] = [
    {
      label: WIZARD_STEPS[STEP.application],
      fields: applicationFields,
      invalidMessage: WORKFLOW_TEXTS.selectApplication,
      content: (
        <ChoiceTiles
          label="Application"
          testId="workflow-applications"
          value={application}
          onChange={chooseApplication}
          choices={catalogue.applications.map((a) => ({
            ...a,
            icon: <WorkflowIcon name={a.icon} />,
            disabledText: 'Not enabled for this group',
          }))}
        />
      ),
    },
    {
      label: WIZARD_STEPS[STEP.trigger],
      fields: triggerFields,
      invalidMessage: WORKFLOW_TEXTS.selectTrigger,
      content:
        triggers.length === 0 ? (
          <Typography color="text.secondary">
            No triggers are available for this application.
          </Typography>
        ) : (
          <ChoiceTiles
            label="Trigger"
            testId="workflow-triggers"
            value={triggerId}
            onChange={chooseTrigger}
            choices={triggers.map((t) => ({
              id: t.id,
              label: t.displayText,
              icon: <WorkflowIcon name={t.icon} />,
              description: t.description,
              disabled:
                editingFamilyWatchdog !== null && t.watchdogWatcher !== editingFamilyWatchdog,
              disabledText: 'Create a new workflow to use this trigger.',
            }))}
          />
        ),
    },
    {
      label: WIZARD_STEPS[STEP.action],
      fields: actionFields,
      invalidMessage: WORKFLOW_TEXTS.selectAction,
      content: (
        <ChoiceTiles
          label="Action"
          testId="workflow-actions"
          value={actionType}
          onChange={(id) => {
            const action = actions.find((a) => a.id === id);
            if (action) setValue('actionType', action.id);
          }}
          choices={actions.map((a) => ({
            ...a,
            icon: <WorkflowIcon name={a.icon} />,
            disabledText: 'Not enabled for this group',
          }))}
        />
      ),
    },
    {
      label: WIZARD_STEPS[STEP.configure],
      fields: configureFields,
      content: (
        <ConfigureWithSources groupId={groupId} trigger={trigger} actionLabel={actionLabel} />
      ),
    },
    {
      label: WIZARD_STEPS[STEP.details],
      fields: detailsFields,
      content: <DetailsStep />,
    },
  ];

  return (
    <Wizard
      schema={schema}
      form={form}
      steps={steps}
      submitLabel={editing ? 'Save' : 'Create'}
      successMessage={editing ? WORKFLOW_TEXTS.updated : WORKFLOW_TEXTS.created}
      failureMessage={WORKFLOW_TEXTS.saveFailed}
      serverField={formFieldOf}
      onSubmit={(payload) =>
        save.mutateAsync({
          groupId,
          family: findFamily(catalogue, payload.trigger),
          payload,
        })
      }
      onSuccess={onClose}
      onCancel={onClose}
    />
  );
}

/** Watchdog triggers are saved as watchdog watchers, the others as group watchers. */
const findFamily = (catalogue: WorkflowCatalogue, triggerId: string) =>
  catalogue.triggers.find((t) => t.id === triggerId)?.watchdogWatcher ? 'watchdog' : 'group';

interface ConfigureProps {
  groupId: string;
  trigger: TriggerDefinitionView | null;
  actionLabel: string;
}

/** Step 3, which alone loads the event sources (spec 001 §4: on reaching step 3). */
function ConfigureWithSources({ groupId, trigger, actionLabel }: ConfigureProps) {
  const actionType = useWatch<WizardValues, 'actionType'>({ name: 'actionType' });
  const eventSources = useEventSourceConfigs(
    groupId,
    actionType === 'eventbridge' && !!trigger?.loadsEventSources,
  );
  return (
    <ConfigureStep
      trigger={trigger}
      actionLabel={actionLabel}
      eventSources={{
        loading: eventSources.isFetching && !eventSources.data,
        error: eventSources.isError,
        data: eventSources.data,
      }}
    />
  );
}
