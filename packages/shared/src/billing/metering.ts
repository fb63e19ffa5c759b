import type { GROUP_REGIONS } from '../groups/schemas.ts';
import { wallTimeToInstant, zonedParts } from '../explorer/zoned-time.ts';

/**
 * Metering rules (spec 002 §9, decisions B1-B4): each call is rounded up to the whole minute,
 * usage starts in July 2023, and days and months are those of the group's region time zone.
 */

/** The first day that counts, in the group's time zone (spec 002 §9). */
export const USAGE_START_DAY = '2023-07-01';

/** The product's name in the {product}StatsDurationRoundedMin column (spec 001 §3). */
export const BILLING_PRODUCT = 'Callsight';

/** The time zone whose days and months a group's usage is counted in (decision B2). */
export const REGION_TIME_ZONES: Record<(typeof GROUP_REGIONS)[number], string> = {
  'ap-southeast-2': 'Australia/Sydney',
  'us-east-2': 'America/New_York',
};

/** Whole minutes of a call: rounded up, so 60 s is 1, 61 s is 2 and 0 s (or less) is none. */
export function roundedMinutes(seconds: number): number {
  if (!Number.isFinite(seconds) || seconds <= 0) return 0;
  return Math.ceil(seconds / 60);
}

/**
 * The instant a local midnight falls on (year, month 1-12, day; out-of-range months and days
 * roll over like Date.UTC).
 */
export function zonedMidnight(year: number, month: number, day: number, timeZone: string): Date {
  return wallTimeToInstant(Date.UTC(year, month - 1, day), timeZone);
}

/** 'YYYY-MM' of a year and month. */
export function monthKey(year: number, month: number): string {
  return `${year}-${String(month).padStart(2, '0')}`;
}

export interface UsagePeriod {
  /** 'Current Usage' for the month under way, else the month as 'YYYY-MM'. */
  period: string;
  month: string;
  from: Date;
  to: Date;
}

export const CURRENT_USAGE_PERIOD = 'Current Usage';

/** The first instant that counts in a time zone: USAGE_START_DAY's midnight. */
export function usageStart(timeZone: string): Date {
  const [y, m, d] = USAGE_START_DAY.split('-').map(Number);
  return zonedMidnight(y ?? 2023, m ?? 7, d ?? 1, timeZone);
}

/**
 * The current month (up to now) and the `previous` months before it, newest first, in the time
 * zone; months that end before July 2023 are left out and the first one starts no earlier.
 */
export function usagePeriods(now: Date, timeZone: string, previous = 12): UsagePeriod[] {
  const { year, month } = zonedParts(now, timeZone);
  const start = usageStart(timeZone);
  const periods: UsagePeriod[] = [];
  for (let back = 0; back <= previous; back++) {
    const from = zonedMidnight(year, month - back, 1, timeZone);
    const to = back === 0 ? now : zonedMidnight(year, month - back + 1, 1, timeZone);
    if (to.getTime() <= start.getTime()) break;
    const { year: y, month: m } = zonedParts(new Date(from.getTime() + 3_600_000), timeZone);
    periods.push({
      period: back === 0 ? CURRENT_USAGE_PERIOD : monthKey(y, m),
      month: monthKey(y, m),
      from: from.getTime() < start.getTime() ? start : from,
      to,
    });
  }
  return periods;
}

/** The local calendar day ('YYYY-MM-DD') of an instant in a time zone. */
export function zonedDay(instant: Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return `${monthKey(p.year, p.month)}-${String(p.day).padStart(2, '0')}`;
}
