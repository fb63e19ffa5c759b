import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import PersonRemoveRoundedIcon from '@mui/icons-material/PersonRemoveRounded';
import {
  EMAIL_PATTERN,
  ROLE_LABELS,
  TEAMMATE_DEFAULT_ROLE,
  TEAMMATE_ROLE_CHOICES,
  TEAMMATE_TEXTS,
  emailCheckOutcome,
  teammateFormSchema,
  type Teammate,
  type TeammateFormSchema,
} from '@callsight/shared';
import { Wizard, wizardResolver, type WizardSchema } from '../../../components/wizard/index.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { lookupUserQueryOptions } from '../api/lookup-user.ts';
import { useCreateTeammate } from '../api/create-teammate.ts';
import { useUpdateTeammate } from '../api/update-teammate.ts';
import { useRemoveTeammate } from '../use-remove-teammate.ts';

type FormInput = z.input<TeammateFormSchema>;
type FormOutput = z.output<TeammateFormSchema>;
type FormField = keyof FormInput;

/**
 * edit: /admin/user/:id. new: /admin/user/0. member: /admin/group/:groupId/member/0, where the
 * e-mail check fills in an existing account, which then joins the group.
 */
export type TeammateFormMode = 'edit' | 'new' | 'member';

interface TeammateFormProps {
  mode: TeammateFormMode;
  /** The group whose membership is created or edited. */
  group: { id: string; name: string };
  /** The current group of the app (for links). */
  currentGroupId: string;
  teammate?: Teammate;
}

const FIELDS: readonly FormField[] = [
  'name',
  'email',
  'group',
  'role',
  'password',
  'confirmPassword',
];

