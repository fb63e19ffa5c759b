import { performance } from 'node:perf_hooks';
import { addWhiteNoise, delayBy } from '../apps/server/src/services/audio-analytics/impair.ts';
import { analyseHop } from '../apps/server/src/services/audio-analytics/index.ts';
import { toFloat32 } from '../apps/server/src/services/audio-analytics/pcm.ts';
import { loadReferenceSpeech } from '../apps/server/src/services/audio-analytics/reference-speech.ts';
import type { Benchmark, BenchResult } from './lib/benchmark.ts';

const RATE = 8000;
const warmups = 3;
const runs = 20;
/** Every test call analyses two or three hops; ~20 ms each on an idle core. */
const p95LimitMs = 500;

/**
 * One hop's analysis (delay, listening quality, loss) of the agent reference against itself
 * delayed 212.5 ms with noise at 20 dB SNR: the audio analytics of every test call.
 */
export const audioAnalyticsBenchmark: Benchmark = {
  name: 'audio-analytics',
  description: `analyseHop over the agent reference (delayed, noisy), ${runs} runs after ${warmups} warm-ups`,
  async run(): Promise<BenchResult> {
    const reference = toFloat32((await loadReferenceSpeech('agent')).samples);
    const degraded = addWhiteNoise(delayBy(reference, RATE, 212.5), RATE, 20, 3);
    const times: number[] = [];
    for (let i = 0; i < warmups + runs; i++) {
      const started = performance.now();
      analyseHop({ reference, degraded, sampleRate: RATE, band: 'wide' });
      if (i >= warmups) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
    const p95 = at(0.95);
    return {
      figures: [
        { label: 'analyseHop p50', value: at(0.5).toFixed(1), unit: 'ms' },
        { label: 'analyseHop p95', value: p95.toFixed(1), unit: 'ms' },
      ],
      failures: p95 > p95LimitMs ? [`analyseHop p95 ${p95.toFixed(1)} ms > ${p95LimitMs} ms`] : [],
    };
  },
};
