import { useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  TRACE_FILTER_FIELDS,
  TRACE_FILTER_FIELD_NAMES,
  type TraceFilterField,
} from '@callsight/shared';
import type { TraceListFilter } from '../url.ts';

type Operator = '=' | '>=' | '<=';
const OPERATORS: Operator[] = ['=', '>=', '<='];
const OP_LABEL = { gte: '>=', lte: '<=' } as const;

interface Props {
  filters: TraceListFilter[];
  onAdd: (filters: TraceListFilter[]) => void;
  onRemove: (filter: TraceListFilter) => void;
}

/**
 * Field filters of the journey list (spec 002 §9 fields): field, operator and value are all
 * needed to apply (spec 002 §5); '=' sets both bounds; a numeric value must parse.
 */
export function TraceFilters({ filters, onAdd, onRemove }: Props) {
  const [field, setField] = useState<TraceFilterField | ''>('');
  const [op, setOp] = useState<Operator | ''>('');
  const [value, setValue] = useState('');
  const numeric = field !== '' && TRACE_FILTER_FIELDS[field] === 'number';
  const valueOk = value.trim() !== '' && (!numeric || Number.isFinite(Number(value)));
  const canApply = field !== '' && op !== '' && valueOk;

  const apply = () => {
    if (!canApply) return;
    const v = value.trim();
    const ops: TraceListFilter['op'][] =
      op === '=' ? ['gte', 'lte'] : op === '>=' ? ['gte'] : ['lte'];
    onAdd(ops.map((o) => ({ field, op: o, value: v })));
    setValue('');
  };

  return (
    <Stack spacing={1}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label="Field"
          value={field}
          onChange={(e) => setField(e.target.value as TraceFilterField)}
          sx={{ minWidth: 280 }}
          slotProps={{ htmlInput: { 'data-testid': 'trace-filter-field' } }}
        >
          {TRACE_FILTER_FIELD_NAMES.map((f) => (
            <MenuItem key={f} value={f}>
              {f}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Operator"
          value={op}
          onChange={(e) => setOp(e.target.value as Operator)}
          sx={{ minWidth: 110 }}
        >
          {OPERATORS.map((o) => (
            <MenuItem key={o} value={o}>
              {o}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label="Value"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') apply();
          }}
          error={value !== '' && numeric && !valueOk}
          slotProps={{ htmlInput: { 'data-testid': 'trace-filter-value' } }}
        />
        <Button variant="contained" disabled={!canApply} onClick={apply}>
          Apply
        </Button>
      </Stack>
      {filters.length > 0 && (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          {filters.map((f) => (
            <Chip
              key={`${f.field}-${f.op}`}
              label={`${f.field} ${OP_LABEL[f.op]} ${f.value}`}
              onDelete={() => onRemove(f)}
              data-testid="trace-filter-chip"
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
