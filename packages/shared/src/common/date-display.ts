import dayjs from 'dayjs';
import { SHELL } from './constants.ts';

/**
 * The display formats of dates: DD-MM-YYYY HH:mm:ss (spec 000 §9, spec 002 §9) for every date
 * and time a screen shows, and the variants the specs name: HH:mm:ss (spec 002 §9), DD-MM-YYYY
 * HH:mm for the ends of a picked time range (spec 001 §9), the day alone, and milliseconds where
 * they matter (call events, journey spans).
 */
export const DATE_DISPLAY_FORMATS = {
  dateTime: SHELL.dateFormat,
  dateTimeMs: `${SHELL.dateFormat}.SSS`,
  minutes: 'DD-MM-YYYY HH:mm',
  date: 'DD-MM-YYYY',
  time: 'HH:mm:ss',
  timeMs: 'HH:mm:ss.SSS',
} as const;
export type DateDisplayStyle = keyof typeof DATE_DISPLAY_FORMATS;

export interface DateDisplayOptions {
  /** The format (default dateTime: DD-MM-YYYY HH:mm:ss). */
  style?: DateDisplayStyle;
  /** What is shown for no date or an unreadable one (default '-'). */
  missing?: string;
  /** The instant's UTC wall time rather than the viewer's (a date the source gives in UTC). */
  utc?: boolean;
}

/**
 * The app's one date formatter: an instant (Date, ISO text or epoch ms) in the viewer's time
 * zone as DD-MM-YYYY HH:mm:ss or one of the other DATE_DISPLAY_FORMATS. An eslint rule
 * (eslint.config.js) keeps the web app's dates going through it.
 */
export function formatDisplayDate(
  value: Date | string | number | null | undefined,
  options: DateDisplayOptions = {},
): string {
  const missing = options.missing ?? '-';
  if (value === null || value === undefined || value === '') return missing;
  let date = dayjs(value);
  if (!date.isValid()) return missing;
  // Without a time-zone suffix dayjs reads the ISO text as local wall time: the UTC one.
  if (options.utc) date = dayjs(date.toDate().toISOString().slice(0, 23));
  return date.format(DATE_DISPLAY_FORMATS[options.style ?? 'dateTime']);
}
