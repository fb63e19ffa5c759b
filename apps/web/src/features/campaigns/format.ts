import { formatDisplayDate } from '@callsight/shared';

/** A time as DD-MM-YYYY HH:mm:ss (spec 001 §9), or '-' when there is none. */
export const dateText = (iso: string | null | undefined) => formatDisplayDate(iso);

/** A call's event time with milliseconds (HH:mm:ss.SSS), or '' when it did not happen. */
export const eventTimeText = (iso: string | null) =>
  formatDisplayDate(iso, { style: 'timeMs', missing: '' });

/** Seconds with at most two decimals, or '-' when not measured. */
export const secondsText = (seconds: number | null) =>
  seconds === null ? '-' : `${Math.round(seconds * 100) / 100}`;
