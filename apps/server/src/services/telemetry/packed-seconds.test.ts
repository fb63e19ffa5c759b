import { describe, expect, it } from 'vitest';
import type { CallSecond } from '@callsight/shared';
import { PackedSeconds } from './packed-seconds.ts';

const second = (contactId: string, timeMs: number, over: Partial<CallSecond> = {}): CallSecond => ({
  contactId,
  timeMs,
  inbound: { mos: 4.3, mosComputed: false, packetsCount: 50, packetsLost: 0, audioLevel: 0.12 },
  outbound: { mos: 3.9, mosComputed: true, packetsCount: 49, packetsLost: 1, audioLevel: 0 },
  rttMs: 45,
  jitterMs: 3,
  cpuAvailablePercent: 60,
  memoryUsedPercent: 41.5,
  agentStatus: 'Talk',
  ...over,
});

describe('PackedSeconds', () => {
  it('gives back each call its seconds as they were, nulls, flags and statuses included', () => {
    const a = [
      second('a', 1_700_000_000_000),
      second('a', 1_700_000_001_000, {
        inbound: null,
        outbound: {
          mos: null,
          mosComputed: false,
          packetsCount: 0,
          packetsLost: 0,
          audioLevel: null,
        },
        rttMs: null,
        jitterMs: 0,
        cpuAvailablePercent: null,
        memoryUsedPercent: null,
        agentStatus: 'On Hold',
      }),
      second('a', 1_700_000_002_000, { agentStatus: null, outbound: null }),
    ];
    const b = [second('b', 1_700_000_005_000, { agentStatus: 'On Mute' })];
    const packed = new PackedSeconds(
      new Map([
        ['a', a],
        ['b', b],
      ]),
    );

    expect(packed.contactIds).toEqual(['a', 'b']);
    expect(packed.calls).toBe(2);
    expect(packed.size).toBe(4);
    expect(packed.seconds(0)).toEqual(a);
    expect(packed.seconds(1)).toEqual(b);
    expect(packed.secondsCount(0)).toBe(3);
    expect(packed.secondsCount(1)).toBe(1);
    expect(packed.firstMs(1)).toBe(1_700_000_005_000);
  });

  it('answers a call it does not hold with no seconds, and a batch of no call with none', () => {
    const packed = new PackedSeconds(new Map([['a', [second('a', 1)]]]));
    expect(packed.seconds(-1)).toEqual([]);
    expect(packed.seconds(5)).toEqual([]);
    const empty = new PackedSeconds(new Map());
    expect(empty.calls).toBe(0);
    expect(empty.size).toBe(0);
  });
});
