/**
 * A call's quality from its seconds: an accumulator that merges seconds in time order (so the
 * server updates a summary per batch without rescanning), and the derivation of aggregates,
 * warning tags, insights and the score out of 10 from it.
 */
import {
  CALL_SCORE_MAX,
  CALL_SCORE_WEIGHTS,
  CALL_TAGS,
  QUALITY_PATTERNS,
  QUALITY_THRESHOLDS,
  type AgentStatus,
  type CallTag,
  type CallTagGroup,
} from './constants.ts';
import { combinedMos, mosFromNetwork, packetLossPercent, type MosOptions } from './mos.ts';
import type { IngestDirectionStats, IngestSample } from './schemas.ts';
import { isSupportedBrowser } from './browser-support.ts';

/** One direction of a stored second. */
export interface CallSecondDirection {
  mos: number | null;
  /** True when the MOS was estimated from RTT, jitter and loss (none was sent). */
  mosComputed: boolean;
  packetsCount: number | null;
  packetsLost: number | null;
  audioLevel: number | null;
}

/** One second of a call as stored: what the softphone sent, MOS filled in where it was missing. */
export interface CallSecond {
  contactId: string;
  timeMs: number;
  inbound: CallSecondDirection | null;
  outbound: CallSecondDirection | null;
  rttMs: number | null;
  jitterMs: number | null;
  cpuAvailablePercent: number | null;
  memoryUsedPercent: number | null;
  agentStatus: AgentStatus | null;
}

function direction(
  stats: IngestDirectionStats | null | undefined,
  rttMs: number | null,
  jitterMs: number | null,
  options?: MosOptions,
): CallSecondDirection | null {
  if (!stats) return null;
  const packetsCount = stats.packetsCount ?? null;
  const packetsLost = stats.packetsLost ?? null;
  let mos = stats.mos ?? null;
  let mosComputed = false;
  const noPackets =
    packetsCount !== null && packetsLost !== null && packetsCount + packetsLost === 0;
  if (mos === null && rttMs !== null && jitterMs !== null && !noPackets) {
    const loss = packetLossPercent(packetsCount, packetsLost) ?? 0;
    mos = mosFromNetwork({ rttMs, jitterMs, packetLossPercent: loss }, options);
    mosComputed = true;
  }
  return { mos, mosComputed, packetsCount, packetsLost, audioLevel: stats.audioLevel ?? null };
}

/**
 * A validated sample as a stored second. A direction without MOS gets one from the E-model when
 * RTT and jitter are known (loss from its packets, 0 when they were not sent); a direction that
 * says it received no packet at all keeps no MOS (nothing was heard, nothing to rate).
 */
export function toCallSecond(sample: IngestSample, options?: MosOptions): CallSecond {
  const rttMs = sample.rttMs ?? null;
  const jitterMs = sample.jitterMs ?? null;
  return {
    contactId: sample.contactId,
    timeMs: sample.timestamp,
    inbound: direction(sample.inbound, rttMs, jitterMs, options),
    outbound: direction(sample.outbound, rttMs, jitterMs, options),
    rttMs,
    jitterMs,
    cpuAvailablePercent: sample.cpuAvailablePercent ?? null,
    memoryUsedPercent: sample.memoryUsedPercent ?? null,
    agentStatus: sample.agentStatus ?? null,
  };
}

/** Overall MOS of a second (0.6 inbound + 0.4 outbound, or the one measured). */
export function secondMos(s: CallSecond): number | null {
  return combinedMos(s.inbound?.mos, s.outbound?.mos);
}

/** Worse direction's packet loss of a second, in percent. */
export function secondLossPercent(s: CallSecond): number | null {
  const a = s.inbound ? packetLossPercent(s.inbound.packetsCount, s.inbound.packetsLost) : null;
  const b = s.outbound ? packetLossPercent(s.outbound.packetsCount, s.outbound.packetsLost) : null;
  if (a === null) return b;
  if (b === null) return a;
  return Math.max(a, b);
}

