import { describe, expect, it } from 'vitest';
import { fft, nextPow2, twoRealSpectra } from './fft.ts';

/** The textbook O(n²) DFT, to check the fast one against. */
function dft(re: Float64Array, im: Float64Array) {
  const n = re.length;
  const outRe = new Float64Array(n);
  const outIm = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    for (let t = 0; t < n; t++) {
      const a = (-2 * Math.PI * k * t) / n;
      outRe[k] = (outRe[k] ?? 0) + (re[t] ?? 0) * Math.cos(a) - (im[t] ?? 0) * Math.sin(a);
      outIm[k] = (outIm[k] ?? 0) + (re[t] ?? 0) * Math.sin(a) + (im[t] ?? 0) * Math.cos(a);
    }
  }
  return { outRe, outIm };
}

const signal = (n: number, seed: number) =>
  Float64Array.from({ length: n }, (_, i) => Math.sin(i * seed) + 0.3 * Math.cos(i * i * 0.01));

describe('fft', () => {
  it('matches the DFT and inverts back', () => {
    const re = signal(64, 0.7);
    const im = signal(64, 1.3);
    const { outRe, outIm } = dft(re, im);
    const xr = Float64Array.from(re);
    const xi = Float64Array.from(im);
    fft(xr, xi);
    for (let k = 0; k < 64; k++) {
      expect(xr[k]).toBeCloseTo(outRe[k] ?? NaN, 9);
      expect(xi[k]).toBeCloseTo(outIm[k] ?? NaN, 9);
    }
    fft(xr, xi, true);
    for (let t = 0; t < 64; t++) {
      expect(xr[t]).toBeCloseTo(re[t] ?? NaN, 12);
      expect(xi[t]).toBeCloseTo(im[t] ?? NaN, 12);
    }
  });

  it('refuses lengths that are not powers of two', () => {
    expect(() => fft(new Float64Array(12), new Float64Array(12))).toThrow(RangeError);
    expect(nextPow2(1000)).toBe(1024);
    expect(nextPow2(1024)).toBe(1024);
  });

  it('separates two real signals transformed together', () => {
    const x = signal(32, 0.4);
    const y = signal(32, 2.1);
    const s = twoRealSpectra(Float64Array.from(x), Float64Array.from(y));
    const ax = dft(x, new Float64Array(32));
    const ay = dft(y, new Float64Array(32));
    for (let k = 0; k <= 16; k++) {
      expect(s.xRe[k]).toBeCloseTo(ax.outRe[k] ?? NaN, 9);
      expect(s.xIm[k]).toBeCloseTo(ax.outIm[k] ?? NaN, 9);
      expect(s.yRe[k]).toBeCloseTo(ay.outRe[k] ?? NaN, 9);
      expect(s.yIm[k]).toBeCloseTo(ay.outIm[k] ?? NaN, 9);
    }
  });
});
