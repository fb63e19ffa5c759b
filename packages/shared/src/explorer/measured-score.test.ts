import { describe, expect, it } from 'vitest';
import { callStatsRowScore, formatScore, measuredScore } from './format.ts';
import type { CallStatsRow } from './schemas.ts';

const row = (over: Partial<CallStatsRow> = {}): CallStatsRow => ({
  timestamp: '2025-03-03T14:00:00.000Z',
  agent: 'alice',
  callContactId: 'c-1',
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

describe('a score shows only once measured', () => {
  it('is null (shown "-") for a live call with nothing measured yet, not a green 10', () => {
    expect(callStatsRowScore(row())).toBeNull();
    expect(formatScore(callStatsRowScore(row()))).toBe('-');
  });

  it('is the score once a quality average or a finding exists', () => {
    expect(callStatsRowScore(row({ mos: { avg: 4.3 } }))).toBe(10);
    expect(callStatsRowScore(row({ jitter: { avg: 0 } }))).toBe(10);
    expect(callStatsRowScore(row({ totals: { packetsLostFraction: 0.02 }, score: 7 }))).toBe(7);
    // A softphone error with no seconds yet: the score it lowered is real.
    expect(callStatsRowScore(row({ tags: ['Softphone Error'], score: 9 }))).toBe(9);
    expect(formatScore(callStatsRowScore(row({ rtt: { avg: 40 }, score: 7.5 })))).toBe('7.5');
  });

  it('reads the same rule for any evidence', () => {
    expect(measuredScore(10, { measures: [null, null], tagCount: 0 })).toBeNull();
    expect(measuredScore(4, { measures: [null, 3.1], tagCount: 0 })).toBe(4);
    expect(measuredScore(8, { measures: [], tagCount: 1 })).toBe(8);
  });
});
