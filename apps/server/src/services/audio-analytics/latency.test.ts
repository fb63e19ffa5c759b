import { beforeAll, describe, expect, it } from 'vitest';
import { addWhiteNoise, delayBy } from './impair.ts';
import { measureLatency } from './latency.ts';
import { toFloat32 } from './pcm.ts';
import { loadReferenceSpeech } from './reference-speech.ts';

const RATE = 8000;
let speech: Float32Array;
let other: Float32Array;

beforeAll(async () => {
  speech = toFloat32((await loadReferenceSpeech('agent')).samples);
  other = toFloat32((await loadReferenceSpeech('customer')).samples);
});

describe('measureLatency', () => {
  it('measures an echo 180 ms behind what was played, through noise', () => {
    const echo = addWhiteNoise(delayBy(speech, RATE, 180.3), RATE, 15, 2);
    const m = measureLatency(speech, echo, RATE);
    expect(m.segments.length).toBeGreaterThanOrEqual(3);
    expect(Math.abs((m.averageLatencyMs ?? NaN) - 180.3)).toBeLessThan(5);
    expect(Math.abs((m.minLatencyMs ?? NaN) - 180.3)).toBeLessThan(5);
    expect(Math.abs((m.maxLatencyMs ?? NaN) - 180.3)).toBeLessThan(5);
  });

  it('shows a latency that grows during the call', () => {
    // The first 4 s arrive 100 ms late, the rest 160 ms late (a jitter buffer grew).
    const split = 4 * RATE;
    const recording = new Float32Array(speech.length + RATE);
    recording.set(speech.subarray(0, split), Math.round(0.1 * RATE));
    recording.set(speech.subarray(split), split + Math.round(0.16 * RATE));
    const m = measureLatency(speech, recording, RATE, { segmentMs: 1000 });
    expect(Math.abs((m.minLatencyMs ?? NaN) - 100)).toBeLessThan(5);
    expect(Math.abs((m.maxLatencyMs ?? NaN) - 160)).toBeLessThan(5);
    const first = m.segments.find((s) => s.referenceOffsetMs === 1000);
    const late = m.segments.find((s) => s.referenceOffsetMs === 5000);
    expect(first?.latencyMs).toBeCloseTo(100, 0);
    expect(late?.latencyMs).toBeCloseTo(160, 0);
  });

  it('finds nothing in a recording without the reference, or beyond the longest latency', () => {
    expect(measureLatency(speech, other, RATE)).toMatchObject({
      averageLatencyMs: null,
      minLatencyMs: null,
      maxLatencyMs: null,
    });
    const far = delayBy(speech, RATE, 2500);
    expect(measureLatency(speech, far, RATE, { maxLatencyMs: 1000 }).averageLatencyMs).toBeNull();
    expect(measureLatency(speech, far, RATE).averageLatencyMs).toBeCloseTo(2500, 0);
  });
});
