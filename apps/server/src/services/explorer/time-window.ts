import { DEFAULT_RANGES, resolveTimeRange, zonedTimeToDate } from '@callsight/shared';

export interface TimeWindow {
  from: Date;
  to: Date;
}

interface WindowQuery {
  fromTime?: string | undefined;
  toTime?: string | undefined;
  timezone: string;
}

/**
 * The instants a list query covers: its fromTime/toTime read in its time zone (validated by the
 * schema), each missing end filled from the explorer default "Last 4 hours" at `now`.
 */
export function resolveWindow(query: WindowQuery, now: Date): TimeWindow {
  const fallback = resolveTimeRange(DEFAULT_RANGES.calls, now);
  const from = query.fromTime ? zonedTimeToDate(query.fromTime, query.timezone) : null;
  const to = query.toTime ? zonedTimeToDate(query.toTime, query.timezone) : null;
  return { from: from ?? fallback.fromTime, to: to ?? fallback.toTime };
}
