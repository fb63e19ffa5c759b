import {
  AGENT_STATUS_CHART_VALUES,
  CALL_DETAIL_TEXTS,
  LOG_LEVELS,
  type LogLevel,
  LOG_LEVEL_CHART_VALUES,
  agentStatusChartValue,
  logLevelChartValue,
  type CallDetail,
  type CallDetailDirection,
  type CallDetailSecond,
} from '@callsight/shared';
import type { TimeBand, TimePoint, TimeSeries, TimeSeriesYAxis } from '../charts/index.ts';

/** One chart of the Charts tab. */
export interface CallChart {
  key: string;
  title: string;
  series: TimeSeries[];
  yAxis: TimeSeriesYAxis;
  /** Shown when the call has no value for this chart. */
  emptyText?: string;
}

export interface CallChartsData {
  charts: CallChart[];
  /** The call's time span, shared by every chart so that they line up. */
  range: { min: number; max: number } | undefined;
  holds: TimeBand[];
}

export const DIRECTION_COLORS = { inbound: '#2563eb', outbound: '#0d9488' } as const;
const LOG_LEVEL_COLORS: Record<LogLevel, string> = {
  INFO: '#0284c7',
  WARN: '#d97706',
  ERROR: '#dc2626',
};

const HOLD_LABEL = 'Hold';

/**
 * Hold intervals of the call: the summary's (the server merges the collector's holds, its On Hold
 * seconds and the journey's call.hold / call.resume events), or else, without a summary, runs of
 * "On Hold" seconds. An open hold (no end) lasts until the call's last second.
 */
export function holdBands(detail: CallDetail, endMs: number | null): TimeBand[] {
  const summary = detail.summary.hits.hits[0]?._source;
  const stated = summary?.holdIntervals ?? [];
  if (stated.length > 0) {
    return stated.flatMap((h) => {
      const start = Date.parse(h.start);
      const end = h.end === null ? endMs : Date.parse(h.end);
      return end === null ? [] : [{ start, end, label: HOLD_LABEL }];
    });
  }
  const bands: TimeBand[] = [];
  let open: TimeBand | null = null;
  for (const s of detail.seconds) {
    const t = Date.parse(s.timestamp);
    if (s.agentStatus === 'On Hold') {
      if (open) open.end = t + 1000;
      else open = { start: t, end: t + 1000, label: HOLD_LABEL };
    } else if (open) {
      bands.push(open);
      open = null;
    }
  }
  if (open) bands.push(open);
  return bands;
}

function points(
  seconds: readonly CallDetailSecond[],
  times: readonly number[],
  value: (s: CallDetailSecond) => number | null,
): TimePoint[] {
  return seconds.map((s, i) => [times[i] ?? 0, value(s)]);
}

type DirectionKey = 'inbound' | 'outbound';

function perDirection(
  seconds: readonly CallDetailSecond[],
  times: readonly number[],
  value: (d: CallDetailDirection) => number | null,
): TimeSeries[] {
  const directions: [DirectionKey, string][] = [
    ['inbound', 'Inbound'],
    ['outbound', 'Outbound'],
  ];
  return directions.map(([key, name]) => ({
    name,
    color: DIRECTION_COLORS[key],
    points: points(seconds, times, (s) => {
      const d = s[key];
      return d ? value(d) : null;
    }),
  }));
}

/** Log scale cannot show 0 (silence): it is left out rather than faked. */
const positive = (v: number | null) => (v !== null && v > 0 ? v : null);

const invert = (values: Record<string, number>): Record<number, string> =>
  Object.fromEntries(Object.entries(values).map(([name, v]) => [v, name]));

/** Names on the agent status axis (spec 002 §9: Talk 3, Mute 2, Hold 1, else 0). */
export const AGENT_STATUS_AXIS: Record<number, string> = {
  0: '-',
  [AGENT_STATUS_CHART_VALUES.Talk]: 'Talk',
  [AGENT_STATUS_CHART_VALUES['On Mute']]: 'Mute',
  [AGENT_STATUS_CHART_VALUES['On Hold']]: 'Hold',
};
export const LOG_LEVEL_AXIS: Record<number, string> = invert(LOG_LEVEL_CHART_VALUES);

