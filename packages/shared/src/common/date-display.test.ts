import { describe, expect, it } from 'vitest';
import { DATE_DISPLAY_FORMATS, formatDisplayDate } from './date-display.ts';
import { SHELL } from './constants.ts';

// Sunday 5 May 2024, 09:07:45.123 local time.
const DATE = new Date(2024, 4, 5, 9, 7, 45, 123);

describe('formatDisplayDate, the one date formatter of the app', () => {
  it('shows DD-MM-YYYY HH:mm:ss by default (spec 000 §9)', () => {
    expect(DATE_DISPLAY_FORMATS.dateTime).toBe(SHELL.dateFormat);
    expect(formatDisplayDate(DATE)).toBe('05-05-2024 09:07:45');
    expect(formatDisplayDate(DATE.toISOString())).toBe('05-05-2024 09:07:45');
    expect(formatDisplayDate(DATE.getTime())).toBe('05-05-2024 09:07:45');
  });

  it('has the variants the specs name: minutes, date, time of day (with milliseconds)', () => {
    expect(formatDisplayDate(DATE, { style: 'minutes' })).toBe('05-05-2024 09:07');
    expect(formatDisplayDate(DATE, { style: 'date' })).toBe('05-05-2024');
    expect(formatDisplayDate(DATE, { style: 'time' })).toBe('09:07:45');
    expect(formatDisplayDate(DATE, { style: 'timeMs' })).toBe('09:07:45.123');
    expect(formatDisplayDate(DATE, { style: 'dateTimeMs' })).toBe('05-05-2024 09:07:45.123');
  });

  it("shows a UTC instant's own wall time when asked", () => {
    expect(formatDisplayDate('2026-03-01T23:30:00Z', { utc: true })).toBe('01-03-2026 23:30:00');
    expect(formatDisplayDate('2026-03-01T23:30:00Z', { utc: true, style: 'date' })).toBe(
      '01-03-2026',
    );
  });

  it("answers the caller's missing text for no date or an unreadable one", () => {
    expect(formatDisplayDate(null)).toBe('-');
    expect(formatDisplayDate(undefined)).toBe('-');
    expect(formatDisplayDate('')).toBe('-');
    expect(formatDisplayDate('not a date')).toBe('-');
    expect(formatDisplayDate(Number.NaN)).toBe('-');
    expect(formatDisplayDate(null, { missing: 'N/A' })).toBe('N/A');
  });
});
