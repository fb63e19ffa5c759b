import { describe, expect, it } from 'vitest';
import { formatMos, formatMs, formatPercent, formatScore } from './format.ts';
import { jitterBand, mosBand, packetLossBand, scoreBand } from './quality.ts';

describe('explorer formats', () => {
  it('shows MOS to 2 decimals, ms to 1, loss as a percent', () => {
    expect(formatMos(4.3)).toBe('4.30');
    expect(formatMs(40)).toBe('40');
    expect(formatMs(4.26)).toBe('4.3');
    expect(formatPercent(0.0152)).toBe('1.52%');
    expect(formatScore(7.5)).toBe('7.5');
  });
  it("shows '-' for missing values", () => {
    expect(formatMos(null)).toBe('-');
    expect(formatPercent(null)).toBe('-');
  });
});

describe('quality bands', () => {
  it('bands MOS by the call quality thresholds', () => {
    expect(mosBand(4.2)).toBe('good');
    expect(mosBand(3.6)).toBe('warning');
    expect(mosBand(3.0)).toBe('bad');
    expect(mosBand(null)).toBe('unknown');
  });
  it('bands scores and higher-is-worse measures', () => {
    expect(scoreBand(10)).toBe('good');
    expect(scoreBand(8)).toBe('warning');
    expect(scoreBand(4)).toBe('bad');
    expect(jitterBand(31)).toBe('warning');
    expect(jitterBand(61)).toBe('bad');
    expect(packetLossBand(0.005)).toBe('good');
    expect(packetLossBand(0.03)).toBe('bad');
  });
});
