/**
 * Calendar and absolute-selection rules of the time-range picker (spec 001 §4, §5, §9):
 * 42-cell Monday-first months, years 1900..current+10, nothing after the end of today,
 * From/To alternation with the push/pull rules, and the date text and time fields.
 */
import dayjs, { type Dayjs } from 'dayjs';
import { absoluteRange, type AbsoluteTimeRange, type ResolvedTimeRange } from './time-range.ts';

export const CALENDAR_CELL_COUNT = 42;
export const FIRST_CALENDAR_YEAR = 1900;
export const YEARS_AFTER_CURRENT = 10;
/** Format of the picker's date text field. */
export const DATE_TEXT_FORMAT = 'DD-MM-YYYY';
export const WEEKDAY_LABELS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const;
export const MONTH_LABELS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
export const MAX_HOURS = 23;
export const MAX_MINUTES = 59;

export interface CalendarCell {
  /** Local midnight of the day. */
  date: Date;
  /** Day of the month, 1..31. */
  day: number;
  /** False for the leading and trailing days of the neighbouring months. */
  inMonth: boolean;
  /** YYYY-MM-DD, unique within a calendar. */
  key: string;
}

export type RangeSide = 'from' | 'to';

/** The picker's absolute range being edited, and which end the next date pick sets. */
export interface AbsoluteSelection {
  from: Date;
  to: Date;
  selecting: RangeSide;
}

/** The 42 days (6 weeks, Monday first) shown for a month; `month` is 0-based (0 = January). */
export function calendarCells(year: number, month: number): CalendarCell[] {
  const first = dayjs(new Date(year, month, 1));
  const start = first.subtract((first.day() + 6) % 7, 'day');
  return Array.from({ length: CALENDAR_CELL_COUNT }, (_, index) => {
    const day = start.add(index, 'day');
    return {
      date: day.toDate(),
      day: day.date(),
      inMonth: day.month() === first.month() && day.year() === first.year(),
      key: day.format('YYYY-MM-DD'),
    };
  });
}

/** Years offered by the year selector: 1900 to the current year plus 10. */
export function yearOptions(now: Date): number[] {
  const last = now.getFullYear() + YEARS_AFTER_CURRENT;
  return Array.from({ length: last - FIRST_CALENDAR_YEAR + 1 }, (_, i) => FIRST_CALENDAR_YEAR + i);
}

/** The latest selectable instant: the end of today. */
export function maxSelectableDate(now: Date): Date {
  return dayjs(now).endOf('day').toDate();
}

/** True when the day may be picked (it is not after today). */
export function isSelectableDate(date: Date, now: Date): boolean {
  return !dayjs(date).startOf('day').isAfter(maxSelectableDate(now));
}

/** The month before or after (`delta` months) a 0-based year/month, for the arrows. */
export function shiftMonth(
  year: number,
  month: number,
  delta: number,
): { year: number; month: number } {
  const shifted = dayjs(new Date(year, month, 1)).add(delta, 'month');
  return { year: shifted.year(), month: shifted.month() };
}

/** A selection of a resolved range, picking From first. */
export function startSelection(range: ResolvedTimeRange): AbsoluteSelection {
  return { from: range.fromTime, to: range.toTime, selecting: 'from' };
}

/** The absolute time range of a selection. */
export function selectionToTimeRange(state: AbsoluteSelection): AbsoluteTimeRange {
  return absoluteRange(state.from, state.to);
}

function earliest(a: Dayjs, b: Dayjs): Dayjs {
  return a.isBefore(b) ? a : b;
}

/**
 * Sets one end and keeps the end not before the start: a start past the end pushes the end to
 * start + step (never past `max`); an end before the start pulls the start to end - step.
 */
