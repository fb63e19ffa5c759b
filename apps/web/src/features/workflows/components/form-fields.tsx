import type { ReactNode } from 'react';
import { Controller, type Control, type UseFormClearErrors } from 'react-hook-form';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { WorkflowSave } from '@callsight/shared';
import type { WizardField, WizardValues } from '../wizard/wizard-model.ts';

/** The wizard form's control: the values it edits and the save payload its schema makes. */
export type WizardControl = Control<WizardValues, unknown, WorkflowSave>;

export interface FieldProps {
  control: WizardControl;
  clearErrors: UseFormClearErrors<WizardValues>;
  name: Exclude<WizardField, 'tags' | 'actionType' | 'application' | 'trigger'>;
  label: string;
  required?: boolean;
  helperText?: ReactNode;
  multiline?: boolean;
  minRows?: number;
  /** Options of a select field (value and label). */
  options?: readonly { value: string; label: string }[];
  placeholder?: string;
  autoFocus?: boolean;
}

/** A text or select field of the wizard; typing clears its error until the next check. */
export function WizardTextField({
  control,
  clearErrors,
  name,
  label,
  required,
  helperText,
  multiline,
  minRows,
  options,
  placeholder,
  autoFocus,
}: FieldProps) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          name={field.name}
          inputRef={field.ref}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={(e) => {
            field.onChange(e.target.value);
            clearErrors(name);
          }}
          onBlur={field.onBlur}
          label={label}
          required={required}
          select={!!options}
          multiline={multiline}
          minRows={minRows}
          placeholder={placeholder}
          autoFocus={autoFocus}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? helperText ?? ' '}
          fullWidth
        >
          {options?.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
