/**
 * Radix-2 complex FFT on split real/imaginary arrays, with the two-real-signals-in-one trick the
 * delay and quality measures use (one transform gives the spectra of two real signals).
 */

interface Twiddles {
  cos: Float64Array;
  sin: Float64Array;
  bitReversed: Uint32Array;
}

const twiddleCache = new Map<number, Twiddles>();

/** The smallest power of two at least n (and at least 2). */
export function nextPow2(n: number): number {
  let p = 2;
  while (p < n) p *= 2;
  return p;
}

function twiddlesOf(n: number): Twiddles {
  let t = twiddleCache.get(n);
  if (t) return t;
  const half = n / 2;
  const cos = new Float64Array(half);
  const sin = new Float64Array(half);
  for (let k = 0; k < half; k++) {
    cos[k] = Math.cos((2 * Math.PI * k) / n);
    sin[k] = Math.sin((2 * Math.PI * k) / n);
  }
  const bits = Math.log2(n);
  const bitReversed = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    let r = 0;
    for (let b = 0, v = i; b < bits; b++, v >>>= 1) r = (r << 1) | (v & 1);
    bitReversed[i] = r;
  }
  t = { cos, sin, bitReversed };
  twiddleCache.set(n, t);
  return t;
}

/**
 * In-place FFT of (re, im), whose length must be a power of two. The inverse is scaled by 1/n,
 * so fft(fft(x), inverse) gives x back.
 */
export function fft(re: Float64Array, im: Float64Array, inverse = false): void {
  const n = re.length;
  if (n !== im.length || n < 2 || (n & (n - 1)) !== 0) {
    throw new RangeError(`fft: length ${n} is not a power of two matching both arrays`);
  }
  const { cos, sin, bitReversed } = twiddlesOf(n);
  for (let i = 0; i < n; i++) {
    const j = bitReversed[i] ?? 0;
    if (j > i) {
      const tr = re[i] ?? 0;
      re[i] = re[j] ?? 0;
      re[j] = tr;
      const ti = im[i] ?? 0;
      im[i] = im[j] ?? 0;
      im[j] = ti;
    }
  }
  const sign = inverse ? 1 : -1;
  for (let size = 2; size <= n; size *= 2) {
    const half = size / 2;
    const step = n / size;
    for (let start = 0; start < n; start += size) {
      for (let k = 0; k < half; k++) {
        const wr = cos[k * step] ?? 0;
        const wi = sign * (sin[k * step] ?? 0);
        const a = start + k;
        const b = a + half;
        const br = re[b] ?? 0;
        const bi = im[b] ?? 0;
        const xr = br * wr - bi * wi;
        const xi = br * wi + bi * wr;
        const ar = re[a] ?? 0;
        const ai = im[a] ?? 0;
        re[a] = ar + xr;
        im[a] = ai + xi;
        re[b] = ar - xr;
        im[b] = ai - xi;
      }
    }
  }
  if (inverse) {
    for (let i = 0; i < n; i++) {
      re[i] = (re[i] ?? 0) / n;
      im[i] = (im[i] ?? 0) / n;
    }
  }
}

/** The spectra (bins 0..n/2) of two real signals, from one complex FFT of x + i·y. */
export interface TwoSpectra {
  xRe: Float64Array;
  xIm: Float64Array;
  yRe: Float64Array;
  yIm: Float64Array;
}

/**
 * Transforms two real signals at once: z = x + i·y, then X[k] = (Z[k] + conj Z[n-k]) / 2 and
 * Y[k] = (Z[k] - conj Z[n-k]) / 2i. `re` and `im` hold x and y (length n) and are overwritten.
 */
export function twoRealSpectra(re: Float64Array, im: Float64Array): TwoSpectra {
  fft(re, im);
  const n = re.length;
  const bins = n / 2 + 1;
  const xRe = new Float64Array(bins);
  const xIm = new Float64Array(bins);
  const yRe = new Float64Array(bins);
  const yIm = new Float64Array(bins);
  for (let k = 0; k < bins; k++) {
    const m = k === 0 ? 0 : n - k;
    const zr = re[k] ?? 0;
    const zi = im[k] ?? 0;
    const cr = re[m] ?? 0;
    const ci = -(im[m] ?? 0);
    xRe[k] = (zr + cr) / 2;
    xIm[k] = (zi + ci) / 2;
    // (Z - conj Zm) / 2i: (a + ib) / 2i = (b - ia) / 2
    yRe[k] = (zi - ci) / 2;
    yIm[k] = -(zr - cr) / 2;
  }
  return { xRe, xIm, yRe, yIm };
}
