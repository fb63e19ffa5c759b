/**
 * Audio analytics of synthetic test calls (issue 18): listening quality per hop on the POLQA
 * scale with its loss percent, audio latency, word error rate, waveforms. Pure computation on
 * samples; docs/audio-analytics.md says what each figure is.
 */
import { lossPercent, referenceScore } from './loss.ts';
import { listeningQuality, type Band, type QualityResult } from './quality.ts';
import type { Pcm } from './pcm.ts';

export { estimateDelay, type DelayEstimate, type DelaySearch } from './delay.ts';
export { measureLatency, type LatencyMeasurement, type LatencyOptions } from './latency.ts';
export { lossPercent, referenceScore } from './loss.ts';
export {
  decodeWav,
  readWavFile,
  resample,
  toFloat32,
  toInt16,
  writeWavFile,
  type Pcm,
  type Recording,
} from './pcm.ts';
export { BAND_HZ, SCORE_TOP, listeningQuality, type Band, type QualityResult } from './quality.ts';
export {
  REFERENCE_SPEECH_DIR,
  loadReferenceSpeech,
  type ReferenceSpeech,
  type ReferenceSpeechName,
} from './reference-speech.ts';
export { waveformOf, type Waveform } from './waveform.ts';
export { normaliseWords, wordErrorRate, type AlignedWord, type WordErrorRate } from './wer.ts';

export interface HopInput {
  /** What was sent. */
  reference: Pcm;
  /** What was recorded at the hop's far end (same sample rate; any delay). */
  degraded: Pcm;
  sampleRate: number;
  /** narrow: scored 1..4.5 against 4.5 (customer side); wide: 1..4.8 against 4.8 (agent side). */
  band: Band;
  /** Longest delay searched; default 5000 ms. */
  maxDelayMs?: number;
}

export interface HopAnalysis extends QualityResult {
  /** The POLQA reference the loss is stated against: 4.5 or 4.8. */
  referenceScore: number;
  /** (reference − score) / reference × 100. */
  lossPercent: number;
}

/** Scores one hop of a test call: quality, delay and loss percent against its reference. */
export function analyseHop(input: HopInput): HopAnalysis {
  const quality = listeningQuality(input.reference, input.degraded, {
    sampleRate: input.sampleRate,
    band: input.band,
    maxDelayMs: input.maxDelayMs ?? 5000,
  });
  const reference = referenceScore(input.band);
  return {
    ...quality,
    referenceScore: reference,
    lossPercent: lossPercent(reference, quality.score),
  };
}
