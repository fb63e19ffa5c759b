/**
 * A call's quality state: an accumulator that merges seconds in time order (so the server updates
 * a summary per batch without rescanning), from which aggregates, tags and score are derived.
 */
import { QUALITY_THRESHOLDS } from './constants.ts';
import { audioLatencyMs, secondLossPercent, secondMos, type CallSecond } from './call-second.ts';
import {
  addMetric,
  copyStats,
  emptyStats,
  type Metric,
  type MetricStats,
} from './quality-metrics.ts';
import {
  copyRun,
  emptyRun,
  END_RULE,
  MOS_RULE,
  NO_AUDIO_RULE,
  RESOURCE_RULE,
  SUSTAINED_RULE,
  track,
  type QualityCondition,
  type RunRule,
  type RunState,
} from './quality-runs.ts';

const T = QUALITY_THRESHOLDS;

/** Everything a call's aggregates, tags and score derive from; kept per call between batches (JSON). */
export interface CallQualityState {
  v: 1;
  samples: number;
  firstMs: number | null;
  lastMs: number | null;
  metrics: Record<Metric, MetricStats>;
  packets: {
    inboundCount: number;
    inboundLost: number;
    outboundCount: number;
    outboundLost: number;
  };
  runs: Record<QualityCondition, RunState>;
}

// The state's objects are written out key by key (never filled in loops): V8 then gives them
// fixed shapes, and the per-second and per-batch code reads them as plain fields.

/** The state of a call with no second yet. */
export function emptyCallQualityState(): CallQualityState {
  return {
    v: 1,
    samples: 0,
    firstMs: null,
    lastMs: null,
    metrics: {
      mos: emptyStats(),
      mosInbound: emptyStats(),
      mosOutbound: emptyStats(),
      rttMs: emptyStats(),
      jitterMs: emptyStats(),
      audioLatencyMs: emptyStats(),
      cpuAvailablePercent: emptyStats(),
      memoryUsedPercent: emptyStats(),
    },
    packets: { inboundCount: 0, inboundLost: 0, outboundCount: 0, outboundLost: 0 },
    runs: {
      poorMos: emptyRun(),
      veryPoorMos: emptyRun(),
      highJitter: emptyRun(),
      veryHighJitter: emptyRun(),
      highLoss: emptyRun(),
      veryHighLoss: emptyRun(),
      highRtt: emptyRun(),
      veryHighRtt: emptyRun(),
      highLatency: emptyRun(),
      veryHighLatency: emptyRun(),
      highCpu: emptyRun(),
      veryHighCpu: emptyRun(),
      highMemory: emptyRun(),
      veryHighMemory: emptyRun(),
      noInboundAudio: emptyRun(),
      onHold: emptyRun(),
      onMute: emptyRun(),
    },
  };
}

function cloneState(state: CallQualityState): CallQualityState {
  const m = state.metrics;
  const p = state.packets;
  const r = state.runs;
  return {
    v: state.v,
    samples: state.samples,
    firstMs: state.firstMs,
    lastMs: state.lastMs,
    metrics: {
      mos: copyStats(m.mos),
      mosInbound: copyStats(m.mosInbound),
      mosOutbound: copyStats(m.mosOutbound),
      rttMs: copyStats(m.rttMs),
      jitterMs: copyStats(m.jitterMs),
      audioLatencyMs: copyStats(m.audioLatencyMs),
      cpuAvailablePercent: copyStats(m.cpuAvailablePercent),
      memoryUsedPercent: copyStats(m.memoryUsedPercent),
    },
    packets: {
      inboundCount: p.inboundCount,
      inboundLost: p.inboundLost,
      outboundCount: p.outboundCount,
      outboundLost: p.outboundLost,
    },
    runs: {
      poorMos: copyRun(r.poorMos),
      veryPoorMos: copyRun(r.veryPoorMos),
      highJitter: copyRun(r.highJitter),
      veryHighJitter: copyRun(r.veryHighJitter),
      highLoss: copyRun(r.highLoss),
      veryHighLoss: copyRun(r.veryHighLoss),
      highRtt: copyRun(r.highRtt),
      veryHighRtt: copyRun(r.veryHighRtt),
      highLatency: copyRun(r.highLatency),
      veryHighLatency: copyRun(r.veryHighLatency),
      highCpu: copyRun(r.highCpu),
      veryHighCpu: copyRun(r.veryHighCpu),
      highMemory: copyRun(r.highMemory),
      veryHighMemory: copyRun(r.veryHighMemory),
      noInboundAudio: copyRun(r.noInboundAudio),
      onHold: copyRun(r.onHold),
      onMute: copyRun(r.onMute),
    },
  };
}

/** The runs of a two-level "over the line" measure (a null measure extends and breaks neither). */
function overLevels(
  high: RunState,
  veryHigh: RunState,
  value: number | null,
  limits: { high: number; veryHigh: number },
  timeMs: number,
  rule: RunRule,
) {
  if (value === null) return;
  track(high, value > limits.high, timeMs, rule);
  track(veryHigh, value > limits.veryHigh, timeMs, rule);
}