/** The teammate form: name, e-mail, group, role, password and its confirmation. */
export function TeammateForm({ mode, group, currentGroupId, teammate }: TeammateFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useCreateTeammate();
  const update = useUpdateTeammate();
  const remove = useRemoveTeammate();
  const [checking, setChecking] = useState(false);
  const listHref = paths.teammates.getHref(currentGroupId);

  // A new account needs a password; an edit or an existing account found by e-mail does not.
  const schema: WizardSchema<FormInput, FormOutput> = (values) =>
    teammateFormSchema({ passwordRequired: mode !== 'edit' && values.id === '0' });

  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: wizardResolver(schema),
    mode: 'onTouched',
    defaultValues: {
      id: teammate?.id ?? '0',
      name: teammate?.name ?? '',
      email: teammate?.email ?? '',
      group: group.id,
      role: teammate?.role ?? TEAMMATE_DEFAULT_ROLE,
      password: '',
      confirmPassword: '',
      isMember: true,
    },
  });
  const { register, control, setError, clearErrors, setValue, getValues, watch, formState } = form;
  const id = watch('id');
  const existingAccount = mode === 'member' && id !== '0';
  const roleHidden = teammate?.isSuper === true;
  /** register() for MUI: the ref goes to the input element, not the wrapper. */
  const field = (name: FormField, options?: Parameters<typeof register>[1]) => {
    const { ref, ...rest } = register(name, options);
    return { ...rest, inputRef: ref };
  };
  const emailField = field('email');

  /** The e-mail check on blur (spec 001 §5); false when the address belongs to someone else. */
  const checkEmail = async (): Promise<boolean> => {
    const email = getValues('email').trim();
    if (!EMAIL_PATTERN.test(email)) return true;
    setChecking(true);
    try {
      const found = await queryClient.fetchQuery(lookupUserQueryOptions(email));
      const outcome = emailCheckOutcome(found, {
        id: getValues('id'),
        memberVariant: mode === 'member',
      });
      if (outcome.kind === 'duplicate') {
        setError('email', { type: 'duplicate', message: outcome.message });
        return false;
      }
      if (formState.errors.email?.type === 'duplicate') clearErrors('email');
      if (outcome.kind === 'existing') {
        setValue('id', outcome.id, { shouldDirty: true });
        setValue('name', outcome.name, { shouldDirty: true, shouldValidate: true });
        setValue('password', '');
        setValue('confirmPassword', '');
        clearErrors(['password', 'confirmPassword']);
      } else if (mode === 'member' && getValues('id') !== '0') {
        setValue('id', '0', { shouldDirty: true });
        setValue('name', '', { shouldDirty: true });
      }
      return true;
    } catch {
      // The server repeats the check when saving; a failed check must not block the form.
      return true;
    } finally {
      setChecking(false);
    }
  };

  /** Saves the teammate; false when the e-mail check refuses the address first. */
  const onSubmit = async (values: FormOutput): Promise<boolean> => {
    if (!(await checkEmail())) return false;
    const password = values.password === '' ? undefined : values.password;
    if (mode !== 'edit') {
      const existing = getValues('id');
      await create.mutateAsync(
        existing === '0'
          ? {
              name: values.name,
              email: values.email,
              role: values.role,
              group: group.id,
              isMember: true,
              password,
            }
          : {
              id: existing,
              name: values.name,
              email: values.email,
              role: values.role,
              group: group.id,
              isMember: true,
            },
      );
    } else {
      await update.mutateAsync({
        id: values.id,
        name: values.name,
        email: values.email,
        role: values.role,
        group: group.id,
        password,
      });
    }
    return true;
  };

  /** Teammate errors show the server message (spec 001 §8); other failures the fallback. */
  const failureText = (err: unknown) =>
    isApiError(err) && err.status >= 400 && err.status < 500
      ? err.message
      : mode !== 'edit'
        ? TEAMMATE_TEXTS.createError
        : TEAMMATE_TEXTS.saveError;

  const saving = formState.isSubmitting;
  const errors = formState.errors;
  const fieldsOfForm = (
    <Stack spacing={2.5}>
      {existingAccount && <Alert severity="info">{TEAMMATE_TEXTS.existingUserNote}</Alert>}
      <TextField
        label="Email"
        required
        type="email"
        autoComplete="off"
        {...emailField}
        onBlur={(e) => {
          void emailField.onBlur(e);
          void checkEmail();
        }}
        error={Boolean(errors.email)}
        helperText={errors.email?.message ?? (checking ? 'Checking…' : ' ')}
      />
      <TextField
        label="Name"
        required
        autoComplete="off"
        {...field('name')}
        // The e-mail check fills the name in: keep the label clear of the new value.
        slotProps={{ inputLabel: watch('name') !== '' ? { shrink: true } : {} }}
        disabled={existingAccount}
        error={Boolean(errors.name)}
        helperText={errors.name?.message ?? ' '}
      />
      <TextField
        label="Group"
        required
        value={group.name}
        slotProps={{ input: { readOnly: true } }}
        error={Boolean(errors.group)}
        helperText={errors.group?.message ?? ' '}
      />
      {roleHidden ? (
        <Alert severity="info">{TEAMMATE_TEXTS.superRoleNote}</Alert>
      ) : (
        <Controller
          control={control}
          name="role"
          render={({ field: { ref, ...role }, fieldState }) => (
            <TextField
              select
              label="Role"
              required
              {...role}
              inputRef={ref}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? ' '}
            >
              {TEAMMATE_ROLE_CHOICES.map((role) => (
                <MenuItem key={role} value={role}>
                  {ROLE_LABELS[role]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      )}
      {!existingAccount && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label="Password"
            type="password"
            required={mode !== 'edit'}
            autoComplete="new-password"
            fullWidth
            {...field('password', { deps: ['confirmPassword'] })}
            error={Boolean(errors.password)}
            helperText={
              errors.password?.message ??
              (mode === 'edit' ? 'Leave blank to keep the current password' : ' ')
            }
          />
          <TextField
            label="Confirm Password"
            type="password"
            required={mode !== 'edit'}
            autoComplete="new-password"
            fullWidth
            {...field('confirmPassword')}
            error={Boolean(errors.confirmPassword)}
            helperText={errors.confirmPassword?.message ?? ' '}
          />
        </Stack>
      )}
    </Stack>
  );

  return (
    <Wizard
      schema={schema}
      form={form}
      label="Teammate"
      steps={[{ label: 'Teammate', fields: FIELDS, content: fieldsOfForm }]}
      submitLabel="Save"
      submittingLabel="Saving…"
      submitDisabled={!formState.isDirty}
      onSubmit={onSubmit}
      successMessage={mode === 'edit' ? TEAMMATE_TEXTS.updated : TEAMMATE_TEXTS.created}
      failureMessage={failureText}
      onSuccess={() => void navigate(listHref)}
      onCancel={() => void navigate(listHref)}
      startActions={
        mode === 'edit' &&
        teammate && (
          <Button
            color="error"
            startIcon={<PersonRemoveRoundedIcon />}
            disabled={saving || remove.pendingId !== null}
            onClick={() =>
              void remove.run(teammate).then((removed) => {
                if (removed) void navigate(listHref);
              })
            }
          >
            {TEAMMATE_TEXTS.removeButton}
          </Button>
        )
      }
    />
  );
}
