import { zonedTimeToDate } from '../explorer/zoned-time.ts';
import type { CopilotRange } from './query.ts';

const HOUR_MS = 3_600_000;

export interface ResolvedCopilotRange {
  /** Inclusive start and exclusive end. */
  from: Date;
  to: Date;
  /** How answers name the range: "in the last 7 days", "yesterday". */
  label: string;
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (YYYY-MM-DD) and weekday (0 Monday .. 6 Sunday) of an instant in a zone. */
function localDay(instant: Date, timeZone: string): { date: string; weekday: number } {
  let f = dayFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'short',
    });
    dayFormatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(instant).map((p) => [p.type, p.value]));
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday ?? '');
  return { date: `${parts.year}-${parts.month}-${parts.day}`, weekday };
}

/** Adds days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const ms = Date.parse(`${date}T00:00:00Z`) + days * 24 * HOUR_MS;
  return new Date(ms).toISOString().slice(0, 10);
}

function startOf(date: string, timeZone: string): Date {
  const d = zonedTimeToDate(`${date}T00:00:00`, timeZone);
  if (!d) throw new Error(`Invalid date ${date} in ${timeZone}`);
  return d;
}

/** The instants of a range said in words, at `now` on the wall clock of `timeZone`. */
export function resolveCopilotRange(
  range: CopilotRange,
  now: Date,
  timeZone = 'UTC',
): ResolvedCopilotRange {
  const today = localDay(now, timeZone);
  switch (range.kind) {
    case 'today':
      return { from: startOf(today.date, timeZone), to: now, label: 'today' };
    case 'yesterday': {
      const start = addDays(today.date, -1);
      return {
        from: startOf(start, timeZone),
        to: startOf(today.date, timeZone),
        label: 'yesterday',
      };
    }
    case 'thisWeek':
      return {
        from: startOf(addDays(today.date, -today.weekday), timeZone),
        to: now,
        label: 'this week',
      };
    case 'lastWeek': {
      const monday = addDays(today.date, -today.weekday);
      return {
        from: startOf(addDays(monday, -7), timeZone),
        to: startOf(monday, timeZone),
        label: 'last week',
      };
    }
    case 'thisMonth':
      return {
        from: startOf(`${today.date.slice(0, 7)}-01`, timeZone),
        to: now,
        label: 'this month',
      };
    case 'lastMonth': {
      const first = `${today.date.slice(0, 7)}-01`;
      const previous = `${addDays(first, -1).slice(0, 7)}-01`;
      return {
        from: startOf(previous, timeZone),
        to: startOf(first, timeZone),
        label: 'last month',
      };
    }
    case 'lastHours':
      return {
        from: new Date(now.getTime() - range.count * HOUR_MS),
        to: now,
        label: range.count === 1 ? 'in the last hour' : `in the last ${range.count} hours`,
      };
    case 'lastDays':
      return {
        from: new Date(now.getTime() - range.count * 24 * HOUR_MS),
        to: now,
        label: range.count === 1 ? 'in the last day' : `in the last ${range.count} days`,
      };
    case 'date':
      return dayRange(range.date, timeZone);
    case 'ago': {
      const n = range.count;
      if (range.unit === 'day') return dayRange(addDays(today.date, -n), timeZone);
      if (range.unit === 'week') {
        const monday = addDays(today.date, -today.weekday - 7 * n);
        return {
          from: startOf(monday, timeZone),
          to: startOf(addDays(monday, 7), timeZone),
          label: `the week of ${monday}`,
        };
      }
      const first = (offset: number) => {
        const [y = 0, m = 1] = today.date.split('-').map(Number);
        const index = y * 12 + (m - 1) - offset;
        return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
      };
      return {
        from: startOf(first(n), timeZone),
        to: startOf(first(n - 1), timeZone),
        label: `in ${first(n).slice(0, 7)}`,
      };
    }
    case 'weekday': {
      const back = (today.weekday - range.day + 7) % 7;
      return dayRange(addDays(today.date, -back), timeZone);
    }
    case 'monthDay': {
      const year = Number(today.date.slice(0, 4));
      const pad = (n: number) => String(n).padStart(2, '0');
      let date = `${year}-${pad(range.month)}-${pad(range.day)}`;
      if (date > today.date) date = `${year - 1}-${pad(range.month)}-${pad(range.day)}`;
      // 31 April and the like roll into the next month, as people who say them mean a day.
      return dayRange(addDays(date, 0), timeZone);
    }
  }
}

const WEEKDAY_NAMES = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
];

/** One calendar day in the zone, named with its weekday: "on Monday 2026-03-09". */
function dayRange(date: string, timeZone: string): ResolvedCopilotRange {
  const weekday = WEEKDAY_NAMES[(new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7] ?? '';
  return {
    from: startOf(date, timeZone),
    to: startOf(addDays(date, 1), timeZone),
    label: `on ${weekday} ${date}`,
  };
}

/**
 * The exact span of a resolved range as a reader checks it: "2026-03-02 00:00 to 2026-03-09
 * 00:00 (Europe/Berlin)", the end exclusive.
 */
export function describeWindow(window: ResolvedCopilotRange, timeZone: string): string {
  const f = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const show = (d: Date) => f.format(d).replace(',', '');
  return `${show(window.from)} to ${show(window.to)} ${timeZone}`;
}
