import { describe, expect, it } from 'vitest';
import type { CallDetail, CallDetailSecond, CallDetailSummary } from '@callsight/shared';
import { callChartsData, holdBands } from './call-charts-data.ts';

const T0 = Date.UTC(2025, 2, 3, 14, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString();

function second(i: number, over: Partial<CallDetailSecond> = {}): CallDetailSecond {
  return {
    timestamp: iso(T0 + i * 1000),
    inbound: { mos: 4.3, mosComputed: false, packetsCount: 50, packetsLost: 0, audioLevel: 0.2 },
    outbound: { mos: 4.1, mosComputed: false, packetsCount: 49, packetsLost: 1, audioLevel: 0 },
    rttMs: 40,
    jitterMs: 4,
    cpuAvailablePercent: 70,
    memoryUsedPercent: null,
    agentStatus: 'Talk',
    ...over,
  };
}

const hits = <T>(items: T[]) => ({
  hits: {
    total: { value: items.length, relation: 'eq' as const },
    hits: items.map((t, i) => ({ _id: String(i), _source: t })),
  },
});

function detail(seconds: CallDetailSecond[], summary?: Partial<CallDetailSummary>): CallDetail {
  return {
    seconds,
    summary: hits(summary ? [summary as CallDetailSummary] : []),
    logs: hits([
      { time: iso(T0 + 2000), level: 'ERROR' as const, agent: 'a', contactId: 'c', text: 'boom' },
      { time: iso(T0 + 1000), level: 'INFO' as const, agent: 'a', contactId: 'c', text: 'hi' },
    ]),
    telemetry: hits([]),
  };
}

describe('callChartsData', () => {
  it('joins CPU readings taken every few seconds instead of breaking the line at each gap', () => {
    const seconds = Array.from({ length: 11 }, (_, i) =>
      second(i, { cpuAvailablePercent: i % 5 === 0 ? 60 + i : null, rttMs: i === 3 ? null : 40 }),
    );
    const data = callChartsData(detail(seconds));
    const chart = (key: string) => data.charts.find((c) => c.key === key);
    expect(chart('cpu')?.series[0]?.points).toEqual([
      [T0, 60],
      [T0 + 5000, 65],
      [T0 + 10_000, 70],
    ]);
    // A per-second measure keeps its gap.
    expect(chart('rtt')?.series[0]?.points[3]).toEqual([T0 + 3000, null]);
  });

  it('charts each measure per second, agent status and log levels as chart values', () => {
    const data = callChartsData(
      detail([second(0), second(1, { agentStatus: 'On Hold' }), second(2, { agentStatus: null })]),
    );
    const chart = (key: string) => data.charts.find((c) => c.key === key);
    expect(data.charts.map((c) => c.title)).toEqual([
      'MOS',
      'Packet Count',
      'Packets Lost',
      'RTT (ms)',
      'Jitter (ms)',
      'Audio Level',
      'CPU Available (%)',
      'Agent Status',
      'Log Level',
    ]);
    expect(chart('mos')?.series.map((s) => s.points[0])).toEqual([
      [T0, 4.3],
      [T0, 4.1],
    ]);
    expect(chart('status')?.series[0]?.points.map((p) => p[1])).toEqual([3, 1, 0]);
    // Silence (0) cannot sit on a log axis: left out.
    expect(chart('audio')?.series[1]?.points[0]).toEqual([T0, null]);
    expect(chart('audio')?.yAxis.type).toBe('log');
    const logs = chart('logs')?.series ?? [];
    expect(logs.map((s) => [s.name, s.points])).toEqual([
      ['INFO', [[T0 + 1000, 1]]],
      ['WARN', []],
      ['ERROR', [[T0 + 2000, 3]]],
    ]);
    expect(logs[2]?.describe?.(0)).toBe('boom');
    expect(data.range).toEqual({ min: T0, max: T0 + 2000 });
  });

  it('shows Hold in the agent status chart during a hold the softphone did not report', () => {
    // The server merged a hold from the journey's call.hold / call.resume events (seconds 2-4).
    const seconds = [0, 1, 2, 3, 4, 5].map((i) => second(i, { agentStatus: 'Talk' }));
    const data = callChartsData(
      detail(seconds, {
        callStartTime: iso(T0),
        callEndTime: iso(T0 + 6000),
        holdIntervals: [{ start: iso(T0 + 2000), end: iso(T0 + 5000) }],
      }),
    );
    expect(data.holds).toEqual([{ start: T0 + 2000, end: T0 + 5000, label: 'Hold' }]);
    const status = data.charts.find((c) => c.key === 'status')?.series[0]?.points;
    // Talk 3, Hold 1 (spec 002 §9); the resume second is Talk again.
    expect(status?.map((p) => p[1])).toEqual([3, 3, 1, 1, 1, 3]);
    // Without the hold the same seconds are all Talk.
    const plain = callChartsData(detail(seconds, { callStartTime: iso(T0), holdIntervals: [] }));
    expect(
      plain.charts.find((c) => c.key === 'status')?.series[0]?.points.map((p) => p[1]),
    ).toEqual([3, 3, 3, 3, 3, 3]);
  });

  it('shades the summary holds, or else the runs of On Hold seconds', () => {
    const seconds = [0, 1, 2, 3, 4].map((i) =>
      second(i, { agentStatus: i === 1 || i === 2 ? 'On Hold' : 'Talk' }),
    );
    expect(holdBands(detail(seconds), null)).toEqual([
      { start: T0 + 1000, end: T0 + 3000, label: 'Hold' },
    ]);
    const stated = detail(seconds, {
      holdIntervals: [
        { start: iso(T0), end: iso(T0 + 500) },
        { start: iso(T0 + 4000), end: null },
      ],
    });
    expect(holdBands(stated, T0 + 9000)).toEqual([
      { start: T0, end: T0 + 500, label: 'Hold' },
      { start: T0 + 4000, end: T0 + 9000, label: 'Hold' },
    ]);
  });
});
