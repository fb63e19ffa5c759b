/**
 * Deterministic test impairments on recordings: the same input, settings and seed always give
 * the same output, so the measures can be tested and calibrated (docs/audio-analytics.md).
 */
import { Random } from '../../demo/random.ts';
import { activeSpeechPower } from './levels.ts';
import { toFloat32, type Pcm } from './pcm.ts';

/** Packet length of the loss impairment: one 20 ms RTP packet of G.711. */
export const LOST_FRAME_MS = 20;

/** Adds white Gaussian noise at `snrDb` below the signal's active speech level. */
export function addWhiteNoise(pcm: Pcm, sampleRate: number, snrDb: number, seed = 1): Float32Array {
  const x = toFloat32(pcm);
  const sd = Math.sqrt(activeSpeechPower(x, sampleRate) / 10 ** (snrDb / 10));
  const random = new Random(seed);
  const out = new Float32Array(x.length);
  for (let i = 0; i < x.length; i++) out[i] = (x[i] ?? 0) + random.normal(0, sd);
  return out;
}

export interface FrameLoss {
  /** Fraction of 20 ms frames lost, 0..1: exactly round(fraction × frames) of them. */
  lossFraction: number;
  seed?: number;
  /** What fills a lost frame: silence, or the previous frame again (simple concealment). */
  fill?: 'zero' | 'repeat';
}

/** Loses whole 20 ms frames, chosen by a seeded shuffle. */
export function dropFrames(pcm: Pcm, sampleRate: number, loss: FrameLoss): Float32Array {
  const out = Float32Array.from(toFloat32(pcm));
  const frame = Math.round((sampleRate * LOST_FRAME_MS) / 1000);
  const frames = Math.floor(out.length / frame);
  const order = Array.from({ length: frames }, (_, i) => i);
  const random = new Random(loss.seed ?? 1);
  for (let i = frames - 1; i > 0; i--) {
    const j = Math.floor(random.next() * (i + 1));
    const t = order[i] ?? 0;
    order[i] = order[j] ?? 0;
    order[j] = t;
  }
  const lost = order.slice(0, Math.round(loss.lossFraction * frames)).sort((a, b) => a - b);
  for (const f of lost) {
    const start = f * frame;
    if ((loss.fill ?? 'zero') === 'repeat' && f > 0) {
      out.copyWithin(start, start - frame, start);
    } else {
      out.fill(0, start, start + frame);
    }
  }
  return out;
}

/** Clips at ± `fraction` of the signal's peak (0.25: everything above a quarter of the peak). */
export function clipPeaks(pcm: Pcm, fraction: number): Float32Array {
  const x = toFloat32(pcm);
  let peak = 0;
  for (const v of x) peak = Math.max(peak, Math.abs(v));
  const limit = peak * fraction;
  return x.map((v) => Math.max(-limit, Math.min(limit, v)));
}

/** Half-width of the fractional-delay kernel, in samples. */
const DELAY_KERNEL_HALF = 32;

/**
 * Delays by `delayMs` (leading zeros), a fractional number of samples included: the fraction by
 * a Hann-windowed sinc interpolator.
 */
export function delayBy(pcm: Pcm, sampleRate: number, delayMs: number): Float32Array {
  const x = toFloat32(pcm);
  const d = (delayMs * sampleRate) / 1000;
  if (d < 0) throw new RangeError('delayBy: the delay must not be negative');
  const whole = Math.floor(d);
  const frac = d - whole;
  const out = new Float32Array(x.length + whole + (frac > 0 ? 1 : 0));
  if (frac === 0) {
    out.set(x, whole);
    return out;
  }
  const taps = new Float64Array(2 * DELAY_KERNEL_HALF);
  for (let j = 0; j < taps.length; j++) {
    // out[n] = Σ x[m] h(n - whole - frac - m), with m = n - whole - (j - half + 1)
    const t = j - DELAY_KERNEL_HALF + 1 - frac;
    const window = 0.5 + 0.5 * Math.cos((Math.PI * t) / DELAY_KERNEL_HALF);
    taps[j] = (t === 0 ? 1 : Math.sin(Math.PI * t) / (Math.PI * t)) * window;
  }
  for (let n = whole; n < out.length; n++) {
    let acc = 0;
    for (let j = 0; j < taps.length; j++) {
      const m = n - whole - (j - DELAY_KERNEL_HALF + 1);
      if (m >= 0 && m < x.length) acc += (taps[j] ?? 0) * (x[m] ?? 0);
    }
    out[n] = acc;
  }
  return out;
}
