/**
 * Quick ranges of the time-range picker (spec 001 §2), in the spec's order. A `to` that rounds
 * (`now/d`) resolves to the end of the unit, so "Today" runs to the end of today.
 */
import { resolveTimePoint } from './relative-time.ts';

export interface QuickRange {
  label: string;
  from: string;
  to: string;
}

/** Label of the entry highlighted when a range matches no quick range. */
export const CUSTOM_RANGE_LABEL = 'Custom Range';

export const QUICK_RANGES = [
  { label: 'Today', from: 'now/d', to: 'now/d' },
  { label: 'This week', from: 'now/w', to: 'now/w' },
  { label: 'This month', from: 'now/M', to: 'now/M' },
  { label: 'This year', from: 'now/y', to: 'now/y' },
  { label: 'Last 15 minutes', from: 'now-15m', to: 'now' },
  { label: 'Last 30 minutes', from: 'now-30m', to: 'now' },
  { label: 'Last 1 hour', from: 'now-1h', to: 'now' },
  { label: 'Last 4 hours', from: 'now-4h', to: 'now' },
  { label: 'Last 12 hours', from: 'now-12h', to: 'now' },
  { label: 'Last 24 hours', from: 'now-24h', to: 'now' },
  { label: 'Last 7 days', from: 'now-7d', to: 'now' },
  { label: 'Last 30 days', from: 'now-30d', to: 'now' },
  { label: 'Last 60 days', from: 'now-60d', to: 'now' },
  { label: 'Last 90 days', from: 'now-90d', to: 'now' },
  { label: 'Last 6 months', from: 'now-6M', to: 'now' },
  { label: 'Last 1 year', from: 'now-1y', to: 'now' },
  { label: 'Last 2 years', from: 'now-2y', to: 'now' },
  { label: 'Last 5 years', from: 'now-5y', to: 'now' },
] as const satisfies readonly QuickRange[];

/** The quick range with this label, compared case-insensitively ('Last 30 Days'); or null. */
export function quickRangeByLabel(label: string): QuickRange | null {
  const wanted = label.trim().toLowerCase();
  return QUICK_RANGES.find((range) => range.label.toLowerCase() === wanted) ?? null;
}

const MINUTE_MS = 60_000;

function sameMinute(a: Date, b: Date): boolean {
  return Math.floor(a.getTime() / MINUTE_MS) === Math.floor(b.getTime() / MINUTE_MS);
}

function resolvesTo(range: QuickRange, fromTime: Date, toTime: Date, now: Date): boolean {
  return (
    sameMinute(resolveTimePoint(range.from, now), fromTime) &&
    sameMinute(resolveTimePoint(range.to, now, { roundUp: true }), toTime)
  );
}

/**
 * The quick range matching `from`/`to`, or null for 'Custom Range'. Relative expressions match
 * by text; given `now`, any pair (absolute ISO dates included) also matches when both ends
 * resolve to the same minute as the quick range does.
 */
export function matchQuickRange(from: string, to: string, now?: Date): QuickRange | null {
  const byText = QUICK_RANGES.find((range) => range.from === from.trim() && range.to === to.trim());
  if (byText) return byText;
  if (!now) return null;
  let fromTime: Date;
  let toTime: Date;
  try {
    fromTime = resolveTimePoint(from, now);
    toTime = resolveTimePoint(to, now, { roundUp: true });
  } catch {
    return null;
  }
  return QUICK_RANGES.find((range) => resolvesTo(range, fromTime, toTime, now)) ?? null;
}
