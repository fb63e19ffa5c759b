import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeG711 } from '../../adapters/dialler/media/g711.ts';
import { wavBytes } from '../../adapters/dialler/media/wav.ts';
import { decodeWav, readWavFile, resample, toFloat32, toInt16, writeWavFile } from './pcm.ts';

function tone(hz: number, rate: number, seconds: number, amplitude = 0.5): Float32Array {
  return Float32Array.from(
    { length: Math.round(rate * seconds) },
    (_, i) => amplitude * Math.sin((2 * Math.PI * hz * i) / rate),
  );
}

function rms(x: Float32Array, from = 0, to = x.length): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += (x[i] ?? 0) ** 2;
  return Math.sqrt(sum / (to - from));
}

describe('WAV', () => {
  it('writes and reads 16-bit PCM at 8 and 16 kHz', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pcm-test-'));
    try {
      for (const rate of [8000, 16000]) {
        const samples = Int16Array.from([0, 1, -1, 32767, -32768, 1234]);
        await writeWavFile(join(dir, `${rate}.wav`), samples, rate);
        const back = await readWavFile(join(dir, `${rate}.wav`));
        expect(back.sampleRate).toBe(rate);
        expect(Array.from(back.samples)).toEqual(Array.from(samples));
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('decodes G.711 WAV files to linear samples', () => {
    const linear = Int16Array.from([0, 1000, -1000, 8000, -8000]);
    const back = decodeWav(wavBytes(encodeG711(linear, 'pcmu'), 'pcmu'));
    for (let i = 0; i < linear.length; i++) {
      expect(Math.abs((back.samples[i] ?? 0) - (linear[i] ?? 0))).toBeLessThan(300);
    }
  });

  it('refuses what is not a WAV file', () => {
    expect(() => decodeWav(Buffer.from('not a wav file at all'))).toThrow(/Not a WAV/);
  });

  it('converts between 16-bit and float samples, clipping', () => {
    expect(Array.from(toFloat32(Int16Array.from([16384, -32768])))).toEqual([0.5, -1]);
    expect(Array.from(toInt16(Float32Array.from([0.5, -1, 2, -2])))).toEqual([
      16384, -32768, 32767, -32768,
    ]);
  });
});

describe('resample', () => {
  it('keeps a 1 kHz tone when going 8 kHz -> 16 kHz -> 8 kHz', () => {
    const x = tone(1000, 8000, 1);
    const up = resample(x, 8000, 16000);
    expect(up.length).toBe(16000);
    // The upsampled tone is the same sine at the new rate (away from the edges).
    const expected = tone(1000, 16000, 1);
    let err = 0;
    for (let i = 400; i < 15600; i++)
      err = Math.max(err, Math.abs((up[i] ?? 0) - (expected[i] ?? 0)));
    expect(err).toBeLessThan(0.005);
    const down = resample(up, 16000, 8000);
    expect(down.length).toBe(8000);
    expect(rms(down, 400, 7600)).toBeCloseTo(rms(x, 400, 7600), 3);
  });

  it('removes what is above the new Nyquist frequency when going down', () => {
    const x = tone(6000, 16000, 1);
    expect(rms(resample(x, 16000, 8000), 400, 7600)).toBeLessThan(0.005);
    expect(rms(resample(tone(3000, 16000, 1), 16000, 8000), 400, 7600)).toBeGreaterThan(0.34);
  });
});
