import { describe, expect, it } from 'vitest';
import { toCallSecond } from './call-second.ts';
import { T0 } from './call-second-fixtures.ts';
import { IngestSampleSchema, type IngestSampleInput } from './schemas.ts';

const sample = (input: IngestSampleInput) => IngestSampleSchema.parse(input);

describe('toCallSecond', () => {
  it('keeps a MOS that was sent and computes a missing one from RTT, jitter and that direction’s loss', () => {
    const s = toCallSecond(
      sample({
        contactId: 'c1',
        timestamp: '2025-01-06T09:00:00Z',
        inbound: { packetsCount: 49, packetsLost: 1 },
        outbound: { mos: 3.9, packetsCount: 50, packetsLost: 0 },
        rttMs: 0,
        jitterMs: 0,
      }),
    );
    expect(s.timeMs).toBe(T0);
    // 2 % loss at rtt 0 / jitter 0 → 4.2856 (see mos.test.ts)
    expect(s.inbound?.mos).toBeCloseTo(4.2856, 3);
    expect(s.inbound?.mosComputed).toBe(true);
    expect(s.outbound).toMatchObject({ mos: 3.9, mosComputed: false });
  });

  it('leaves MOS empty without RTT and jitter, or when the direction received nothing', () => {
    const noRtt = toCallSecond(
      sample({
        contactId: 'c',
        timestamp: T0,
        inbound: { packetsCount: 50, packetsLost: 0 },
        jitterMs: 3,
      }),
    );
    expect(noRtt.inbound?.mos).toBeNull();
    const silent = toCallSecond(
      sample({
        contactId: 'c',
        timestamp: T0,
        inbound: { packetsCount: 0, packetsLost: 0 },
        rttMs: 30,
        jitterMs: 3,
      }),
    );
    expect(silent.inbound?.mos).toBeNull();
    const noPackets = toCallSecond(
      sample({
        contactId: 'c',
        timestamp: T0,
        inbound: { audioLevel: 0.2 },
        rttMs: 0,
        jitterMs: 0,
      }),
    );
    expect(noPackets.inbound?.mos).toBeCloseTo(4.4044, 3);
    expect(toCallSecond(sample({ contactId: 'c', timestamp: T0 })).inbound).toBeNull();
  });
});
