/**
 * The per-second conditions of a call's quality (poor MOS, high jitter, on hold...) and how their
 * runs of consecutive seconds are tracked: a run long enough is an episode, a short one a spike.
 */
import { QUALITY_PATTERNS, QUALITY_THRESHOLDS } from './constants.ts';

const T = QUALITY_THRESHOLDS;
const P = QUALITY_PATTERNS;

/** How a condition's runs are judged: episode length and tolerated gap between seconds. */
export interface RunRule {
  minSeconds: number;
  gapMs: number;
}
export const MOS_RULE: RunRule = { minSeconds: T.mosSeconds + 1, gapMs: P.gapToleranceMs };
export const SUSTAINED_RULE: RunRule = { minSeconds: P.sustainedSeconds, gapMs: P.gapToleranceMs };
export const RESOURCE_RULE: RunRule = {
  minSeconds: T.resourceSeconds + 1,
  gapMs: P.resourceGapToleranceMs,
};
export const NO_AUDIO_RULE: RunRule = {
  minSeconds: T.noInboundAudioSeconds,
  gapMs: P.gapToleranceMs,
};
export const END_RULE: RunRule = { minSeconds: T.endedOnHoldSeconds, gapMs: P.gapToleranceMs };

/**
 * Per-second conditions tracked as runs of consecutive seconds (the tests are in call-quality-state's
 * addSecond). A
 * second where the measure is missing neither extends nor breaks a run; a gap wider than the
 * tolerance breaks it. `minSeconds` is the run length that makes an episode (a finding).
 */
const CONDITIONS = {
  poorMos: MOS_RULE,
  veryPoorMos: MOS_RULE,
  highJitter: SUSTAINED_RULE,
  veryHighJitter: SUSTAINED_RULE,
  highLoss: SUSTAINED_RULE,
  veryHighLoss: SUSTAINED_RULE,
  highRtt: SUSTAINED_RULE,
  veryHighRtt: SUSTAINED_RULE,
  highLatency: SUSTAINED_RULE,
  veryHighLatency: SUSTAINED_RULE,
  highCpu: RESOURCE_RULE,
  veryHighCpu: RESOURCE_RULE,
  highMemory: RESOURCE_RULE,
  veryHighMemory: RESOURCE_RULE,
  noInboundAudio: NO_AUDIO_RULE,
  onHold: END_RULE,
  onMute: END_RULE,
} satisfies Record<string, RunRule>;
export type QualityCondition = keyof typeof CONDITIONS;
/** Every condition, in the order of CONDITIONS (the stored state's order). */
export const QUALITY_CONDITIONS = Object.keys(CONDITIONS) as QualityCondition[];

/** A condition's runs so far: the open run (if any) and the closed ones, counted. */
export interface RunState {
  openStartMs: number | null;
  openLastMs: number | null;
  longestSeconds: number;
  /** Closed runs of at least the condition's minimum length. */
  episodes: number;
  /** Closed runs shorter than a sustained run (QUALITY_PATTERNS.sustainedSeconds). */
  spikes: number;
}

/** A condition with no run yet. */
export const emptyRun = (): RunState => ({
  openStartMs: null,
  openLastMs: null,
  longestSeconds: 0,
  episodes: 0,
  spikes: 0,
});

/** A copy of a condition's runs. */
export const copyRun = (x: RunState): RunState => ({
  openStartMs: x.openStartMs,
  openLastMs: x.openLastMs,
  longestSeconds: x.longestSeconds,
  episodes: x.episodes,
  spikes: x.spikes,
});

/** Seconds a run covers, from its first to its last second. */
export const runSeconds = (startMs: number, lastMs: number) =>
  Math.round((lastMs - startMs) / 1000) + 1;

function closeRun(run: RunState, minSeconds: number) {
  if (run.openStartMs === null || run.openLastMs === null) return;
  const seconds = runSeconds(run.openStartMs, run.openLastMs);
  run.longestSeconds = Math.max(run.longestSeconds, seconds);
  if (seconds >= minSeconds) run.episodes++;
  if (seconds < P.sustainedSeconds) run.spikes++;
  run.openStartMs = null;
  run.openLastMs = null;
}

/** Extends the condition's run with a second where it holds (`hit`), or closes the run. */
export function track(run: RunState, hit: boolean, timeMs: number, rule: RunRule) {
  // Most seconds neither hit nor have a run to close: keep that test small enough to inline.
  if (hit || run.openLastMs !== null) trackSlow(run, hit, timeMs, rule);
}

function trackSlow(run: RunState, hit: boolean, timeMs: number, rule: RunRule) {
  if (run.openLastMs !== null && timeMs - run.openLastMs > rule.gapMs)
    closeRun(run, rule.minSeconds);
  if (hit) {
    run.openStartMs ??= timeMs;
    run.openLastMs = timeMs;
  } else {
    closeRun(run, rule.minSeconds);
  }
}
