import { useState, type KeyboardEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

interface ListInputProps {
  label: string;
  value: readonly string[];
  onChange: (next: string[]) => void;
  readOnly?: boolean;
  placeholder?: string;
  /** Shown under the list: the field's error, else its help. */
  error?: string;
  helperText?: ReactNode;
  /** Checks one new entry; a message refuses it. */
  validateItem?: (item: string) => string | null;
  testId?: string;
}

/** A list of texts as chips; a new entry is typed and added with Enter or the Add button. */
export function ListInput({
  label,
  value,
  onChange,
  readOnly,
  placeholder,
  error,
  helperText,
  validateItem,
  testId,
}: ListInputProps) {
  const [draft, setDraft] = useState('');
  const [itemError, setItemError] = useState<string | null>(null);

  const add = () => {
    const item = draft.trim();
    if (!item) return;
    const problem = validateItem?.(item) ?? null;
    if (problem) {
      setItemError(problem);
      return;
    }
    if (!value.includes(item)) onChange([...value, item]);
    setDraft('');
    setItemError(null);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  };
  const message = itemError ?? error;

  return (
    <Box data-testid={testId}>
      <Typography variant="body2" sx={{ fontWeight: 600, mb: 1 }}>
        {label}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: readOnly ? 0 : 1 }}>
        {value.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            None
          </Typography>
        )}
        {value.map((item) => (
          <Chip
            key={item}
            label={item}
            size="small"
            onDelete={readOnly ? undefined : () => onChange(value.filter((v) => v !== item))}
          />
        ))}
      </Stack>
      {!readOnly && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            size="small"
            value={draft}
            placeholder={placeholder ?? 'Type and press Enter'}
            onChange={(e) => {
              setDraft(e.target.value);
              setItemError(null);
            }}
            onKeyDown={onKeyDown}
            error={!!itemError}
            slotProps={{ htmlInput: { 'aria-label': `Add to ${label}` } }}
            sx={{ flex: 1, maxWidth: 420 }}
          />
          <Button variant="outlined" onClick={add} disabled={!draft.trim()}>
            Add
          </Button>
        </Stack>
      )}
      {(message ?? helperText) && (
        <FormHelperText error={!!message} role={message ? 'alert' : undefined}>
          {message ?? helperText}
        </FormHelperText>
      )}
    </Box>
  );
}
