import { describe, expect, it } from 'vitest';
import { filterQuery, normalizeTargetNumber } from './criteria.ts';
import { alignedAxisStart, timeAxisLabel, timeAxisUnitMs } from './time-axis.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;

describe('timeAxisUnitMs (spec 002 §9)', () => {
  it('picks 30 minutes, 1, 2 or 5 hours, or 1 day by the window', () => {
    expect(timeAxisUnitMs(4 * HOUR)).toBe(30 * MIN);
    expect(timeAxisUnitMs(6 * HOUR)).toBe(30 * MIN);
    expect(timeAxisUnitMs(12 * HOUR)).toBe(HOUR);
    expect(timeAxisUnitMs(24 * HOUR)).toBe(2 * HOUR);
    expect(timeAxisUnitMs(2 * 24 * HOUR)).toBe(5 * HOUR);
    expect(timeAxisUnitMs(7 * 24 * HOUR)).toBe(24 * HOUR);
  });
});

describe('normalizeTargetNumber (spec 002 §5)', () => {
  it("gives a number with a leading space its '+'", () => {
    expect(normalizeTargetNumber(' 61290002000')).toBe('+61290002000');
    expect(normalizeTargetNumber('  61290002000 ')).toBe('+61290002000');
    expect(normalizeTargetNumber('+61290002000')).toBe('+61290002000');
    expect(normalizeTargetNumber('61290002000 ')).toBe('61290002000');
  });
});

describe('filterQuery', () => {
  it('sends each non-empty filter as its comma-joined query parameter', () => {
    expect(
      filterQuery({ regions: ['Sydney', 'London'], agentType: [], number: ['+61290002000'] }),
    ).toEqual({ connectRegions: 'Sydney,London', targetPhoneNumber: '+61290002000' });
  });
});

describe('alignedAxisStart', () => {
  it('rounds the window start down to a whole unit of local time', () => {
    const from = new Date(2026, 2, 1, 6, 47, 12).getTime();
    expect(new Date(alignedAxisStart(from, 30 * MIN))).toEqual(new Date(2026, 2, 1, 6, 30));
    expect(new Date(alignedAxisStart(from, 2 * HOUR))).toEqual(new Date(2026, 2, 1, 6, 0));
    expect(new Date(alignedAxisStart(from, 24 * HOUR))).toEqual(new Date(2026, 2, 1));
  });
});

describe('timeAxisLabel', () => {
  it('shows the time of day, and the date at midnight or for day units', () => {
    expect(timeAxisLabel(new Date(2026, 2, 1, 6, 30).getTime(), 30 * MIN)).toBe('06:30');
    expect(timeAxisLabel(new Date(2026, 2, 2).getTime(), 2 * HOUR)).toBe('02-03');
    expect(timeAxisLabel(new Date(2026, 2, 2).getTime(), 24 * HOUR)).toBe('02-03');
  });
});
