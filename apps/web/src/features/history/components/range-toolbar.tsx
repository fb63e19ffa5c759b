import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { TimeRange } from '@callsight/shared';
import { TimeRangePicker } from '../../../components/time-range-picker/index.ts';

interface Props {
  range: TimeRange;
  onRange: (range: TimeRange) => void;
  /** Filters after the picker. */
  children?: ReactNode;
  /** Buttons on the right. */
  actions?: ReactNode;
}

/** The time-range picker, filters and buttons above a history table. */
export function RangeToolbar({ range, onRange, children, actions }: Props) {
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { md: 'center' } }}
      >
        <TimeRangePicker value={range} onChange={onRange} data-testid="history-range" />
        {children}
        {actions && (
          <Stack direction="row" spacing={1} sx={{ ml: { md: 'auto' } }}>
            {actions}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
