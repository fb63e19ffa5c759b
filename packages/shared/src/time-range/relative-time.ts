/**
 * Relative time expressions in the Grafana/Elastic style (spec 001 §2 time-range picker):
 * `now`, followed by offsets (`-15m`, `+1d`) and roundings (`/d`), e.g. `now-1d/d`.
 * Weeks start on Monday (spec 001 §9). Everything is computed in local time.
 */
import dayjs, { type Dayjs } from 'dayjs';

/** Units of a relative expression: seconds, minutes, hours, days, weeks, Months, years. */
export const RELATIVE_TIME_UNITS = ['s', 'm', 'h', 'd', 'w', 'M', 'y'] as const;
export type RelativeTimeUnit = (typeof RELATIVE_TIME_UNITS)[number];

export type RelativeTimeOperation =
  | { kind: 'offset'; amount: number; unit: RelativeTimeUnit }
  | { kind: 'round'; unit: RelativeTimeUnit };

/** Thrown for a malformed relative expression; the message names the expression and the fault. */
export class RelativeTimeError extends Error {
  readonly expression: string;
  constructor(expression: string, reason: string) {
    super(`Invalid relative time "${expression}": ${reason}`);
    this.name = 'RelativeTimeError';
    this.expression = expression;
  }
}

export interface ResolveRelativeTimeOptions {
  /** Round up to the end of the unit instead of its start (used for a range's `to`). */
  roundUp?: boolean;
}

const OPERATION = /^(?:([+-])(\d+)([a-zA-Z])|\/([a-zA-Z]))/;
// Larger amounts overflow the dates JavaScript can represent anyway.
const MAX_AMOUNT_DIGITS = 7;

function isUnit(text: string): text is RelativeTimeUnit {
  return (RELATIVE_TIME_UNITS as readonly string[]).includes(text);
}

function unitOf(expression: string, text: string): RelativeTimeUnit {
  if (!isUnit(text)) {
    throw new RelativeTimeError(
      expression,
      `unknown unit "${text}" (expected one of ${RELATIVE_TIME_UNITS.join(', ')})`,
    );
  }
  return text;
}

/** Parses a relative expression into its operations; throws RelativeTimeError when malformed. */
export function parseRelativeTime(expression: string): RelativeTimeOperation[] {
  const text = expression.trim();
  if (!text.startsWith('now')) throw new RelativeTimeError(expression, 'must start with "now"');
  const operations: RelativeTimeOperation[] = [];
  let rest = text.slice(3);
  while (rest.length > 0) {
    const match = OPERATION.exec(rest);
    if (!match) {
      throw new RelativeTimeError(
        expression,
        `unexpected "${rest}" (expected an offset such as -15m or a rounding such as /d)`,
      );
    }
    const [whole, sign, digits, offsetUnit, roundUnit] = match;
    if (roundUnit !== undefined) {
      operations.push({ kind: 'round', unit: unitOf(expression, roundUnit) });
    } else if (sign !== undefined && digits !== undefined && offsetUnit !== undefined) {
      if (digits.length > MAX_AMOUNT_DIGITS) {
        throw new RelativeTimeError(expression, `amount ${digits} is too large`);
      }
      const amount = Number(digits) * (sign === '-' ? -1 : 1);
      operations.push({ kind: 'offset', amount, unit: unitOf(expression, offsetUnit) });
    }
    rest = rest.slice(whole.length);
  }
  return operations;
}

/** True when the text is a well-formed relative expression. */
export function isRelativeTime(text: string): boolean {
  try {
    parseRelativeTime(text);
    return true;
  } catch {
    return false;
  }
}

/** Start of the Monday-first week containing the date (dayjs' own week follows the locale). */
function startOfWeek(date: Dayjs): Dayjs {
  const daysSinceMonday = (date.day() + 6) % 7;
  return date.startOf('day').subtract(daysSinceMonday, 'day');
}

const DAYJS_UNIT = {
  s: 'second',
  m: 'minute',
  h: 'hour',
  d: 'day',
  w: 'week',
  M: 'month',
  y: 'year',
} as const;

function round(date: Dayjs, unit: RelativeTimeUnit, roundUp: boolean): Dayjs {
  if (unit === 'w') {
    const start = startOfWeek(date);
    return roundUp ? start.add(7, 'day').subtract(1, 'millisecond') : start;
  }
  return roundUp ? date.endOf(DAYJS_UNIT[unit]) : date.startOf(DAYJS_UNIT[unit]);
}

/** Resolves a relative expression against `now`; throws RelativeTimeError when malformed. */
export function resolveRelativeTime(
  expression: string,
  now: Date,
  options: ResolveRelativeTimeOptions = {},
): Date {
  const roundUp = options.roundUp ?? false;
  let date = dayjs(now);
  for (const operation of parseRelativeTime(expression)) {
    date =
      operation.kind === 'round'
        ? round(date, operation.unit, roundUp)
        : date.add(operation.amount, DAYJS_UNIT[operation.unit]);
  }
  if (!date.isValid()) throw new RelativeTimeError(expression, 'resolves outside the date range');
  return date.toDate();
}

// Full ISO 8601 date-time; without an offset it is read as local time.
const ISO_DATE_TIME =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:?\d{2})?$/;

/** Parses an absolute ISO 8601 date-time (e.g. `2024-05-15T10:30:00.000Z`); null when invalid. */
export function parseAbsoluteTime(text: string): Date | null {
  const trimmed = text.trim();
  if (!ISO_DATE_TIME.test(trimmed)) return null;
  const date = new Date(trimmed);
  if (Number.isNaN(date.getTime())) return null;
  // Reject calendar days that do not exist (2024-02-31), which Date may roll over.
  const [year = 0, month = 0, day = 0] = trimmed.slice(0, 10).split('-').map(Number);
  const calendarDay = new Date(Date.UTC(year, month - 1, day));
  const exists = calendarDay.getUTCMonth() === month - 1 && calendarDay.getUTCDate() === day;
  return exists ? date : null;
}

/**
 * Resolves one end of a range: a relative expression or an absolute ISO date-time.
 * Throws RelativeTimeError when the text is neither.
 */
export function resolveTimePoint(
  text: string,
  now: Date,
  options: ResolveRelativeTimeOptions = {},
): Date {
  if (text.trim().startsWith('now')) return resolveRelativeTime(text, now, options);
  const absolute = parseAbsoluteTime(text);
  if (!absolute) throw new RelativeTimeError(text, 'neither a relative expression nor an ISO date');
  return absolute;
}
