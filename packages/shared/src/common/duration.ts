/**
 * The one duration format of the product (trace list, journey slide-out, timeline, span detail,
 * explorer, call detail, AI summaries): 850µs, 12.3ms, 4.21s, 7m 00s, 1h 02m 05s.
 */

const SECOND_MS = 1000;
const MINUTE_S = 60;
const HOUR_S = 3600;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A duration in milliseconds for people. Each unit is rounded before it is chosen, so that a
 * value that rounds up to the next unit shows in it (59,999 ms is "1m 00s", never "60s" or
 * "0m 60s"). Missing, negative or non-finite values show `missing` ('-' unless given).
 */
export function formatDurationMs(ms: number | null | undefined, missing = '-'): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return missing;
  if (ms === 0) return '0s';
  if (ms < 1) {
    const us = Math.round(ms * 1000);
    if (us < 1) return '<1µs';
    if (us < 1000) return `${us}µs`;
  }
  if (ms < SECOND_MS) {
    const tenths = Math.round(ms * 10) / 10;
    if (tenths < SECOND_MS) return `${tenths}ms`;
  }
  if (ms < MINUTE_S * SECOND_MS) {
    const hundredths = Math.round(ms / 10) / 100;
    if (hundredths < MINUTE_S) return `${hundredths}s`;
  }
  const totalSeconds = Math.round(ms / SECOND_MS);
  const hours = Math.floor(totalSeconds / HOUR_S);
  const minutes = Math.floor((totalSeconds % HOUR_S) / MINUTE_S);
  const seconds = totalSeconds % MINUTE_S;
  if (hours === 0) return `${minutes}m ${pad(seconds)}s`;
  return `${hours}h ${pad(minutes)}m ${pad(seconds)}s`;
}

/** The same format for a duration given in seconds (call and explorer durations). */
export function formatDurationSeconds(seconds: number | null | undefined, missing = '-'): string {
  if (seconds === null || seconds === undefined) return missing;
  return formatDurationMs(seconds * SECOND_MS, missing);
}
