import { useState, type KeyboardEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineRounded';
import {
  CONFIG_TEXTS,
  isValidOrigin,
  isValidPagePath,
  normalizeOrigin,
  type ConfigFieldView,
  type OriginEntry,
} from '@callsight/shared';
import { isApiError } from '../../../lib/api-client.ts';
import { useValidateConfigValue } from '../api/validate-config-value.ts';
import { ListInput } from './list-input.tsx';

interface OriginsInputProps {
  field: ConfigFieldView;
  value: OriginEntry[];
  onChange: (next: OriginEntry[]) => void;
  readOnly: boolean;
  /** Shown under the field while it is read-only. */
  readOnlyCue?: ReactNode;
  error?: string;
}

/**
 * Approved origins with the pages allowed on each (spec 000 §5): a typed origin gets https://
 * when it has no scheme and loses any path, then the server checks it (406 gives its text).
 */
export function OriginsInput({
  field,
  value,
  onChange,
  readOnly,
  readOnlyCue,
  error,
}: OriginsInputProps) {
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);
  const validate = useValidateConfigValue();

  const add = async () => {
    const origin = normalizeOrigin(draft);
    if (!origin) return;
    setDraft(origin);
    if (!isValidOrigin(origin)) {
      setDraftError(CONFIG_TEXTS.invalidOrigin(origin));
      return;
    }
    if (value.some((v) => v.origin.toLowerCase() === origin.toLowerCase())) {
      setDraftError(`${origin} is listed more than once`);
      return;
    }
    const next = [...value, { origin, pages: [] }];
    try {
      await validate.mutateAsync({ key: field.key, value: next });
    } catch (err) {
      setDraftError(isApiError(err) ? err.message : CONFIG_TEXTS.setError);
      return;
    }
    onChange(next);
    setDraft('');
    setDraftError(null);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void add();
    }
  };
  const pagesField = field.subFields?.find((s) => s.key === 'pages');

  return (
    <Box data-testid={`field-${field.key}`}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {field.title}
      </Typography>
      {field.description && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {field.description}
        </Typography>
      )}
      <Stack spacing={1} sx={{ mb: 1 }}>
        {value.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            No approved origins.
          </Typography>
        )}
        {value.map((row, index) => (
          <Paper key={row.origin} variant="outlined" sx={{ p: 1.5 }} data-testid="origin-row">
            <Stack
              direction="row"
              sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}
            >
              <Typography sx={{ fontFamily: 'monospace' }}>{row.origin}</Typography>
              {!readOnly && (
                <Tooltip title={`Remove ${row.origin}`}>
                  <IconButton
                    aria-label={`Remove ${row.origin}`}
                    size="small"
                    onClick={() => onChange(value.filter((_, i) => i !== index))}
                  >
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
            </Stack>
            <ListInput
              label={pagesField?.title ?? 'Allowlisted pages'}
              placeholder={pagesField?.fieldText}
              value={row.pages}
              readOnly={readOnly}
              onChange={(pages) =>
                onChange(value.map((v, i) => (i === index ? { ...v, pages } : v)))
              }
              validateItem={(p) => (isValidPagePath(p) ? null : CONFIG_TEXTS.invalidPagePath(p))}
            />
          </Paper>
        ))}
      </Stack>
      {!readOnly && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label={field.fieldText ?? 'Origin'}
            placeholder="https://example.com"
            value={draft}
            onChange={(e) => {
              setDraft(e.target.value);
              setDraftError(null);
            }}
            onBlur={() => setDraft((d) => normalizeOrigin(d))}
            onKeyDown={onKeyDown}
            error={!!draftError}
            helperText={draftError ?? ' '}
            sx={{ flex: 1, maxWidth: 420 }}
          />
          <Button
            variant="outlined"
            onClick={() => void add()}
            disabled={!draft.trim() || validate.isPending}
            sx={{ mt: '4px' }}
          >
            Add origin
          </Button>
        </Stack>
      )}
      {error && (
        <FormHelperText error role="alert">
          {error}
        </FormHelperText>
      )}
      {field.helperTexts?.map((t) => (
        <FormHelperText key={t}>{t}</FormHelperText>
      ))}
      {readOnlyCue && <FormHelperText component="div">{readOnlyCue}</FormHelperText>}
    </Box>
  );
}
