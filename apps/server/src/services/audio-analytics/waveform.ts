/**
 * A recording's envelope for the waveform chart: for each of N equal slices, the lowest and
 * highest sample, as fractions of full scale rounded to 4 decimals (small JSON, exact peaks).
 */
import { toFloat32, type Pcm } from './pcm.ts';

export interface Waveform {
  min: number[];
  max: number[];
}

/** The min/max envelope in `points` slices (fewer when the recording has fewer samples). */
export function waveformOf(pcm: Pcm, points: number): Waveform {
  const x = toFloat32(pcm);
  const n = Math.max(0, Math.min(Math.floor(points), x.length));
  const min: number[] = [];
  const max: number[] = [];
  for (let p = 0; p < n; p++) {
    const start = Math.floor((p * x.length) / n);
    const end = Math.floor(((p + 1) * x.length) / n);
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = start; i < end; i++) {
      const v = x[i] ?? 0;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    min.push(Math.round(lo * 1e4) / 1e4);
    max.push(Math.round(hi * 1e4) / 1e4);
  }
  return { min, max };
}
