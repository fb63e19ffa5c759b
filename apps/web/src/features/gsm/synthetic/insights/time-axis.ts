const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The scatter chart's time unit for a window (spec 002 §9: 30 minutes, 1, 2 or 5 hours, 1 day),
 * the smallest that keeps about a dozen labels: up to 6 h → 30 min, 12 h → 1 h, 24 h → 2 h,
 * 60 h → 5 h, longer → 1 day.
 */
export function timeAxisUnitMs(spanMs: number): number {
  if (spanMs <= 6 * HOUR) return 30 * MINUTE;
  if (spanMs <= 12 * HOUR) return HOUR;
  if (spanMs <= DAY) return 2 * HOUR;
  if (spanMs <= 60 * HOUR) return 5 * HOUR;
  return DAY;
}

/** An axis label for a unit: the time of day below a day (the date at midnight), else the date. */
export function timeAxisLabel(ms: number, unitMs: number): string {
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${pad(date.getDate())}-${pad(date.getMonth() + 1)}`;
  if (unitMs >= DAY || (date.getHours() === 0 && date.getMinutes() === 0)) return day;
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * The axis start: the window's start rounded down to a whole unit of local time, so that the
 * labels fall on :00 and :30, whole hours or midnight.
 */
export function alignedAxisStart(fromMs: number, unitMs: number): number {
  const offsetMs = new Date(fromMs).getTimezoneOffset() * MINUTE;
  return Math.floor((fromMs - offsetMs) / unitMs) * unitMs + offsetMs;
}
