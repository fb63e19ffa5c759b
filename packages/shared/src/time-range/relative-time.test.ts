import { describe, expect, it } from 'vitest';
import {
  isRelativeTime,
  parseAbsoluteTime,
  parseRelativeTime,
  RelativeTimeError,
  resolveRelativeTime,
  resolveTimePoint,
} from './relative-time.ts';

// Wednesday 15 May 2024, 10:30:00 local time (away from daylight-saving changes).
const NOW = new Date(2024, 4, 15, 10, 30, 0, 0);

const at = (...parts: [number, number, number, number?, number?, number?, number?]) =>
  new Date(
    parts[0],
    parts[1],
    parts[2],
    parts[3] ?? 0,
    parts[4] ?? 0,
    parts[5] ?? 0,
    parts[6] ?? 0,
  );

describe('resolveRelativeTime', () => {
  it.each([
    ['now', at(2024, 4, 15, 10, 30)],
    ['now-15m', at(2024, 4, 15, 10, 15)],
    ['now-30m', at(2024, 4, 15, 10, 0)],
    ['now-1h', at(2024, 4, 15, 9, 30)],
    ['now-4h', at(2024, 4, 15, 6, 30)],
    ['now-12h', at(2024, 4, 14, 22, 30)],
    ['now-24h', at(2024, 4, 14, 10, 30)],
    ['now-7d', at(2024, 4, 8, 10, 30)],
    ['now-30d', at(2024, 3, 15, 10, 30)],
    ['now-60d', at(2024, 2, 16, 10, 30)],
    ['now-90d', at(2024, 1, 15, 10, 30)],
    ['now-6M', at(2023, 10, 15, 10, 30)],
    ['now-1y', at(2023, 4, 15, 10, 30)],
    ['now-2y', at(2022, 4, 15, 10, 30)],
    ['now-5y', at(2019, 4, 15, 10, 30)],
    ['now-2w', at(2024, 4, 1, 10, 30)],
    ['now-90s', at(2024, 4, 15, 10, 28, 30)],
    ['now+1d', at(2024, 4, 16, 10, 30)],
    ['now-1h-30m', at(2024, 4, 15, 9, 0)],
    ['  now-15m  ', at(2024, 4, 15, 10, 15)],
  ])('%s resolves to an exact instant', (expression, expected) => {
    expect(resolveRelativeTime(expression, NOW)).toEqual(expected);
  });

  it('rounds down to the start of the unit', () => {
    expect(resolveRelativeTime('now/d', NOW)).toEqual(at(2024, 4, 15));
    expect(resolveRelativeTime('now/M', NOW)).toEqual(at(2024, 4, 1));
    expect(resolveRelativeTime('now/y', NOW)).toEqual(at(2024, 0, 1));
    expect(resolveRelativeTime('now/h', NOW)).toEqual(at(2024, 4, 15, 10));
  });

  it('rounds up to the end of the unit with roundUp', () => {
    const up = { roundUp: true };
    expect(resolveRelativeTime('now/d', NOW, up)).toEqual(at(2024, 4, 15, 23, 59, 59, 999));
    expect(resolveRelativeTime('now/M', NOW, up)).toEqual(at(2024, 4, 31, 23, 59, 59, 999));
    expect(resolveRelativeTime('now/y', NOW, up)).toEqual(at(2024, 11, 31, 23, 59, 59, 999));
    expect(resolveRelativeTime('now', NOW, up)).toEqual(NOW);
  });

  it('starts weeks on Monday', () => {
    expect(resolveRelativeTime('now/w', NOW)).toEqual(at(2024, 4, 13));
    expect(resolveRelativeTime('now/w', NOW, { roundUp: true })).toEqual(
      at(2024, 4, 19, 23, 59, 59, 999),
    );
    // On a Sunday the week began six days earlier, not that day.
    expect(resolveRelativeTime('now/w', at(2024, 4, 19, 20))).toEqual(at(2024, 4, 13));
    // On a Monday it is that day.
    expect(resolveRelativeTime('now/w', at(2024, 4, 13, 0, 5))).toEqual(at(2024, 4, 13));
  });

  it('combines an offset with a rounding', () => {
    expect(resolveRelativeTime('now-1d/d', NOW)).toEqual(at(2024, 4, 14));
    expect(resolveRelativeTime('now-1d/d', NOW, { roundUp: true })).toEqual(
      at(2024, 4, 14, 23, 59, 59, 999),
    );
    expect(resolveRelativeTime('now-1M/M', NOW)).toEqual(at(2024, 3, 1));
  });

  it('clamps month arithmetic to the end of the shorter month', () => {
    expect(resolveRelativeTime('now-1M', at(2024, 2, 31, 12))).toEqual(at(2024, 1, 29, 12));
    expect(resolveRelativeTime('now-6M', at(2024, 7, 31, 12))).toEqual(at(2024, 1, 29, 12));
  });

  it.each([
    ['', 'must start with "now"'],
    ['today', 'must start with "now"'],
    ['now-', 'unexpected "-"'],
    ['now-15', 'unexpected "-15"'],
    ['now15m', 'unexpected "15m"'],
    ['now-15x', 'unknown unit "x"'],
    ['now/q', 'unknown unit "q"'],
    ['now-1.5h', 'unexpected "-1.5h"'],
    ['now - 15m', 'unexpected " - 15m"'],
    ['now/', 'unexpected "/"'],
    ['now//d', 'unexpected "//d"'],
    ['now-99999999y', 'too large'],
  ])('rejects %j with a clear error', (expression, reason) => {
    expect(() => resolveRelativeTime(expression, NOW)).toThrow(RelativeTimeError);
    expect(() => resolveRelativeTime(expression, NOW)).toThrow(
      `Invalid relative time "${expression}": `,
    );
    expect(() => resolveRelativeTime(expression, NOW)).toThrow(reason);
  });
});

