/**
 * The delay of a recording against its reference, by FFT cross-correlation with PHAT weighting
 * (GCC-PHAT: every frequency counts by its phase alone, which makes speech peaks sharp). Long
 * signals are searched at about 2 kHz first, then refined at the full rate around that lag; the
 * peak is refined to a fraction of a sample by a parabola.
 */
import { fft, nextPow2, twoRealSpectra } from './fft.ts';
import { toFloat32, type Pcm } from './pcm.ts';

export interface DelayEstimate {
  /** How far the recording lags the reference (negative: it leads), in samples (fractional). */
  delaySamples: number;
  delayMs: number;
  /**
   * Normalised correlation (cosine similarity) of the reference and the recording shifted by the
   * delay, over their overlap: 1 for an exact delayed copy, about 0 when nothing matches.
   */
  confidence: number;
}

/** The range of delays searched; both ends default to everything the lengths allow. */
export interface DelaySearch {
  minDelayMs?: number;
  maxDelayMs?: number;
}

/** Bins weaker than this fraction of the strongest cross-spectrum bin are weighted down (PHAT). */
const PHAT_REGULARISATION = 1e-4;
/** The coarse search's sampling rate, and the transform size from which it pays. */
const COARSE_RATE_HZ = 2000;
const COARSE_FROM_FFT_SIZE = 1 << 15;

/** Finds where the reference occurs in the recording: rec[n + delay] ≈ ref[n]. */
export function estimateDelay(
  reference: Pcm,
  recording: Pcm,
  sampleRate: number,
  search: DelaySearch = {},
): DelayEstimate {
  const { delaySamples, confidence } = estimateDelaySamples(
    toFloat32(reference),
    toFloat32(recording),
    sampleRate,
    search.minDelayMs === undefined
      ? -Infinity
      : Math.ceil((search.minDelayMs * sampleRate) / 1000),
    search.maxDelayMs === undefined
      ? Infinity
      : Math.floor((search.maxDelayMs * sampleRate) / 1000),
  );
  return { delaySamples, delayMs: (delaySamples * 1000) / sampleRate, confidence };
}

/** estimateDelay in samples, searching lags minLag..maxLag (clamped to what the lengths allow). */
export function estimateDelaySamples(
  ref: Float32Array,
  rec: Float32Array,
  sampleRate: number,
  minLagWanted: number,
  maxLagWanted: number,
): Omit<DelayEstimate, 'delayMs'> {
  const minLag = Math.max(-(ref.length - 1), minLagWanted);
  const maxLag = Math.min(rec.length - 1, maxLagWanted);
  if (ref.length === 0 || rec.length === 0 || maxLag < minLag) {
    return { delaySamples: 0, confidence: 0 };
  }
  const factor = Math.floor(sampleRate / COARSE_RATE_HZ);
  let delaySamples: number;
  if (factor >= 2 && transformSize(ref, rec, minLag, maxLag) >= COARSE_FROM_FFT_SIZE) {
    const coarse = gccPhat(
      boxcar(ref, factor),
      boxcar(rec, factor),
      Math.floor(minLag / factor),
      Math.ceil(maxLag / factor),
    );
    if (coarse === null) return { delaySamples: 0, confidence: 0 };
    const centre = Math.round(coarse * factor);
    delaySamples = refine(
      ref,
      rec,
      Math.max(minLag, centre - 2 * factor),
      Math.min(maxLag, centre + 2 * factor),
    );
  } else {
    const lag = gccPhat(ref, rec, minLag, maxLag);
    if (lag === null) return { delaySamples: 0, confidence: 0 };
    delaySamples = lag;
  }
  return {
    delaySamples,
    confidence: Math.max(0, correlationAt(ref, rec, Math.round(delaySamples))),
  };
}

/** Large enough that no circular wrap reaches a searched lag (recording cut after the last). */
function transformSize(ref: Float32Array, rec: Float32Array, minLag: number, maxLag: number) {
  const used = Math.min(rec.length, maxLag + ref.length);
  return nextPow2(Math.max(used - minLag, maxLag + ref.length));
}