/** Estimated one-way audio latency: half the RTT, a jitter buffer of twice the jitter, 10 ms codec delay. */
export function audioLatencyMs(rttMs: number | null, jitterMs: number | null): number | null {
  return rttMs === null ? null : rttMs / 2 + 2 * (jitterMs ?? 0) + 10;
}

const T = QUALITY_THRESHOLDS;
const P = QUALITY_PATTERNS;

/** How a condition's runs are judged: episode length and tolerated gap between seconds. */
interface RunRule {
  minSeconds: number;
  gapMs: number;
}
const MOS_RULE: RunRule = { minSeconds: T.mosSeconds + 1, gapMs: P.gapToleranceMs };
const SUSTAINED_RULE: RunRule = { minSeconds: P.sustainedSeconds, gapMs: P.gapToleranceMs };
const RESOURCE_RULE: RunRule = {
  minSeconds: T.resourceSeconds + 1,
  gapMs: P.resourceGapToleranceMs,
};
const NO_AUDIO_RULE: RunRule = { minSeconds: T.noInboundAudioSeconds, gapMs: P.gapToleranceMs };
const END_RULE: RunRule = { minSeconds: T.endedOnHoldSeconds, gapMs: P.gapToleranceMs };

/**
 * Per-second conditions tracked as runs of consecutive seconds (the tests are in addSecond). A
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
const CONDITION_NAMES: ReadonlySet<string> = new Set(Object.keys(CONDITIONS));

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

/** Count, sum, min and max of a measure (min and max null while count is 0). */
export interface MetricStats {
  n: number;
  sum: number;
  min: number | null;
  max: number | null;
}

const METRICS = [
  'mos',
  'mosInbound',
  'mosOutbound',
  'rttMs',
  'jitterMs',
  'audioLatencyMs',
  'cpuAvailablePercent',
  'memoryUsedPercent',
] as const;
type Metric = (typeof METRICS)[number];
const METRIC_NAMES: ReadonlySet<string> = new Set(METRICS);

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
const emptyStats = (): MetricStats => ({ n: 0, sum: 0, min: null, max: null });
const emptyRun = (): RunState => ({
  openStartMs: null,
  openLastMs: null,
  longestSeconds: 0,
  episodes: 0,
  spikes: 0,
});
const copyStats = (x: MetricStats): MetricStats => ({ n: x.n, sum: x.sum, min: x.min, max: x.max });
const copyRun = (x: RunState): RunState => ({
  openStartMs: x.openStartMs,
  openLastMs: x.openLastMs,
  longestSeconds: x.longestSeconds,
  episodes: x.episodes,
  spikes: x.spikes,
});

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

type StoredMetric = [n: number, sum: number, min: number | null, max: number | null];
type StoredRun = [
  openStartMs: number | null,
  openLastMs: number | null,
  longestSeconds: number,
  episodes: number,
  spikes: number,
];

/**
 * The stored (JSON) form of a state: short arrays, and empty measures and runs left out, so a
 * call's state stays a few hundred bytes (under PostgreSQL's compression threshold).
 */
export interface StoredCallQualityState {
  v: 1;
  n: number;
  f: number | null;
  l: number | null;
  p: [inboundCount: number, inboundLost: number, outboundCount: number, outboundLost: number];
  m: Partial<Record<Metric, StoredMetric>>;
  r: Partial<Record<QualityCondition, StoredRun>>;
}

const storedMetric = (x: MetricStats): StoredMetric => [x.n, x.sum, x.min, x.max];
const storedRun = (x: RunState): StoredRun => [
  x.openStartMs,
  x.openLastMs,
  x.longestSeconds,
  x.episodes,
  x.spikes,
];
const hasRun = (x: RunState) => x.openStartMs !== null || x.longestSeconds > 0;

