import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { CallDetail, CallDetailSecond } from '@callsight/shared';
import '../../test/setup.ts';
import type { TimeSeriesChartProps } from '../charts/index.ts';

// ECharts draws on a canvas jsdom does not have: each chart renders what it was given instead.
vi.mock('../charts/index.ts', () => ({
  TimeSeriesChart: ({ title, bands = [], series }: TimeSeriesChartProps) => (
    <figure aria-label={title}>
      <ul aria-label="Shaded">
        {bands.map((b) => (
          <li key={b.start}>{`${b.label ?? ''} ${b.start}-${b.end}`}</li>
        ))}
      </ul>
      <output>{series[0]?.points.map((p) => p[1]).join(',')}</output>
    </figure>
  ),
}));

const { CallCharts } = await import('./call-charts.tsx');

const T0 = Date.UTC(2025, 2, 3, 14, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString();
const hits = <T,>(items: T[]) => ({
  hits: {
    total: { value: items.length, relation: 'eq' as const },
    hits: items.map((t, i) => ({ _id: String(i), _source: t })),
  },
});

function second(i: number): CallDetailSecond {
  return {
    timestamp: iso(T0 + i * 1000),
    inbound: { mos: 4.3, mosComputed: false, packetsCount: 50, packetsLost: 0, audioLevel: 0.2 },
    outbound: null,
    rttMs: 40,
    jitterMs: 4,
    cpuAvailablePercent: 70,
    memoryUsedPercent: null,
    agentStatus: 'Talk',
  };
}

/** A call whose only hold came from its journey's trace (merged by the server into the summary). */
const detail = {
  seconds: [0, 1, 2, 3, 4].map(second),
  summary: hits([
    {
      callStartTime: iso(T0),
      callEndTime: iso(T0 + 5000),
      holdIntervals: [{ start: iso(T0 + 1000), end: iso(T0 + 3000) }],
    },
  ]),
  logs: hits([]),
  telemetry: hits([]),
} as unknown as CallDetail;

describe('CallCharts', () => {
  it('shades the hold in every chart and shows Hold in the agent status chart', () => {
    render(<CallCharts detail={detail} />);
    const charts = screen.getAllByRole('figure');
    expect(charts).toHaveLength(9);
    for (const chart of charts) {
      expect(chart.querySelector('li')?.textContent).toBe(`Hold ${T0 + 1000}-${T0 + 3000}`);
    }
    const status = screen.getByRole('figure', { name: 'Agent Status' });
    expect(status.querySelector('output')?.textContent).toBe('3,1,1,3,3');
  });
});
