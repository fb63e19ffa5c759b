import { describe, expect, it } from 'vitest';
import {
  absoluteRange,
  decodeTimeRangeParams,
  DEFAULT_RANGES,
  encodeTimeRangeParams,
  formatQueryDate,
  highlightedQuickLabel,
  quickRangeOf,
  relativeRange,
  resolveTimeRange,
  timeRangeLabel,
  TimeRangeSchema,
  toQueryRange,
} from './time-range.ts';

// Wednesday 15 May 2024, 10:30:00 local time.
const NOW = new Date(2024, 4, 15, 10, 30, 0, 0);

describe('resolveTimeRange', () => {
  it('resolves a relative range, rounding the end up', () => {
    expect(resolveTimeRange(relativeRange('now-4h', 'now'), NOW)).toEqual({
      fromTime: new Date(2024, 4, 15, 6, 30),
      toTime: new Date(2024, 4, 15, 10, 30),
    });
    expect(resolveTimeRange(relativeRange('now/d', 'now/d'), NOW)).toEqual({
      fromTime: new Date(2024, 4, 15, 0, 0),
      toTime: new Date(2024, 4, 15, 23, 59, 59, 999),
    });
  });

  it('resolves an absolute range to its instants', () => {
    const range = absoluteRange(new Date(2024, 4, 1, 8), new Date(2024, 4, 2, 9));
    expect(resolveTimeRange(range, NOW)).toEqual({
      fromTime: new Date(2024, 4, 1, 8),
      toTime: new Date(2024, 4, 2, 9),
    });
  });
});

describe('formatting', () => {
  const date = new Date(2024, 4, 5, 9, 7, 45);

  it('queries with YYYY-MM-DDTHH:mm:ss', () => {
    expect(formatQueryDate(date)).toBe('2024-05-05T09:07:45');
    expect(toQueryRange(DEFAULT_RANGES.calls, NOW)).toEqual({
      fromTime: '2024-05-15T06:30:00',
      toTime: '2024-05-15T10:30:00',
    });
  });
});

describe('labels', () => {
  it('uses the quick range label when one matches', () => {
    expect(timeRangeLabel(DEFAULT_RANGES.picker)).toBe('Last 15 minutes');
    expect(timeRangeLabel(relativeRange('now/y', 'now/y'))).toBe('This year');
    const today = absoluteRange(new Date(2024, 4, 15, 0, 0), new Date(2024, 4, 15, 23, 59));
    expect(timeRangeLabel(today, NOW)).toBe('Today');
    expect(quickRangeOf(today, NOW)?.from).toBe('now/d');
  });

  it('shows the ends otherwise', () => {
    expect(timeRangeLabel(relativeRange('now-3h', 'now'))).toBe('now-3h to now');
    const range = absoluteRange(new Date(2024, 4, 14, 8, 0), new Date(2024, 4, 15, 9, 15));
    expect(timeRangeLabel(range, NOW)).toBe('14-05-2024 08:00 to 15-05-2024 09:15');
  });

  it("highlights 'Custom Range' when no quick range matches", () => {
    expect(highlightedQuickLabel(relativeRange('now-3h', 'now'), NOW)).toBe('Custom Range');
    expect(highlightedQuickLabel(DEFAULT_RANGES.auditLogs, NOW)).toBe('Last 1 hour');
  });
});

describe('URL codec', () => {
  it('round-trips a relative range as its expressions', () => {
    const range = relativeRange('now-7d', 'now');
    expect(encodeTimeRangeParams(range)).toEqual({ from: 'now-7d', to: 'now' });
    expect(decodeTimeRangeParams({ from: 'now-7d', to: 'now' })).toEqual(range);
  });

  it('round-trips an absolute range as ISO strings', () => {
    const range = absoluteRange(new Date(Date.UTC(2024, 4, 1, 8)), new Date(Date.UTC(2024, 4, 2)));
    const params = encodeTimeRangeParams(range);
    expect(params).toEqual({ from: '2024-05-01T08:00:00.000Z', to: '2024-05-02T00:00:00.000Z' });
    expect(decodeTimeRangeParams(params)).toEqual(range);
  });

  it('normalises absolute ends to ISO strings', () => {
    expect(
      decodeTimeRangeParams({ from: '2024-05-01T10:00:00+02:00', to: '2024-05-01T12:00:00Z' }),
    ).toEqual({
      kind: 'absolute',
      from: '2024-05-01T08:00:00.000Z',
      to: '2024-05-01T12:00:00.000Z',
    });
  });

  it.each([
    [{}],
    [{ from: null, to: 'now' }],
    [{ from: 'now-15m', to: '' }],
    [{ from: 'now-15x', to: 'now' }],
    [{ from: '2024-05-01T08:00:00.000Z', to: 'now' }],
    [{ from: '2024-05-02T00:00:00.000Z', to: '2024-05-01T00:00:00.000Z' }],
    [{ from: 'yesterday', to: 'today' }],
  ])('rejects %j', (params) => {
    expect(decodeTimeRangeParams(params)).toBeNull();
  });
});

describe('TimeRangeSchema', () => {
  it('accepts valid ranges', () => {
    expect(TimeRangeSchema.parse({ kind: 'relative', from: 'now-1d/d', to: 'now/d' })).toEqual({
      kind: 'relative',
      from: 'now-1d/d',
      to: 'now/d',
    });
    const absolute = {
      kind: 'absolute',
      from: '2024-05-01T00:00:00.000Z',
      to: '2024-05-01T00:00:00.000Z',
    };
    expect(TimeRangeSchema.parse(absolute)).toEqual(absolute);
  });

  it('rejects malformed ranges', () => {
    expect(TimeRangeSchema.safeParse({ kind: 'relative', from: 'now-1q', to: 'now' }).success).toBe(
      false,
    );
    expect(
      TimeRangeSchema.safeParse({ kind: 'absolute', from: 'now-1h', to: '2024-05-01T00:00:00Z' })
        .success,
    ).toBe(false);
    const reversed = TimeRangeSchema.safeParse({
      kind: 'absolute',
      from: '2024-05-02T00:00:00.000Z',
      to: '2024-05-01T00:00:00.000Z',
    });
    expect(reversed.success).toBe(false);
    expect(reversed.error?.issues[0]?.message).toBe('The end must not be before the start');
  });
});

describe('DEFAULT_RANGES', () => {
  it("holds the screens' defaults of spec 001 §9 and spec 002 §9", () => {
    const labels = Object.fromEntries(
      Object.entries(DEFAULT_RANGES).map(([screen, range]) => [screen, timeRangeLabel(range)]),
    );
    expect(labels).toEqual({
      picker: 'Last 15 minutes',
      history: 'Last 15 minutes',
      auditLogs: 'Last 1 hour',
      billing: 'Last 30 days',
      calls: 'Last 4 hours',
      logs: 'Last 4 hours',
      insights: 'Last 4 hours',
      traces: 'Last 7 days',
      heartbeat: 'Last 7 days',
      heartbeatTests: 'Last 7 days',
      gsmLogs: 'Last 7 days',
      monitors: 'Last 30 days',
    });
    expect(DEFAULT_RANGES.auditLogs).toEqual({ kind: 'relative', from: 'now-1h', to: 'now' });
    expect(DEFAULT_RANGES.billing).toEqual({ kind: 'relative', from: 'now-30d', to: 'now' });
  });
});
