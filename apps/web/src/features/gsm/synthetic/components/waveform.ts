/** One envelope of a waveform: the lowest and highest sample of each slice, in order. */
export interface Envelope {
  min: number[];
  max: number[];
}

/** Splits the API's interleaved envelope [min0, max0, min1, max1, …] into its two lines. */
export function splitEnvelope(pairs: readonly number[]): Envelope {
  const min: number[] = [];
  const max: number[] = [];
  for (let i = 0; i + 1 < pairs.length; i += 2) {
    min.push(pairs[i] ?? 0);
    max.push(pairs[i + 1] ?? 0);
  }
  return { min, max };
}

/**
 * The share of the recording in view at an audio zoom of `zoom` (20 to 100, spec 002 §2.3):
 * the whole recording at the lowest zoom, a fifth of it at the highest.
 */
export function zoomWindowPercent(zoom: number, min: number, max: number): number {
  const clamped = Math.min(max, Math.max(min, zoom));
  return (100 * min) / clamped;
}
