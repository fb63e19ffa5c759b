import { toQueryRange, type TimeRange } from '@callsight/shared';

/** The browser's IANA time zone, sent with the local fromTime/toTime. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** fromTime, toTime (query format, local wall clock) and timezone of a range resolved at `now`. */
export function windowQuery(range: TimeRange, now: Date) {
  return { ...toQueryRange(range, now), timezone: browserTimeZone() };
}
