import { describe, expect, it } from 'vitest';
import { addWhiteNoise, clipPeaks, delayBy, dropFrames } from './impair.ts';
import { activeSpeechPower } from './levels.ts';

const RATE = 8000;
/** A tone in bursts (half a second on, a quarter off): speech-like activity for the level rule. */
function bursts(seconds = 2): Float32Array {
  return Float32Array.from({ length: RATE * seconds }, (_, i) =>
    i % 6000 < 4000 ? 0.3 * Math.sin((2 * Math.PI * 440 * i) / RATE) : 0,
  );
}

describe('impairments', () => {
  it('add noise at the asked SNR against the active speech level, the same for the same seed', () => {
    const x = bursts();
    const noisy = addWhiteNoise(x, RATE, 10, 7);
    const noise = noisy.map((v, i) => v - (x[i] ?? 0));
    let power = 0;
    for (const v of noise) power += v * v;
    power /= noise.length;
    const snr = 10 * Math.log10(activeSpeechPower(x, RATE) / power);
    expect(snr).toBeGreaterThan(9.8);
    expect(snr).toBeLessThan(10.2);
    expect(addWhiteNoise(x, RATE, 10, 7)).toEqual(noisy);
    expect(addWhiteNoise(x, RATE, 10, 8)).not.toEqual(noisy);
  });

  it('lose exactly the asked share of 20 ms frames, zeroed or repeated', () => {
    const x = Float32Array.from({ length: RATE * 2 }, (_, i) => 0.1 + (i % 160) / 1000);
    const lost = dropFrames(x, RATE, { lossFraction: 0.1, seed: 3 });
    const zeroFrames = Array.from({ length: 100 }, (_, f) =>
      lost.subarray(f * 160, f * 160 + 160),
    ).filter((frame) => frame.every((v) => v === 0)).length;
    expect(zeroFrames).toBe(10);
    expect(dropFrames(x, RATE, { lossFraction: 0.1, seed: 3 })).toEqual(lost);

    const repeated = dropFrames(x, RATE, { lossFraction: 0.1, seed: 3, fill: 'repeat' });
    // Every frame of this signal is the same ramp, so repeating one changes nothing.
    expect(repeated).toEqual(x);
  });

  it('clip at a share of the peak', () => {
    const clipped = clipPeaks(Float32Array.from([0.1, -0.8, 0.4, 0.2]), 0.25);
    expect(Array.from(clipped)).toEqual([0.1, -0.2, 0.2, 0.2].map(Math.fround));
  });

  it('delay by whole samples exactly and by fractions smoothly', () => {
    const x = Float32Array.from([1, 2, 3]);
    expect(Array.from(delayBy(x, RATE, 0.25))).toEqual([0, 0, 1, 2, 3]);
    const sine = Float32Array.from({ length: 800 }, (_, i) =>
      Math.sin((2 * Math.PI * 300 * i) / RATE),
    );
    const half = delayBy(sine, RATE, 0.0625); // half a sample at 8 kHz
    for (let n = 100; n < 700; n++) {
      expect(half[n]).toBeCloseTo(Math.sin((2 * Math.PI * 300 * (n - 0.5)) / RATE), 2);
    }
  });
});
