import { describe, expect, it } from 'vitest';
import {
  appendSeconds,
  appendSecondsInPlace,
  callQualityFromSeconds,
  canAppendSeconds,
  emptyCallQualityState,
} from './call-quality-state.ts';
import { range, sec } from './call-second-fixtures.ts';

describe('accumulating seconds', () => {
  it('gives the same state batch by batch as in one pass', () => {
    const seconds = range(0, 40).map((i) =>
      sec(
        i,
        { jitterMs: i % 7 === 0 ? 45 : 5, rttMs: 40 + i },
        { inMos: i >= 10 && i < 25 ? 3.1 : 4.3, inLost: i % 5 === 0 ? 3 : 0 },
      ),
    );
    const once = callQualityFromSeconds(seconds);
    let stepwise = emptyCallQualityState();
    for (const batch of [
      seconds.slice(0, 7),
      seconds.slice(7, 8),
      seconds.slice(8, 23),
      seconds.slice(23),
    ]) {
      expect(canAppendSeconds(stepwise, batch)).toBe(true);
      stepwise = appendSeconds(stepwise, batch);
    }
    expect(stepwise).toEqual(once);
  });

  it('refuses seconds that are not after the last one, and sorts and dedupes a full rescan', () => {
    const state = appendSeconds(emptyCallQualityState(), [sec(0), sec(1), sec(2)]);
    expect(canAppendSeconds(state, [sec(2)])).toBe(false);
    expect(canAppendSeconds(state, [sec(3)])).toBe(true);
    expect(() => appendSeconds(state, [sec(1)])).toThrow();
    const rescanned = callQualityFromSeconds([sec(2), sec(0), sec(1), sec(1)]);
    expect(rescanned).toEqual(state);
    expect(rescanned.samples).toBe(3);
  });

  it('appends in place the same as appendSeconds, and refuses without changing the state', () => {
    const seconds = range(0, 30).map((i) => sec(i, { jitterMs: i >= 10 && i < 14 ? 45 : 5 }));
    const state = appendSeconds(emptyCallQualityState(), seconds.slice(0, 12));
    const copy = appendSeconds(state, seconds.slice(12));
    const before = structuredClone(state);
    expect(appendSecondsInPlace(state, seconds.slice(12))).toBe(state);
    expect(state).toEqual(copy);
    const snapshot = structuredClone(state);
    expect(() => appendSecondsInPlace(state, [sec(40), sec(35)])).toThrow();
    expect(state).toEqual(snapshot);
    expect(appendSeconds(before, seconds.slice(12))).toEqual(copy);
  });
});
