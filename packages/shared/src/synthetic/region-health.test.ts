import { describe, expect, it } from 'vitest';
import type { RegionHealth } from './schemas.ts';
import { healthRank, regionHealth } from './region-health.ts';

const region = (over: Partial<Parameters<typeof regionHealth>[0]> = {}) => ({
  finished: 10,
  completedPercentage: 100,
  cxScore: 10,
  axScore: 10,
  networkScore: 10,
  ...over,
});

describe('regionHealth (status map)', () => {
  it('is none without a finished job', () => {
    expect(regionHealth(region({ finished: 0, completedPercentage: null }))).toBe('none');
  });

  it('bands the share Completed at 90 and 75 %', () => {
    expect(regionHealth(region({ completedPercentage: 90 }))).toBe('green');
    expect(regionHealth(region({ completedPercentage: 89.9 }))).toBe('yellow');
    expect(regionHealth(region({ completedPercentage: 75 }))).toBe('yellow');
    expect(regionHealth(region({ completedPercentage: 74.9 }))).toBe('red');
  });

  it('bands the lowest mean score at 8 and 6, ignoring missing scores', () => {
    expect(regionHealth(region({ networkScore: 8 }))).toBe('green');
    expect(regionHealth(region({ networkScore: 7.9 }))).toBe('yellow');
    expect(regionHealth(region({ axScore: 6 }))).toBe('yellow');
    expect(regionHealth(region({ cxScore: 5.9 }))).toBe('red');
    expect(regionHealth(region({ cxScore: null, axScore: null, networkScore: null }))).toBe(
      'green',
    );
  });

  it('takes the worse of the two', () => {
    expect(regionHealth(region({ completedPercentage: 80, networkScore: 5 }))).toBe('red');
    expect(regionHealth(region({ completedPercentage: 50, networkScore: 10 }))).toBe('red');
  });

  it('ranks none below green below yellow below red', () => {
    const healths: RegionHealth[] = ['red', 'none', 'yellow', 'green'];
    expect(healths.sort((a, b) => healthRank(a) - healthRank(b))).toEqual([
      'none',
      'green',
      'yellow',
      'red',
    ]);
  });
});
