import type { ReactNode } from 'react';
import { useController, useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { CAMPAIGN_LIMITS } from '@callsight/shared';

interface FormTextFieldProps<T extends FieldValues> {
  name: FieldPath<T>;
  label: string;
  required?: boolean;
  helperText?: ReactNode;
  multiline?: boolean;
  minRows?: number;
  /** A number typed as text: the phone shows its number pad. */
  numeric?: boolean;
  autoFocus?: boolean;
  /** After the value changed, e.g. to recompute another field. */
  onValueChange?: (value: string) => void;
  /** A select: its MenuItem options. */
  options?: ReactNode;
}

/** A text field of a wizard's form (in its FormProvider); typing clears its error. */
export function FormTextField<T extends FieldValues>({
  name,
  label,
  required,
  helperText,
  multiline,
  minRows,
  numeric,
  autoFocus,
  onValueChange,
  options,
}: FormTextFieldProps<T>) {
  const { clearErrors } = useFormContext<T>();
  const { field, fieldState } = useController<T>({ name });
  return (
    <TextField
      name={field.name}
      inputRef={field.ref}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={(e) => {
        field.onChange(e.target.value);
        clearErrors(name);
        onValueChange?.(e.target.value);
      }}
      onBlur={field.onBlur}
      label={label}
      required={required}
      multiline={multiline}
      minRows={minRows}
      autoFocus={autoFocus}
      select={!!options}
      error={!!fieldState.error}
      helperText={fieldState.error?.message ?? helperText ?? ' '}
      slotProps={numeric ? { htmlInput: { inputMode: 'decimal' } } : undefined}
      fullWidth
    >
      {options}
    </TextField>
  );
}

/** Tags trimmed, once each, within the shared limits. */
export function cleanTags(tags: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim().slice(0, CAMPAIGN_LIMITS.tagMaxLength);
    if (tag && !out.includes(tag) && out.length < CAMPAIGN_LIMITS.maxTags) out.push(tag);
  }
  return out;
}

/** A list of tags: type one and press Enter to add it; a chip's cross removes it. */
export function TagsField<T extends FieldValues>({
  name,
  label,
}: {
  name: FieldPath<T>;
  label: string;
}) {
  const { field, fieldState } = useController<T>({ name });
  const tags: string[] = Array.isArray(field.value) ? field.value : [];
  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      options={[]}
      value={tags}
      onChange={(_event, value) => field.onChange(cleanTags(value))}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? 'Press Enter to add a tag.'}
        />
      )}
    />
  );
}