function withEnd(
  state: AbsoluteSelection,
  which: RangeSide,
  value: Dayjs,
  step: { amount: number; unit: 'day' | 'minute' },
  max: Dayjs | null,
): AbsoluteSelection {
  if (which === 'from') {
    const to = dayjs(state.to);
    if (!value.isAfter(to)) return { ...state, from: value.toDate() };
    const pushed = value.add(step.amount, step.unit);
    return { ...state, from: value.toDate(), to: (max ? earliest(pushed, max) : pushed).toDate() };
  }
  const from = dayjs(state.from);
  if (!value.isBefore(from)) return { ...state, to: value.toDate() };
  return { ...state, from: value.subtract(step.amount, step.unit).toDate(), to: value.toDate() };
}

/**
 * Moves one end to the calendar day of `date`, keeping that end's time of day. A day after
 * today is rejected: the same state object comes back. Push/pull step: 1 day.
 */
export function applyDateChange(
  state: AbsoluteSelection,
  which: RangeSide,
  date: Date,
  now: Date,
): AbsoluteSelection {
  const max = dayjs(maxSelectableDate(now));
  const time = state[which];
  // Built in one go: setting year, month and day one by one rolls 31 January into March.
  const value = dayjs(
    new Date(
      date.getFullYear(),
      date.getMonth(),
      date.getDate(),
      time.getHours(),
      time.getMinutes(),
      time.getSeconds(),
      time.getMilliseconds(),
    ),
  );
  if (!value.isValid() || value.isAfter(max)) return state;
  return withEnd(state, which, value, { amount: 1, unit: 'day' }, max);
}

/**
 * A date picked on a calendar sets the end being selected, then selection alternates
 * (From, To, From ...). A rejected pick (after today) returns the same state object.
 */
export function applyDatePick(state: AbsoluteSelection, date: Date, now: Date): AbsoluteSelection {
  const next = applyDateChange(state, state.selecting, date, now);
  if (next === state) return state;
  return { ...next, selecting: state.selecting === 'from' ? 'to' : 'from' };
}

function clampField(value: number, max: number): number | null {
  if (!Number.isFinite(value)) return null;
  return Math.min(max, Math.max(0, Math.trunc(value)));
}

/**
 * Sets an end's hours (0-23) and minutes (0-59), seconds to zero. Out-of-range numbers are
 * clamped; non-numbers leave the state unchanged (same object). Push/pull step: 1 minute.
 * With `now`, a pushed end stays within today and an end after today is rejected.
 */
export function applyTimeChange(
  state: AbsoluteSelection,
  which: RangeSide,
  hours: number,
  minutes: number,
  now?: Date,
): AbsoluteSelection {
  const h = clampField(hours, MAX_HOURS);
  const m = clampField(minutes, MAX_MINUTES);
  if (h === null || m === null) return state;
  const value = dayjs(state[which]).hour(h).minute(m).second(0).millisecond(0);
  const max = now ? dayjs(maxSelectableDate(now)) : null;
  if (max && value.isAfter(max)) return state;
  return withEnd(state, which, value, { amount: 1, unit: 'minute' }, max);
}

const DATE_TEXT = /^(\d{1,2})-(\d{1,2})-(\d{4})$/;

/**
 * Reads the date text field (DD-MM-YYYY, year from 1900) onto `previous`, keeping its time of
 * day. Invalid text gives back `previous` itself.
 */
export function parseDateText(text: string, previous: Date): Date {
  const match = DATE_TEXT.exec(text.trim());
  if (!match) return previous;
  const day = Number(match[1]);
  const month = Number(match[2]) - 1;
  const year = Number(match[3]);
  if (year < FIRST_CALENDAR_YEAR) return previous;
  const date = new Date(
    year,
    month,
    day,
    previous.getHours(),
    previous.getMinutes(),
    previous.getSeconds(),
    previous.getMilliseconds(),
  );
  const exists = date.getFullYear() === year && date.getMonth() === month && date.getDate() === day;
  return exists ? date : previous;
}

/** Formats a date for the date text field (DD-MM-YYYY). */
export function formatDateText(date: Date): string {
  return dayjs(date).format(DATE_TEXT_FORMAT);
}
