import { describe, expect, it } from 'vitest';
import { QUICK_RANGES } from '../time-range/quick-ranges.ts';
import { resolveTimePoint } from '../time-range/relative-time.ts';
import {
  bucketLayout,
  DEFAULT_MAX_DATA_POINTS,
  TIME_BUCKET_STEPS,
  timeBucket,
} from './time-buckets.ts';
import { TIME_GRAIN_MS } from './charts.ts';

const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

// Wednesday 14 May 2031, 10:37 UTC: no DST change in the month in any zone tests run in.
const NOW = new Date(Date.UTC(2031, 4, 14, 10, 37, 0));

/** Each preset of the time-range picker resolved at NOW, as the picker resolves it. */
const presets = QUICK_RANGES.map((range) => ({
  label: range.label,
  fromMs: resolveTimePoint(range.from, NOW).getTime(),
  toMs: resolveTimePoint(range.to, NOW, { roundUp: true }).getTime(),
}));

/** The interval of every preset, written out, at the default 100 points and at 30 (a narrow chart). */
const EXPECTED: Record<string, { at100: string; at30: string }> = {
  Today: { at100: '15m', at30: '1h' },
  'This week': { at100: '3h', at30: '6h' },
  'This month': { at100: '12h', at30: '7d' },
  'This year': { at100: '7d', at30: '30d' },
  'Last 15 minutes': { at100: '1m', at30: '1m' },
  'Last 30 minutes': { at100: '1m', at30: '1m' },
  'Last 1 hour': { at100: '1m', at30: '5m' },
  'Last 4 hours': { at100: '5m', at30: '10m' },
  'Last 12 hours': { at100: '10m', at30: '30m' },
  'Last 24 hours': { at100: '15m', at30: '1h' },
  'Last 7 days': { at100: '3h', at30: '6h' },
  'Last 30 days': { at100: '12h', at30: '1d' },
  'Last 60 days': { at100: '1d', at30: '7d' },
  'Last 90 days': { at100: '1d', at30: '7d' },
  'Last 6 months': { at100: '7d', at30: '7d' },
  'Last 1 year': { at100: '7d', at30: '30d' },
  'Last 2 years': { at100: '30d', at30: '30d' },
  'Last 5 years': { at100: '30d', at30: '90d' },
};

/** Whether a step gives at most `points` buckets and at least two in a range. */
const fits = (stepMs: number, rangeMs: number, points: number) =>
  Math.ceil(rangeMs / stepMs) <= points && stepMs <= rangeMs / 2;

const stepMs = (label: string) => TIME_BUCKET_STEPS.find((s) => s.label === label)?.intervalMs;

describe('timeBucket', () => {
  it('gives every preset of the time-range picker its interval', () => {
    expect(Object.keys(EXPECTED)).toEqual(QUICK_RANGES.map((r) => r.label));
    for (const { label, fromMs, toMs } of presets) {
      expect(timeBucket(fromMs, toMs).label, label).toBe(EXPECTED[label]?.at100);
      expect(timeBucket(fromMs, toMs, 30).label, `${label} at 30 points`).toBe(
        EXPECTED[label]?.at30,
      );
      expect(timeBucket(fromMs, toMs).intervalMs).toBe(stepMs(EXPECTED[label]?.at100 ?? ''));
    }
    expect(DEFAULT_MAX_DATA_POINTS).toBe(100);
  });

  it('fits at most maxDataPoints and at least two buckets in every preset, at every width', () => {
    for (const points of [2, 10, 30, 50, 100, 300, 1000, 2000])
      for (const { label, fromMs, toMs } of presets) {
        const { intervalMs } = timeBucket(fromMs, toMs, points);
        const buckets = Math.ceil((toMs - fromMs) / intervalMs);
        const what = `${label} at ${points} points: ${intervalMs} ms`;
        // At most maxDataPoints wherever a step fits between that and two buckets.
        if (TIME_BUCKET_STEPS.some((st) => fits(st.intervalMs, toMs - fromMs, points)))
          expect(buckets, what).toBeLessThanOrEqual(points);
        expect(buckets, what).toBeGreaterThanOrEqual(2);
        // The finest step that fits: the step below would not.
        const below = TIME_BUCKET_STEPS.filter((st) => st.intervalMs < intervalMs).at(-1);
        if (below) expect(fits(below.intervalMs, toMs - fromMs, points), what).toBe(false);
      }
  });

  it('takes a time grain as the least interval, never coarser than the range', () => {
    const to = NOW.getTime();
    // A day-grain chart over 15 minutes: minute buckets from the range, the grain cut to fit.
    expect(timeBucket(to - 15 * MIN, to)).toEqual({ intervalMs: MIN, label: '1m' });
    expect(timeBucket(to - 15 * MIN, to, 100, TIME_GRAIN_MS.P1D)).toEqual({
      intervalMs: 5 * MIN,
      label: '5m',
    });
    // Over 28 days the day grain holds (the range alone would give 12 hours).
    expect(timeBucket(to - 28 * DAY, to, 100, TIME_GRAIN_MS.P1D).label).toBe('1d');
    expect(timeBucket(to - 28 * DAY, to, 100, TIME_GRAIN_MS.P1W).label).toBe('7d');
    // A grain finer than the range's step changes nothing.
    expect(timeBucket(to - 28 * DAY, to, 100, TIME_GRAIN_MS.PT5M).label).toBe('12h');
    // One minute is the finest: a 30-second range is one bucket.
    expect(timeBucket(to - 30_000, to, 100, TIME_GRAIN_MS.P1W).label).toBe('1m');
  });
});

