import type { ReactNode } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import {
  CONFIG_TEXTS,
  type ConfigFieldView,
  type ConfigFormValues,
  type OriginEntry,
  type Permission,
} from '@callsight/shared';
import { ListInput } from './list-input.tsx';
import { OriginsInput } from './origins-input.tsx';

const asString = (v: unknown) => (typeof v === 'string' ? v : '');
const asStrings = (v: unknown) =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
const asOrigins = (v: unknown): OriginEntry[] =>
  Array.isArray(v)
    ? v.flatMap((row: unknown) =>
        typeof row === 'object' && row !== null && 'origin' in row && typeof row.origin === 'string'
          ? [{ origin: row.origin, pages: 'pages' in row ? asStrings(row.pages) : [] }]
          : [],
      )
    : [];

const WRITERS: Partial<Record<Permission, string>> = {
  'user:viewer': 'a Group Viewer',
  'user:user': 'a Group User',
  'user:admin': 'a Group Admin',
  'user:super': 'a super user',
};

/** Who may change a field, in words ("a Group Admin or a super user"), or null for nobody. */
export function writersOf(writeRoles: readonly Permission[]): string | null {
  const names = writeRoles.flatMap((r) => WRITERS[r] ?? []);
  if (names.length === 0) return null;
  return names.length === 1
    ? (names[0] ?? null)
    : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1] ?? ''}`;
}

/** The line under a field the caller may see but not change (issue 33): a lock and who may. */
function ReadOnlyCue({ field }: { field: ConfigFieldView }) {
  return (
    <Box
      component="span"
      data-testid="read-only-cue"
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'text.secondary' }}
    >
      <LockOutlinedIcon sx={{ fontSize: 14 }} aria-hidden />
      {CONFIG_TEXTS.readOnlyField(writersOf(field.writeRoles))}
    </Box>
  );
}

/** A read-only input: a tinted box with a lock where the input would end. */
const readOnlyInput = {
  endAdornment: (
    <InputAdornment position="end">
      <LockOutlinedIcon fontSize="small" sx={{ color: 'text.disabled' }} aria-hidden />
    </InputAdornment>
  ),
};
const readOnlySx = {
  '& .MuiInputBase-root': { bgcolor: 'action.hover' },
  '& .MuiOutlinedInput-notchedOutline': { borderStyle: 'dashed' },
} as const;

/**
 * The help under a field: its description and each helper text on a line of its own, then
 * the read-only cue when the caller may not change it.
 */
function help(field: ConfigFieldView): ReactNode {
  const parts = [field.description, ...(field.helperTexts ?? [])].filter((p): p is string => !!p);
  const lines = parts.map((p) => (
    <Box component="span" key={p} sx={{ display: 'block' }}>
      {p}
    </Box>
  ));
  if (!field.writable) lines.push(<ReadOnlyCue key="read-only" field={field} />);
  return lines.length === 0 ? undefined : lines;
}

/** One field of a generic settings form, drawn by its control; read-only when not writable. */
export function ConfigField({ field }: { field: ConfigFieldView }) {
  const { control } = useFormContext<ConfigFormValues>();
  const readOnly = !field.writable;
  const name = field.key;
  const testId = `field-${field.key}`;

  switch (field.control) {
    case 'toggle':
      return (
        <Box>
          <Controller
            name={name}
            control={control}
            render={({ field: f, fieldState }) => (
              <Box data-testid={testId}>
                <FormControlLabel
                  control={
                    <Switch
                      checked={f.value === true}
                      onChange={(e) => f.onChange(e.target.checked)}
                      disabled={readOnly}
                      slotProps={{ input: { 'aria-label': field.title } }}
                    />
                  }
                  label={field.title}
                />
                {(fieldState.error?.message ?? help(field)) !== undefined && (
                  <FormHelperText
                    component="div"
                    error={!!fieldState.error}
                    sx={{ mt: -0.5, ml: 6 }}
                  >
                    {fieldState.error?.message ?? help(field)}
                  </FormHelperText>
                )}
              </Box>
            )}
          />
          <SubFields field={field} />
        </Box>
      );
    case 'select':
      return (
        <Box>
          <Controller
            name={name}
            control={control}
            render={({ field: f, fieldState }) => (
              <TextField
                select
                label={field.title}
                value={asString(f.value)}
                onChange={(e) => f.onChange(e.target.value)}
                onBlur={f.onBlur}
                inputRef={f.ref}
                error={!!fieldState.error}
                helperText={fieldState.error?.message ?? help(field)}
                fullWidth
                data-testid={testId}
                sx={readOnly ? readOnlySx : undefined}
                slotProps={{
                  input: { readOnly },
                  // A lock instead of the arrow: there is nothing to choose.
                  select: readOnly ? { IconComponent: LockOutlinedIcon } : undefined,
                }}
              >
                {(field.options ?? []).map((o) => (
                  <MenuItem key={o.value} value={o.value}>
                    {o.label}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <SubFields field={field} />
        </Box>
      );
    case 'list':
      return (
        <Controller
          name={name}
          control={control}
          render={({ field: f, fieldState }) => (
            <ListInput
              label={field.title}
              value={asStrings(f.value)}
              onChange={f.onChange}
              readOnly={readOnly}
              placeholder={field.fieldText}
              error={fieldState.error?.message}
              helperText={help(field)}
              testId={testId}
            />
          )}
        />
      );
    case 'table':
      return (
        <Controller
          name={name}
          control={control}
          render={({ field: f, fieldState }) => (
            <OriginsInput
              field={field}
              value={asOrigins(f.value)}
              onChange={f.onChange}
              readOnly={readOnly}
              readOnlyCue={readOnly ? <ReadOnlyCue field={field} /> : undefined}
              error={fieldState.error?.message}
            />
          )}
        />
      );
    case 'object':
      return (
        <Box data-testid={testId}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {field.title}
          </Typography>
          {field.description && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              {field.description}
            </Typography>
          )}
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(200px, 1fr))' },
            }}
          >
            {(field.subFields ?? []).map((sub) => (
              <Controller
                key={sub.key}
                name={`${name}.${sub.key}`}
                control={control}
                render={({ field: f }) => (
                  <TextField
                    label={sub.title}
                    value={asString(f.value)}
                    onChange={f.onChange}
                    onBlur={f.onBlur}
                    size="small"
                    sx={readOnly ? readOnlySx : undefined}
                    slotProps={{ input: readOnly ? { readOnly, ...readOnlyInput } : {} }}
                  />
                )}
              />
            ))}
          </Box>
          {readOnly && (
            <FormHelperText component="div">
              <ReadOnlyCue field={field} />
            </FormHelperText>
          )}
          <ObjectError name={name} />
        </Box>
      );
    case 'json':
      return (
        <Controller
          name={name}
          control={control}
          render={({ field: f }) => (
            <TextField
              label={field.title}
              value={JSON.stringify(f.value, null, 2)}
              multiline
              minRows={3}
              fullWidth
              slotProps={{ input: { readOnly: true } }}
            />
          )}
        />
      );
    case 'secret':
      return (
        <Controller
          name={name}
          control={control}
          render={({ field: f, fieldState }) => (
            <TextField
              type="password"
              label={field.title}
              value={asString(f.value)}
              onChange={f.onChange}
              onBlur={f.onBlur}
              inputRef={f.ref}
              placeholder={field.isSet ? CONFIG_TEXTS.secretSet : CONFIG_TEXTS.secretUnset}
              error={!!fieldState.error}
              helperText={
                fieldState.error?.message ??
                (field.isSet && !readOnly ? CONFIG_TEXTS.secretSet : help(field))
              }
              fullWidth
              autoComplete="new-password"
              data-testid={testId}
              sx={readOnly ? readOnlySx : undefined}
              slotProps={{
                input: readOnly ? { readOnly, ...readOnlyInput } : {},
                inputLabel: { shrink: true },
              }}
            />
          )}
        />
      );
    case 'text':
    case 'number':
      return (
        <Controller
          name={name}
          control={control}
          render={({ field: f, fieldState }) => (
            <TextField
              label={field.title}
              value={asString(f.value)}
              onChange={f.onChange}
              onBlur={f.onBlur}
              inputRef={f.ref}
              placeholder={field.fieldText}
              error={!!fieldState.error}
              helperText={fieldState.error?.message ?? help(field)}
              fullWidth
              data-testid={testId}
              sx={readOnly ? readOnlySx : undefined}
              slotProps={{
                input: readOnly ? { readOnly, ...readOnlyInput } : {},
                htmlInput: field.control === 'number' ? { inputMode: 'decimal' } : undefined,
              }}
            />
          )}
        />
      );
  }
}

function ObjectError({ name }: { name: string }) {
  const { getFieldState, formState } = useFormContext<ConfigFormValues>();
  const message = getFieldState(name, formState).error?.message;
  return message ? <FormHelperText error>{message}</FormHelperText> : null;
}

/** Sub-fields stored under their own keys, indented below their field; under a toggle only while on. */
function SubFields({ field }: { field: ConfigFieldView }) {
  const { control } = useFormContext<ConfigFormValues>();
  const value = useWatch({ control, name: field.key });
  const subs = (field.subFields ?? []).filter((s) => !s.hide);
  if (subs.length === 0) return null;
  if (field.control === 'toggle' && value !== true) return null;
  const numbers = subs.filter((s) => s.control === 'number');
  const others = subs.filter((s) => s.control !== 'number');
  return (
    <Stack
      spacing={2.5}
      sx={{ mt: 2, ml: { xs: 1, sm: 3 }, pl: 2, borderLeft: 2, borderColor: 'divider' }}
    >
      {numbers.length > 0 && (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(220px, 1fr))' },
          }}
        >
          {numbers.map((sub) => (
            <ConfigField key={sub.key} field={sub} />
          ))}
        </Box>
      )}
      {others.map((sub) => (
        <ConfigField key={sub.key} field={sub} />
      ))}
    </Stack>
  );
}
