import { beforeAll, describe, expect, it } from 'vitest';
import { decodeG711, encodeG711 } from '../../adapters/dialler/media/g711.ts';
import { addWhiteNoise, clipPeaks, delayBy, dropFrames } from './impair.ts';
import { analyseHop } from './index.ts';
import { toFloat32, toInt16 } from './pcm.ts';
import { listeningQuality, type Band } from './quality.ts';
import { loadReferenceSpeech, type ReferenceSpeechName } from './reference-speech.ts';

const RATE = 8000;
const speech = {} as Record<ReferenceSpeechName, Float32Array>;

beforeAll(async () => {
  for (const name of ['customer', 'agent'] as const) {
    speech[name] = toFloat32((await loadReferenceSpeech(name)).samples);
  }
});

const score = (ref: Float32Array, degraded: Float32Array, band: Band = 'narrow') =>
  listeningQuality(ref, degraded, { sampleRate: RATE, band }).score;

/**
 * Each score lower than the one before (more impairment, lower score) and within its range as
 * written in docs/audio-analytics.md (narrowband, both references).
 */
function expectFallingWithin(scores: number[], ranges: readonly (readonly [number, number])[]) {
  scores.forEach((value, i) => {
    if (i > 0) expect(value).toBeLessThan(scores[i - 1] ?? -Infinity);
    const [low = NaN, high = NaN] = ranges[i] ?? [];
    expect(value).toBeGreaterThanOrEqual(low);
    expect(value).toBeLessThanOrEqual(high);
  });
}

describe.each(['customer', 'agent'] as const)('listening quality of the %s reference', (name) => {
  it('scores the clean speech against itself at the top of the scale', () => {
    const ref = speech[name];
    expect(score(ref, ref, 'narrow')).toBeGreaterThan(4.49);
    expect(score(ref, ref, 'wide')).toBeGreaterThan(4.79);
    // Delay and level do not count.
    const quieterLater = delayBy(ref, RATE, 137.5).map((v) => v * 0.3);
    expect(score(ref, quieterLater)).toBeGreaterThan(4.45);
    // A G.711 round trip costs little.
    const g711 = toFloat32(decodeG711(encodeG711(toInt16(ref), 'pcmu'), 'pcmu'));
    expectFallingWithin([score(ref, g711)], [[4.15, 4.4]]);
  });

  it('lowers the score more for more noise', () => {
    const ref = speech[name];
    expectFallingWithin(
      [30, 20, 10, 5].map((snr) => score(ref, addWhiteNoise(ref, RATE, snr, 1))),
      [
        [3.3, 3.6],
        [2.5, 2.8],
        [1.75, 2.0],
        [1.5, 1.75],
      ],
    );
  });

  it('lowers the score more for more packet loss, zeroed or concealed', () => {
    const ref = speech[name];
    const lost = (lossFraction: number, fill: 'zero' | 'repeat' = 'zero') =>
      score(ref, dropFrames(ref, RATE, { lossFraction, seed: 1, fill }));
    expectFallingWithin(
      [0.01, 0.05, 0.1, 0.2].map((f) => lost(f)),
      [
        [3.7, 4.3],
        [3.1, 3.8],
        [2.8, 3.45],
        [2.4, 3.05],
      ],
    );
    expect(lost(0.1, 'repeat')).toBeLessThan(lost(0.05, 'repeat'));
  });

  it('lowers the score more for harder clipping', () => {
    const ref = speech[name];
    expectFallingWithin(
      [0.5, 0.25, 0.1].map((f) => score(ref, clipPeaks(ref, f))),
      [
        [3.4, 3.7],
        [2.5, 2.85],
        [1.95, 2.3],
      ],
    );
  });

  it('scores a recording without the speech at the bottom', () => {
    const ref = speech[name];
    expect(score(ref, new Float32Array(ref.length))).toBe(1);
    expect(score(ref, new Float32Array(10))).toBe(1);
  });
});

describe('analyseHop', () => {
  // Its time is a benchmark (npm run bench -- audio-analytics), not a test.
  it('reports the delay and the loss percent against the band reference', () => {
    const ref = speech.agent;
    const degraded = addWhiteNoise(delayBy(ref, RATE, 212.5), RATE, 20, 3);
    const hop = analyseHop({ reference: ref, degraded, sampleRate: RATE, band: 'wide' });
    expect(Math.abs(hop.delayMs - 212.5)).toBeLessThan(5);
    expect(hop.delayConfidence).toBeGreaterThan(0.9);
    expect(hop.referenceScore).toBe(4.8);
    expect(hop.lossPercent).toBeCloseTo(((4.8 - hop.score) / 4.8) * 100, 10);
    expect(hop.activeFrames).toBeGreaterThan(300);
  });

  it('scores a hop whose jitter buffer grew mid-call nearly as well as a steady one', () => {
    const ref = speech.customer;
    const split = 4 * RATE;
    const shifted = new Float32Array(ref.length + RATE);
    shifted.set(ref.subarray(0, split), 400);
    shifted.set(ref.subarray(split), split + 560); // 20 ms more from the 4th second on
    const hop = analyseHop({ reference: ref, degraded: shifted, sampleRate: RATE, band: 'narrow' });
    expect(hop.score).toBeGreaterThan(4.2);
  });
});