/** The compact JSON form of a state (see StoredCallQualityState). */
export function storeCallQualityState(state: CallQualityState): StoredCallQualityState {
  // Keys are added in METRICS and CONDITIONS order: the stored JSON must not change.
  const ms = state.metrics;
  const m: Partial<Record<Metric, StoredMetric>> = {};
  if (ms.mos.n > 0) m.mos = storedMetric(ms.mos);
  if (ms.mosInbound.n > 0) m.mosInbound = storedMetric(ms.mosInbound);
  if (ms.mosOutbound.n > 0) m.mosOutbound = storedMetric(ms.mosOutbound);
  if (ms.rttMs.n > 0) m.rttMs = storedMetric(ms.rttMs);
  if (ms.jitterMs.n > 0) m.jitterMs = storedMetric(ms.jitterMs);
  if (ms.audioLatencyMs.n > 0) m.audioLatencyMs = storedMetric(ms.audioLatencyMs);
  if (ms.cpuAvailablePercent.n > 0) m.cpuAvailablePercent = storedMetric(ms.cpuAvailablePercent);
  if (ms.memoryUsedPercent.n > 0) m.memoryUsedPercent = storedMetric(ms.memoryUsedPercent);
  const rs = state.runs;
  const r: Partial<Record<QualityCondition, StoredRun>> = {};
  if (hasRun(rs.poorMos)) r.poorMos = storedRun(rs.poorMos);
  if (hasRun(rs.veryPoorMos)) r.veryPoorMos = storedRun(rs.veryPoorMos);
  if (hasRun(rs.highJitter)) r.highJitter = storedRun(rs.highJitter);
  if (hasRun(rs.veryHighJitter)) r.veryHighJitter = storedRun(rs.veryHighJitter);
  if (hasRun(rs.highLoss)) r.highLoss = storedRun(rs.highLoss);
  if (hasRun(rs.veryHighLoss)) r.veryHighLoss = storedRun(rs.veryHighLoss);
  if (hasRun(rs.highRtt)) r.highRtt = storedRun(rs.highRtt);
  if (hasRun(rs.veryHighRtt)) r.veryHighRtt = storedRun(rs.veryHighRtt);
  if (hasRun(rs.highLatency)) r.highLatency = storedRun(rs.highLatency);
  if (hasRun(rs.veryHighLatency)) r.veryHighLatency = storedRun(rs.veryHighLatency);
  if (hasRun(rs.highCpu)) r.highCpu = storedRun(rs.highCpu);
  if (hasRun(rs.veryHighCpu)) r.veryHighCpu = storedRun(rs.veryHighCpu);
  if (hasRun(rs.highMemory)) r.highMemory = storedRun(rs.highMemory);
  if (hasRun(rs.veryHighMemory)) r.veryHighMemory = storedRun(rs.veryHighMemory);
  if (hasRun(rs.noInboundAudio)) r.noInboundAudio = storedRun(rs.noInboundAudio);
  if (hasRun(rs.onHold)) r.onHold = storedRun(rs.onHold);
  if (hasRun(rs.onMute)) r.onMute = storedRun(rs.onMute);
  const p = state.packets;
  return {
    v: 1,
    n: state.samples,
    f: state.firstMs,
    l: state.lastMs,
    p: [p.inboundCount, p.inboundLost, p.outboundCount, p.outboundLost],
    m,
    r,
  };
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isNumOrNull = (v: unknown): v is number | null => v === null || isNum(v);
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isStoredMetric = (x: unknown): x is StoredMetric =>
  Array.isArray(x) &&
  x.length === 4 &&
  isNum(x[0]) &&
  isNum(x[1]) &&
  isNumOrNull(x[2]) &&
  isNumOrNull(x[3]);
const isStoredRun = (x: unknown): x is StoredRun =>
  Array.isArray(x) &&
  x.length === 5 &&
  isNumOrNull(x[0]) &&
  isNumOrNull(x[1]) &&
  isNum(x[2]) &&
  isNum(x[3]) &&
  isNum(x[4]);
const statsOf = (x: StoredMetric | undefined): MetricStats =>
  x === undefined ? emptyStats() : { n: x[0], sum: x[1], min: x[2], max: x[3] };
const runOf = (x: StoredRun | undefined): RunState =>
  x === undefined
    ? emptyRun()
    : { openStartMs: x[0], openLastMs: x[1], longestSeconds: x[2], episodes: x[3], spikes: x[4] };

/** Reads a stored state back; anything unrecognisable (other layout, corruption) is null, meaning "rescan". */
export function parseCallQualityState(value: unknown): CallQualityState | null {
  if (
    !isRecord(value) ||
    value.v !== 1 ||
    !isNum(value.n) ||
    !isNumOrNull(value.f) ||
    !isNumOrNull(value.l)
  )
    return null;
  const { p, m, r } = value;
  if (!Array.isArray(p) || !isRecord(m) || !isRecord(r)) return null;
  const inboundCount: unknown = p[0];
  const inboundLost: unknown = p[1];
  const outboundCount: unknown = p[2];
  const outboundLost: unknown = p[3];
  if (
    p.length !== 4 ||
    !isNum(inboundCount) ||
    !isNum(inboundLost) ||
    !isNum(outboundCount) ||
    !isNum(outboundLost)
  )
    return null;
  for (const key in m) if (!METRIC_NAMES.has(key) || !isStoredMetric(m[key])) return null;
  for (const key in r) if (!CONDITION_NAMES.has(key) || !isStoredRun(r[key])) return null;
  // Every entry was checked just above.
  const sm = m as StoredCallQualityState['m'];
  const sr = r as StoredCallQualityState['r'];
  return {
    v: 1,
    samples: value.n,
    firstMs: value.f,
    lastMs: value.l,
    metrics: {
      mos: statsOf(sm.mos),
      mosInbound: statsOf(sm.mosInbound),
      mosOutbound: statsOf(sm.mosOutbound),
      rttMs: statsOf(sm.rttMs),
      jitterMs: statsOf(sm.jitterMs),
      audioLatencyMs: statsOf(sm.audioLatencyMs),
      cpuAvailablePercent: statsOf(sm.cpuAvailablePercent),
      memoryUsedPercent: statsOf(sm.memoryUsedPercent),
    },
    packets: { inboundCount, inboundLost, outboundCount, outboundLost },
    runs: {
      poorMos: runOf(sr.poorMos),
      veryPoorMos: runOf(sr.veryPoorMos),
      highJitter: runOf(sr.highJitter),
      veryHighJitter: runOf(sr.veryHighJitter),
      highLoss: runOf(sr.highLoss),
      veryHighLoss: runOf(sr.veryHighLoss),
      highRtt: runOf(sr.highRtt),
      veryHighRtt: runOf(sr.veryHighRtt),
      highLatency: runOf(sr.highLatency),
      veryHighLatency: runOf(sr.veryHighLatency),
      highCpu: runOf(sr.highCpu),
      veryHighCpu: runOf(sr.veryHighCpu),
      highMemory: runOf(sr.highMemory),
      veryHighMemory: runOf(sr.veryHighMemory),
      noInboundAudio: runOf(sr.noInboundAudio),
      onHold: runOf(sr.onHold),
      onMute: runOf(sr.onMute),
    },
  };
}

const runSeconds = (startMs: number, lastMs: number) => Math.round((lastMs - startMs) / 1000) + 1;

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
function track(run: RunState, hit: boolean, timeMs: number, rule: RunRule) {
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

function addMetric(stats: MetricStats, value: number | null | undefined) {
  if (value === null || value === undefined || !Number.isFinite(value)) return;
  stats.n++;
  stats.sum += value;
  // Math.min/max only when the range may change (a repeat of a non-zero bound cannot change it).
  const { min, max } = stats;
  if (min === null || max === null || value < min || value > max || value === 0)
    widenRange(stats, value);
}

function widenRange(stats: MetricStats, value: number) {
  stats.min = stats.min === null ? value : Math.min(stats.min, value);
  stats.max = stats.max === null ? value : Math.max(stats.max, value);
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
