import { Fragment, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  FormProvider,
  useFormState,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useSnackbar } from '../snackbar/index.ts';
import { isApiError } from '../../lib/api-client.ts';
import { useInWizardDialog } from './wizard-dialog.tsx';
import { errorPaths, firstStepWithError, inStep, stepOfField } from './wizard-fields.ts';
import { issuesByField, schemaFor, type WizardSchema } from './wizard-schema.ts';

export interface WizardStep<TValues extends FieldValues> {
  /** The stepper's label (a wizard of one step shows no stepper). */
  label: string;
  /** The fields Next validates; server errors on them bring the wizard back to this step. */
  fields: readonly FieldPath<TValues>[];
  /** Snackbar text when the step does not validate, e.g. 'Please select an Application'. */
  invalidMessage?: string;
  /** Rendered only while the step is shown; the form's values outlive it. */
  content: ReactNode;
}

export interface WizardProps<TValues extends FieldValues, TOutput> {
  /** The whole value's schema (packages/shared): Next checks the step's fields against it. */
  schema: WizardSchema<TValues, TOutput>;
  /**
   * The caller's form, with the same schema as resolver (the last button saves through it):
   * `useForm<z.input<typeof S>, unknown, z.output<typeof S>>({ resolver: wizardResolver(S) })`.
   */
  form: UseFormReturn<TValues, unknown, TOutput>;
  steps: readonly WizardStep<TValues>[];
  /** The last step's button: 'Create', 'Save', 'Run Campaign'. */
  submitLabel: string;
  /** The last button's label while saving (the label stays, with a spinner, when absent). */
  submittingLabel?: string;
  /**
   * Saves the parsed value. Throwing shows `failureMessage` and the error's fields under their
   * fields; returning false refuses quietly (the step has set its own field errors).
   */
  onSubmit: (values: TOutput) => Promise<unknown>;
  /** Snackbar text after saving, e.g. 'Workflow created successfully.'. */
  successMessage?: string;
  /** Snackbar text when saving throws (a function to pick the server's own text). */
  failureMessage: string | ((error: unknown) => string);
  /** Maps a server field name ('actions.0.url') to the form's field; default: the same name. */
  serverField?: (path: string) => FieldPath<TValues> | null;
  /** After saving and the reset: close the dialog or leave the page. */
  onSuccess?: () => void;
  /** Shows a Cancel button. */
  onCancel?: () => void;
  /** Keeps the last button disabled, e.g. while nothing has changed. */
  submitDisabled?: boolean;
  /** Buttons on the left of the button row (e.g. Remove). */
  startActions?: ReactNode;
  /** Accessible name of the form, outside a dialog. */
  label?: string;
}

/**
 * Steps of one react-hook-form form (spec 001 §4: wizards advance only when the current step
 * validates). Next checks the step's fields against the schema; the last button checks
 * everything through the form's resolver, returns to the first step that fails, saves, shows the
 * step's or the save's snackbar text and resets the form to its defaults.
 */
