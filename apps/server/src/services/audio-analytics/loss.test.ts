import { describe, expect, it } from 'vitest';
import { analyseHop } from './index.ts';
import { lossPercent, referenceScore } from './loss.ts';

describe('loss percent (spec 002 §9)', () => {
  it('is (reference − measured) / reference × 100 against 4.5 and 4.8', () => {
    expect(referenceScore('narrow')).toBe(4.5);
    expect(referenceScore('wide')).toBe(4.8);
    expect(lossPercent(4.5, 4.5)).toBe(0);
    expect(lossPercent(4.5, 3.6)).toBeCloseTo(20, 10);
    expect(lossPercent(4.5, 1)).toBeCloseTo(77.7778, 4);
    expect(lossPercent(4.8, 4.8)).toBe(0);
    expect(lossPercent(4.8, 4.2)).toBeCloseTo(12.5, 10);
    expect(lossPercent(4.8, 2.4)).toBeCloseTo(50, 10);
  });

  it('is what analyseHop reports for each band', () => {
    const tone = Float32Array.from({ length: 8000 }, (_, i) =>
      i % 2000 < 1500 ? 0.3 * Math.sin(i * 0.3) + 0.1 * Math.sin(i * 1.1) : 0,
    );
    const noisy = tone.map((v, i) => v + 0.02 * Math.sin(i * 2.9));
    for (const band of ['narrow', 'wide'] as const) {
      const hop = analyseHop({ reference: tone, degraded: noisy, sampleRate: 8000, band });
      expect(hop.referenceScore).toBe(band === 'narrow' ? 4.5 : 4.8);
      expect(hop.lossPercent).toBeCloseTo(
        ((hop.referenceScore - hop.score) / hop.referenceScore) * 100,
        10,
      );
      expect(hop.lossPercent).toBeGreaterThan(0);
    }
  });
});
