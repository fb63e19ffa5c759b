import { describe, expect, it } from 'vitest';
import { callQualityFromSeconds, type CallSecond } from '@callsight/shared';
import {
  deriveColumns,
  LIVE_SUMMARY_REFRESH_MS,
  mustRefreshShown,
  type QualityInputs,
} from './call-summaries.ts';

const T0 = Date.UTC(2025, 0, 6, 9, 0, 0);

const good = (i: number): CallSecond => ({
  contactId: 'c',
  timeMs: T0 + i * 1000,
  inbound: { mos: 4.3, mosComputed: false, packetsCount: 50, packetsLost: 0, audioLevel: 0.2 },
  outbound: { mos: 4.3, mosComputed: false, packetsCount: 50, packetsLost: 0, audioLevel: 0.2 },
  rttMs: 40,
  jitterMs: 4,
  cpuAvailablePercent: 70,
  memoryUsedPercent: null,
  agentStatus: 'Talk',
});

/** A live call's row whose shown columns were derived from its first `shownSeconds` seconds. */
function liveRow(shownSeconds: number): QualityInputs {
  const row: QualityInputs = {
    contactId: 'c',
    startTime: new Date(T0),
    endTime: null,
    errorLogCount: 0,
    browserName: null,
    browserVersion: null,
    summaryReceivedAt: null,
    sampleCount: shownSeconds,
    qualityState: null,
  };
  const shown = deriveColumns(
    row,
    callQualityFromSeconds(Array.from({ length: shownSeconds }, (_, i) => good(i))),
  );
  return {
    ...row,
    shown: {
      throughMs: shown.lastSampleAt?.getTime() ?? null,
      tags: shown.tags.join('|'),
      score: shown.score,
    },
  };
}

/** A second of very poor quality (MOS 2.2, jitter 90 ms). */
const poor = (i: number): CallSecond => {
  const s = good(i);
  return { ...s, jitterMs: 90, inbound: s.inbound && { ...s.inbound, mos: 2.2 } };
};

/** What the row derives with `seconds` seconds in its accumulator (the last 10 poor with `bad`). */
const derivedWith = (row: QualityInputs, seconds: number, bad = false) =>
  deriveColumns(
    row,
    callQualityFromSeconds(
      Array.from({ length: seconds }, (_, i) => (bad && i >= seconds - 10 ? poor(i) : good(i))),
    ),
  );

describe('mustRefreshShown (decisions.md P8)', () => {
  it('leaves a steady live call trailing until its shown columns are 30 s of the call behind', () => {
    const row = liveRow(10);
    expect(LIVE_SUMMARY_REFRESH_MS).toBe(30_000);
    expect(mustRefreshShown(row, T0, derivedWith(row, 20))).toBe(false);
    expect(mustRefreshShown(row, T0, derivedWith(row, 39))).toBe(false);
    expect(mustRefreshShown(row, T0, derivedWith(row, 40))).toBe(true);
  });

  it('refreshes at once when the tags or score change', () => {
    const row = liveRow(10);
    const derived = derivedWith(row, 20, true);
    expect(derived.tags).not.toEqual([]);
    expect(mustRefreshShown(row, T0, derived)).toBe(true);
  });

  it("refreshes a call's first seconds, an ended call and a moved start", () => {
    const first = liveRow(0);
    expect(first.shown?.throughMs).toBeNull();
    expect(mustRefreshShown(first, T0, derivedWith(first, 10))).toBe(true);

    const ended = { ...liveRow(10), endTime: new Date(T0 + 60_000) };
    expect(mustRefreshShown(ended, T0, derivedWith(ended, 20))).toBe(true);

    const moved = liveRow(10);
    expect(mustRefreshShown(moved, T0 + 5_000, derivedWith(moved, 20))).toBe(true);
  });

  it('refreshes a row read without its shown columns', () => {
    const { shown: _shown, ...row } = liveRow(10);
    expect(mustRefreshShown(row, T0, derivedWith(row, 20))).toBe(true);
  });
});
