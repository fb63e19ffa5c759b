import { z } from 'zod';
import { isValidTimeZone } from '../explorer/zoned-time.ts';

const TIME_TEXT = 'Must be now-15m style, an ISO date-time, or YYYY-MM-DDTHH:mm:ss';

/** A whole-number query parameter within bounds, named in its error. */
export const pageInt = (field: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${field} must be a whole number` })
    .int(`${field} must be a whole number`)
    .min(min, `${field} must be at least ${min}`)
    .max(max, `${field} must be at most ${max}`);

/**
 * The time window and paging of a list query: fromTime and toTime (now-15m style, an ISO
 * date-time with offset, or YYYY-MM-DDTHH:mm:ss in `timezone`) and the offset `from`; each
 * list adds its `size` and filters. The server resolves the window with its list's default span.
 */
export const WINDOW_QUERY_PARAMS = {
  fromTime: z.string().trim().min(1, TIME_TEXT).optional(),
  toTime: z.string().trim().min(1, TIME_TEXT).optional(),
  timezone: z
    .string()
    .trim()
    .refine(isValidTimeZone, { error: 'Must be an IANA time zone such as Europe/London' })
    .default('UTC'),
  from: pageInt('from', 0, 1_000_000).default(0),
};