describe('parseRelativeTime', () => {
  it('lists offsets and roundings in order', () => {
    expect(parseRelativeTime('now-1d/d+2h')).toEqual([
      { kind: 'offset', amount: -1, unit: 'd' },
      { kind: 'round', unit: 'd' },
      { kind: 'offset', amount: 2, unit: 'h' },
    ]);
    expect(parseRelativeTime('now')).toEqual([]);
  });

  it('tells well-formed expressions apart', () => {
    expect(isRelativeTime('now-6M')).toBe(true);
    expect(isRelativeTime('now/w')).toBe(true);
    expect(isRelativeTime('now-6')).toBe(false);
    expect(isRelativeTime('2024-05-15T10:30:00.000Z')).toBe(false);
  });
});

describe('parseAbsoluteTime', () => {
  it('reads ISO date-times with and without an offset', () => {
    expect(parseAbsoluteTime('2024-05-15T08:30:00.000Z')?.getTime()).toBe(
      Date.UTC(2024, 4, 15, 8, 30),
    );
    expect(parseAbsoluteTime('2024-05-15T10:30:00+02:00')?.getTime()).toBe(
      Date.UTC(2024, 4, 15, 8, 30),
    );
    expect(parseAbsoluteTime('2024-05-15T10:30')).toEqual(at(2024, 4, 15, 10, 30));
  });

  it.each([
    '2024-02-31T00:00:00Z',
    '2024-05-15',
    '15-05-2024 10:30',
    'now',
    '',
    '2024-05-15T25:00',
  ])('rejects %j', (text) => {
    expect(parseAbsoluteTime(text)).toBeNull();
  });
});

describe('resolveTimePoint', () => {
  it('resolves relative and absolute ends', () => {
    expect(resolveTimePoint('now-15m', NOW)).toEqual(at(2024, 4, 15, 10, 15));
    expect(resolveTimePoint('now/d', NOW, { roundUp: true })).toEqual(
      at(2024, 4, 15, 23, 59, 59, 999),
    );
    expect(resolveTimePoint('2024-05-01T00:00:00.000Z', NOW).getTime()).toBe(Date.UTC(2024, 4, 1));
  });

  it('throws for text that is neither', () => {
    expect(() => resolveTimePoint('yesterday', NOW)).toThrow(
      'Invalid relative time "yesterday": neither a relative expression nor an ISO date',
    );
  });
});
