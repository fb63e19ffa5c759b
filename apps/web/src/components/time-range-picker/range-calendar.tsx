import { useMemo } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import NativeSelect from '@mui/material/NativeSelect';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha, styled } from '@mui/material/styles';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import dayjs from 'dayjs';
import {
  calendarCells,
  formatDateText,
  isSelectableDate,
  MONTH_LABELS,
  shiftMonth,
  WEEKDAY_LABELS,
  yearOptions,
  type RangeSide,
} from '@callsight/shared/time-range/index';

export interface CalendarView {
  year: number;
  /** 0-based month. */
  month: number;
}

interface RangeCalendarProps {
  side: RangeSide;
  title: string;
  view: CalendarView;
  onViewChange: (view: CalendarView) => void;
  from: Date;
  to: Date;
  now: Date;
  onPick: (date: Date) => void;
}

// A key to compare days by, never shown.
// eslint-disable-next-line no-restricted-syntax -- not a displayed date
const dayKey = (date: Date) => dayjs(date).format('YYYY-MM-DD');

// One style for every cell, states through data attributes: 84 cells re-render on each pick.
const DayButton = styled(ButtonBase)(({ theme }) => ({
  height: 34,
  borderRadius: theme.shape.borderRadius,
  fontSize: 13,
  color: theme.palette.text.primary,
  border: '1px solid transparent',
  '&[data-in-month="false"]': { color: theme.palette.text.disabled },
  '&[data-today="true"]': { borderColor: theme.palette.divider },
  '&[data-in-range="true"]': { backgroundColor: alpha(theme.palette.primary.main, 0.12) },
  '&[data-range-end="to"]': {
    backgroundColor: theme.palette.error.main,
    color: theme.palette.error.contrastText,
  },
  '&[data-range-end="from"], &[data-range-end="both"]': {
    backgroundColor: theme.palette.success.main,
    color: theme.palette.success.contrastText,
  },
  '&.Mui-disabled': { opacity: 0.38 },
  '&:hover': { outline: `1px solid ${theme.palette.action.active}` },
}));

/**
 * One month of the picker: arrows, month and year selectors and 42 day cells (Monday first).
 * Days after today are disabled; the From day is green, the To day red, days between tinted.
 */
export function RangeCalendar({
  side,
  title,
  view,
  onViewChange,
  from,
  to,
  now,
  onPick,
}: RangeCalendarProps) {
  const cells = useMemo(() => calendarCells(view.year, view.month), [view.year, view.month]);
  const years = useMemo(() => yearOptions(now), [now]);
  const fromKey = dayKey(from);
  const toKey = dayKey(to);
  const todayKey = dayKey(now);
  const shift = (delta: number) => onViewChange(shiftMonth(view.year, view.month, delta));
  // Declared apart: an inline literal may not carry data-* keys into the input props type.
  const monthInputProps = {
    'aria-label': `${title} month`,
    'data-testid': `time-range-${side}-month`,
  };
  const yearInputProps = {
    'aria-label': `${title} year`,
    'data-testid': `time-range-${side}-year`,
  };

  return (
    <Box
      data-testid={`time-range-${side}-calendar`}
      role="group"
      aria-label={title}
      sx={{ width: 280 }}
    >
      <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        <IconButton
          size="small"
          aria-label={`${title} previous month`}
          data-testid={`time-range-${side}-previous-month`}
          onClick={() => shift(-1)}
        >
          <ChevronLeftIcon fontSize="small" />
        </IconButton>
        <NativeSelect
          value={view.month}
          onChange={(event) => onViewChange({ ...view, month: Number(event.target.value) })}
          inputProps={monthInputProps}
          sx={{ flex: 3, fontSize: 14 }}
        >
          {MONTH_LABELS.map((label, index) => (
            <option key={label} value={index}>
              {label}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          value={view.year}
          onChange={(event) => onViewChange({ ...view, year: Number(event.target.value) })}
          inputProps={yearInputProps}
          sx={{ flex: 2, fontSize: 14 }}
        >
          {years.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </NativeSelect>
        <IconButton
          size="small"
          aria-label={`${title} next month`}
          data-testid={`time-range-${side}-next-month`}
          onClick={() => shift(1)}
        >
          <ChevronRightIcon fontSize="small" />
        </IconButton>
      </Stack>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', mt: 1, rowGap: 0.25 }}>
        {WEEKDAY_LABELS.map((label) => (
          <Typography
            key={label}
            variant="caption"
            align="center"
            color="text.secondary"
            aria-hidden
          >
            {label}
          </Typography>
        ))}
        {cells.map((cell) => {
          const isFrom = cell.key === fromKey;
          const isTo = cell.key === toKey;
          const inRange = cell.key > fromKey && cell.key < toKey;
          const selectable = isSelectableDate(cell.date, now);
          return (
            <DayButton
              key={cell.key}
              disabled={!selectable}
              onClick={() => onPick(cell.date)}
              aria-label={formatDateText(cell.date)}
              aria-pressed={isFrom || isTo}
              data-testid={`time-range-${side}-day-${cell.key}`}
              data-range-end={isFrom && isTo ? 'both' : isFrom ? 'from' : isTo ? 'to' : undefined}
              data-in-range={inRange}
              data-in-month={cell.inMonth}
              data-today={cell.key === todayKey}
            >
              {cell.day}
            </DayButton>
          );
        })}
      </Box>
    </Box>
  );
}
