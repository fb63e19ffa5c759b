import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { SYNTHETIC_SCREEN_TEXTS as T } from '../texts.ts';

interface RowAction {
  label: string;
  onClick?: () => void;
  color?: 'primary' | 'error';
}

/**
 * A monitor's or test's row buttons (spec 002 §2.1, §2.6): Disable while active, Retest once
 * inactive (tests), and Delete; each named "{action} {description}" for assistive technology.
 */
export function RowActions({
  name,
  onDisable,
  onRetest,
  onDelete,
}: {
  name: string;
  onDisable?: () => void;
  onRetest?: () => void;
  onDelete: () => void;
}) {
  const actions: RowAction[] = [
    { label: T.disable, onClick: onDisable },
    { label: T.retest, onClick: onRetest },
    { label: T.delete, onClick: onDelete, color: 'error' },
  ];
  return (
    <Stack direction="row" spacing={0.5}>
      {actions.map(
        (a) =>
          a.onClick && (
            <Button
              key={a.label}
              size="small"
              color={a.color ?? 'primary'}
              onClick={a.onClick}
              aria-label={`${a.label} ${name}`}
              sx={{ minWidth: 0 }}
            >
              {a.label}
            </Button>
          ),
      )}
    </Stack>
  );
}
