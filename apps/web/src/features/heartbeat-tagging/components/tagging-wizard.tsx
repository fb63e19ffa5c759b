import { useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineRounded';
import {
  TAGGING_FIELDS,
  TAGGING_OPERATORS,
  TAGGING_TEXTS,
  TaggingConfigSchema,
  TaggingOperatorSchema,
  YES_NO_TAGGING_FIELDS,
  currentOperator,
  type TaggingConfig,
} from '@callsight/shared';

type FormInput = z.input<typeof TaggingConfigSchema>;
type FormOutput = z.output<typeof TaggingConfigSchema>;

const STEPS = ['Details', 'Conditions'] as const;
const emptyCondition = (operator: FormInput['conditions'][number]['operator']) => ({
  name: '',
  operator,
  threshold: '',
});

interface TaggingWizardProps {
  /** The config edited, or null for a new one. */
  editing: TaggingConfig | null;
  /** Names of the other configs: a name is used once. */
  otherNames: string[];
  saving: boolean;
  onCancel: () => void;
  onSave: (config: TaggingConfig) => Promise<void>;
}

/**
 * The two-step tagging config wizard (spec 000 §2.5, §5): Details (name, field), then
 * Conditions (name, operator, threshold); all conditions share one operator.
 */
export function TaggingWizard({
  editing,
  otherNames,
  saving,
  onCancel,
  onSave,
}: TaggingWizardProps) {
  const [step, setStep] = useState(0);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(TaggingConfigSchema),
    defaultValues: editing
      ? {
          name: editing.name,
          field: editing.field,
          conditions: editing.conditions.map((c) => ({ ...c, threshold: String(c.threshold) })),
        }
      : { name: '', field: '', conditions: [emptyCondition('<')] },
  });
  const conditions = useFieldArray({ control: form.control, name: 'conditions' });
  const watched = useWatch({ control: form.control, name: 'conditions' });
  const fieldValue = useWatch({ control: form.control, name: 'field' });
  const fieldOptions =
    TAGGING_FIELDS.some((f) => f.value === fieldValue) || !fieldValue
      ? TAGGING_FIELDS
      : [...TAGGING_FIELDS, { value: fieldValue, label: fieldValue }];

  const nameTaken = (name: string) =>
    otherNames.some((n) => n.toLowerCase() === name.trim().toLowerCase());

  const next = async () => {
    const ok = await form.trigger(['name', 'field']);
    if (!ok) return;
    if (nameTaken(form.getValues('name'))) {
      form.setError('name', {
        type: 'unique',
        message: TAGGING_TEXTS.duplicateName(form.getValues('name').trim()),
      });
      return;
    }
    setStep(1);
  };

  /** Changing one operator changes all (spec 000 §5). */
  const setOperator = (value: string) => {
    const parsed = TaggingOperatorSchema.safeParse(value);
    if (!parsed.success) return;
    form
      .getValues('conditions')
      .forEach((_, i) =>
        form.setValue(`conditions.${i}.operator`, parsed.data, { shouldDirty: true }),
      );
  };

  const submit = form.handleSubmit(
    async (config) => {
      if (nameTaken(config.name)) {
        form.setError('name', {
          type: 'unique',
          message: TAGGING_TEXTS.duplicateName(config.name),
        });
        setStep(0);
        return;
      }
      await onSave(config);
    },
    (errors) => {
      if (errors.name || errors.field) setStep(0);
    },
  );

  const listError =
    form.formState.errors.conditions?.message ?? form.formState.errors.conditions?.root?.message;

  return (
    <Dialog
      open
      onClose={saving ? undefined : onCancel}
      maxWidth="md"
      fullWidth
      aria-labelledby="tagging-wizard-title"
    >
      <form
        noValidate
        onSubmit={(e) => {
          if (step === 0) {
            e.preventDefault();
            void next();
          } else void submit(e);
        }}
      >
        <DialogTitle id="tagging-wizard-title">
          {editing ? `Edit ${editing.name}` : 'New Config'}
        </DialogTitle>
        <DialogContent>
          <Stepper activeStep={step} sx={{ mb: 3, mt: 1 }}>
            {STEPS.map((label) => (
              <Step key={label}>
                <StepLabel>{label}</StepLabel>
              </Step>
            ))}
          </Stepper>
          {step === 0 && (
            <Stack spacing={2.5}>
              <Controller
                name="name"
                control={form.control}
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    label="Name"
                    required
                    autoFocus
                    error={!!fieldState.error}
                    helperText={fieldState.error?.message ?? 'Shown as the tag on heartbeat calls.'}
                  />
                )}
              />
              <Controller
                name="field"
                control={form.control}
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    select
                    label="Field"
                    required
                    error={!!fieldState.error}
                    helperText={
                      fieldState.error?.message ?? 'The heartbeat measure the conditions test.'
                    }
                  >
                    {fieldOptions.map((o) => (
                      <MenuItem key={o.value} value={o.value}>
                        {o.label}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Stack>
          )}
          {step === 1 && (
            <Stack spacing={2}>
              <Typography variant="body2" color="text.secondary">
                A heartbeat call gets the name of the condition its{' '}
                {fieldOptions.find((o) => o.value === fieldValue)?.label ?? 'field'} meets most
                tightly (the lowest threshold under Less Than, the highest over Greater Than). All
                conditions use one operator.
              </Typography>
              {(YES_NO_TAGGING_FIELDS as readonly string[]).includes(fieldValue) && (
                <Typography variant="body2" color="text.secondary" data-testid="yes-no-hint">
                  This field is 1 when it happened and 0 when not: use Greater Than (&gt;) with
                  threshold 0.
                </Typography>
              )}
              {conditions.fields.map((row, index) => (
                <Stack
                  key={row.id}
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={1.5}
                  sx={{ alignItems: { sm: 'flex-start' } }}
                  data-testid="tagging-condition"
                >
                  <Controller
                    name={`conditions.${index}.name`}
                    control={form.control}
                    render={({ field, fieldState }) => (
                      <TextField
                        {...field}
                        label={`Condition ${index + 1} name`}
                        required
                        error={!!fieldState.error}
                        helperText={fieldState.error?.message ?? ' '}
                        sx={{ flex: 2 }}
                      />
                    )}
                  />
                  <TextField
                    select
                    label="Operator"
                    value={watched[index]?.operator ?? '<'}
                    onChange={(e) => setOperator(e.target.value)}
                    helperText=" "
                    sx={{ flex: 1.4, minWidth: 180 }}
                  >
                    {TAGGING_OPERATORS.map((o) => (
                      <MenuItem key={o.value} value={o.value}>
                        {o.label}
                      </MenuItem>
                    ))}
                  </TextField>
                  <Controller
                    name={`conditions.${index}.threshold`}
                    control={form.control}
                    render={({ field, fieldState }) => (
                      <TextField
                        name={field.name}
                        value={String(field.value)}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        inputRef={field.ref}
                        label="Threshold"
                        required
                        error={!!fieldState.error}
                        helperText={fieldState.error?.message ?? ' '}
                        sx={{ flex: 1 }}
                        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                      />
                    )}
                  />
                  <Box sx={{ pt: 1 }}>
                    <Tooltip title="Remove condition">
                      <span>
                        <IconButton
                          aria-label={`Remove condition ${index + 1}`}
                          disabled={conditions.fields.length === 1}
                          onClick={() => conditions.remove(index)}
                        >
                          <DeleteOutlineIcon />
                        </IconButton>
                      </span>
                    </Tooltip>
                  </Box>
                </Stack>
              ))}
              {listError && <Alert severity="error">{listError}</Alert>}
              <Box>
                <Button
                  startIcon={<AddIcon />}
                  onClick={() =>
                    conditions.append(emptyCondition(currentOperator(form.getValues('conditions'))))
                  }
                >
                  Add Condition
                </Button>
              </Box>
            </Stack>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Box sx={{ flex: 1 }} />
          {step === 1 && (
            <Button onClick={() => setStep(0)} disabled={saving}>
              Back
            </Button>
          )}
          {step === 0 ? (
            // Distinct keys: reusing one button element would turn a Next click into a submit.
            <Button key="next" variant="contained" onClick={() => void next()}>
              Next
            </Button>
          ) : (
            <Button key="save" type="submit" variant="contained" disabled={saving}>
              Save
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
