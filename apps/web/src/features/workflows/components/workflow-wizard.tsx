import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useIsMutating } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import {
  NEW_WORKFLOW_ID,
  WORKFLOW_TEXTS,
  type WorkflowCatalogue,
  type Workflow,
} from '@callsight/shared';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { useWorkflowCatalogue } from '../api/get-workflow-catalogue.ts';
import { useEventSourceConfigs } from '../api/get-event-source-configs.ts';
import { saveWorkflowMutationKey, useSaveWorkflow } from '../api/save-workflow.ts';
import {
  actionsForTrigger,
  emptyWizardValues,
  formFieldOf,
  STEP,
  stepOfField,
  toSavePayload,
  triggersFor,
  validateStep,
  withTrigger,
  WIZARD_STEPS,
  wizardValuesFromWorkflow,
  type FieldErrors,
  type StepCheck,
  type WizardValues,
} from '../wizard/wizard-model.ts';
import { ChoiceTiles } from './choice-tiles.tsx';
import { ConfigureStep } from './configure-step.tsx';
import { DetailsStep } from './details-step.tsx';

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
  const title = editing ? WORKFLOW_TEXTS.editTitle : WORKFLOW_TEXTS.createTitle;
  return (
    <Dialog
      open
      onClose={(_e, reason) => {
        // A click beside the dialog must not throw away what was entered.
        if (reason !== 'backdropClick' && !saving) onClose();
      }}
      maxWidth="md"
      fullWidth
      aria-labelledby="workflow-wizard-title"
      data-testid="workflow-wizard"
    >
      <DialogTitle id="workflow-wizard-title" sx={{ pr: 6 }}>
        {title}
        <IconButton
          aria-label="Close"
          onClick={onClose}
          disabled={saving}
          sx={{ position: 'absolute', right: 12, top: 12 }}
        >
          <CloseRoundedIcon />
        </IconButton>
      </DialogTitle>
      {catalogue.data ? (
        <WizardBody
          groupId={groupId}
          editing={editing}
          catalogue={catalogue.data}
          onClose={onClose}
        />
      ) : (
        <DialogContent sx={{ minHeight: 200 }}>
          {catalogue.isError ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void catalogue.refetch()}>
                  Retry
                </Button>
              }
            >
              The workflow options could not be loaded.
            </Alert>
          ) : (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
              <CircularProgress aria-label="Loading" />
            </Box>
          )}
        </DialogContent>
      )}
    </Dialog>
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
  const snackbar = useSnackbar();
  const save = useSaveWorkflow(groupId);
  const [step, setStep] = useState<number>(STEP.application);
  const form = useForm<WizardValues>({
    defaultValues: editing ? wizardValuesFromWorkflow(editing) : emptyWizardValues(),
  });
  const { control, clearErrors, setError, getValues, setValue } = form;
  const application = useWatch({ control, name: 'application' });
  const triggerId = useWatch({ control, name: 'trigger' });
  const actionType = useWatch({ control, name: 'actionType' });

  const permissions = session?.claims.permissions ?? [];
  const triggers = triggersFor(catalogue, application, permissions);
  const trigger = catalogue.triggers.find((t) => t.id === triggerId) ?? null;
  const actions = actionsForTrigger(catalogue, triggerId);
  const eventSources = useEventSourceConfigs(
    groupId,
    step >= STEP.configure && actionType === 'eventbridge' && !!trigger?.loadsEventSources,
  );
  // An edit keeps its watcher family: the two families are saved through different endpoints.
  const editingFamilyWatchdog = editing ? editing.family === 'watchdog' : null;

  const show = (check: StepCheck) => {
    clearErrors();
    for (const [field, message] of Object.entries(check.errors) as [keyof FieldErrors, string][]) {
      setError(field, { type: 'validate', message });
    }
    if (check.message) snackbar.show(check.message, 'warning');
  };

  const next = () => {
    const check = validateStep(step, getValues());
    if (check.message || Object.keys(check.errors).length > 0) {
      show(check);
      return;
    }
    clearErrors();
    setStep(step + 1);
  };

  const create = async () => {
    const values = getValues();
    const checked = toSavePayload(values, editing?.id ?? NEW_WORKFLOW_ID);
    if (!checked.ok) {
      setStep(checked.step);
      show(checked.check);
      return;
    }
    try {
      await save.mutateAsync({
        groupId,
        family: trigger?.watchdogWatcher ? 'watchdog' : 'group',
        payload: checked.payload,
      });
      snackbar.show(editing ? WORKFLOW_TEXTS.updated : WORKFLOW_TEXTS.created, 'success');
      onClose();
    } catch (err) {
      snackbar.show(WORKFLOW_TEXTS.saveFailed, 'error');
      // Field errors of the server go under their fields, on the first step that shows one.
      const errors: FieldErrors = {};
      let back: number | null = null;
      for (const [path, message] of Object.entries(isApiError(err) ? (err.fields ?? {}) : {})) {
        const field = formFieldOf(path);
        if (!field) continue;
        errors[field] ??= message;
        back = Math.min(back ?? STEP.details, stepOfField(field));
      }
      if (back !== null) {
        setStep(back);
        show({ errors, message: null });
      }
    }
  };

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

  const last = step === WIZARD_STEPS.length - 1;
  const actionLabel = catalogue.actions.find((a) => a.id === actionType)?.label ?? '';
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (last) void create();
        else next();
      }}
      // A flex column, so that only the step scrolls and the title and buttons stay in view.
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}
    >
      <DialogContent sx={{ minHeight: 360 }}>
        <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
          {WIZARD_STEPS.map((label) => (
            <Step key={label}>
              <StepLabel>{label}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {step === STEP.application && (
          <ChoiceTiles
            label="Application"
            testId="workflow-applications"
            value={application}
            onChange={chooseApplication}
            choices={catalogue.applications.map((a) => ({
              ...a,
              disabledText: 'Not enabled for this group',
            }))}
          />
        )}
        {step === STEP.trigger &&
          (triggers.length === 0 ? (
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
                icon: t.icon,
                description: t.description,
                disabled:
                  editingFamilyWatchdog !== null && t.watchdogWatcher !== editingFamilyWatchdog,
                disabledText: 'Create a new workflow to use this trigger.',
              }))}
            />
          ))}
        {step === STEP.action && (
          <ChoiceTiles
            label="Action"
            testId="workflow-actions"
            value={actionType}
            onChange={(id) => {
              const action = actions.find((a) => a.id === id);
              if (action) setValue('actionType', action.id);
            }}
            choices={actions.map((a) => ({ ...a, disabledText: 'Not enabled for this group' }))}
          />
        )}
        {step === STEP.configure && (
          <ConfigureStep
            control={control}
            clearErrors={clearErrors}
            trigger={trigger}
            actionLabel={actionLabel}
            eventSources={{
              loading: eventSources.isFetching && !eventSources.data,
              error: eventSources.isError,
              data: eventSources.data,
            }}
          />
        )}
        {step === STEP.details && <DetailsStep control={control} clearErrors={clearErrors} />}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={save.isPending} sx={{ mr: 'auto' }}>
          Cancel
        </Button>
        <Button
          onClick={() => {
            clearErrors();
            setStep(step - 1);
          }}
          disabled={step === 0 || save.isPending}
        >
          Previous
        </Button>
        {last ? (
          <Button
            type="submit"
            variant="contained"
            disabled={save.isPending}
            startIcon={save.isPending ? <CircularProgress size={16} /> : undefined}
          >
            {editing ? 'Save' : 'Create'}
          </Button>
        ) : (
          <Button type="submit" variant="contained">
            Next
          </Button>
        )}
      </DialogActions>
    </Box>
  );
}
