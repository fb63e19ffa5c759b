/**
 * Audio latency: how long after it was played each stretch of the reference is heard in a
 * recording that started at the same instant (an echo recording gives the round trip).
 * Measured per segment, so a path whose delay changes during the call shows it.
 */
import { estimateDelaySamples } from './delay.ts';
import { activityMask, frameEnergies } from './levels.ts';
import { toFloat32, type Pcm } from './pcm.ts';

export interface LatencySegment {
  /** Where the segment starts in the reference. */
  referenceOffsetMs: number;
  latencyMs: number;
  /** Normalised correlation of the segment with the recording at that latency, 0..1. */
  confidence: number;
}

export interface LatencyMeasurement {
  /** Mean latency of the confident segments; null when no segment was found. */
  averageLatencyMs: number | null;
  minLatencyMs: number | null;
  maxLatencyMs: number | null;
  /** Every speech segment searched, confident or not. */
  segments: LatencySegment[];
}

export interface LatencyOptions {
  /** Longest latency searched; default 3000 ms. */
  maxLatencyMs?: number;
  /** Length of the reference segments; default 2000 ms. */
  segmentMs?: number;
  /** Segments matching less than this are left out of the figures; default 0.3. */
  minConfidence?: number;
}

const ACTIVITY_FRAME_MS = 20;
/** A segment is searched when at least this share of its frames is speech. */
const MIN_SPEECH_SHARE = 0.2;

/** Latency of `recording` behind `reference` (both starting at the same instant), per segment. */
export function measureLatency(
  reference: Pcm,
  recording: Pcm,
  sampleRate: number,
  options: LatencyOptions = {},
): LatencyMeasurement {
  const ref = toFloat32(reference);
  const rec = toFloat32(recording);
  const maxLag = Math.round(((options.maxLatencyMs ?? 3000) * sampleRate) / 1000);
  const segment = Math.round(((options.segmentMs ?? 2000) * sampleRate) / 1000);
  const minConfidence = options.minConfidence ?? 0.3;
  const frame = Math.round((ACTIVITY_FRAME_MS * sampleRate) / 1000);
  const active = activityMask(frameEnergies(ref, frame, frame));

  const segments: LatencySegment[] = [];
  for (let start = 0; start + segment / 2 <= ref.length; start += segment) {
    const end = Math.min(ref.length, start + segment);
    let speech = 0;
    const first = Math.floor(start / frame);
    const last = Math.min(active.length, Math.floor(end / frame));
    for (let f = first; f < last; f++) speech += active[f] ?? 0;
    if (last <= first || speech / (last - first) < MIN_SPEECH_SHARE) continue;
    const found = estimateDelaySamples(
      ref.subarray(start, end),
      rec.subarray(start, end + maxLag),
      sampleRate,
      0,
      maxLag,
    );
    segments.push({
      referenceOffsetMs: (start * 1000) / sampleRate,
      latencyMs: (found.delaySamples * 1000) / sampleRate,
      confidence: found.confidence,
    });
  }
  const good = segments.filter((s) => s.confidence >= minConfidence).map((s) => s.latencyMs);
  return {
    averageLatencyMs: good.length ? good.reduce((a, b) => a + b, 0) / good.length : null,
    minLatencyMs: good.length ? Math.min(...good) : null,
    maxLatencyMs: good.length ? Math.max(...good) : null,
    segments,
  };
}
