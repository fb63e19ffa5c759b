/**
 * The time range shared by every screen with a time-range picker: relative expressions
 * (`now-15m` .. `now`) or absolute instants, with the query format of spec 001 §9
 * and a codec for keeping a range in the URL (`from`, `to`).
 */
import dayjs from 'dayjs';
import { z } from 'zod';
import { CUSTOM_RANGE_LABEL, matchQuickRange, type QuickRange } from './quick-ranges.ts';
import { isRelativeTime, parseAbsoluteTime, resolveTimePoint } from './relative-time.ts';
import { formatDisplayDate } from '../common/date-display.ts';

/** Local date-time format sent in queries (spec 001 §9). */
export const QUERY_DATE_FORMAT = 'YYYY-MM-DDTHH:mm:ss';

const RelativeTimeSchema = z
  .string()
  .trim()
  .refine(isRelativeTime, { error: 'Invalid relative time' });
const AbsoluteTimeSchema = z
  .string()
  .trim()
  .refine((text) => parseAbsoluteTime(text) !== null, { error: 'Invalid date' });

export const RelativeTimeRangeSchema = z.object({
  kind: z.literal('relative'),
  from: RelativeTimeSchema,
  to: RelativeTimeSchema,
});

/** Absolute ends are ISO 8601 date-times (`toISOString()`); the end is not before the start. */
export const AbsoluteTimeRangeSchema = z
  .object({ kind: z.literal('absolute'), from: AbsoluteTimeSchema, to: AbsoluteTimeSchema })
  .refine(
    (range) => {
      const fromTime = parseAbsoluteTime(range.from);
      const toTime = parseAbsoluteTime(range.to);
      return !fromTime || !toTime || fromTime.getTime() <= toTime.getTime();
    },
    { error: 'The end must not be before the start', path: ['to'] },
  );

export const TimeRangeSchema = z.discriminatedUnion('kind', [
  RelativeTimeRangeSchema,
  AbsoluteTimeRangeSchema,
]);

export type RelativeTimeRange = z.infer<typeof RelativeTimeRangeSchema>;
export type AbsoluteTimeRange = z.infer<typeof AbsoluteTimeRangeSchema>;
export type TimeRange = z.infer<typeof TimeRangeSchema>;

export interface ResolvedTimeRange {
  fromTime: Date;
  toTime: Date;
}

/** A relative range from two expressions, e.g. `relativeRange('now-15m', 'now')`. */
export function relativeRange(from: string, to: string): RelativeTimeRange {
  return { kind: 'relative', from, to };
}

/** An absolute range between two instants, stored as ISO strings. */
export function absoluteRange(from: Date, to: Date): AbsoluteTimeRange {
  return { kind: 'absolute', from: from.toISOString(), to: to.toISOString() };
}

/** A relative range for a quick range entry. */
export function quickRangeToTimeRange(quick: QuickRange): RelativeTimeRange {
  return relativeRange(quick.from, quick.to);
}

/** Resolves a range to instants at `now`; a rounding `to` (`now/d`) runs to the end of its unit. */
export function resolveTimeRange(range: TimeRange, now: Date): ResolvedTimeRange {
  return {
    fromTime: resolveTimePoint(range.from, now),
    toTime: resolveTimePoint(range.to, now, { roundUp: true }),
  };
}

/** The quick range this range matches (absolute ranges compared at `now`), or null. */
export function quickRangeOf(range: TimeRange, now?: Date): QuickRange | null {
  return matchQuickRange(range.from, range.to, now);
}

/** Formats a date in the local query format YYYY-MM-DDTHH:mm:ss. */
export function formatQueryDate(date: Date): string {
  return dayjs(date).format(QUERY_DATE_FORMAT);
}

/** The range's ends resolved at `now` in the query format. */
export function toQueryRange(range: TimeRange, now: Date): { fromTime: string; toTime: string } {
  const { fromTime, toTime } = resolveTimeRange(range, now);
  return { fromTime: formatQueryDate(fromTime), toTime: formatQueryDate(toTime) };
}

/**
 * A label for the range: the matching quick range's label, else the ends
 * ("15-05-2024 10:30 to 15-05-2024 12:00", or the expressions of a relative range).
 */
export function timeRangeLabel(range: TimeRange, now?: Date): string {
  const quick = quickRangeOf(range, now);
  if (quick) return quick.label;
  if (range.kind === 'relative') return `${range.from} to ${range.to}`;
  const { fromTime, toTime } = resolveTimeRange(range, now ?? new Date());
  // The picker chooses minutes: its ends show DD-MM-YYYY HH:mm (spec 001 §9).
  return `${formatDisplayDate(fromTime, { style: 'minutes' })} to ${formatDisplayDate(toTime, {
    style: 'minutes',
  })}`;
}

/** The label highlighted in the Quick tab: the matching quick range or 'Custom Range'. */
export function highlightedQuickLabel(range: TimeRange, now?: Date): string {
  return quickRangeOf(range, now)?.label ?? CUSTOM_RANGE_LABEL;
}

/** Search-parameter names of a range in the URL. */
export const TIME_RANGE_PARAM_KEYS = { from: 'from', to: 'to' } as const;

/** Plain strings for the URL: expressions as they are, absolute ends as ISO strings. */
export function encodeTimeRangeParams(range: TimeRange): { from: string; to: string } {
  return { from: range.from, to: range.to };
}

/**
 * Reads a range from URL strings: two relative expressions, or two ISO date-times with the
 * end not before the start (normalised to `toISOString()`). Anything else gives null.
 */
export function decodeTimeRangeParams(params: {
  from?: string | null | undefined;
  to?: string | null | undefined;
}): TimeRange | null {
  const from = params.from?.trim();
  const to = params.to?.trim();
  if (!from || !to) return null;
  if (isRelativeTime(from) && isRelativeTime(to)) return relativeRange(from, to);
  const fromTime = parseAbsoluteTime(from);
  const toTime = parseAbsoluteTime(to);
  if (!fromTime || !toTime || toTime.getTime() < fromTime.getTime()) return null;
  return absoluteRange(fromTime, toTime);
}

/** Default ranges of the screens (spec 001 §9, spec 002 §9). */
export const DEFAULT_RANGES = {
  picker: relativeRange('now-15m', 'now'),
  history: relativeRange('now-15m', 'now'),
  auditLogs: relativeRange('now-1h', 'now'),
  billing: relativeRange('now-30d', 'now'),
  calls: relativeRange('now-4h', 'now'),
  logs: relativeRange('now-4h', 'now'),
  insights: relativeRange('now-4h', 'now'),
  traces: relativeRange('now-7d', 'now'),
  heartbeat: relativeRange('now-7d', 'now'),
  heartbeatTests: relativeRange('now-7d', 'now'),
  gsmLogs: relativeRange('now-7d', 'now'),
  monitors: relativeRange('now-30d', 'now'),
} as const satisfies Record<string, RelativeTimeRange>;
