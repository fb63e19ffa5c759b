import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  ACCOUNT_TEXTS,
  ChangePasswordFormSchema,
  PASSWORD_POLICY,
  type ChangePasswordResult,
} from '@callsight/shared';
import { isApiError } from '../../../lib/api-client.ts';
import { useChangePassword } from '../api/change-password.ts';

type Schema = typeof ChangePasswordFormSchema;
type FieldName = keyof z.input<Schema>;
const FIELDS: readonly FieldName[] = ['currentPassword', 'newPassword', 'confirmPassword'];
const isField = (name: string): name is FieldName => (FIELDS as readonly string[]).includes(name);

const POLICY_HINT = `At least ${PASSWORD_POLICY.minLength} characters, with ${PASSWORD_POLICY.minClasses} of: digits, lowercase, uppercase, ${PASSWORD_POLICY.specialCharacters}`;

/**
 * Current password, new password and its confirmation, checked with the API's schema; the
 * server's field errors (a wrong current password, the policy) show under their fields.
 */
export function ChangePasswordForm({
  onChanged,
  submitLabel = ACCOUNT_TEXTS.changePasswordTitle,
}: {
  onChanged: (result: ChangePasswordResult) => void | Promise<void>;
  submitLabel?: string;
}) {
  const change = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(ChangePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setFormError(null);
    try {
      const result = await change.mutateAsync({ currentPassword, newPassword });
      reset();
      await onChanged(result);
    } catch (err) {
      const fields = isApiError(err) ? Object.entries(err.fields ?? {}) : [];
      for (const [name, message] of fields) {
        if (isField(name)) setError(name, { type: 'server', message });
      }
      if (fields.length === 0)
        setFormError(err instanceof Error ? err.message : 'The password could not be changed.');
    }
  });

  const busy = isSubmitting || change.isPending;
  return (
    <Stack
      component="form"
      noValidate
      onSubmit={onSubmit}
      spacing={2.5}
      aria-label={ACCOUNT_TEXTS.changePasswordTitle}
      data-testid="change-password-form"
    >
      {formError && (
        <Alert severity="error" data-testid="change-password-error">
          {formError}
        </Alert>
      )}
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        fullWidth
        {...register('currentPassword')}
        error={Boolean(errors.currentPassword)}
        helperText={errors.currentPassword?.message}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        fullWidth
        {...register('newPassword')}
        error={Boolean(errors.newPassword)}
        helperText={errors.newPassword?.message ?? POLICY_HINT}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        fullWidth
        {...register('confirmPassword')}
        error={Boolean(errors.confirmPassword)}
        helperText={errors.confirmPassword?.message}
      />
      <Button
        type="submit"
        variant="contained"
        disabled={busy}
        startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
        sx={{ alignSelf: 'flex-start' }}
      >
        {submitLabel}
      </Button>
    </Stack>
  );
}
