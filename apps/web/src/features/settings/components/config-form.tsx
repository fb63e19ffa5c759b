import { useEffect, useMemo, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  CONFIG_TEXTS,
  changedConfigEntries,
  configFormSchema,
  configFormValues,
  storedFieldViews,
  type ConfigModuleView,
} from '@callsight/shared';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useSaveConfigEntries } from '../api/save-config-entries.ts';
import { ConfigField } from './config-field.tsx';

/**
 * A settings form generated from a module's field definitions: the fields the caller may see,
 * editable where they may write, checked with the server's rules, saved all or none.
 */
export function ConfigForm({ groupId, module }: { groupId: string; module: ConfigModuleView }) {
  const snackbar = useSnackbar();
  const save = useSaveConfigEntries(groupId);
  const schema = useMemo(() => configFormSchema(module.fields), [module.fields]);
  const initial = useMemo(() => configFormValues(module.fields), [module.fields]);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: initial,
    mode: 'onTouched',
  });
  const [summary, setSummary] = useState<string | null>(null);
  const visible = module.fields.filter((f) => !f.hide);
  const canWrite = storedFieldViews(visible).some((f) => f.writable);

  useEffect(() => {
    form.reset(initial);
  }, [form, initial]);

  const onValid = async (values: z.output<typeof schema>) => {
    setSummary(null);
    const entries = changedConfigEntries(module.fields, initial, values);
    if (entries.length === 0) {
      snackbar.show(CONFIG_TEXTS.setSuccess, 'success');
      return;
    }
    try {
      await save.mutateAsync(entries);
      snackbar.show(CONFIG_TEXTS.setSuccess, 'success');
    } catch (err) {
      if (isApiError(err) && err.fields) {
        for (const [key, message] of Object.entries(err.fields))
          form.setError(key, { type: 'server', message });
        setSummary(CONFIG_TEXTS.didNotSave);
      }
      snackbar.show(CONFIG_TEXTS.setError, 'error');
    }
  };

  return (
    <FormProvider {...form}>
      <Paper
        component="form"
        variant="outlined"
        noValidate
        onSubmit={form.handleSubmit(onValid, () => setSummary(CONFIG_TEXTS.didNotSave))}
        sx={{ p: { xs: 2, md: 3 } }}
        aria-label={module.title}
        data-testid="config-form"
      >
        <Stack spacing={3}>
          {!canWrite && visible.length > 0 && (
            <Alert severity="info" data-testid="read-only-notice">
              {CONFIG_TEXTS.readOnlyNotice}
            </Alert>
          )}
          {summary && (
            <Alert severity="error" role="alert" data-testid="form-summary">
              {summary}
            </Alert>
          )}
          {visible.length === 0 && (
            <Typography color="text.secondary">{CONFIG_TEXTS.nothingAvailable}</Typography>
          )}
          {visible.map((f) => (
            <ConfigField key={f.key} field={f} />
          ))}
          {canWrite && (
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button
                type="button"
                variant="text"
                disabled={!form.formState.isDirty || save.isPending}
                onClick={() => {
                  form.reset(initial);
                  setSummary(null);
                }}
              >
                Discard changes
              </Button>
              <Button type="submit" variant="contained" disabled={save.isPending}>
                Save
              </Button>
            </Stack>
          )}
        </Stack>
      </Paper>
    </FormProvider>
  );
}
