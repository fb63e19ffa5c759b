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

/** A second with the measures several conditions share, computed once. */
interface SecondView {
  s: CallSecond;
  mos: number | null;
  loss: number | null;
  latency: number | null;
}
type Test = (v: SecondView) => boolean | null;
const above = (v: number | null, limit: number) => (v === null ? null : v > limit);
const below = (v: number | null, limit: number) => (v === null ? null : v < limit);

/**
 * Per-second conditions tracked as runs of consecutive seconds. A second where the measure is
 * missing neither extends nor breaks a run; a gap wider than the tolerance breaks it.
 * `minSeconds` is the run length that makes an episode (a finding).
 */
const CONDITIONS = {
  poorMos: {
    test: (v) => below(v.mos, T.mos.poor),
    minSeconds: T.mosSeconds + 1,
    gapMs: P.gapToleranceMs,
  },
  veryPoorMos: {
    test: (v) => below(v.mos, T.mos.veryPoor),
    minSeconds: T.mosSeconds + 1,
    gapMs: P.gapToleranceMs,
  },
  highJitter: {
    test: (v) => above(v.s.jitterMs, T.jitterMs.high),
    minSeconds: P.sustainedSeconds,
    gapMs: P.gapToleranceMs,
  },
  veryHighJitter: {
    test: (v) => above(v.s.jitterMs, T.jitterMs.veryHigh),
    minSeconds: P.sustainedSeconds,
    gapMs: P.gapToleranceMs,
  },
  highLoss: {
    test: (v) => above(v.loss, T.packetLossPercent.high),
    minSeconds: P.sustainedSeconds,
    gapMs: P.gapToleranceMs,
  },
  veryHighLoss: {
    test: (v) => above(v.loss, T.packetLossPercent.veryHigh),
    minSeconds: P.sustainedSeconds,
    gapMs: P.gapToleranceMs,
  },
  highRtt: {
    test: (v) => above(v.s.rttMs, T.rttMs.high),
    minSeconds: P.sustainedSeconds,
    gapMs: P.gapToleranceMs,
  },
  veryHighRtt: {
    test: (v) => above(v.s.rttMs, T.rttMs.veryHigh),
    minSeconds: P.sustainedSeconds,
    gapMs: P.gapToleranceMs,
  },
  highLatency: {
    test: (v) => above(v.latency, T.audioLatencyMs.high),
    minSeconds: P.sustainedSeconds,
    gapMs: P.gapToleranceMs,
  },
  veryHighLatency: {
    test: (v) => above(v.latency, T.audioLatencyMs.veryHigh),
    minSeconds: P.sustainedSeconds,
    gapMs: P.gapToleranceMs,
  },
  highCpu: {
    test: (v) => below(v.s.cpuAvailablePercent, T.cpuAvailablePercent.high),
    minSeconds: T.resourceSeconds + 1,
    gapMs: P.resourceGapToleranceMs,
  },
  veryHighCpu: {
    test: (v) => below(v.s.cpuAvailablePercent, T.cpuAvailablePercent.veryHigh),
    minSeconds: T.resourceSeconds + 1,
    gapMs: P.resourceGapToleranceMs,
  },
  highMemory: {
    test: (v) => above(v.s.memoryUsedPercent, T.memoryUsedPercent.high),
    minSeconds: T.resourceSeconds + 1,
    gapMs: P.resourceGapToleranceMs,
  },
  veryHighMemory: {
    test: (v) => above(v.s.memoryUsedPercent, T.memoryUsedPercent.veryHigh),
    minSeconds: T.resourceSeconds + 1,
    gapMs: P.resourceGapToleranceMs,
  },
  noInboundAudio: {
    test: ({ s }) => {
      if (s.agentStatus === 'On Hold') return false;
      const count = s.inbound?.packetsCount;
      return count == null ? null : count === 0;
    },
    minSeconds: T.noInboundAudioSeconds,
    gapMs: P.gapToleranceMs,
  },
  onHold: {
    test: ({ s }) => (s.agentStatus === null ? null : s.agentStatus === 'On Hold'),
    minSeconds: T.endedOnHoldSeconds,
    gapMs: P.gapToleranceMs,
  },
  onMute: {
    test: ({ s }) => (s.agentStatus === null ? null : s.agentStatus === 'On Mute'),
    minSeconds: T.endedOnHoldSeconds,
    gapMs: P.gapToleranceMs,
  },
} satisfies Record<string, { test: Test; minSeconds: number; gapMs: number }>;
export type QualityCondition = keyof typeof CONDITIONS;
const CONDITION_KEYS = Object.keys(CONDITIONS) as QualityCondition[];
/** The conditions as a list, for the per-second loop. */
const CONDITION_LIST: { key: QualityCondition; test: Test; minSeconds: number; gapMs: number }[] =
  CONDITION_KEYS.map((key) => ({ key, ...CONDITIONS[key] }));

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

