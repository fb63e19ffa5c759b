import type { ReactNode } from 'react';
import { useController, useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

export interface FormTextFieldProps<T extends FieldValues> {
  name: FieldPath<T>;
  label: string;
  required?: boolean;
  helperText?: ReactNode;
  multiline?: boolean;
  minRows?: number;
  placeholder?: string;
  /** A number typed as text: the phone shows its number pad. */
  numeric?: boolean;
  autoFocus?: boolean;
  /** After the value changed, e.g. to recompute another field. */
  onValueChange?: (value: string) => void;
  /** Options of a select field (value and label). */
  options?: readonly { value: string; label: ReactNode }[];
}

/**
 * A text or select field of a wizard's form (inside its FormProvider); typing clears its error
 * until the next check. `const Field = FormTextField<Values>;` names the form's fields once.
 */
export function FormTextField<T extends FieldValues>({
  name,
  label,
  required,
  helperText,
  multiline,
  minRows,
  placeholder,
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
      placeholder={placeholder}
      autoFocus={autoFocus}
      select={!!options}
      error={!!fieldState.error}
      helperText={fieldState.error?.message ?? helperText ?? ' '}
      slotProps={numeric ? { htmlInput: { inputMode: 'decimal' } } : undefined}
      fullWidth
    >
      {options?.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** How many tags a list holds, and how long one may be (the shared schema's limits). */
export interface TagLimits {
  maxTags: number;
  tagMaxLength: number;
}

/** Tags trimmed, once each, within the limits. */
export function cleanTags(tags: readonly string[], limits: TagLimits): string[] {
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim().slice(0, limits.tagMaxLength);
    if (tag && !out.includes(tag) && out.length < limits.maxTags) out.push(tag);
  }
  return out;
}

/** A list of tags: type one and press Enter to add it; a chip's cross removes it. */
export function TagsField<T extends FieldValues>({
  name,
  label,
  limits,
}: {
  name: FieldPath<T>;
  label: string;
  limits: TagLimits;
}) {
  const { field, fieldState } = useController<T>({ name });
  const tags: string[] = Array.isArray(field.value) ? field.value : [];
  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      options={[]}
      value={tags}
      onChange={(_event, value) => field.onChange(cleanTags(value, limits))}
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
