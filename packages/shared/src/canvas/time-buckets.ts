/**
 * Time buckets of a time-series chart (issue 34), as Grafana computes its interval: the range
 * over the chart's maximum number of points, rounded up to a human step, never coarser than the
 * range. Day-and-coarser buckets start at local midnights of the viewer's time zone.
 */
import { wallTimeToInstant, zonedParts } from '../explorer/zoned-time.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** Points of a chart whose width the request does not say (about 1000 px at 10 px a point). */
export const DEFAULT_MAX_DATA_POINTS = 100;
export const MIN_MAX_DATA_POINTS = 2;
export const MAX_MAX_DATA_POINTS = 2000;

/**
 * The steps a bucket can take, finest first: a minute is our finest grain. Each sub-day step
 * divides a day, so its buckets fall on the same clock times every day.
 */
export const TIME_BUCKET_STEPS: readonly { intervalMs: number; label: string }[] = [
  { intervalMs: MINUTE_MS, label: '1m' },
  { intervalMs: 5 * MINUTE_MS, label: '5m' },
  { intervalMs: 10 * MINUTE_MS, label: '10m' },
  { intervalMs: 15 * MINUTE_MS, label: '15m' },
  { intervalMs: 30 * MINUTE_MS, label: '30m' },
  { intervalMs: HOUR_MS, label: '1h' },
  { intervalMs: 3 * HOUR_MS, label: '3h' },
  { intervalMs: 6 * HOUR_MS, label: '6h' },
  { intervalMs: 12 * HOUR_MS, label: '12h' },
  { intervalMs: DAY_MS, label: '1d' },
  { intervalMs: 7 * DAY_MS, label: '7d' },
  { intervalMs: 30 * DAY_MS, label: '30d' },
  { intervalMs: 90 * DAY_MS, label: '90d' },
  { intervalMs: 365 * DAY_MS, label: '365d' },
];

/** More buckets than any chart asks for: a window cut finer is a caller's mistake. */
const MAX_BUCKETS = 100_000;

export interface TimeBucket {
  intervalMs: number;
  label: string;
}

const FINEST = { intervalMs: MINUTE_MS, label: '1m' };

/** The finest step at least `ms` long (the coarsest when none is). */
function stepAtLeast(ms: number): TimeBucket {
  return TIME_BUCKET_STEPS.find((s) => s.intervalMs >= ms) ?? TIME_BUCKET_STEPS.at(-1) ?? FINEST;
}

/** The coarsest step at most `ms` long (a minute when none is). */
function stepAtMost(ms: number): TimeBucket {
  return TIME_BUCKET_STEPS.findLast((s) => s.intervalMs <= ms) ?? FINEST;
}

/**
 * The bucket of a time series over [fromMs, toMs): the range over `maxDataPoints` rounded up to
 * the next step (so at most that many buckets fit the range), at least `minIntervalMs` (a chart's
 * time grain), and never coarser than the range: two whole buckets at least, so a 15-minute range
 * never gets day buckets. Where no step lies between (two points, or past 365 days a point) the
 * two-bucket rule wins over maxDataPoints.
 */
export function timeBucket(
  fromMs: number,
  toMs: number,
  maxDataPoints: number = DEFAULT_MAX_DATA_POINTS,
  minIntervalMs = 0,
): TimeBucket {
  const rangeMs = Math.max(toMs - fromMs, 0);
  const points = Math.max(1, Math.floor(maxDataPoints));
  const wanted = stepAtLeast(Math.max(rangeMs / points, minIntervalMs));
  return wanted.intervalMs <= rangeMs / 2 ? wanted : stepAtMost(rangeMs / 2);
}

/** Days since 1970-01-01 of an instant's calendar day in a time zone. */
export function zonedDayNumber(ms: number, timeZone: string): number {
  if (timeZone === 'UTC') return Math.floor(ms / DAY_MS);
  const p = zonedParts(new Date(ms), timeZone);
  return Date.UTC(p.year, p.month - 1, p.day) / DAY_MS;
}

/** The instant of a day's local midnight (day: days since 1970-01-01). */
export function zonedDayStart(day: number, timeZone: string): number {
  if (timeZone === 'UTC') return day * DAY_MS;
  return wallTimeToInstant(day * DAY_MS, timeZone).getTime();
}

/** Monday 3 January 2000: days-long buckets count whole steps from it (weeks start on Mondays). */
export const BUCKET_ORIGIN_DAY = Date.UTC(2000, 0, 3) / DAY_MS;

/** How a window's rows fall into buckets: where each bucket starts, and how to find it. */
export interface BucketLayout {
  intervalMs: number;
  timeZone: string;
  /** Bucket starts, ascending: the first at or before the window's start, the last before its end. */
  startsMs: number[];
  /**
   * Every bucket is intervalMs long, so a row's bucket is startsMs[0] + k × intervalMs. Sub-day
   * buckets always are (counted from the local midnight of the window's first day, fixed length
   * across a DST change); day buckets are unless a DST change falls inside the window.
   */
  uniform: boolean;
  /** Day-and-coarser buckets: the step in days, and the local day number of startsMs[0]. */
  days?: { step: number; first: number };
}

/**
 * The buckets of [fromMs, toMs) at `intervalMs` in a time zone: sub-day steps from the local
 * midnight of the first day (at its offset: hour buckets fall on local hours in +05:30 too),
 * day-and-coarser steps at local midnights, counted in whole steps from BUCKET_ORIGIN_DAY.
 */
export function bucketLayout(
  fromMs: number,
  toMs: number,
  intervalMs: number,
  timeZone = 'UTC',
): BucketLayout {
  if (!(intervalMs >= MINUTE_MS) || (toMs - fromMs) / intervalMs > MAX_BUCKETS)
    throw new RangeError(`${intervalMs} ms buckets do not fit the window`);
  const startsMs: number[] = [];
  if (intervalMs < DAY_MS) {
    const origin = zonedDayStart(zonedDayNumber(fromMs, timeZone), timeZone);
    const first = origin + Math.floor((fromMs - origin) / intervalMs) * intervalMs;
    for (let t = first; t < toMs || startsMs.length === 0; t += intervalMs) startsMs.push(t);
    return { intervalMs, timeZone, startsMs, uniform: true };
  }
  const step = Math.round(intervalMs / DAY_MS);
  const fromDay = zonedDayNumber(fromMs, timeZone);
  const first = BUCKET_ORIGIN_DAY + Math.floor((fromDay - BUCKET_ORIGIN_DAY) / step) * step;
  let uniform = true;
  for (let day = first; ; day += step) {
    const start = zonedDayStart(day, timeZone);
    if (startsMs.length > 0 && start >= toMs) break;
    const previous = startsMs.at(-1);
    if (previous !== undefined && start - previous !== intervalMs) uniform = false;
    startsMs.push(start);
  }
  return { intervalMs, timeZone, startsMs, uniform, days: { step, first } };
}
