/**
 * A call's quality from its state: the aggregates kept on its summary row, its warning tags with
 * the insights that explain them, and its score out of 10.
 */
import {
  CALL_SCORE_MAX,
  CALL_SCORE_WEIGHTS,
  CALL_TAGS,
  QUALITY_PATTERNS,
  QUALITY_THRESHOLDS,
  type CallTag,
  type CallTagGroup,
} from './constants.ts';
import { isSupportedBrowser } from './browser-support.ts';
import type { CallQualityState } from './call-quality-state.ts';
import type { MetricStats } from './quality-metrics.ts';
import {
  END_RULE,
  MOS_RULE,
  NO_AUDIO_RULE,
  RESOURCE_RULE,
  runSeconds,
  SUSTAINED_RULE,
  type RunRule,
  type RunState,
} from './quality-runs.ts';

const T = QUALITY_THRESHOLDS;
const P = QUALITY_PATTERNS;

/** A warning found on a call: its tag, why (pattern) and how often. */
export interface CallInsight {
  tag: CallTag;
  group: CallTagGroup;
  severity: 'warning' | 'critical';
  /** sustained: runs of seconds; degraded: the whole call's average; event: logs or the browser. */
  pattern: 'sustained' | 'degraded' | 'event';
  count: number;
  longestSeconds: number | null;
}

/** Aggregates of a call kept on its summary row (the call stats list reads these, never the seconds). */
export interface CallAggregates {
  sampleCount: number;
  firstSampleMs: number | null;
  lastSampleMs: number | null;
  mosAvg: number | null;
  mosMin: number | null;
  mosInboundAvg: number | null;
  mosOutboundAvg: number | null;
  jitterAvgMs: number | null;
  jitterMaxMs: number | null;
  rttAvgMs: number | null;
  rttMaxMs: number | null;
  packetsCount: number;
  packetsLost: number;
  /** Lost / (received + lost) over both directions, 0..1; null without packets. */
  packetsLostFraction: number | null;
  cpuAvailableMinPercent: number | null;
  memoryUsedMaxPercent: number | null;
}

export interface CallQualityInput {
  state: CallQualityState;
  /** Set once the call has ended (its summary says so): end-of-call findings need it. */
  endMs: number | null;
  /** ERROR lines in the call's softphone logs. */
  errorLogCount: number;
  browser: { name: string; version?: string | null } | null;
}

export interface CallQuality {
  aggregates: CallAggregates;
  tags: CallTag[];
  insights: CallInsight[];
  /** Out of 10: 10 minus the weights of the tags (CALL_SCORE_WEIGHTS), floored at 0. */
  score: number;
}

const avg = (s: MetricStats) => (s.n > 0 ? s.sum / s.n : null);

/** Aggregates of a call from its state. */
export function callAggregates(state: CallQualityState): CallAggregates {
  const m = state.metrics;
  const p = state.packets;
  const lost = p.inboundLost + p.outboundLost;
  const received = p.inboundCount + p.outboundCount;
  return {
    sampleCount: state.samples,
    firstSampleMs: state.firstMs,
    lastSampleMs: state.lastMs,
    mosAvg: avg(m.mos),
    mosMin: m.mos.min,
    mosInboundAvg: avg(m.mosInbound),
    mosOutboundAvg: avg(m.mosOutbound),
    jitterAvgMs: avg(m.jitterMs),
    jitterMaxMs: m.jitterMs.max,
    rttAvgMs: avg(m.rttMs),
    rttMaxMs: m.rttMs.max,
    packetsCount: received,
    packetsLost: lost,
    packetsLostFraction: received + lost > 0 ? lost / (received + lost) : null,
    cpuAvailableMinPercent: m.cpuAvailablePercent.min,
    memoryUsedMaxPercent: m.memoryUsedPercent.max,
  };
}

