/**
 * The stored (JSON) form of a call's quality state, kept on its summary row between batches:
 * short arrays, and empty measures and runs left out, so a call's state stays a few hundred bytes
 * (under PostgreSQL's compression threshold).
 */
import { z } from 'zod';
import type { CallQualityState } from './call-quality-state.ts';
import { emptyStats, METRICS, type MetricStats } from './quality-metrics.ts';
import { emptyRun, QUALITY_CONDITIONS, type RunState } from './quality-runs.ts';

/** The key of the state's last second (epoch ms) at the top level of its JSON; SQL reads it too. */
export const STORED_LAST_SECOND_KEY = 'l';

// Tuples of plain numbers and objects of known keys, no transform: it is parsed once per call and
// batch on the ingest path, and these are zod's fastest forms here (z.record was twice as slow).
const num = z.number();
const numOrNull = z.number().nullable();
/** [n, sum, min, max] */
const StoredMetricSchema = z.tuple([num, num, numOrNull, numOrNull]);
/** [openStartMs, openLastMs, longestSeconds, episodes, spikes] */
const StoredRunSchema = z.tuple([numOrNull, numOrNull, num, num, num]);

/** An object of these keys, each optional, refusing any other key. */
const someOf = <K extends string, S extends z.ZodType>(keys: readonly K[], schema: S) =>
  z.strictObject(
    Object.fromEntries(keys.map((key) => [key, schema.optional()])) as Record<K, z.ZodOptional<S>>,
  );

/** A stored state; other top-level keys are ignored, an unknown measure or condition is refused. */
const StoredCallQualityStateSchema = z.object({
  v: z.literal(1),
  n: num,
  f: numOrNull,
  [STORED_LAST_SECOND_KEY]: numOrNull,
  /** [inboundCount, inboundLost, outboundCount, outboundLost] */
  p: z.tuple([num, num, num, num]),
  m: someOf(METRICS, StoredMetricSchema),
  r: someOf(QUALITY_CONDITIONS, StoredRunSchema),
});

/** The compact JSON form of a state (see the module's comment). */
export type StoredCallQualityState = z.infer<typeof StoredCallQualityStateSchema>;
type StoredMetric = z.infer<typeof StoredMetricSchema>;
type StoredRun = z.infer<typeof StoredRunSchema>;

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
  // Keys are added in METRICS and QUALITY_CONDITIONS order: the stored JSON must not change.
  const ms = state.metrics;
  const m: StoredCallQualityState['m'] = {};
  if (ms.mos.n > 0) m.mos = storedMetric(ms.mos);
  if (ms.mosInbound.n > 0) m.mosInbound = storedMetric(ms.mosInbound);
  if (ms.mosOutbound.n > 0) m.mosOutbound = storedMetric(ms.mosOutbound);
  if (ms.rttMs.n > 0) m.rttMs = storedMetric(ms.rttMs);
  if (ms.jitterMs.n > 0) m.jitterMs = storedMetric(ms.jitterMs);
  if (ms.audioLatencyMs.n > 0) m.audioLatencyMs = storedMetric(ms.audioLatencyMs);
  if (ms.cpuAvailablePercent.n > 0) m.cpuAvailablePercent = storedMetric(ms.cpuAvailablePercent);
  if (ms.memoryUsedPercent.n > 0) m.memoryUsedPercent = storedMetric(ms.memoryUsedPercent);
  const rs = state.runs;
  const r: StoredCallQualityState['r'] = {};
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
    [STORED_LAST_SECOND_KEY]: state.lastMs,
    p: [p.inboundCount, p.inboundLost, p.outboundCount, p.outboundLost],
    m,
    r,
  };
}

const statsOf = (x: StoredMetric | undefined): MetricStats =>
  x === undefined ? emptyStats() : { n: x[0], sum: x[1], min: x[2], max: x[3] };
const runOf = (x: StoredRun | undefined): RunState =>
  x === undefined
    ? emptyRun()
    : { openStartMs: x[0], openLastMs: x[1], longestSeconds: x[2], episodes: x[3], spikes: x[4] };

/** Reads a stored state back; anything unrecognisable (other layout, corruption) is null, meaning "rescan". */
export function parseCallQualityState(value: unknown): CallQualityState | null {
  const parsed = StoredCallQualityStateSchema.safeParse(value);
  if (!parsed.success) return null;
  const { n, f, p, m, r } = parsed.data;
  return {
    v: 1,
    samples: n,
    firstMs: f,
    lastMs: parsed.data[STORED_LAST_SECOND_KEY],
    metrics: {
      mos: statsOf(m.mos),
      mosInbound: statsOf(m.mosInbound),
      mosOutbound: statsOf(m.mosOutbound),
      rttMs: statsOf(m.rttMs),
      jitterMs: statsOf(m.jitterMs),
      audioLatencyMs: statsOf(m.audioLatencyMs),
      cpuAvailablePercent: statsOf(m.cpuAvailablePercent),
      memoryUsedPercent: statsOf(m.memoryUsedPercent),
    },
    packets: { inboundCount: p[0], inboundLost: p[1], outboundCount: p[2], outboundLost: p[3] },
    runs: {
      poorMos: runOf(r.poorMos),
      veryPoorMos: runOf(r.veryPoorMos),
      highJitter: runOf(r.highJitter),
      veryHighJitter: runOf(r.veryHighJitter),
      highLoss: runOf(r.highLoss),
      veryHighLoss: runOf(r.veryHighLoss),
      highRtt: runOf(r.highRtt),
      veryHighRtt: runOf(r.veryHighRtt),
      highLatency: runOf(r.highLatency),
      veryHighLatency: runOf(r.veryHighLatency),
      highCpu: runOf(r.highCpu),
      veryHighCpu: runOf(r.veryHighCpu),
      highMemory: runOf(r.highMemory),
      veryHighMemory: runOf(r.veryHighMemory),
      noInboundAudio: runOf(r.noInboundAudio),
      onHold: runOf(r.onHold),
      onMute: runOf(r.onMute),
    },
  };
}
