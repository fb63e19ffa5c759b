import { describe, expect, it } from 'vitest';
import { isValidTimeZone, zonedTimeToDate } from './zoned-time.ts';

describe('zonedTimeToDate', () => {
  it('reads a local date-time on the wall clock of the zone', () => {
    expect(zonedTimeToDate('2025-01-15T09:30:00', 'UTC')?.toISOString()).toBe(
      '2025-01-15T09:30:00.000Z',
    );
    expect(zonedTimeToDate('2025-01-15T09:30:00', 'Europe/Paris')?.toISOString()).toBe(
      '2025-01-15T08:30:00.000Z',
    );
    expect(zonedTimeToDate('2025-07-15T09:30:00', 'Europe/Paris')?.toISOString()).toBe(
      '2025-07-15T07:30:00.000Z',
    );
    expect(zonedTimeToDate('2025-01-15T09:30', 'Australia/Sydney')?.toISOString()).toBe(
      '2025-01-14T22:30:00.000Z',
    );
  });
  it('handles the hours around a DST change', () => {
    // London springs forward at 01:00 UTC on 2025-03-30; 00:30 is still GMT.
    expect(zonedTimeToDate('2025-03-30T00:30:00', 'Europe/London')?.toISOString()).toBe(
      '2025-03-30T00:30:00.000Z',
    );
    expect(zonedTimeToDate('2025-03-30T03:00:00', 'Europe/London')?.toISOString()).toBe(
      '2025-03-30T02:00:00.000Z',
    );
  });
  it('uses an explicit offset as given', () => {
    expect(zonedTimeToDate('2025-01-15T09:30:00+02:00', 'UTC')?.toISOString()).toBe(
      '2025-01-15T07:30:00.000Z',
    );
    expect(zonedTimeToDate('2025-01-15T09:30:00.250Z', 'Asia/Tokyo')?.toISOString()).toBe(
      '2025-01-15T09:30:00.250Z',
    );
  });
  it('refuses impossible dates, other shapes and unknown zones', () => {
    expect(zonedTimeToDate('2025-02-30T10:00:00', 'UTC')).toBeNull();
    expect(zonedTimeToDate('2025-01-15T24:00:00', 'UTC')).toBeNull();
    expect(zonedTimeToDate('yesterday', 'UTC')).toBeNull();
    expect(zonedTimeToDate('2025-01-15T09:30:00', 'Mars/Olympus')).toBeNull();
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('America/New_York')).toBe(true);
  });
});