/** The call score: 10 minus the weight of each tag, floored at 0. */
export function callScore(tags: readonly CallTag[]): number {
  let deducted = 0;
  for (const tag of tags) deducted += CALL_SCORE_WEIGHTS[tag];
  return Math.max(0, CALL_SCORE_MAX - deducted);
}

/**
 * Adds the insight of one level of a measure when its condition had an episode (the open run
 * counted as if it ended now) or, with `average`, when the whole call crossed the level. Says
 * whether it added one.
 */
function addLevel(
  insights: CallInsight[],
  group: CallTagGroup,
  tag: CallTag,
  severity: CallInsight['severity'],
  run: RunState,
  minSeconds: number,
  average: boolean,
): boolean {
  let longestSeconds = run.longestSeconds;
  let episodes = run.episodes;
  if (run.openStartMs !== null && run.openLastMs !== null) {
    const openSeconds = runSeconds(run.openStartMs, run.openLastMs);
    longestSeconds = Math.max(longestSeconds, openSeconds);
    if (openSeconds >= minSeconds) episodes++;
  }
  if (episodes > 0) {
    insights.push({ tag, group, severity, pattern: 'sustained', count: episodes, longestSeconds });
    return true;
  }
  if (!average) return false;
  insights.push({ tag, group, severity, pattern: 'degraded', count: 1, longestSeconds });
  return true;
}

/** Adds a two-level measure's insight: the severe level first, the plain one only when the severe did not fire. */
function addTwoLevel(
  insights: CallInsight[],
  group: CallTagGroup,
  rule: RunRule,
  severe: { tag: CallTag; run: RunState; average: boolean },
  plain: { tag: CallTag; run: RunState; average: boolean },
) {
  if (
    addLevel(insights, group, severe.tag, 'critical', severe.run, rule.minSeconds, severe.average)
  )
    return;
  addLevel(insights, group, plain.tag, 'warning', plain.run, rule.minSeconds, plain.average);
}

/** Adds the end-of-call finding when the run reaches the call's last second and lasted long enough. */
function addEndedIn(insights: CallInsight[], tag: CallTag, run: RunState, lastMs: number): boolean {
  if (run.openLastMs === null || lastMs - run.openLastMs > P.gapToleranceMs) return false;
  const openSeconds = run.openStartMs === null ? 0 : runSeconds(run.openStartMs, run.openLastMs);
  if (openSeconds < END_RULE.minSeconds) return false;
  insights.push({
    tag,
    group: 'hold',
    severity: 'warning',
    pattern: 'sustained',
    count: 1,
    longestSeconds: openSeconds,
  });
  return true;
}

const overAvg = (v: number | null, limit: number) => v !== null && v > limit;

/**
 * Aggregates, tags, insights and score of a call. Per group the "Very" tag wins over the plain
 * one. Measures fire on a sustained run (3 s or more; MOS more than 10 s, CPU and memory more
 * than 30 s, no inbound packets 5 s) or when the whole call's average crosses the threshold.
 */
