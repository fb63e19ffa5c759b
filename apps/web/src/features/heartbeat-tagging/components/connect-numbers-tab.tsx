import { useEffect, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CONFIG_TEXTS,
  CONNECT_NUMBER_LENGTH,
  CONNECT_REGIONS,
  ConnectNumbersFormSchema,
  GSM_CONNECT_NUMBERS,
  TAGGING_TEXTS,
  connectNumbersFormValues,
} from '@callsight/shared';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { ContentLoader } from '../../../components/full-page-loader/index.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useConnectNumbers } from '../api/get-connect-numbers.ts';
import { useSaveConnectNumbers } from '../api/save-connect-numbers.ts';
import { useCanWriteConfig } from '../use-can-write.ts';

type FormInput = z.input<typeof ConnectNumbersFormSchema>;
type FormOutput = z.output<typeof ConnectNumbersFormSchema>;

/** "To Numbers": one dial number per Amazon Connect region, 10 to 15 characters each. */
export function ConnectNumbersTab({ groupId }: { groupId: string }) {
  const numbers = useConnectNumbers(groupId);
  const save = useSaveConnectNumbers(groupId);
  const snackbar = useSnackbar();
  const writable = useCanWriteConfig(GSM_CONNECT_NUMBERS);
  const initial = useMemo(() => connectNumbersFormValues(numbers.data ?? []), [numbers.data]);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(ConnectNumbersFormSchema),
    defaultValues: initial,
  });

  useEffect(() => {
    form.reset(initial);
  }, [form, initial]);
  useEffect(() => {
    if (numbers.isError) snackbar.show(CONFIG_TEXTS.retrieveError, 'error');
  }, [numbers.isError, snackbar]);

  const onValid = async (list: FormOutput) => {
    try {
      await save.mutateAsync(list);
      snackbar.show(CONFIG_TEXTS.setSuccess, 'success');
    } catch (err) {
      if (isApiError(err) && err.fields) {
        for (const [region, message] of Object.entries(err.fields))
          form.setError(region, { type: 'server', message });
      }
      snackbar.show(
        isApiError(err) && err.status === 400 ? err.message : CONFIG_TEXTS.setError,
        'error',
      );
    }
  };
  const onInvalid = (errors: Record<string, { message?: string } | undefined>) => {
    const first = CONNECT_REGIONS.map((r) => errors[r.value]?.message).find(Boolean);
    if (first) snackbar.show(first, 'error');
  };

  if (numbers.isPending) return <ContentLoader />;
  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      onSubmit={form.handleSubmit(onValid, onInvalid)}
      sx={{ p: { xs: 2, md: 3 } }}
      aria-label="To Numbers"
    >
      <Typography variant="h6" component="h2">
        {TAGGING_TEXTS.numbersHeading}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        Heartbeat calls from each Amazon Connect region dial this number;{' '}
        {CONNECT_NUMBER_LENGTH.min} to {CONNECT_NUMBER_LENGTH.max} characters, empty when the region
        is not used.
      </Typography>
      {numbers.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {CONFIG_TEXTS.readFailed}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2.5 }}>
        {CONNECT_REGIONS.map((region) => (
          <Controller
            key={region.value}
            name={region.value}
            control={form.control}
            render={({ field, fieldState }) => (
              <TextField
                label={region.value}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                placeholder="+61255501234"
                error={!!fieldState.error}
                helperText={fieldState.error?.message ?? region.label}
                slotProps={{ input: { readOnly: !writable }, htmlInput: { inputMode: 'tel' } }}
              />
            )}
          />
        ))}
      </Box>
      {writable ? (
        <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 3 }}>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            Save
          </Button>
        </Stack>
      ) : (
        <Alert severity="info" sx={{ mt: 3 }}>
          {CONFIG_TEXTS.readOnlyNotice}
        </Alert>
      )}
    </Paper>
  );
}
