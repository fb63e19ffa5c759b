import { describe, expect, it } from 'vitest';
import type { CallStatsRow } from '@callsight/shared';
import { CALL_STATS_COLUMNS } from './columns.ts';

const score = CALL_STATS_COLUMNS.find((c) => c.id === 'score');
const row = (over: Partial<CallStatsRow>): CallStatsRow => ({
  timestamp: '2025-03-03T14:00:00.000Z',
  agent: 'alice',
  callContactId: 'live-1',
  agentISP: null,
  mos: { avg: null },
  jitter: { avg: null },
  rtt: { avg: null },
  totals: { packetsLostFraction: null },
  durationSeconds: null,
  score: 10,
  tags: [],
  testCall: false,
  ...over,
});

describe('Call Stats Log score column', () => {
  it('shows "-" without a colour for a live call not yet measured, the score once measured', () => {
    const live = row({});
    expect(score?.text(live)).toBe('-');
    expect(score?.band?.(live)).toBe('unknown');
    const measured = row({ mos: { avg: 4.31 }, jitter: { avg: 3 }, score: 10 });
    expect(score?.text(measured)).toBe('10');
    expect(score?.band?.(measured)).toBe('good');
    const poor = row({ mos: { avg: 2.9 }, tags: ['Very Poor MOS'], score: 6 });
    expect(score?.text(poor)).toBe('6');
    expect(score?.band?.(poor)).toBe('warning');
  });
});