/** Adds one second (later than the state's last) to the state, in place. */
function addSecond(state: CallQualityState, s: CallSecond) {
  const timeMs = s.timeMs;
  state.samples++;
  state.firstMs ??= timeMs;
  state.lastMs = timeMs;
  const inbound = s.inbound;
  const outbound = s.outbound;
  const mos = secondMos(s);
  const loss = secondLossPercent(s);
  const latency = audioLatencyMs(s.rttMs, s.jitterMs);
  const m = state.metrics;
  addMetric(m.mos, mos);
  addMetric(m.mosInbound, inbound?.mos);
  addMetric(m.mosOutbound, outbound?.mos);
  addMetric(m.rttMs, s.rttMs);
  addMetric(m.jitterMs, s.jitterMs);
  addMetric(m.audioLatencyMs, latency);
  addMetric(m.cpuAvailablePercent, s.cpuAvailablePercent);
  addMetric(m.memoryUsedPercent, s.memoryUsedPercent);
  const p = state.packets;
  p.inboundCount += inbound?.packetsCount ?? 0;
  p.inboundLost += inbound?.packetsLost ?? 0;
  p.outboundCount += outbound?.packetsCount ?? 0;
  p.outboundLost += outbound?.packetsLost ?? 0;

  // The condition tests; only a null measure skips a condition (undefined still closes its run).
  const r = state.runs;
  if (mos !== null) {
    track(r.poorMos, mos < T.mos.poor, timeMs, MOS_RULE);
    track(r.veryPoorMos, mos < T.mos.veryPoor, timeMs, MOS_RULE);
  }
  overLevels(r.highJitter, r.veryHighJitter, s.jitterMs, T.jitterMs, timeMs, SUSTAINED_RULE);
  overLevels(r.highLoss, r.veryHighLoss, loss, T.packetLossPercent, timeMs, SUSTAINED_RULE);
  overLevels(r.highRtt, r.veryHighRtt, s.rttMs, T.rttMs, timeMs, SUSTAINED_RULE);
  overLevels(r.highLatency, r.veryHighLatency, latency, T.audioLatencyMs, timeMs, SUSTAINED_RULE);
  const cpu = s.cpuAvailablePercent;
  if (cpu !== null) {
    track(r.highCpu, cpu < T.cpuAvailablePercent.high, timeMs, RESOURCE_RULE);
    track(r.veryHighCpu, cpu < T.cpuAvailablePercent.veryHigh, timeMs, RESOURCE_RULE);
  }
  overLevels(
    r.highMemory,
    r.veryHighMemory,
    s.memoryUsedPercent,
    T.memoryUsedPercent,
    timeMs,
    RESOURCE_RULE,
  );
  const status = s.agentStatus;
  if (status === 'On Hold') {
    track(r.noInboundAudio, false, timeMs, NO_AUDIO_RULE);
  } else {
    const count = inbound?.packetsCount;
    if (count != null) track(r.noInboundAudio, count === 0, timeMs, NO_AUDIO_RULE);
  }
  if (status !== null) {
    track(r.onHold, status === 'On Hold', timeMs, END_RULE);
    track(r.onMute, status === 'On Mute', timeMs, END_RULE);
  }
}

/** Adds sorted seconds to the state in place; checks the order first, so a refusal changes nothing. */
function addSeconds(state: CallQualityState, seconds: readonly CallSecond[]): CallQualityState {
  let lastMs = state.lastMs;
  for (const s of seconds) {
    if (lastMs !== null && s.timeMs <= lastMs) {
      throw new Error('appendSeconds: seconds must be sorted and later than the state');
    }
    lastMs = s.timeMs;
  }
  for (const s of seconds) addSecond(state, s);
  return state;
}

/** True when these seconds (sorted) all come after the state's last one, so they can be appended. */
export function canAppendSeconds(state: CallQualityState, seconds: readonly CallSecond[]): boolean {
  const first = seconds[0];
  return first === undefined || state.lastMs === null || first.timeMs > state.lastMs;
}

/**
 * Adds seconds, sorted by time and all later than the state's last one (see canAppendSeconds), to
 * a copy of the state. Merging batch by batch gives the same state as one pass over all seconds.
 */
export function appendSeconds(
  state: CallQualityState,
  seconds: readonly CallSecond[],
): CallQualityState {
  return addSeconds(cloneState(state), seconds);
}

/**
 * Like appendSeconds, but adds the seconds to the given state itself and returns it (no copy):
 * for a caller that owns the state, such as one just read by parseCallQualityState.
 */
export function appendSecondsInPlace(
  state: CallQualityState,
  seconds: readonly CallSecond[],
): CallQualityState {
  return addSeconds(state, seconds);
}

/** The state of a call from all its seconds, in any order (duplicates by time are counted once). */
export function callQualityFromSeconds(seconds: readonly CallSecond[]): CallQualityState {
  const sorted = [...seconds].sort((a, b) => a.timeMs - b.timeMs);
  const unique = sorted.filter((s, i) => i === 0 || s.timeMs !== sorted[i - 1]?.timeMs);
  return addSeconds(emptyCallQualityState(), unique);
}
