import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  EVENTBRIDGE,
  EVENTBRIDGE_REGIONS,
  EVENTBRIDGE_TEXTS,
  EventSourceCreateSchema,
  createEventSourceErrorText,
} from '@callsight/shared';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { useCreateEventSource } from '../api/create-event-source.ts';
import { toFailure } from '../failure.ts';

type FormIn = z.input<typeof EventSourceCreateSchema>;
type FormOut = z.output<typeof EventSourceCreateSchema>;
const FIELDS = ['awsRegion', 'eventSourceName', 'accountId'] as const;

interface Props {
  groupId: string;
  /** aws.partner/{domain}/{groupId}/, to preview the full name; null while unknown. */
  namePrefix: string | null;
  onClose: () => void;
}

/** The "Add Event Source" modal: region, name and the 12-digit AWS account (spec 000 §5). */
export function AddEventSourceDialog({ groupId, namePrefix, onClose }: Props) {
  const create = useCreateEventSource(groupId);
  const snackbar = useSnackbar();
  const [submitError, setSubmitError] = useState<string | null>(null);
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(EventSourceCreateSchema),
    defaultValues: { eventSourceName: '', accountId: '' },
  });
  const { errors } = form.formState;
  const name = form.watch('eventSourceName');

  const submit = form.handleSubmit(async (input) => {
    setSubmitError(null);
    try {
      await create.mutateAsync(input);
      snackbar.show(EVENTBRIDGE_TEXTS.created, 'success');
      onClose();
    } catch (err) {
      const failure = toFailure(err);
      snackbar.show(EVENTBRIDGE_TEXTS.createFailed, 'error');
      setSubmitError(createEventSourceErrorText(failure));
      if (failure.http && failure.fields) {
        for (const field of FIELDS) {
          const message = failure.fields[field];
          if (message) form.setError(field, { message });
        }
      }
    }
  });

  const busy = create.isPending;
  const preview = namePrefix ? `${namePrefix}${name || '<name>'}` : undefined;
  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      maxWidth="sm"
      fullWidth
      aria-labelledby="add-event-source-title"
      data-testid="add-event-source-dialog"
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="add-event-source-title">{EVENTBRIDGE_TEXTS.addButton}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            We offer a partner event source to your AWS account. Then associate it with an event bus
            in the EventBridge console to start receiving events.
          </DialogContentText>
          {submitError && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="add-event-source-error">
              {submitError}
            </Alert>
          )}
          <Stack spacing={2}>
            <Controller
              control={form.control}
              name="awsRegion"
              render={({ field }) => (
                <TextField
                  select
                  label="AWS Region"
                  required
                  fullWidth
                  disabled={busy}
                  name={field.name}
                  inputRef={field.ref}
                  value={field.value ?? ''}
                  onChange={(e) => field.onChange(e.target.value)}
                  onBlur={field.onBlur}
                  error={!!errors.awsRegion}
                  helperText={errors.awsRegion?.message ?? ' '}
                  slotProps={{
                    select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } },
                  }}
                >
                  {EVENTBRIDGE_REGIONS.map((r) => (
                    <MenuItem key={r.value} value={r.value}>
                      {r.value} — {r.label}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <TextField
              {...form.register('eventSourceName')}
              label="Event Source Name"
              required
              fullWidth
              disabled={busy}
              error={!!errors.eventSourceName}
              helperText={
                errors.eventSourceName?.message ?? (preview ? `Full name: ${preview}` : ' ')
              }
              slotProps={{ htmlInput: { maxLength: EVENTBRIDGE.nameMaxLength, spellCheck: false } }}
            />
            <TextField
              {...form.register('accountId')}
              label="AWS Account"
              required
              fullWidth
              disabled={busy}
              placeholder="123456789012"
              error={!!errors.accountId}
              helperText={
                errors.accountId?.message ??
                'The 12-digit ID of the AWS account that receives the events'
              }
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 12 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="inherit" disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={busy}>
            Add
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
