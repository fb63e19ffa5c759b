import { describe, expect, it } from 'vitest';
import { toCallSecond } from './call-second.ts';
import { isPlainValidSample } from './sample-fast-path.ts';
import { IngestSampleSchema } from './schemas.ts';

const T0 = Date.UTC(2025, 0, 6, 9);

/** Values each field may take: valid ones, edge ones and wrong ones. */
const VALUES: Record<string, unknown[]> = {
  contactId: ['c-1', ' c-1', 'c-1 ', '', 'x'.repeat(200), 'x'.repeat(201), 7, null, undefined],
  timestamp: [T0, T0 + 0.5, '2025-01-06T09:00:00Z', 1736154000, Date.UTC(1999, 0, 1), null],
  mos: [undefined, null, 0, 4.3, 5, 5.01, -1, '4'],
  packetsCount: [undefined, null, 0, 50, 1_000_000, 1_000_001, 1.5, -1],
  audioLevel: [undefined, null, 0, 0.2, 1, 1.2],
  rttMs: [undefined, null, 0, 45.5, 60_000, 60_001, -3, 'slow'],
  cpuAvailablePercent: [undefined, null, 0, 55, 100, 101],
  agentStatus: [undefined, null, 'Talk', 'On Mute', 'On Hold', 'talk', 3],
};

/** A deterministic pseudo-random generator (the test must not depend on luck). */
function generator(seed: number) {
  let x = seed;
  return <T>(list: readonly T[]): T => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return list[x % list.length] as T;
  };
}

function randomItem(pick: ReturnType<typeof generator>): unknown {
  const direction = () =>
    pick([
      undefined,
      null,
      'none',
      {
        mos: pick(VALUES.mos ?? []),
        packetsCount: pick(VALUES.packetsCount ?? []),
        packetsLost: pick(VALUES.packetsCount ?? []),
        audioLevel: pick(VALUES.audioLevel ?? []),
      },
    ]);
  return {
    contactId: pick(VALUES.contactId ?? []),
    timestamp: pick(VALUES.timestamp ?? []),
    inbound: direction(),
    outbound: direction(),
    rttMs: pick(VALUES.rttMs ?? []),
    jitterMs: pick(VALUES.rttMs ?? []),
    cpuAvailablePercent: pick(VALUES.cpuAvailablePercent ?? []),
    memoryUsedPercent: pick(VALUES.cpuAvailablePercent ?? []),
    agentStatus: pick(VALUES.agentStatus ?? []),
    extra: 'ignored',
  };
}

describe('isPlainValidSample', () => {
  it('accepts only what the schema accepts, and reads the same second from it', () => {
    const pick = generator(42);
    let accepted = 0;
    for (let i = 0; i < 20_000; i++) {
      const item = randomItem(pick);
      if (!isPlainValidSample(item)) continue;
      accepted++;
      const parsed = IngestSampleSchema.safeParse(item);
      expect(parsed.success, JSON.stringify(item)).toBe(true);
      if (parsed.success) expect(toCallSecond(item)).toEqual(toCallSecond(parsed.data));
    }
    // The generator produces plain valid samples often enough for the check to mean something.
    expect(accepted).toBeGreaterThan(200);
  });

  it('takes the common collector sample, and leaves ISO times and padded ids to the schema', () => {
    const sample = {
      contactId: 'c-1',
      timestamp: T0,
      inbound: { mos: 4.3, packetsCount: 50, packetsLost: 0, audioLevel: 0.2 },
      outbound: { packetsCount: 50, packetsLost: 1 },
      rttMs: 40,
      jitterMs: 4,
      cpuAvailablePercent: null,
      agentStatus: 'Talk',
    };
    expect(isPlainValidSample(sample)).toBe(true);
    expect(isPlainValidSample({ ...sample, timestamp: '2025-01-06T09:00:00Z' })).toBe(false);
    expect(isPlainValidSample({ ...sample, contactId: ' c-1' })).toBe(false);
    expect(isPlainValidSample([sample])).toBe(false);
    expect(isPlainValidSample(null)).toBe(false);
  });
});
