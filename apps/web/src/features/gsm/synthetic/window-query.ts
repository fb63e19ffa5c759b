import { toQueryRange, type TimeRange } from '@callsight/shared';

/**
 * fromTime, toTime (local wall clock) and the browser's time zone of a range resolved now. A
 * range that ends 'now' sends 'now', which the server reads when it answers: a monitor created
 * a moment ago is in the list that is refetched at once (the wall clock drops milliseconds).
 */
export function windowQuery(range: TimeRange, now = new Date()) {
  const { fromTime, toTime } = toQueryRange(range, now);
  return {
    fromTime,
    toTime: range.kind === 'relative' && range.to === 'now' ? 'now' : toTime,
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
  };
}
