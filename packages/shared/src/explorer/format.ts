/** Display formats of the explorer's cells and exports (spec 002 §9, spec 000 §9). */
import dayjs from 'dayjs';
import { SHELL } from '../common/constants.ts';
import { EXPLORER_TEXTS } from './constants.ts';

const MISSING = EXPLORER_TEXTS.missing;
const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** DD-MM-YYYY HH:mm:ss in the viewer's time zone; '-' when missing or invalid. */
export function formatExplorerDate(iso: string | null): string {
  if (!iso) return MISSING;
  const date = dayjs(iso);
  return date.isValid() ? date.format(SHELL.dateFormat) : MISSING;
}

/** MOS to 2 decimals (spec 002 §9). */
export const formatMos = (mos: number | null): string => (mos === null ? MISSING : mos.toFixed(2));

/** Milliseconds with at most one decimal (4.3, 120). */
export const formatMs = (ms: number | null): string =>
  ms === null ? MISSING : oneDecimal.format(ms);

/** A fraction as a percent with 2 decimals (0.0152 → 1.52%). */
export const formatPercent = (fraction: number | null): string =>
  fraction === null ? MISSING : `${(fraction * 100).toFixed(2)}%`;

/** Seconds as HH:mm:ss; hours keep counting past a day (25:00:00). */
export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return MISSING;
  const total = Math.round(seconds);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/** A score out of 10 with at most one decimal. */
export const formatScore = (score: number | null): string =>
  score === null ? MISSING : oneDecimal.format(score);
