import type { ReactNode } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { INSIGHT_TEXTS as T } from '../texts.ts';

/** The filter bar above an insights page's chart. */
export function FilterBar({ children }: { children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ px: 2, py: 1.5, mb: 2 }}>
      <Stack direction="row" useFlexGap spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {children}
      </Stack>
    </Paper>
  );
}

interface ListFilterProps {
  label: string;
  options: readonly { value: string; label: string }[];
  value: readonly string[];
  onChange: (values: string[]) => void;
  /** Values may be typed as well as picked; each typed one goes through `normalize`. */
  freeSolo?: { normalize: (text: string) => string; hint: string };
  testId: string;
}

/** A multi-select filter (regions, agent types, target numbers); empty means all. */
export function ListFilter({ label, options, value, onChange, freeSolo, testId }: ListFilterProps) {
  const labelOf = (v: string) => options.find((o) => o.value === v)?.label ?? v;
  return (
    <Autocomplete<string, true, false, boolean>
      multiple
      size="small"
      freeSolo={!!freeSolo}
      options={options.map((o) => o.value)}
      getOptionLabel={labelOf}
      value={[...value]}
      onChange={(_event, next) => {
        const values = next.map((v) => (freeSolo ? freeSolo.normalize(v) : v)).filter(Boolean);
        onChange([...new Set(values)]);
      }}
      filterSelectedOptions
      limitTags={2}
      renderValue={(selected, getItemProps) =>
        selected.map((v, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={labelOf(v)} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={value.length ? undefined : freeSolo ? freeSolo.hint : T.any}
        />
      )}
      sx={{ minWidth: 240, maxWidth: 420 }}
      data-testid={testId}
    />
  );
}
