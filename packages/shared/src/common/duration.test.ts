import { describe, expect, it } from 'vitest';
import { formatDurationMs, formatDurationSeconds } from './duration.ts';

describe('formatDurationMs', () => {
  it('carries a rounded-up minute into the next unit (the "6m 60s" bug)', () => {
    expect(formatDurationMs(419_593)).toBe('7m 00s');
    expect(formatDurationMs(419_499)).toBe('6m 59s');
    expect(formatDurationMs(419_500)).toBe('7m 00s');
  });

  it('rounds at the minute boundary', () => {
    expect(formatDurationMs(59_499)).toBe('59.5s');
    expect(formatDurationMs(59_500)).toBe('59.5s');
    expect(formatDurationMs(59_994)).toBe('59.99s');
    expect(formatDurationMs(59_995)).toBe('1m 00s');
    expect(formatDurationMs(59_999)).toBe('1m 00s');
    expect(formatDurationMs(60_000)).toBe('1m 00s');
    expect(formatDurationMs(60_499)).toBe('1m 00s');
    expect(formatDurationMs(60_500)).toBe('1m 01s');
  });

  it('rounds at the hour boundary and keeps counting hours', () => {
    expect(formatDurationMs(3_599_499)).toBe('59m 59s');
    expect(formatDurationMs(3_599_500)).toBe('1h 00m 00s');
    expect(formatDurationMs(3_600_000)).toBe('1h 00m 00s');
    expect(formatDurationMs(3_723_000)).toBe('1h 02m 03s');
    expect(formatDurationMs(7_199_999)).toBe('2h 00m 00s');
    expect(formatDurationMs(90_000_000)).toBe('25h 00m 00s');
  });

  it('shows seconds with up to 2 decimals, milliseconds with 1, microseconds whole', () => {
    expect(formatDurationMs(4210)).toBe('4.21s');
    expect(formatDurationMs(1000)).toBe('1s');
    expect(formatDurationMs(1500)).toBe('1.5s');
    expect(formatDurationMs(999.96)).toBe('1s');
    expect(formatDurationMs(999.94)).toBe('999.9ms');
    expect(formatDurationMs(850)).toBe('850ms');
    expect(formatDurationMs(12.34)).toBe('12.3ms');
    expect(formatDurationMs(1)).toBe('1ms');
    expect(formatDurationMs(0.9996)).toBe('1ms');
    expect(formatDurationMs(0.25)).toBe('250µs');
    expect(formatDurationMs(0.0004)).toBe('<1µs');
  });

  it('shows 0 as 0s and missing, negative or non-finite values as the missing text', () => {
    expect(formatDurationMs(0)).toBe('0s');
    expect(formatDurationMs(-1)).toBe('-');
    expect(formatDurationMs(-60_000)).toBe('-');
    expect(formatDurationMs(Number.NaN)).toBe('-');
    expect(formatDurationMs(Number.POSITIVE_INFINITY)).toBe('-');
    expect(formatDurationMs(null)).toBe('-');
    expect(formatDurationMs(undefined)).toBe('-');
    expect(formatDurationMs(null, 'N/A')).toBe('N/A');
  });
});

describe('formatDurationSeconds', () => {
  it('formats seconds the same way', () => {
    expect(formatDurationSeconds(30)).toBe('30s');
    expect(formatDurationSeconds(125)).toBe('2m 05s');
    expect(formatDurationSeconds(300)).toBe('5m 00s');
    expect(formatDurationSeconds(419.593)).toBe('7m 00s');
    expect(formatDurationSeconds(90_000)).toBe('25h 00m 00s');
    expect(formatDurationSeconds(null, 'N/A')).toBe('N/A');
    expect(formatDurationSeconds(Number.NaN)).toBe('-');
  });
});