const emptyStats = (): MetricStats => ({ n: 0, sum: 0, min: null, max: null });
const emptyRun = (): RunState => ({
  openStartMs: null,
  openLastMs: null,
  longestSeconds: 0,
  episodes: 0,
  spikes: 0,
});

/** The state of a call with no second yet. */
export function emptyCallQualityState(): CallQualityState {
  const metrics = {} as Record<Metric, MetricStats>;
  for (const key of METRICS) metrics[key] = emptyStats();
  const runs = {} as Record<QualityCondition, RunState>;
  for (const key of CONDITION_KEYS) runs[key] = emptyRun();
  return {
    v: 1,
    samples: 0,
    firstMs: null,
    lastMs: null,
    metrics,
    packets: { inboundCount: 0, inboundLost: 0, outboundCount: 0, outboundLost: 0 },
    runs,
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

/** The compact JSON form of a state (see StoredCallQualityState). */
export function storeCallQualityState(state: CallQualityState): StoredCallQualityState {
  const m: Partial<Record<Metric, StoredMetric>> = {};
  for (const key of METRICS) {
    const x = state.metrics[key];
    if (x.n > 0) m[key] = [x.n, x.sum, x.min, x.max];
  }
  const r: Partial<Record<QualityCondition, StoredRun>> = {};
  for (const key of CONDITION_KEYS) {
    const x = state.runs[key];
    if (x.openStartMs !== null || x.longestSeconds > 0)
      r[key] = [x.openStartMs, x.openLastMs, x.longestSeconds, x.episodes, x.spikes];
  }
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
  const [inboundCount, inboundLost, outboundCount, outboundLost] = p as unknown[];
  if (
    p.length !== 4 ||
    !isNum(inboundCount) ||
    !isNum(inboundLost) ||
    !isNum(outboundCount) ||
    !isNum(outboundLost)
  )
    return null;
  const state = emptyCallQualityState();
  state.samples = value.n;
  state.firstMs = value.f;
  state.lastMs = value.l;
  state.packets = { inboundCount, inboundLost, outboundCount, outboundLost };
  for (const [key, x] of Object.entries(m)) {
    if (!(METRICS as readonly string[]).includes(key)) return null;
    if (
      !Array.isArray(x) ||
      x.length !== 4 ||
      !isNum(x[0]) ||
      !isNum(x[1]) ||
      !isNumOrNull(x[2]) ||
      !isNumOrNull(x[3])
    )
      return null;
    state.metrics[key as Metric] = { n: x[0], sum: x[1], min: x[2], max: x[3] };
  }
  for (const [key, x] of Object.entries(r)) {
    if (!(key in CONDITIONS)) return null;
    if (
      !Array.isArray(x) ||
      x.length !== 5 ||
      !isNumOrNull(x[0]) ||
      !isNumOrNull(x[1]) ||
      !isNum(x[2]) ||
      !isNum(x[3]) ||
      !isNum(x[4])
    )
      return null;
    state.runs[key as QualityCondition] = {
      openStartMs: x[0],
      openLastMs: x[1],
      longestSeconds: x[2],
      episodes: x[3],
      spikes: x[4],
    };
  }
  return state;
}

function cloneState(state: CallQualityState): CallQualityState {
  const metrics = {} as Record<Metric, MetricStats>;
  for (const key of METRICS) metrics[key] = { ...state.metrics[key] };
  const runs = {} as Record<QualityCondition, RunState>;
  for (const key of CONDITION_KEYS) runs[key] = { ...state.runs[key] };
  return { ...state, metrics, packets: { ...state.packets }, runs };
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

function addMetric(stats: MetricStats, value: number | null | undefined) {
  if (value === null || value === undefined || !Number.isFinite(value)) return;
  stats.n++;
  stats.sum += value;
  stats.min = stats.min === null ? value : Math.min(stats.min, value);
  stats.max = stats.max === null ? value : Math.max(stats.max, value);
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
  const next = cloneState(state);
  for (const s of seconds) {
    if (next.lastMs !== null && s.timeMs <= next.lastMs) {
      throw new Error('appendSeconds: seconds must be sorted and later than the state');
    }
    next.samples++;
    next.firstMs ??= s.timeMs;
    next.lastMs = s.timeMs;
    const view: SecondView = {
      s,
      mos: secondMos(s),
      loss: secondLossPercent(s),
      latency: audioLatencyMs(s.rttMs, s.jitterMs),
    };
    const m = next.metrics;
    addMetric(m.mos, view.mos);
    addMetric(m.mosInbound, s.inbound?.mos);
    addMetric(m.mosOutbound, s.outbound?.mos);
    addMetric(m.rttMs, s.rttMs);
    addMetric(m.jitterMs, s.jitterMs);
    addMetric(m.audioLatencyMs, view.latency);
    addMetric(m.cpuAvailablePercent, s.cpuAvailablePercent);
    addMetric(m.memoryUsedPercent, s.memoryUsedPercent);
    next.packets.inboundCount += s.inbound?.packetsCount ?? 0;
    next.packets.inboundLost += s.inbound?.packetsLost ?? 0;
    next.packets.outboundCount += s.outbound?.packetsCount ?? 0;
    next.packets.outboundLost += s.outbound?.packetsLost ?? 0;
    for (const { key, test, minSeconds, gapMs } of CONDITION_LIST) {
      const hit = test(view);
      if (hit === null) continue;
      const run = next.runs[key];
      if (run.openLastMs !== null && s.timeMs - run.openLastMs > gapMs) closeRun(run, minSeconds);
      if (hit) {
        run.openStartMs ??= s.timeMs;
        run.openLastMs = s.timeMs;
      } else {
        closeRun(run, minSeconds);
      }
    }
  }
  return next;
}

/** The state of a call from all its seconds, in any order (duplicates by time are counted once). */
export function callQualityFromSeconds(seconds: readonly CallSecond[]): CallQualityState {
  const sorted = [...seconds].sort((a, b) => a.timeMs - b.timeMs);
  const unique = sorted.filter((s, i) => i === 0 || s.timeMs !== sorted[i - 1]?.timeMs);
  return appendSeconds(emptyCallQualityState(), unique);
}

/** A condition's runs with the open one counted as if it ended now. */
function runSummary(state: CallQualityState, key: QualityCondition) {
  const run = state.runs[key];
  const { minSeconds } = CONDITIONS[key];
  let { longestSeconds, episodes } = run;
  let openSeconds = 0;
  if (run.openStartMs !== null && run.openLastMs !== null) {
    openSeconds = runSeconds(run.openStartMs, run.openLastMs);
    longestSeconds = Math.max(longestSeconds, openSeconds);
    if (openSeconds >= minSeconds) episodes++;
  }
  return { longestSeconds, episodes, openSeconds, openLastMs: run.openLastMs };
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
  const deducted = tags.reduce((sum, tag) => sum + CALL_SCORE_WEIGHTS[tag], 0);
  return Math.max(0, CALL_SCORE_MAX - deducted);
}

/**
 * Aggregates, tags, insights and score of a call. Per group the "Very" tag wins over the plain
 * one. Measures fire on a sustained run (3 s or more; MOS more than 10 s, CPU and memory more
 * than 30 s, no inbound packets 5 s) or when the whole call's average crosses the threshold.
 */
export function evaluateCallQuality(input: CallQualityInput): CallQuality {
  const { state } = input;
  const aggregates = callAggregates(state);
  const insights: CallInsight[] = [];
  const add = (insight: CallInsight) => insights.push(insight);

  // Two-level measures: the severe level first; the plain one only when the severe did not fire.
  const twoLevel = (
    group: CallTagGroup,
    levels: {
      tag: CallTag;
      condition: QualityCondition;
      severity: CallInsight['severity'];
      average?: boolean;
    }[],
  ) => {
    for (const level of levels) {
      const run = runSummary(state, level.condition);
      if (run.episodes > 0) {
        add({
          tag: level.tag,
          group,
          severity: level.severity,
          pattern: 'sustained',
          count: run.episodes,
          longestSeconds: run.longestSeconds,
        });
        return;
      }
      if (level.average) {
        add({
          tag: level.tag,
          group,
          severity: level.severity,
          pattern: 'degraded',
          count: 1,
          longestSeconds: run.longestSeconds,
        });
        return;
      }
    }
  };
  const a = aggregates;
  const overAvg = (v: number | null, limit: number) => v !== null && v > limit;
  const lossPercent = a.packetsLostFraction === null ? null : a.packetsLostFraction * 100;
  const latencyAvg = avg(state.metrics.audioLatencyMs);

  if (a.mosAvg !== null && a.mosAvg <= T.callQualityMos.veryPoor) {
    add({
      tag: CALL_TAGS.veryPoorCallQuality,
      group: 'callQuality',
      severity: 'critical',
      pattern: 'degraded',
      count: 1,
      longestSeconds: null,
    });
  } else if (a.mosAvg !== null && a.mosAvg <= T.callQualityMos.poor) {
    add({
      tag: CALL_TAGS.poorCallQuality,
      group: 'callQuality',
      severity: 'warning',
      pattern: 'degraded',
      count: 1,
      longestSeconds: null,
    });
  }
  twoLevel('mos', [
    { tag: CALL_TAGS.veryPoorMos, condition: 'veryPoorMos', severity: 'critical' },
    { tag: CALL_TAGS.poorMos, condition: 'poorMos', severity: 'warning' },
  ]);
  twoLevel('audioLatency', [
    {
      tag: CALL_TAGS.veryHighAudioLatency,
      condition: 'veryHighLatency',
      severity: 'critical',
      average: overAvg(latencyAvg, T.audioLatencyMs.veryHigh),
    },
    {
      tag: CALL_TAGS.highAudioLatency,
      condition: 'highLatency',
      severity: 'warning',
      average: overAvg(latencyAvg, T.audioLatencyMs.high),
    },
  ]);
  twoLevel('jitter', [
    {
      tag: CALL_TAGS.veryHighJitter,
      condition: 'veryHighJitter',
      severity: 'critical',
      average: overAvg(a.jitterAvgMs, T.jitterMs.veryHigh),
    },
    {
      tag: CALL_TAGS.highJitter,
      condition: 'highJitter',
      severity: 'warning',
      average: overAvg(a.jitterAvgMs, T.jitterMs.high),
    },
  ]);
  twoLevel('packetLoss', [
    {
      tag: CALL_TAGS.veryHighPacketLoss,
      condition: 'veryHighLoss',
      severity: 'critical',
      average: overAvg(lossPercent, T.packetLossPercent.veryHigh),
    },
    {
      tag: CALL_TAGS.highPacketLoss,
      condition: 'highLoss',
      severity: 'warning',
      average: overAvg(lossPercent, T.packetLossPercent.high),
    },
  ]);
  twoLevel('rtt', [
    {
      tag: CALL_TAGS.veryHighRtt,
      condition: 'veryHighRtt',
      severity: 'critical',
      average: overAvg(a.rttAvgMs, T.rttMs.veryHigh),
    },
    {
      tag: CALL_TAGS.highRtt,
      condition: 'highRtt',
      severity: 'warning',
      average: overAvg(a.rttAvgMs, T.rttMs.high),
    },
  ]);
  twoLevel('cpu', [
    { tag: CALL_TAGS.veryHighCpu, condition: 'veryHighCpu', severity: 'critical' },
    { tag: CALL_TAGS.highCpu, condition: 'highCpu', severity: 'warning' },
  ]);
  twoLevel('memory', [
    { tag: CALL_TAGS.veryHighMemory, condition: 'veryHighMemory', severity: 'critical' },
    { tag: CALL_TAGS.highMemory, condition: 'highMemory', severity: 'warning' },
  ]);
  twoLevel('audio', [
    { tag: CALL_TAGS.oneWayAudio, condition: 'noInboundAudio', severity: 'critical' },
  ]);

  // End-of-call findings: the last run of hold or mute reaches the call's last second.
  if (input.endMs !== null && state.lastMs !== null) {
    const lastMs = state.lastMs;
    for (const [condition, tag] of [
      ['onHold', CALL_TAGS.endedOnHold],
      ['onMute', CALL_TAGS.endedOnMute],
    ] as const) {
      const run = runSummary(state, condition);
      const reachesEnd = run.openLastMs !== null && lastMs - run.openLastMs <= P.gapToleranceMs;
      if (reachesEnd && run.openSeconds >= CONDITIONS[condition].minSeconds) {
        add({
          tag,
          group: 'hold',
          severity: 'warning',
          pattern: 'sustained',
          count: 1,
          longestSeconds: run.openSeconds,
        });
        break;
      }
    }
  }
  if (input.errorLogCount > 0) {
    add({
      tag: CALL_TAGS.softphoneError,
      group: 'softphone',
      severity: 'warning',
      pattern: 'event',
      count: input.errorLogCount,
      longestSeconds: null,
    });
  }
  if (input.browser && !isSupportedBrowser(input.browser.name, input.browser.version ?? null)) {
    add({
      tag: CALL_TAGS.unsupportedBrowser,
      group: 'browser',
      severity: 'warning',
      pattern: 'event',
      count: 1,
      longestSeconds: null,
    });
  }

  const tags = insights.map((i) => i.tag);
  return { aggregates, tags, insights, score: callScore(tags) };
}
