/**
 * Frame energies and a simple speech-activity rule shared by the measures: a frame is active
 * when its energy is within ACTIVITY_RANGE_DB of the loudest frame (reference speech is clean,
 * so its pauses fall far below that).
 */

/** Frames quieter than the loudest by more than this are pauses. */
export const ACTIVITY_RANGE_DB = 35;
/** Frame length for the speech level (as in ITU-T P.56's short-term envelope, simplified). */
const LEVEL_FRAME_MS = 20;

/** Mean square of each frame of `length` samples, every `hop` samples (whole frames only). */
export function frameEnergies(x: Float32Array, length: number, hop: number): Float64Array {
  const count = x.length < length ? 0 : Math.floor((x.length - length) / hop) + 1;
  const out = new Float64Array(count);
  for (let f = 0; f < count; f++) {
    let sum = 0;
    for (let i = f * hop, end = f * hop + length; i < end; i++) sum += (x[i] ?? 0) ** 2;
    out[f] = sum / length;
  }
  return out;
}

/** 1 for frames within `rangeDb` of the loudest frame (and not silent), else 0. */
export function activityMask(energies: Float64Array, rangeDb = ACTIVITY_RANGE_DB): Uint8Array {
  let max = 0;
  for (const e of energies) if (e > max) max = e;
  const threshold = max * 10 ** (-rangeDb / 10);
  const mask = new Uint8Array(energies.length);
  for (let f = 0; f < energies.length; f++)
    mask[f] = max > 0 && (energies[f] ?? 0) >= threshold ? 1 : 0;
  return mask;
}

/** Mean square of the active 20 ms frames: the speech level that SNRs are stated against. */
export function activeSpeechPower(x: Float32Array, sampleRate: number): number {
  const length = Math.round((sampleRate * LEVEL_FRAME_MS) / 1000);
  const energies = frameEnergies(x, length, length);
  const mask = activityMask(energies);
  let sum = 0;
  let n = 0;
  for (let f = 0; f < energies.length; f++) {
    if (mask[f]) {
      sum += energies[f] ?? 0;
      n++;
    }
  }
  return n === 0 ? 0 : sum / n;
}

/** Power ratio in decibels, with a floor so that silence gives a finite number. */
export function powerDb(power: number, floor = 1e-12): number {
  return 10 * Math.log10(Math.max(power, floor));
}
