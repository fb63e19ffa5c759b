import { describe, expect, it } from 'vitest';
import { waveformOf } from './waveform.ts';

describe('waveformOf', () => {
  it('gives each slice its lowest and highest sample', () => {
    const pcm = Int16Array.from([0, 16384, -8192, 0, 32767, -32768, 100, -100]);
    expect(waveformOf(pcm, 4)).toEqual({
      min: [0, -0.25, -1, -0.0031],
      max: [0.5, 0, 1, 0.0031],
    });
  });

  it('never gives more points than samples, and none for silence of no length', () => {
    expect(waveformOf(Float32Array.from([0.1, -0.2]), 10).min).toEqual([0.1, -0.2]);
    expect(waveformOf(new Float32Array(0), 100)).toEqual({ min: [], max: [] });
  });

  it('keeps a short click visible however long the recording', () => {
    const pcm = new Float32Array(80000);
    pcm[41234] = 0.9;
    const { max } = waveformOf(pcm, 200);
    expect(max.filter((v) => v > 0)).toEqual([0.9]);
  });
});
