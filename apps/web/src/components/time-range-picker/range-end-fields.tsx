import { useState, type KeyboardEvent } from 'react';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  DATE_TEXT_FORMAT,
  formatDateText,
  MAX_HOURS,
  MAX_MINUTES,
  type RangeSide,
} from '@callsight/shared/time-range/index';

interface RangeEndFieldsProps {
  side: RangeSide;
  value: Date;
  /** Called with the typed date text on Enter or blur; invalid text simply reverts. */
  onDateText: (text: string) => void;
  /** Called with whole hours and minutes on Enter or blur. */
  onTime: (hours: number, minutes: number) => void;
}

const SIDE_NAME: Record<RangeSide, string> = { from: 'From', to: 'To' };
const WHOLE_NUMBER = /^-?\d+$/;

function commitOnEnter(commit: () => void) {
  return (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    }
  };
}

/**
 * The date text field (DD-MM-YYYY) and hour/minute fields of one end. Typing is kept as a
 * draft and applied on Enter or blur, so that half-typed values do not push the other end.
 */
export function RangeEndFields({ side, value, onDateText, onTime }: RangeEndFieldsProps) {
  const [dateDraft, setDateDraft] = useState<string | null>(null);
  const [hoursDraft, setHoursDraft] = useState<string | null>(null);
  const [minutesDraft, setMinutesDraft] = useState<string | null>(null);
  const name = SIDE_NAME[side];

  const commitDate = () => {
    if (dateDraft !== null) onDateText(dateDraft);
    setDateDraft(null);
  };
  const commitTime = () => {
    const hours = (hoursDraft ?? String(value.getHours())).trim();
    const minutes = (minutesDraft ?? String(value.getMinutes())).trim();
    setHoursDraft(null);
    setMinutesDraft(null);
    if (hoursDraft === null && minutesDraft === null) return;
    if (WHOLE_NUMBER.test(hours) && WHOLE_NUMBER.test(minutes))
      onTime(Number(hours), Number(minutes));
  };

  return (
    <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
      <TextField
        size="small"
        label="Date"
        placeholder={DATE_TEXT_FORMAT}
        value={dateDraft ?? formatDateText(value)}
        onChange={(event) => setDateDraft(event.target.value)}
        onBlur={commitDate}
        onKeyDown={commitOnEnter(commitDate)}
        sx={{ flex: 2 }}
        slotProps={{
          htmlInput: {
            'aria-label': `${name} date`,
            'data-testid': `time-range-${side}-date-input`,
            inputMode: 'numeric',
          },
        }}
      />
      <TextField
        size="small"
        type="number"
        label="HH"
        value={hoursDraft ?? String(value.getHours())}
        onChange={(event) => setHoursDraft(event.target.value)}
        onBlur={commitTime}
        onKeyDown={commitOnEnter(commitTime)}
        sx={{ flex: 1 }}
        slotProps={{
          htmlInput: {
            'aria-label': `${name} hours`,
            'data-testid': `time-range-${side}-hours`,
            min: 0,
            max: MAX_HOURS,
            step: 1,
          },
        }}
      />
      <TextField
        size="small"
        type="number"
        label="MM"
        value={minutesDraft ?? String(value.getMinutes())}
        onChange={(event) => setMinutesDraft(event.target.value)}
        onBlur={commitTime}
        onKeyDown={commitOnEnter(commitTime)}
        sx={{ flex: 1 }}
        slotProps={{
          htmlInput: {
            'aria-label': `${name} minutes`,
            'data-testid': `time-range-${side}-minutes`,
            min: 0,
            max: MAX_MINUTES,
            step: 1,
          },
        }}
      />
    </Stack>
  );
}