/** Whether time `t` lies in one of the holds (a band's end is exclusive). */
const onHold = (holds: readonly TimeBand[], t: number) =>
  holds.some((h) => t >= h.start && t < h.end);

/**
 * A second's agent status as a chart value: Hold during a hold interval, whatever the softphone
 * reported then (a hold seen only in the trace still shows), else its own status.
 */
function statusValue(s: CallDetailSecond, t: number, holds: readonly TimeBand[]): number {
  return onHold(holds, t)
    ? AGENT_STATUS_CHART_VALUES['On Hold']
    : agentStatusChartValue(s.agentStatus);
}

/** The charts of a call (spec 002 §2.10, §9) from its detail answer. */
export function callChartsData(detail: CallDetail): CallChartsData {
  const { seconds } = detail;
  const logs = detail.logs.hits.hits.map((h) => h._source);
  const times = seconds.map((s) => Date.parse(s.timestamp));
  const all = [...times, ...logs.map((l) => Date.parse(l.time))];
  const summary = detail.summary.hits.hits[0]?._source;
  const startMs = summary ? Date.parse(summary.callStartTime) : null;
  const endMs = summary?.callEndTime ? Date.parse(summary.callEndTime) : null;
  if (startMs !== null) all.push(startMs);
  if (endMs !== null) all.push(endMs);
  const range = all.length > 0 ? { min: Math.min(...all), max: Math.max(...all) } : undefined;
  const lastSecond = times.length > 0 ? (times[times.length - 1] ?? null) : null;
  const holds = holdBands(detail, endMs ?? lastSecond);

  const charts: CallChart[] = [
    {
      key: 'mos',
      title: 'MOS',
      series: perDirection(seconds, times, (d) => d.mos),
      yAxis: { min: 0, max: 5, decimals: 2 },
    },
    {
      key: 'packets',
      title: 'Packet Count',
      series: perDirection(seconds, times, (d) => d.packetsCount),
      yAxis: { min: 0 },
    },
    {
      key: 'lost',
      title: 'Packets Lost',
      series: perDirection(seconds, times, (d) => d.packetsLost),
      yAxis: { min: 0 },
    },
    {
      key: 'rtt',
      title: 'RTT (ms)',
      series: [{ name: 'RTT', points: points(seconds, times, (s) => s.rttMs) }],
      yAxis: { min: 0, unit: 'ms', decimals: 0 },
    },
    {
      key: 'jitter',
      title: 'Jitter (ms)',
      series: [{ name: 'Jitter', points: points(seconds, times, (s) => s.jitterMs) }],
      yAxis: { min: 0, unit: 'ms', decimals: 1 },
    },
    {
      key: 'audio',
      title: 'Audio Level',
      series: perDirection(seconds, times, (d) => positive(d.audioLevel)),
      yAxis: { type: 'log', min: 0.0001, max: 1, decimals: 4 },
    },
    {
      key: 'cpu',
      title: 'CPU Available (%)',
      series: [
        {
          name: 'CPU available',
          // Browsers give CPU every few seconds, not every second: the line joins the readings
          // instead of breaking at each second without one.
          points: points(seconds, times, (s) => s.cpuAvailablePercent).filter(
            ([, v]) => v !== null,
          ),
        },
      ],
      yAxis: { min: 0, max: 100, unit: '%', decimals: 0 },
    },
    {
      key: 'status',
      title: 'Agent Status',
      series: [
        {
          name: 'Status',
          kind: 'step',
          points: seconds.map((s, i): TimePoint => {
            const t = times[i] ?? 0;
            return [t, statusValue(s, t, holds)];
          }),
        },
      ],
      yAxis: { categories: AGENT_STATUS_AXIS },
    },
    {
      key: 'logs',
      title: 'Log Level',
      series: LOG_LEVELS.map((level) => {
        const lines = logs.filter((l) => l.level === level);
        return {
          name: level,
          kind: 'scatter' as const,
          color: LOG_LEVEL_COLORS[level],
          points: lines.map((l): TimePoint => [Date.parse(l.time), logLevelChartValue(l.level)]),
          describe: (i: number) => lines[i]?.text ?? '',
        };
      }),
      yAxis: { categories: { 0: '', ...LOG_LEVEL_AXIS } },
      emptyText: CALL_DETAIL_TEXTS.noLogs,
    },
  ];
  return { charts, range, holds };
}