/** Means of `factor` consecutive samples: a cheap low-pass and decimation for the coarse search. */
function boxcar(x: Float32Array, factor: number): Float32Array {
  const out = new Float32Array(Math.floor(x.length / factor));
  for (let i = 0; i < out.length; i++) {
    let sum = 0;
    for (let j = i * factor, end = j + factor; j < end; j++) sum += x[j] ?? 0;
    out[i] = sum / factor;
  }
  return out;
}

/** The GCC-PHAT peak's lag (fractional) within [minLag, maxLag]; null when a signal is silent. */
function gccPhat(
  ref: Float32Array,
  full: Float32Array,
  minLagWanted: number,
  maxLagWanted: number,
) {
  const minLag = Math.max(-(ref.length - 1), minLagWanted);
  const maxLag = Math.min(full.length - 1, maxLagWanted);
  if (ref.length === 0 || full.length === 0 || maxLag < minLag) return null;
  const n = transformSize(ref, full, minLag, maxLag);
  const re = new Float64Array(n);
  const im = new Float64Array(n);
  re.set(full.subarray(0, Math.min(full.length, maxLag + ref.length)));
  im.set(ref);
  const { xRe, xIm, yRe, yIm } = twoRealSpectra(re, im);
  const bins = xRe.length;
  // Cross spectrum: recording times the conjugate of the reference, kept in xRe/xIm.
  let maxMag = 0;
  for (let k = 0; k < bins; k++) {
    const ar = xRe[k] ?? 0;
    const ai = xIm[k] ?? 0;
    const br = yRe[k] ?? 0;
    const bi = yIm[k] ?? 0;
    const cr = ar * br + ai * bi;
    const ci = ai * br - ar * bi;
    xRe[k] = cr;
    xIm[k] = ci;
    const mag = Math.sqrt(cr * cr + ci * ci);
    if (mag > maxMag) maxMag = mag;
  }
  if (maxMag === 0) return null;
  const floor = maxMag * PHAT_REGULARISATION;
  re.fill(0);
  im.fill(0);
  for (let k = 0; k < bins; k++) {
    const cr = xRe[k] ?? 0;
    const ci = xIm[k] ?? 0;
    const w = 1 / (Math.sqrt(cr * cr + ci * ci) + floor);
    re[k] = cr * w;
    im[k] = ci * w;
    if (k > 0 && k < n / 2) {
      re[n - k] = cr * w;
      im[n - k] = -ci * w;
    }
  }
  fft(re, im, true);
  return peakOf((lag) => re[lag < 0 ? lag + n : lag] ?? 0, minLag, maxLag);
}

/** The lag of the plain correlation's peak among a few candidate lags, at the full rate. */
function refine(ref: Float32Array, rec: Float32Array, minLag: number, maxLag: number): number {
  const values = new Float64Array(maxLag - minLag + 1);
  for (let lag = minLag; lag <= maxLag; lag++) values[lag - minLag] = correlationAt(ref, rec, lag);
  return peakOf((lag) => values[lag - minLag] ?? 0, minLag, maxLag);
}

/** The argmax of value(lag) over [minLag, maxLag], moved by a parabola through its neighbours. */
function peakOf(value: (lag: number) => number, minLag: number, maxLag: number): number {
  let best = minLag;
  let bestValue = -Infinity;
  for (let lag = minLag; lag <= maxLag; lag++) {
    const v = value(lag);
    if (v > bestValue) {
      bestValue = v;
      best = lag;
    }
  }
  if (best === minLag || best === maxLag) return best;
  const l = value(best - 1);
  const r = value(best + 1);
  const curvature = l - 2 * bestValue + r;
  return curvature < 0 ? best + Math.max(-0.5, Math.min(0.5, (l - r) / (2 * curvature))) : best;
}

/** Cosine similarity of ref[i] and rec[i + lag] over the samples both have. */
export function correlationAt(ref: Float32Array, rec: Float32Array, lag: number): number {
  const start = Math.max(0, -lag);
  const end = Math.min(ref.length, rec.length - lag);
  let xy = 0;
  let xx = 0;
  let yy = 0;
  for (let i = start; i < end; i++) {
    const a = ref[i] ?? 0;
    const b = rec[i + lag] ?? 0;
    xy += a * b;
    xx += a * a;
    yy += b * b;
  }
  return xx > 0 && yy > 0 ? xy / Math.sqrt(xx * yy) : 0;
}
