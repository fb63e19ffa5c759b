import { describe, expect, it } from 'vitest';
import {
  appendSeconds,
  callQualityFromSeconds,
  emptyCallQualityState,
} from './call-quality-state.ts';
import { range, sec } from './call-second-fixtures.ts';
import {
  parseCallQualityState,
  STORED_LAST_SECOND_KEY,
  storeCallQualityState,
} from './stored-call-quality-state.ts';

describe('the stored state', () => {
  it('reads back the state of a call stored in under 1,000 bytes', () => {
    const seconds = range(0, 40).map((i) =>
      sec(
        i,
        { jitterMs: i % 7 === 0 ? 45 : 5, rttMs: 40 + i },
        { inMos: i >= 10 && i < 25 ? 3.1 : 4.3, inLost: i % 5 === 0 ? 3 : 0 },
      ),
    );
    const once = callQualityFromSeconds(seconds);
    const stored = JSON.stringify(storeCallQualityState(once));
    expect(parseCallQualityState(JSON.parse(stored))).toEqual(once);
    expect(stored.length).toBeLessThan(1000);
  });

  it('stores every measure and run in the JSON layout of states written before', () => {
    const seconds = [
      ...range(0, 5).map((i) =>
        sec(
          i,
          {
            jitterMs: 70,
            rttMs: 800,
            cpuAvailablePercent: 5,
            memoryUsedPercent: 95,
            agentStatus: 'On Hold',
          },
          { inMos: 2.5, outMos: 2.9, inCount: 90, inLost: 10 },
        ),
      ),
      ...range(5, 8).map((i) => sec(i, { agentStatus: 'On Mute' }, { inCount: 0, inMos: null })),
      ...range(8, 10).map((i) => sec(i)),
      ...range(10, 12).map((i) => sec(i, { jitterMs: 45.25 }, { inMos: 3.3 })),
    ];
    // Written by the previous implementation: keys, their order and the numbers must not change.
    const written = [
      '{"v":1,"n":12,"f":1736154000000,"l":1736154011000,"p":[650,50,600,0],"m":{',
      '"mos":[12,42.20000000000001,2.66,4.3],"mosInbound":[9,27.700000000000003,2.5,4.3],',
      '"mosOutbound":[12,44.599999999999994,2.9,4.3],"rttMs":[12,4280,40,800],',
      '"jitterMs":[12,465.5,5,70],"audioLatencyMs":[12,3191,40,550],',
      '"cpuAvailablePercent":[12,515,5,70],"memoryUsedPercent":[12,755,40,95]},"r":{',
      '"poorMos":[null,null,5,0,0],"veryPoorMos":[null,null,5,0,0],',
      '"highJitter":[1736154010000,1736154011000,5,1,0],"veryHighJitter":[null,null,5,1,0],',
      '"highLoss":[null,null,5,1,0],"veryHighLoss":[null,null,5,1,0],',
      '"highRtt":[null,null,5,1,0],"veryHighRtt":[null,null,5,1,0],',
      '"highLatency":[null,null,5,1,0],"veryHighLatency":[null,null,5,1,0],',
      '"highCpu":[null,null,5,0,0],"veryHighCpu":[null,null,5,0,0],',
      '"highMemory":[null,null,5,0,0],"veryHighMemory":[null,null,5,0,0],',
      '"noInboundAudio":[null,null,3,0,0],"onHold":[null,null,5,0,0],"onMute":[null,null,3,0,0]}}',
    ].join('');
    const state = callQualityFromSeconds(seconds);
    expect(JSON.stringify(storeCallQualityState(state))).toBe(written);
    const parsed = parseCallQualityState(JSON.parse(written));
    expect(parsed).toEqual(state);
    expect(JSON.stringify(storeCallQualityState(appendSeconds(state, [sec(12)])))).toBe(
      JSON.stringify(storeCallQualityState(callQualityFromSeconds([...seconds, sec(12)]))),
    );
  });

  it('reads an unknown stored state as null (rescan)', () => {
    expect(parseCallQualityState(null)).toBeNull();
    expect(parseCallQualityState({ v: 2 })).toBeNull();
    expect(parseCallQualityState({ v: 1, metrics: {} })).toBeNull();
    const good = storeCallQualityState(emptyCallQualityState());
    expect(parseCallQualityState(good)).toEqual(emptyCallQualityState());
    expect(parseCallQualityState({ ...good, m: { mos: [1, 'x', null, null] } })).toBeNull();
    expect(parseCallQualityState({ ...good, r: { nope: [null, null, 0, 0, 0] } })).toBeNull();
    expect(parseCallQualityState({ ...good, v: '1' })).toBeNull();
    expect(parseCallQualityState({ ...good, n: '3' })).toBeNull();
    expect(parseCallQualityState({ ...good, l: 'later' })).toBeNull();
    expect(parseCallQualityState({ ...good, p: [0, 0, 0] })).toBeNull();
    expect(parseCallQualityState({ ...good, p: [0, 0, 0, 0, 0] })).toBeNull();
    expect(parseCallQualityState({ ...good, m: [] })).toBeNull();
    expect(parseCallQualityState({ ...good, m: { mos: [1, 2, 3] } })).toBeNull();
    expect(parseCallQualityState({ ...good, r: { onHold: [null, null, 0, 0] } })).toBeNull();
    expect(parseCallQualityState({ ...good, r: { onHold: [null, null, 0, 0, null] } })).toBeNull();
    // A key it does not know at the top level is left for a later layout; the state is read.
    expect(parseCallQualityState({ ...good, x: 1 })).toEqual(emptyCallQualityState());
  });

  it('keeps the last second at the top-level key that SQL reads', () => {
    const state = callQualityFromSeconds([sec(0), sec(1), sec(7)]);
    const stored: unknown = JSON.parse(JSON.stringify(storeCallQualityState(state)));
    expect(stored).toHaveProperty([STORED_LAST_SECOND_KEY], sec(7).timeMs);
  });
});
