import { describe, expect, it } from 'vitest';
import {
  CURRENT_USAGE_PERIOD,
  roundedMinutes,
  usagePeriods,
  zonedDay,
  zonedMidnight,
} from './metering.ts';

describe('roundedMinutes: each call rounded up to the whole minute', () => {
  it('counts 61 s as 2, 60 s as 1, 1 s as 1 and 0 s as none', () => {
    expect(roundedMinutes(61)).toBe(2);
    expect(roundedMinutes(60)).toBe(1);
    expect(roundedMinutes(59)).toBe(1);
    expect(roundedMinutes(1)).toBe(1);
    expect(roundedMinutes(0)).toBe(0);
    expect(roundedMinutes(120)).toBe(2);
    expect(roundedMinutes(121)).toBe(3);
  });
  it('counts nothing for a negative or unknown duration', () => {
    expect(roundedMinutes(-5)).toBe(0);
    expect(roundedMinutes(Number.NaN)).toBe(0);
  });
});

describe("month boundaries in the group's time zone", () => {
  it('puts 23:30 on 31 March in Sydney in March, and 00:30 on 1 April in April', () => {
    // AEDT (+11) until 5 April 2026.
    expect(zonedDay(new Date('2026-03-31T12:30:00Z'), 'Australia/Sydney')).toBe('2026-03-31');
    expect(zonedDay(new Date('2026-03-31T13:30:00Z'), 'Australia/Sydney')).toBe('2026-04-01');
    // The same instants are both on 31 March in New York.
    expect(zonedDay(new Date('2026-03-31T13:30:00Z'), 'America/New_York')).toBe('2026-03-31');
  });
  it('finds local midnight across daylight-saving changes', () => {
    // Sydney leaves daylight saving on 5 April 2026 (+11 → +10), enters it on 4 October (+10 → +11).
    expect(zonedMidnight(2026, 4, 1, 'Australia/Sydney').toISOString()).toBe(
      '2026-03-31T13:00:00.000Z',
    );
    expect(zonedMidnight(2026, 5, 1, 'Australia/Sydney').toISOString()).toBe(
      '2026-04-30T14:00:00.000Z',
    );
    expect(zonedMidnight(2026, 11, 1, 'Australia/Sydney').toISOString()).toBe(
      '2026-10-31T13:00:00.000Z',
    );
    // New York leaves it on 1 November 2026 at 02:00: that midnight is still EDT (-4).
    expect(zonedMidnight(2026, 11, 1, 'America/New_York').toISOString()).toBe(
      '2026-11-01T04:00:00.000Z',
    );
    expect(zonedMidnight(2026, 12, 1, 'America/New_York').toISOString()).toBe(
      '2026-12-01T05:00:00.000Z',
    );
    // Month 13 rolls over into January of the next year.
    expect(zonedMidnight(2026, 13, 1, 'America/New_York').toISOString()).toBe(
      '2027-01-01T05:00:00.000Z',
    );
  });
});

describe('usagePeriods: the current month, then the 12 before it, from July 2023', () => {
  it('answers the current period first and 12 previous months, newest first', () => {
    const now = new Date('2026-11-25T14:00:00Z');
    const periods = usagePeriods(now, 'Australia/Sydney');
    expect(periods).toHaveLength(13);
    expect(periods[0]?.period).toBe(CURRENT_USAGE_PERIOD);
    expect(periods[0]?.month).toBe('2026-11');
    expect(periods[0]?.to).toEqual(now);
    expect(periods.slice(1).map((p) => p.period)).toEqual([
      '2026-10',
      '2026-09',
      '2026-08',
      '2026-07',
      '2026-06',
      '2026-05',
      '2026-04',
      '2026-03',
      '2026-02',
      '2026-01',
      '2025-12',
      '2025-11',
    ]);
    // Each month ends where the next one begins.
    for (let i = 1; i < periods.length; i++)
      expect(periods[i]?.to.getTime()).toBe(periods[i - 1]?.from.getTime());
  });
  it('leaves out the months before July 2023', () => {
    const periods = usagePeriods(new Date('2024-01-15T00:00:00Z'), 'America/New_York');
    expect(periods.map((p) => p.month)).toEqual([
      '2024-01',
      '2023-12',
      '2023-11',
      '2023-10',
      '2023-09',
      '2023-08',
      '2023-07',
    ]);
    expect(periods.at(-1)?.from.toISOString()).toBe('2023-07-01T04:00:00.000Z');
  });
  it('switches month at local midnight, not UTC midnight', () => {
    // 1 December 00:30 in Sydney is still 30 November in UTC.
    const periods = usagePeriods(new Date('2026-11-30T13:30:00Z'), 'Australia/Sydney');
    expect(periods[0]?.month).toBe('2026-12');
    expect(periods[1]?.month).toBe('2026-11');
  });
});
