import { resolveWindowTime } from '@callsight/shared';
import { badRequest } from './errors.ts';

export interface WindowQueryInput {
  fromTime?: string | undefined;
  toTime?: string | undefined;
  timezone: string;
}

/**
 * A list query's window (WINDOW_QUERY_PARAMS): when an end is absent the list's default span
 * ends now; errors name the field.
 */
export function queryWindow(
  query: WindowQueryInput,
  defaultMs: number,
  now: Date,
): { from: Date; to: Date } {
  const to = query.toTime ? resolveWindowTime(query.toTime, query.timezone, now) : now;
  if (!to) throw badRequest('Invalid toTime', { toTime: 'Must be now-15m style or a date-time' });
  const from = query.fromTime
    ? resolveWindowTime(query.fromTime, query.timezone, now)
    : new Date(to.getTime() - defaultMs);
  if (!from)
    throw badRequest('Invalid fromTime', { fromTime: 'Must be now-15m style or a date-time' });
  if (to.getTime() < from.getTime())
    throw badRequest('toTime must not be before fromTime', {
      toTime: 'toTime must not be before fromTime',
    });
  return { from, to };
}
