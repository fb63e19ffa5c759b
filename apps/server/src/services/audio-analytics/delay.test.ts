import { beforeAll, describe, expect, it } from 'vitest';
import { estimateDelay } from './delay.ts';
import { addWhiteNoise, delayBy, dropFrames } from './impair.ts';
import { resample, toFloat32 } from './pcm.ts';
import { loadReferenceSpeech } from './reference-speech.ts';

let speech: Float32Array;
let other: Float32Array;
const RATE = 8000;

beforeAll(async () => {
  speech = toFloat32((await loadReferenceSpeech('customer')).samples);
  other = toFloat32((await loadReferenceSpeech('agent')).samples);
});

/** The recording: some lead-in of line noise, the speech `delayMs` later, a tail. */
function recorded(delayMs: number, rate = RATE, source = speech): Float32Array {
  const delayed = delayBy(source, rate, delayMs);
  const out = new Float32Array(delayed.length + rate / 2);
  out.set(delayed);
  return out;
}

describe('estimateDelay', () => {
  it.each([137.5, 20, 250, 1234.5])('finds a delay of %s ms within 5 ms', (ms) => {
    const found = estimateDelay(speech, recorded(ms), RATE);
    expect(Math.abs(found.delayMs - ms)).toBeLessThan(5);
    expect(found.confidence).toBeGreaterThan(0.95);
  });

  it('finds delays that are not a whole number of samples', () => {
    for (const ms of [63.0625, 100.03, 7.19]) {
      const found = estimateDelay(speech, recorded(ms), RATE);
      // 1/8 ms a sample: sub-sample refinement puts it within half a sample.
      expect(Math.abs(found.delayMs - ms)).toBeLessThan(0.1);
    }
  });

  it('finds the delay through noise and packet loss', () => {
    for (const [ms, snr] of [
      [137.5, 10],
      [333.3, 5],
      [80.06, 0],
    ] as const) {
      const degraded = addWhiteNoise(recorded(ms), RATE, snr, 11);
      const found = estimateDelay(speech, degraded, RATE);
      expect(Math.abs(found.delayMs - ms)).toBeLessThan(5);
    }
    const lossy = dropFrames(recorded(412.5), RATE, { lossFraction: 0.1, seed: 5 });
    expect(Math.abs(estimateDelay(speech, lossy, RATE).delayMs - 412.5)).toBeLessThan(5);
  });

  it('works at 16 kHz', () => {
    const wide = resample(speech, RATE, 16000);
    const found = estimateDelay(wide, recorded(137.5, 16000, wide), 16000);
    expect(Math.abs(found.delayMs - 137.5)).toBeLessThan(5);
  });

  it('reports a recording that leads (started late) as a negative delay', () => {
    const late = speech.subarray(Math.round(0.3 * RATE));
    const found = estimateDelay(speech, late, RATE);
    expect(Math.abs(found.delayMs + 300)).toBeLessThan(5);
  });

  it('searches only the asked range', () => {
    const found = estimateDelay(speech, recorded(600), RATE, { minDelayMs: 0, maxDelayMs: 400 });
    expect(found.delayMs).toBeGreaterThanOrEqual(0);
    expect(found.delayMs).toBeLessThanOrEqual(400);
  });

  it('has little confidence when the recording holds other speech', () => {
    expect(estimateDelay(speech, recorded(100, RATE, other), RATE).confidence).toBeLessThan(0.3);
    expect(estimateDelay(speech, new Float32Array(RATE), RATE)).toEqual({
      delaySamples: 0,
      delayMs: 0,
      confidence: 0,
    });
  });
});
