import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  isApplicableFilter,
  isNumericFilterField,
  LIST_FILTER_FIELDS,
  LOG_LEVELS,
  operatorsFor,
  parseFilterNumber,
  type ExplorerList,
  type FilterOperator,
  type ListFilter,
} from '@callsight/shared';
import { FILTER_FIELD_LABELS } from './columns.ts';

interface Props {
  list: ExplorerList;
  filters: ListFilter[];
  onChange: (filters: ListFilter[]) => void;
}

const labelOf = (field: string) => FILTER_FIELD_LABELS[field] ?? field;
export const filterText = (f: ListFilter) => `${labelOf(f.field)} ${f.operator} ${f.value}`;

/**
 * Field / operator / value filters (spec 002 §5, §9): all three are needed to apply; numeric
 * fields offer =, >= and <=, text fields =. A numeric value that does not parse is not applied.
 */
export function FilterBar({ list, filters, onChange }: Props) {
  const fields = LIST_FILTER_FIELDS[list];
  const [field, setField] = useState('');
  const [operator, setOperator] = useState<FilterOperator | ''>('');
  const [value, setValue] = useState('');
  const [notNumber, setNotNumber] = useState(false);

  const draft: ListFilter | null = field && operator ? { field, operator, value } : null;
  const complete = draft !== null && isApplicableFilter(list, draft);

  function chooseField(next: string) {
    setField(next);
    const operators = operatorsFor(next);
    setOperator(operators.length === 1 ? (operators[0] ?? '') : '');
    setValue('');
    setNotNumber(false);
  }

  function apply(event: FormEvent) {
    event.preventDefault();
    if (!draft || !complete) return;
    if (list === 'calls' && isNumericFilterField(draft.field)) {
      if (parseFilterNumber(draft.value) === null) {
        setNotNumber(true);
        return;
      }
    }
    const filter = { ...draft, value: draft.value.trim() };
    const same = (f: ListFilter) =>
      f.field === filter.field && f.operator === filter.operator && f.value === filter.value;
    if (!filters.some(same)) onChange([...filters, filter]);
    setValue('');
  }

  return (
    <Stack spacing={1.5}>
      <Stack
        component="form"
        direction={{ xs: 'column', md: 'row' }}
        spacing={1.5}
        onSubmit={apply}
        aria-label="Add a filter"
        sx={{ alignItems: { md: 'flex-start' } }}
      >
        <TextField
          select
          size="small"
          label="Field"
          value={field}
          onChange={(e) => chooseField(e.target.value)}
          sx={{ minWidth: 170 }}
        >
          {fields.map((f) => (
            <MenuItem key={f} value={f}>
              {labelOf(f)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Operator"
          value={operator}
          disabled={!field}
          onChange={(e) => setOperator(e.target.value as FilterOperator)}
          sx={{ minWidth: 110 }}
        >
          {(field ? operatorsFor(field) : []).map((op) => (
            <MenuItem key={op} value={op}>
              {op}
            </MenuItem>
          ))}
        </TextField>
        {field === 'level' ? (
          <TextField
            select
            size="small"
            label="Value"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            sx={{ minWidth: 150 }}
          >
            {LOG_LEVELS.map((level) => (
              <MenuItem key={level} value={level}>
                {level}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <TextField
            size="small"
            label="Value"
            value={value}
            disabled={!field}
            error={notNumber}
            helperText={notNumber ? 'Enter a number' : undefined}
            onChange={(e) => {
              setValue(e.target.value);
              setNotNumber(false);
            }}
            slotProps={{
              htmlInput: { inputMode: isNumericFilterField(field) ? 'decimal' : 'text' },
            }}
            sx={{ minWidth: 200 }}
          />
        )}
        <Button type="submit" variant="outlined" disabled={!complete} sx={{ height: 40 }}>
          Apply
        </Button>
      </Stack>
      {filters.length > 0 && (
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap', alignItems: 'center' }}
          data-testid="explorer-filters"
        >
          {filters.map((f, i) => (
            <Chip
              key={`${f.field}${f.operator}${f.value}`}
              label={filterText(f)}
              onDelete={() => onChange(filters.filter((_, j) => j !== i))}
              size="small"
              color="primary"
              variant="outlined"
            />
          ))}
          <Button size="small" onClick={() => onChange([])}>
            Clear filters
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
