import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { TeamConditionType } from '@callsight/shared';
import { useTeamFieldValues } from '../api/teams.ts';

interface TeamValueFieldProps {
  groupId: string;
  label: string;
  /** What the list offers: the type's values, or for CTR Attributes those of `field`. */
  type: TeamConditionType;
  /** CTR Attributes: the attribute whose values are offered (empty: the attribute names). */
  field?: string;
  /** CTR Attributes' Value offers nothing until a field is named. */
  offers?: boolean;
  value: string;
  onChange: (value: string) => void;
  error?: boolean;
  helperText?: string;
}

/**
 * A team condition's text input that offers the values seen in the group's calls (issue 33 §1:
 * GET /api/dataRoles/values, fetched when the list opens) while still taking any text typed.
 */
export function TeamValueField({
  groupId,
  label,
  type,
  field,
  offers = true,
  value,
  onChange,
  error,
  helperText,
}: TeamValueFieldProps) {
  const [open, setOpen] = useState(false);
  const values = useTeamFieldValues(groupId, type, field, open && offers);
  const options = offers ? (values.data ?? []) : [];
  return (
    <Autocomplete
      freeSolo
      size="small"
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      loading={offers && values.isFetching}
      // The text is the value: typed or picked, it is what the condition holds.
      value={value}
      inputValue={value}
      onInputChange={(_, text) => onChange(text)}
      onChange={(_, picked) => onChange(picked ?? '')}
      sx={{ minWidth: 200 }}
      renderInput={(params) => (
        <TextField {...params} label={label} error={error} helperText={helperText} />
      )}
    />
  );
}
