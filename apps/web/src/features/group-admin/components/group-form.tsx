import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import ContentCopyRoundedIcon from '@mui/icons-material/ContentCopyRounded';
import {
  CCAAS_PROVIDERS,
  GROUP_ADMIN_TEXTS,
  GROUP_REGIONS,
  GroupCreateSchema,
  REGION_LABELS,
  groupCreatedNotice,
  type Customer,
  type GroupDetail,
} from '@callsight/shared';
import { useCopyFeedback } from '../../../components/copy-feedback/index.ts';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { useCreateGroup } from '../api/create-group.ts';
import { useUpdateGroup } from '../api/update-group.ts';

type FormInput = z.input<typeof GroupCreateSchema>;
type FormOutput = z.output<typeof GroupCreateSchema>;
const FIELDS = [
  'name',
  'region',
  'customerSelection',
  'newCustomerName',
  'customerID',
  'ccaasProvider',
] as const;

interface GroupFormProps {
  currentGroupId: string;
  /** The group edited; absent when provisioning a new one. */
  group?: GroupDetail;
  customers: Customer[];
}

/**
 * The group form: name, region (locked when editing), customer (New Customer only when
 * creating), CCaaS provider, and the server-generated secret when editing.
 */
export function GroupForm({ currentGroupId, group, customers }: GroupFormProps) {
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const create = useCreateGroup();
  const update = useUpdateGroup();
  const { copied, copy } = useCopyFeedback();
  const editing = group !== undefined;
  const listHref = paths.groups.getHref(currentGroupId);

  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(GroupCreateSchema),
    mode: 'onTouched',
    defaultValues: {
      name: group?.name ?? '',
      region: group?.region ?? 'ap-southeast-2',
      customerSelection: editing || customers.length > 0 ? 'existing' : 'new',
      newCustomerName: '',
      customerID: group?.customerID ?? '',
      ccaasProvider: group?.ccaasProvider ?? 'AWS',
    },
  });
  const { register, control, handleSubmit, watch, setError, formState } = form;
  const selection = watch('customerSelection');
  const errors = formState.errors;
  const nameField = register('name');
  const newCustomerField = register('newCustomerName');

  const onSubmit = async (values: FormOutput) => {
    try {
      if (group) {
        await update.mutateAsync({
          id: group.id,
          name: values.name,
          region: group.region,
          customerSelection: 'existing',
          customerID: values.customerID ?? '',
          ccaasProvider: values.ccaasProvider,
        });
        snackbar.show(GROUP_ADMIN_TEXTS.updated, 'success');
      } else {
        const result = await create.mutateAsync(values);
        const notice = groupCreatedNotice(result.message);
        snackbar.show(notice.text, notice.severity);
      }
      form.reset(values);
      void navigate(listHref);
    } catch (err) {
      const fallback = editing ? GROUP_ADMIN_TEXTS.updateError : GROUP_ADMIN_TEXTS.createError;
      // The server's text when it gives one (spec 001 §8).
      const message =
        isApiError(err) && err.status >= 400 && err.status < 500 ? err.message : fallback;
      for (const [field, text] of Object.entries(isApiError(err) ? (err.fields ?? {}) : {})) {
        const known = FIELDS.find((f) => f === field);
        if (known) setError(known, { type: 'server', message: text });
      }
      snackbar.show(message, 'error');
    }
  };

  const copySecret = async () => {
    if (group?.secret) await copy(group.secret);
  };

  const saving = formState.isSubmitting;
  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      onSubmit={(e) => void handleSubmit(onSubmit)(e)}
      sx={{ p: { xs: 3, md: 4 }, maxWidth: 720 }}
      aria-label="Group"
    >
      <Stack spacing={2.5}>
        <TextField
          label="Name"
          required
          autoComplete="off"
          {...nameField}
          inputRef={nameField.ref}
          error={Boolean(errors.name)}
          helperText={errors.name?.message ?? ' '}
        />
        <Controller
          control={control}
          name="region"
          render={({ field: { ref, ...field }, fieldState }) => (
            <TextField
              select
              label="Region"
              required
              disabled={editing}
              {...field}
              inputRef={ref}
              error={Boolean(fieldState.error)}
              helperText={
                fieldState.error?.message ?? (editing ? GROUP_ADMIN_TEXTS.regionLocked : ' ')
              }
            >
              {GROUP_REGIONS.map((r) => (
                <MenuItem key={r} value={r}>
                  {REGION_LABELS[r]} ({r})
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="customerSelection"
          render={({ field, fieldState }) => (
            <FormControl error={Boolean(fieldState.error)} required>
              <FormLabel id="customer-selection-label">Customer</FormLabel>
              <RadioGroup row aria-labelledby="customer-selection-label" {...field}>
                {!editing && (
                  <FormControlLabel
                    value="new"
                    control={<Radio />}
                    label={GROUP_ADMIN_TEXTS.newCustomerOption}
                  />
                )}
                <FormControlLabel
                  value="existing"
                  control={<Radio />}
                  label={GROUP_ADMIN_TEXTS.existingCustomerOption}
                />
              </RadioGroup>
              {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
            </FormControl>
          )}
        />
        {selection === 'new' ? (
          <TextField
            label="New Customer Name"
            required
            autoComplete="off"
            {...newCustomerField}
            inputRef={newCustomerField.ref}
            error={Boolean(errors.newCustomerName)}
            helperText={errors.newCustomerName?.message ?? ' '}
          />
        ) : (
          <Controller
            control={control}
            name="customerID"
            render={({ field: { ref, ...field }, fieldState }) => (
              <TextField
                select
                label="Existing Customer Name"
                required
                {...field}
                value={field.value ?? ''}
                inputRef={ref}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? ' '}
              >
                {customers.map((c) => (
                  <MenuItem key={c.customerID} value={c.customerID}>
                    {c.customerName}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        )}
        <Controller
          control={control}
          name="ccaasProvider"
          render={({ field: { ref, ...field }, fieldState }) => (
            <TextField
              select
              label="CCaaS Provider"
              required
              {...field}
              inputRef={ref}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? ' '}
            >
              {CCAAS_PROVIDERS.map((p) => (
                <MenuItem key={p} value={p}>
                  {p}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        {editing && (
          <TextField
            label="Secret"
            value={group.secret ?? ''}
            helperText="Generated by the server for the group's integrations."
            slotProps={{
              input: {
                readOnly: true,
                sx: { fontFamily: 'monospace' },
                endAdornment: (
                  <InputAdornment position="end">
                    <Tooltip title={copied ? 'Copied!' : 'Copy'}>
                      <IconButton
                        aria-label="Copy secret"
                        onClick={() => void copySecret()}
                        edge="end"
                      >
                        <ContentCopyRoundedIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </InputAdornment>
                ),
              },
            }}
          />
        )}
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', pt: 1 }}>
          <Button color="inherit" onClick={() => void navigate(listHref)}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!formState.isDirty || saving}>
            {saving ? 'Saving…' : editing ? 'Save' : 'Provision Group'}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
