import { describe, expect, it } from 'vitest';
import {
  CUSTOM_RANGE_LABEL,
  matchQuickRange,
  QUICK_RANGES,
  quickRangeByLabel,
} from './quick-ranges.ts';
import { resolveTimePoint } from './relative-time.ts';

// Wednesday 15 May 2024, 10:30:00 local time.
const NOW = new Date(2024, 4, 15, 10, 30, 0, 0);

describe('QUICK_RANGES', () => {
  it("holds the spec's presets in the spec's order with their expressions", () => {
    expect(QUICK_RANGES.map((range) => [range.label, range.from, range.to])).toEqual([
      ['Today', 'now/d', 'now/d'],
      ['This week', 'now/w', 'now/w'],
      ['This month', 'now/M', 'now/M'],
      ['This year', 'now/y', 'now/y'],
      ['Last 15 minutes', 'now-15m', 'now'],
      ['Last 30 minutes', 'now-30m', 'now'],
      ['Last 1 hour', 'now-1h', 'now'],
      ['Last 4 hours', 'now-4h', 'now'],
      ['Last 12 hours', 'now-12h', 'now'],
      ['Last 24 hours', 'now-24h', 'now'],
      ['Last 7 days', 'now-7d', 'now'],
      ['Last 30 days', 'now-30d', 'now'],
      ['Last 60 days', 'now-60d', 'now'],
      ['Last 90 days', 'now-90d', 'now'],
      ['Last 6 months', 'now-6M', 'now'],
      ['Last 1 year', 'now-1y', 'now'],
      ['Last 2 years', 'now-2y', 'now'],
      ['Last 5 years', 'now-5y', 'now'],
    ]);
    expect(CUSTOM_RANGE_LABEL).toBe('Custom Range');
  });

  it('resolves every preset to a start not after its end', () => {
    for (const range of QUICK_RANGES) {
      const from = resolveTimePoint(range.from, NOW);
      const to = resolveTimePoint(range.to, NOW, { roundUp: true });
      expect(from.getTime(), range.label).toBeLessThanOrEqual(to.getTime());
    }
  });
});

describe('quickRangeByLabel', () => {
  it('finds a preset whatever the case', () => {
    expect(quickRangeByLabel('Last 30 Days')).toEqual({
      label: 'Last 30 days',
      from: 'now-30d',
      to: 'now',
    });
    expect(quickRangeByLabel('Last 15 Minutes')?.from).toBe('now-15m');
    expect(quickRangeByLabel('Last 3 days')).toBeNull();
  });
});

describe('matchQuickRange', () => {
  it('matches relative expressions by text', () => {
    expect(matchQuickRange('now-15m', 'now')?.label).toBe('Last 15 minutes');
    expect(matchQuickRange('now/w', 'now/w')?.label).toBe('This week');
    expect(matchQuickRange('now-24h', 'now')?.label).toBe('Last 24 hours');
  });

  it("gives null ('Custom Range') when nothing matches", () => {
    expect(matchQuickRange('now-16m', 'now')).toBeNull();
    expect(matchQuickRange('now-15m', 'now-1m')).toBeNull();
    expect(matchQuickRange('now/d', 'now')).toBeNull();
    expect(matchQuickRange('now-16m', 'now', NOW)).toBeNull();
  });

  it('matches an absolute range resolving to the same minutes at now', () => {
    const from = new Date(2024, 4, 15, 9, 30).toISOString();
    const to = new Date(2024, 4, 15, 10, 30, 40).toISOString();
    expect(matchQuickRange(from, to, NOW)?.label).toBe('Last 1 hour');
    const today = matchQuickRange(
      new Date(2024, 4, 15, 0, 0).toISOString(),
      new Date(2024, 4, 15, 23, 59).toISOString(),
      NOW,
    );
    expect(today?.label).toBe('Today');
  });

  it('does not match an absolute range a minute off, or without now', () => {
    const to = new Date(2024, 4, 15, 10, 30).toISOString();
    expect(matchQuickRange(new Date(2024, 4, 15, 9, 29).toISOString(), to, NOW)).toBeNull();
    expect(matchQuickRange(new Date(2024, 4, 15, 9, 30).toISOString(), to)).toBeNull();
  });

  it('matches equivalent relative expressions when given now', () => {
    expect(matchQuickRange('now-60m', 'now', NOW)?.label).toBe('Last 1 hour');
  });

  it('gives null for malformed ends', () => {
    expect(matchQuickRange('now-15q', 'now', NOW)).toBeNull();
    expect(matchQuickRange('yesterday', 'today', NOW)).toBeNull();
  });
});
