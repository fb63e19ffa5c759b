import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TimeRange } from '@callsight/shared';
import { TimeRangePicker } from '../../../../components/time-range-picker/index.ts';
import { SYNTHETIC_SCREEN_TEXTS as T } from '../texts.ts';

/** The Timestamp filter of a list (spec 002 §2.6): the time-range picker with its label. */
export function RangeFilter({
  range,
  onRange,
  testId,
}: {
  range: TimeRange;
  onRange: (range: TimeRange) => void;
  testId: string;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography variant="body2" color="text.secondary">
        {T.timestamp}
      </Typography>
      <TimeRangePicker value={range} onChange={onRange} data-testid={testId} />
    </Stack>
  );
}