export function evaluateCallQuality(input: CallQualityInput): CallQuality {
  const { state } = input;
  const a = callAggregates(state);
  const r = state.runs;
  const insights: CallInsight[] = [];
  const lossPercent = a.packetsLostFraction === null ? null : a.packetsLostFraction * 100;
  const latencyAvg = avg(state.metrics.audioLatencyMs);

  if (a.mosAvg !== null && a.mosAvg <= T.callQualityMos.veryPoor) {
    insights.push({
      tag: CALL_TAGS.veryPoorCallQuality,
      group: 'callQuality',
      severity: 'critical',
      pattern: 'degraded',
      count: 1,
      longestSeconds: null,
    });
  } else if (a.mosAvg !== null && a.mosAvg <= T.callQualityMos.poor) {
    insights.push({
      tag: CALL_TAGS.poorCallQuality,
      group: 'callQuality',
      severity: 'warning',
      pattern: 'degraded',
      count: 1,
      longestSeconds: null,
    });
  }
  addTwoLevel(
    insights,
    'mos',
    MOS_RULE,
    { tag: CALL_TAGS.veryPoorMos, run: r.veryPoorMos, average: false },
    { tag: CALL_TAGS.poorMos, run: r.poorMos, average: false },
  );
  addTwoLevel(
    insights,
    'audioLatency',
    SUSTAINED_RULE,
    {
      tag: CALL_TAGS.veryHighAudioLatency,
      run: r.veryHighLatency,
      average: overAvg(latencyAvg, T.audioLatencyMs.veryHigh),
    },
    {
      tag: CALL_TAGS.highAudioLatency,
      run: r.highLatency,
      average: overAvg(latencyAvg, T.audioLatencyMs.high),
    },
  );
  addTwoLevel(
    insights,
    'jitter',
    SUSTAINED_RULE,
    {
      tag: CALL_TAGS.veryHighJitter,
      run: r.veryHighJitter,
      average: overAvg(a.jitterAvgMs, T.jitterMs.veryHigh),
    },
    {
      tag: CALL_TAGS.highJitter,
      run: r.highJitter,
      average: overAvg(a.jitterAvgMs, T.jitterMs.high),
    },
  );
  addTwoLevel(
    insights,
    'packetLoss',
    SUSTAINED_RULE,
    {
      tag: CALL_TAGS.veryHighPacketLoss,
      run: r.veryHighLoss,
      average: overAvg(lossPercent, T.packetLossPercent.veryHigh),
    },
    {
      tag: CALL_TAGS.highPacketLoss,
      run: r.highLoss,
      average: overAvg(lossPercent, T.packetLossPercent.high),
    },
  );
  addTwoLevel(
    insights,
    'rtt',
    SUSTAINED_RULE,
    {
      tag: CALL_TAGS.veryHighRtt,
      run: r.veryHighRtt,
      average: overAvg(a.rttAvgMs, T.rttMs.veryHigh),
    },
    { tag: CALL_TAGS.highRtt, run: r.highRtt, average: overAvg(a.rttAvgMs, T.rttMs.high) },
  );
  addTwoLevel(
    insights,
    'cpu',
    RESOURCE_RULE,
    { tag: CALL_TAGS.veryHighCpu, run: r.veryHighCpu, average: false },
    { tag: CALL_TAGS.highCpu, run: r.highCpu, average: false },
  );
  addTwoLevel(
    insights,
    'memory',
    RESOURCE_RULE,
    { tag: CALL_TAGS.veryHighMemory, run: r.veryHighMemory, average: false },
    { tag: CALL_TAGS.highMemory, run: r.highMemory, average: false },
  );
  addLevel(
    insights,
    'audio',
    CALL_TAGS.oneWayAudio,
    'critical',
    r.noInboundAudio,
    NO_AUDIO_RULE.minSeconds,
    false,
  );

  // End-of-call findings: the last run of hold (else of mute) reaches the call's last second.
  if (input.endMs !== null && state.lastMs !== null) {
    if (!addEndedIn(insights, CALL_TAGS.endedOnHold, r.onHold, state.lastMs))
      addEndedIn(insights, CALL_TAGS.endedOnMute, r.onMute, state.lastMs);
  }
  if (input.errorLogCount > 0) {
    insights.push({
      tag: CALL_TAGS.softphoneError,
      group: 'softphone',
      severity: 'warning',
      pattern: 'event',
      count: input.errorLogCount,
      longestSeconds: null,
    });
  }
  if (input.browser && !isSupportedBrowser(input.browser.name, input.browser.version ?? null)) {
    insights.push({
      tag: CALL_TAGS.unsupportedBrowser,
      group: 'browser',
      severity: 'warning',
      pattern: 'event',
      count: 1,
      longestSeconds: null,
    });
  }

  const tags: CallTag[] = [];
  for (const insight of insights) tags.push(insight.tag);
  return { aggregates: a, tags, insights, score: callScore(tags) };
}
