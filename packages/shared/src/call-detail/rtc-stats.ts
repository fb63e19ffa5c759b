import { AGENT_STATUS_CHART_VALUES, LOG_LEVEL_CHART_VALUES } from '../telemetry/constants.ts';
import type { CallDetailDirection, CallDetailSecond, CallDetailStat } from './schemas.ts';

/** Chart value of an agent status (spec 002 §9: Talk 3, Mute 2, Hold 1, else 0). */
export function agentStatusChartValue(status: CallDetailSecond['agentStatus']): number {
  return status === null ? 0 : AGENT_STATUS_CHART_VALUES[status];
}

/** Chart value of a log level (spec 002 §9: INFO 1, WARN 2, ERROR 3, else 0). */
export function logLevelChartValue(level: string): number {
  return level in LOG_LEVEL_CHART_VALUES
    ? LOG_LEVEL_CHART_VALUES[level as keyof typeof LOG_LEVEL_CHART_VALUES]
    : 0;
}

/** Packet loss of one direction in one second, in percent; null without packets. */
export function directionLossPercent(d: CallDetailDirection | null): number | null {
  if (!d || d.packetsCount === null || d.packetsLost === null) return null;
  const total = d.packetsCount + d.packetsLost;
  return total > 0 ? (d.packetsLost / total) * 100 : null;
}

function stat(values: readonly (number | null)[]): CallDetailStat {
  let sum = 0;
  let n = 0;
  let min: number | null = null;
  let max: number | null = null;
  for (const v of values) {
    if (v === null) continue;
    sum += v;
    n++;
    min = min === null ? v : Math.min(min, v);
    max = max === null ? v : Math.max(max, v);
  }
  return { avg: n > 0 ? sum / n : null, min, max };
}

/** One row of the WebRTC tab: a measure of the call over its seconds. */
export interface RtcMetricRow {
  key: string;
  label: string;
  unit: string;
  stat: CallDetailStat;
}

/**
 * Min, max and average per measure over the call's seconds, per direction where the measure has
 * one. A measure no second carried has all three null (shown as "N/A").
 */
export function rtcMetricRows(seconds: readonly CallDetailSecond[]): RtcMetricRow[] {
  const pick = (f: (s: CallDetailSecond) => number | null) => stat(seconds.map(f));
  return [
    { key: 'mosIn', label: 'MOS (inbound)', unit: '', stat: pick((s) => s.inbound?.mos ?? null) },
    {
      key: 'mosOut',
      label: 'MOS (outbound)',
      unit: '',
      stat: pick((s) => s.outbound?.mos ?? null),
    },
    { key: 'rtt', label: 'Round-trip time', unit: 'ms', stat: pick((s) => s.rttMs) },
    { key: 'jitter', label: 'Jitter', unit: 'ms', stat: pick((s) => s.jitterMs) },
    {
      key: 'lossIn',
      label: 'Packet loss (inbound)',
      unit: '%',
      stat: pick((s) => directionLossPercent(s.inbound)),
    },
    {
      key: 'lossOut',
      label: 'Packet loss (outbound)',
      unit: '%',
      stat: pick((s) => directionLossPercent(s.outbound)),
    },
    {
      key: 'packetsIn',
      label: 'Packets per second (inbound)',
      unit: '',
      stat: pick((s) => s.inbound?.packetsCount ?? null),
    },
    {
      key: 'packetsOut',
      label: 'Packets per second (outbound)',
      unit: '',
      stat: pick((s) => s.outbound?.packetsCount ?? null),
    },
    {
      key: 'audioIn',
      label: 'Audio level (inbound)',
      unit: '',
      stat: pick((s) => s.inbound?.audioLevel ?? null),
    },
    {
      key: 'audioOut',
      label: 'Audio level (outbound)',
      unit: '',
      stat: pick((s) => s.outbound?.audioLevel ?? null),
    },
    { key: 'cpu', label: 'CPU available', unit: '%', stat: pick((s) => s.cpuAvailablePercent) },
    { key: 'memory', label: 'Memory used', unit: '%', stat: pick((s) => s.memoryUsedPercent) },
  ];
}
