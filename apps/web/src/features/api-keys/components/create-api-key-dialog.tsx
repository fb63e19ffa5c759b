import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import {
  API_KEY,
  API_TOKEN_TEXTS,
  ApiTokenCreateSchema,
  type ApiTokenCreated,
} from '@callsight/shared';
import { isApiError } from '../../../lib/api-client.ts';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { useCreateApiToken } from '../api/create-api-token.ts';

type FormIn = z.input<typeof ApiTokenCreateSchema>;
type FormOut = z.output<typeof ApiTokenCreateSchema>;

interface Props {
  groupId: string;
  onClose: () => void;
  onCreated: (created: ApiTokenCreated) => void;
}

/** The create modal: a name for the key (required, non-blank). */
export function CreateApiKeyDialog({ groupId, onClose, onCreated }: Props) {
  const create = useCreateApiToken(groupId);
  const snackbar = useSnackbar();
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(ApiTokenCreateSchema),
    defaultValues: { name: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    try {
      const created = await create.mutateAsync(input);
      snackbar.show(API_TOKEN_TEXTS.created, 'success');
      onCreated(created);
    } catch (err) {
      snackbar.show(API_TOKEN_TEXTS.createFailed, 'error');
      const nameError = isApiError(err) ? err.fields?.name : undefined;
      if (nameError) form.setError('name', { message: nameError });
    }
  });

  const busy = create.isPending;
  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      maxWidth="xs"
      fullWidth
      aria-labelledby="create-api-key-title"
      data-testid="create-api-key-dialog"
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="create-api-key-title">Create New Key</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Name the key after what will use it, so you know which key to revoke later.
          </DialogContentText>
          {create.isError && !errors.name && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {API_TOKEN_TEXTS.createFailed}: {create.error.message}
            </Alert>
          )}
          <TextField
            {...form.register('name')}
            label="Name"
            autoFocus
            fullWidth
            required
            disabled={busy}
            error={!!errors.name}
            helperText={errors.name?.message ?? ' '}
            slotProps={{ htmlInput: { maxLength: API_KEY.nameMaxLength } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="inherit" disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={busy}>
            Create
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
