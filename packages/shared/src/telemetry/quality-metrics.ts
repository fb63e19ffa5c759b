/**
 * The measures a call's quality state keeps per call (MOS, RTT, jitter, latency, CPU, memory):
 * each a running count, sum, min and max, so that averages and extremes need no rescan.
 */

/** Count, sum, min and max of a measure (min and max null while count is 0). */
export interface MetricStats {
  n: number;
  sum: number;
  min: number | null;
  max: number | null;
}

/** Every measure, in the stored state's order. */
export const METRICS = [
  'mos',
  'mosInbound',
  'mosOutbound',
  'rttMs',
  'jitterMs',
  'audioLatencyMs',
  'cpuAvailablePercent',
  'memoryUsedPercent',
] as const;
export type Metric = (typeof METRICS)[number];

/** A measure with no value yet. */
export const emptyStats = (): MetricStats => ({ n: 0, sum: 0, min: null, max: null });

/** A copy of a measure's stats. */
export const copyStats = (x: MetricStats): MetricStats => ({
  n: x.n,
  sum: x.sum,
  min: x.min,
  max: x.max,
});

/** Counts a value into the measure (a missing or non-finite one is skipped). */
export function addMetric(stats: MetricStats, value: number | null | undefined) {
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
