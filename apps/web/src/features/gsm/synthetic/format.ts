import { formatDisplayDate, showsNoScores, SYNTHETIC_TEXTS } from '@callsight/shared';

const MISSING = '-';

/** A time as DD-MM-YYYY HH:mm:ss (spec 002 §9), or '-' when there is none. */
export const dateText = (iso: string | null | undefined) =>
  formatDisplayDate(iso, { missing: MISSING });

/** A time of day as HH:mm:ss (spec 002 §9), or '-'. */
export const clockText = (iso: string | null | undefined) =>
  formatDisplayDate(iso, { style: 'time', missing: MISSING });

/** A day as DD-MM-YYYY, or '-'. */
export const dayText = (iso: string | null | undefined) =>
  formatDisplayDate(iso, { style: 'date', missing: MISSING });

const fixed = (value: number | null | undefined, decimals: number) =>
  value === null || value === undefined || !Number.isFinite(value)
    ? MISSING
    : value.toFixed(decimals);

/** A score out of 10 with at most one decimal, or '-' when not measured. */
export const scoreText = (score: number | null | undefined) =>
  score === null || score === undefined ? MISSING : String(Math.round(score * 10) / 10);

/** A job's score as the logs show it: 'N/A' for the four failure statuses (spec 002 §4). */
export const jobScoreText = (status: string, score: number | null) =>
  showsNoScores(status) ? SYNTHETIC_TEXTS.notAvailable : scoreText(score);

/** MOS and POLQA-scale scores with 2 decimals (spec 002 §9). */
export const mosText = (value: number | null | undefined) => fixed(value, 2);

const lossFormat = new Intl.NumberFormat('en', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 2,
});

/** Loss percent with 1 or 2 decimals (spec 002 §9), e.g. "6.67%". */
export const lossText = (percent: number | null | undefined) =>
  percent === null || percent === undefined ? MISSING : `${lossFormat.format(percent)}%`;

/** Milliseconds, rounded: "182 ms". */
export const msText = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? MISSING : `${Math.round(ms)} ms`;

/** Seconds with at most two decimals: "4.25 s". */
export const secondsText = (seconds: number | null | undefined) =>
  seconds === null || seconds === undefined ? MISSING : `${Math.round(seconds * 100) / 100} s`;

/** A value with its unit and at most two decimals ("12.5 ms"), or '-'. */
export const measureText = (value: number | null | undefined, unit = '') =>
  value === null || value === undefined
    ? MISSING
    : `${Math.round(value * 100) / 100}${unit ? ` ${unit}` : ''}`;

const sizeFormat = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });

/** A size in megabytes with its unit: "512 MB", or "16 GB" from 1024 MB; '-' when unknown. */
export const megabytesText = (mb: number | null | undefined) => {
  if (mb === null || mb === undefined || !Number.isFinite(mb)) return MISSING;
  return mb >= 1024 ? `${sizeFormat.format(mb / 1024)} GB` : `${sizeFormat.format(mb)} MB`;
};

/** A fraction as a percent with one decimal: 0.125 → "12.5%". */
export const fractionText = (fraction: number | null | undefined) =>
  fraction === null || fraction === undefined ? MISSING : `${Math.round(fraction * 1000) / 10}%`;

/** A hop's location for people: 'dialler_to_connect' → 'Dialler to Connect'. */
export const hopLabel = (location: string) =>
  location
    .split('_')
    .map((word) => (word === 'to' ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');

/** A schedule in minutes as its label ('Run Once', 'Every 30m', '15m'), else "{n}m". */
export function scheduleText(
  minutes: number,
  schedules: readonly { value: number; label: string }[],
): string {
  return schedules.find((s) => s.value === minutes)?.label ?? `${minutes}m`;
}