export function Wizard<TValues extends FieldValues, TOutput>({
  schema,
  form,
  steps,
  submitLabel,
  submittingLabel,
  onSubmit,
  successMessage,
  failureMessage,
  serverField,
  onSuccess,
  onCancel,
  submitDisabled = false,
  startActions,
  label,
}: WizardProps<TValues, TOutput>) {
  const snackbar = useSnackbar();
  const inDialog = useInWizardDialog();
  const { isSubmitting } = useFormState({ control: form.control });
  const [active, setActive] = useState(0);
  const step = Math.min(active, steps.length - 1);
  const current = steps[step];
  const last = step === steps.length - 1;

  // The snackbar text a step showed ('Please select an Action') belongs to that step: it is
  // dismissed when another step shows, or the wizard closes, unless a newer message replaced it.
  const stepMessage = useRef<{ id: number; step: number } | null>(null);
  const { dismiss } = snackbar;
  useEffect(() => {
    const shown = stepMessage.current;
    if (shown && shown.step !== step) {
      dismiss(shown.id);
      stepMessage.current = null;
    }
  }, [step, dismiss]);
  useEffect(
    () => () => {
      if (stepMessage.current) dismiss(stepMessage.current.id);
    },
    [dismiss],
  );

  /** Shows a step's snackbar text, tied to the step that is (or is about to be) shown. */
  const warn = (message: string | undefined, forStep = step) => {
    if (message)
      stepMessage.current = { id: snackbar.showTracked(message, 'warning'), step: forStep };
  };

  // Next checks the step at once against the schema (no wait for the resolver): the snackbar
  // text and the field errors show in the same frame as the click.
  const next = () => {
    if (!current) return;
    const values = form.getValues();
    const result = schemaFor(schema, values).safeParse(values);
    const issues = result.success
      ? []
      : [...issuesByField(result.error)].filter(([path]) => inStep(current, path));
    form.clearErrors();
    if (issues.length === 0) {
      setActive(step + 1);
      return;
    }
    issues.forEach(([path, issue], i) => {
      const error = { type: issue.code, message: issue.message };
      form.setError(path as FieldPath<TValues>, error, { shouldFocus: i === 0 });
    });
    warn(current.invalidMessage);
  };

  const previous = () => {
    form.clearErrors();
    setActive(Math.max(0, step - 1));
  };

  /** Shows only the errors of one step, so that a later step's errors wait for their step. */
  const showStep = (index: number, errors: FieldErrors) => {
    const others = errorPaths(errors).filter((path) => stepOfField(steps, path) !== index);
    for (const path of others) form.clearErrors(path as FieldPath<TValues>);
    setActive(index);
  };

  const refused = (errors: FieldErrors) => {
    const index = firstStepWithError(steps, errors);
    if (index < 0) {
      // An error no step shows: say it rather than refuse without a word.
      const first = Object.values(errors).find((e) => typeof e?.message === 'string');
      warn(typeof first?.message === 'string' ? first.message : undefined);
      return;
    }
    showStep(index, errors);
    warn(steps[index]?.invalidMessage, index);
  };

  const failed = (error: unknown) => {
    snackbar.show(
      typeof failureMessage === 'string' ? failureMessage : failureMessage(error),
      'error',
    );
    // The server's field errors go under their fields, on the first step that shows one.
    const fields = isApiError(error) ? (error.fields ?? {}) : {};
    let back = -1;
    form.clearErrors();
    for (const [path, message] of Object.entries(fields)) {
      const field = serverField ? serverField(path) : (path as FieldPath<TValues>);
      const index = field === null ? -1 : stepOfField(steps, field);
      if (field === null || index < 0) continue;
      if (back < 0 || index < back) back = index;
      form.setError(field, { type: 'server', message });
    }
    if (back >= 0) setActive(back);
  };

  const submit = form.handleSubmit(async (values) => {
    let outcome: unknown;
    try {
      outcome = await onSubmit(values);
    } catch (error) {
      failed(error);
      return;
    }
    if (outcome === false) return;
    if (successMessage) snackbar.show(successMessage, 'success');
    form.reset();
    setActive(0);
    onSuccess?.();
  }, refused);

  // Keyed by step: two steps with fields of one kind must not share their inputs.
  const content = <Fragment key={step}>{current?.content}</Fragment>;
  const stepper = steps.length > 1 && (
    <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
      {steps.map((s) => (
        <Step key={s.label}>
          <StepLabel>{s.label}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
  const buttons = (
    <>
      <Box sx={{ mr: 'auto' }}>{startActions}</Box>
      <Stack direction="row" spacing={1}>
        {onCancel && (
          <Button color="inherit" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
        )}
        {steps.length > 1 && (
          <Button onClick={previous} disabled={step === 0 || isSubmitting}>
            Previous
          </Button>
        )}
        {last ? (
          <Button
            type="submit"
            variant="contained"
            disabled={submitDisabled || isSubmitting}
            startIcon={isSubmitting ? <CircularProgress size={16} /> : undefined}
          >
            {isSubmitting && submittingLabel ? submittingLabel : submitLabel}
          </Button>
        ) : (
          <Button type="submit" variant="contained">
            Next
          </Button>
        )}
      </Stack>
    </>
  );

  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (last) void submit(event);
    else next();
  };

  return (
    <FormProvider {...form}>
      {inDialog ? (
        <Box
          component="form"
          noValidate
          onSubmit={onFormSubmit}
          // A flex column, so that only the step scrolls and the title and buttons stay in view.
          sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}
        >
          <DialogContent sx={{ minHeight: 360 }}>
            {stepper}
            {content}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>{buttons}</DialogActions>
        </Box>
      ) : (
        <Paper
          component="form"
          variant="outlined"
          noValidate
          onSubmit={onFormSubmit}
          aria-label={label}
          sx={{ p: { xs: 3, md: 4 }, maxWidth: 720 }}
        >
          {stepper}
          {content}
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', pt: 3.5 }}>{buttons}</Box>
        </Paper>
      )}
    </FormProvider>
  );
}
