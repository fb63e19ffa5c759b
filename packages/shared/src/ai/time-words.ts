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
      return {
        from: startOf(range.date, timeZone),
        to: startOf(addDays(range.date, 1), timeZone),
        label: `on ${range.date}`,
      };
  }
}
