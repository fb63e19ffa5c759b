import dayjs from 'dayjs';
import { CALL_DETAIL_TEXTS, SHELL } from '@callsight/shared';

const NA = CALL_DETAIL_TEXTS.notAvailable;

/** A time as DD-MM-YYYY HH:mm:ss (spec 000 §9) in the browser's zone, or "N/A". */
export function formatDateTime(iso: string | null | undefined): string {
  return iso ? dayjs(iso).format(SHELL.dateFormat) : NA;
}

/** A text, or "N/A" when it is missing or blank. */
export function textOrNA(value: string | null | undefined): string {
  return value && value.trim() !== '' ? value : NA;
}

/** A number with fixed decimals and an optional unit, or "-" when missing. */
export function formatNumber(value: number | null | undefined, decimals = 2, unit = ''): string {
  if (value === null || value === undefined || !Number.isFinite(value)) {
    return CALL_DETAIL_TEXTS.dash;
  }
  const text = value.toFixed(decimals);
  return unit ? `${text} ${unit}` : text;
}

/** Seconds as "1h 02m 05s", "5m 00s" or "42s"; "N/A" when unknown. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return NA;
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = s % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (h > 0) return `${h}h ${pad(m)}m ${pad(r)}s`;
  if (m > 0) return `${m}m ${pad(r)}s`;
  return `${r}s`;
}

/** A warning tag starting with "Very" is severe (red), others are warnings (spec 002 §9). */
export const tagColor = (tag: string): 'error' | 'warning' =>
  tag.startsWith('Very') ? 'error' : 'warning';

/** Colour of a score out of 10. */
export const scoreColor = (score: number): 'success' | 'warning' | 'error' =>
  score >= 8 ? 'success' : score >= 5 ? 'warning' : 'error';