describe('bucketLayout', () => {
  it('starts sub-day buckets on UTC steps, and on local hours at a half-hour offset', () => {
    const from = Date.UTC(2031, 4, 14, 10, 7);
    const utc = bucketLayout(from, from + HOUR, 15 * MIN);
    expect(utc.uniform).toBe(true);
    expect(utc.startsMs.map((t) => new Date(t).toISOString())).toEqual([
      '2031-05-14T10:00:00.000Z',
      '2031-05-14T10:15:00.000Z',
      '2031-05-14T10:30:00.000Z',
      '2031-05-14T10:45:00.000Z',
      '2031-05-14T11:00:00.000Z',
    ]);
    // Kolkata is 05:30 ahead: hours start at :30 UTC, on the hour on its clocks.
    const kolkata = bucketLayout(from, from + 3 * HOUR, HOUR, 'Asia/Kolkata');
    expect(kolkata.startsMs.map((t) => new Date(t).toISOString())).toEqual([
      '2031-05-14T09:30:00.000Z',
      '2031-05-14T10:30:00.000Z',
      '2031-05-14T11:30:00.000Z',
      '2031-05-14T12:30:00.000Z',
    ]);
  });

  it('starts day buckets at local midnights, 23 and 25 hours long across DST', () => {
    // Sydney leaves DST on Sunday 6 April 2031 (03:00 → 02:00): that day is 25 hours long.
    const from = Date.UTC(2031, 3, 3, 13); // 4 April, midnight in Sydney (+11:00)
    const to = Date.UTC(2031, 3, 8, 14); // 9 April, midnight in Sydney (+10:00)
    const days = bucketLayout(from, to, DAY, 'Australia/Sydney');
    expect(days.uniform).toBe(false);
    expect(days.startsMs.map((t) => new Date(t).toISOString())).toEqual([
      '2031-04-03T13:00:00.000Z',
      '2031-04-04T13:00:00.000Z',
      '2031-04-05T13:00:00.000Z',
      '2031-04-06T14:00:00.000Z',
      '2031-04-07T14:00:00.000Z',
    ]);
    expect(days.days).toEqual({ step: 1, first: Date.UTC(2031, 3, 4) / DAY });
    // No change inside the window: uniform.
    expect(bucketLayout(from, from + 2 * DAY, DAY, 'Australia/Sydney').uniform).toBe(true);
    // New York enters DST on 9 March 2031: that day is 23 hours long.
    const ny = bucketLayout(
      Date.UTC(2031, 2, 8, 5),
      Date.UTC(2031, 2, 10, 4),
      DAY,
      'America/New_York',
    );
    expect(ny.startsMs.map((t) => new Date(t).toISOString())).toEqual([
      '2031-03-08T05:00:00.000Z',
      '2031-03-09T05:00:00.000Z',
    ]);
  });

  it('starts weeks on Mondays and counts longer steps from one fixed Monday', () => {
    const from = Date.UTC(2031, 4, 14, 10); // a Wednesday
    const weeks = bucketLayout(from, from + 14 * DAY, 7 * DAY);
    expect(weeks.startsMs.map((t) => new Date(t).toISOString().slice(0, 10))).toEqual([
      '2031-05-12',
      '2031-05-19',
      '2031-05-26',
    ]);
    for (const t of weeks.startsMs) expect(new Date(t).getUTCDay()).toBe(1);
    const months = bucketLayout(from, from + 61 * DAY, 30 * DAY);
    expect(months.uniform).toBe(true);
    // Whole steps of 30 days from 3 January 2000.
    for (const t of months.startsMs) expect((t - Date.UTC(2000, 0, 3)) % (30 * DAY)).toBe(0);
    expect(months.startsMs[0]).toBeLessThanOrEqual(from);
    expect(months.startsMs.at(-1)).toBeLessThan(from + 61 * DAY);
  });

  it('refuses buckets that do not fit the window', () => {
    expect(() => bucketLayout(0, 5 * 365 * DAY, 1000)).toThrow(RangeError);
    expect(() => bucketLayout(0, 5 * 365 * DAY, MIN)).toThrow(RangeError);
  });
});
