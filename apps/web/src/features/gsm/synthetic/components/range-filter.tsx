import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import RestartAltRoundedIcon from '@mui/icons-material/RestartAltRounded';
import {
  encodeTimeRangeParams,
  SYNTHETIC_TEXTS,
  timeRangeLabel,
  type TimeRange,
} from '@callsight/shared';
import { TimeRangePicker } from '../../../../components/time-range-picker/index.ts';
import { SYNTHETIC_SCREEN_TEXTS as T } from '../texts.ts';

const sameRange = (a: TimeRange, b: TimeRange) => {
  const x = encodeTimeRangeParams(a);
  const y = encodeTimeRangeParams(b);
  return x.from === y.from && x.to === y.to;
};

/**
 * The Timestamp filter of the GSM and heartbeat pages (spec 002 §2.6): the time-range picker
 * with its label, and a reset shown while the range is not the page's default. Clearing the
 * filter goes back to that default (spec 002 §5: logs and tests Last 7 days, insights Last 4
 * hours; monitors Last 30 days by §9).
 */
export function RangeFilter({
  range,
  onRange,
  defaultRange,
  testId,
}: {
  range: TimeRange;
  onRange: (range: TimeRange) => void;
  /** The page's default range (DEFAULT_RANGES), which clearing returns to. */
  defaultRange: TimeRange;
  testId: string;
}) {
  const reset = SYNTHETIC_TEXTS.resetRange(timeRangeLabel(defaultRange));
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography variant="body2" color="text.secondary">
        {T.timestamp}
      </Typography>
      <TimeRangePicker value={range} onChange={onRange} data-testid={testId} />
      {!sameRange(range, defaultRange) && (
        <Tooltip title={reset}>
          <IconButton
            size="small"
            aria-label={reset}
            onClick={() => onRange(defaultRange)}
            data-testid={`${testId}-reset`}
          >
            <RestartAltRoundedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Stack>
  );
}
