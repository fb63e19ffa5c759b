import { useController, useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';

interface Props<T extends FieldValues> {
  name: FieldPath<T>;
  label: string;
  options: readonly { value: string; label: string }[];
  /** After the value changed, e.g. to clear a field that depends on it. */
  onValueChange?: (value: string) => void;
}

/** One of a few options as radio buttons (a schedule, an agent type); choosing clears the error. */
export function RadioField<T extends FieldValues>({
  name,
  label,
  options,
  onValueChange,
}: Props<T>) {
  const { clearErrors } = useFormContext<T>();
  const { field, fieldState } = useController<T>({ name });
  return (
    <FormControl error={!!fieldState.error}>
      <FormLabel id={`${name}-label`}>{label}</FormLabel>
      <RadioGroup
        aria-labelledby={`${name}-label`}
        name={field.name}
        value={typeof field.value === 'string' ? field.value : ''}
        onChange={(_event, value) => {
          field.onChange(value);
          clearErrors(name);
          onValueChange?.(value);
        }}
      >
        {options.map((o) => (
          <FormControlLabel key={o.value} value={o.value} control={<Radio />} label={o.label} />
        ))}
      </RadioGroup>
      <FormHelperText>{fieldState.error?.message ?? ' '}</FormHelperText>
    </FormControl>
  );
}

/** Several of a fixed list as checkboxes (regions); the value is the checked ones in list order. */
export function CheckboxesField<T extends FieldValues>({ name, label, options }: Props<T>) {
  const { clearErrors } = useFormContext<T>();
  const { field, fieldState } = useController<T>({ name });
  const checked: string[] = Array.isArray(field.value) ? field.value : [];
  const toggle = (value: string, on: boolean) => {
    const next = new Set(checked);
    if (on) next.add(value);
    else next.delete(value);
    field.onChange(options.map((o) => o.value).filter((v) => next.has(v)));
    clearErrors(name);
  };
  return (
    <FormControl component="fieldset" error={!!fieldState.error}>
      <FormLabel component="legend">{label}</FormLabel>
      <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {options.map((o) => (
          <FormControlLabel
            key={o.value}
            label={o.label}
            control={
              <Checkbox
                checked={checked.includes(o.value)}
                onChange={(event) => toggle(o.value, event.target.checked)}
              />
            }
          />
        ))}
      </FormGroup>
      <FormHelperText>{fieldState.error?.message ?? ' '}</FormHelperText>
    </FormControl>
  );
}

/** Options of a constant list of labels ('Run Once', '15m') with their numeric values as text. */
export const valueOptions = (items: readonly { value: number | string; label: string }[]) =>
  items.map((item) => ({ value: String(item.value), label: item.label }));
