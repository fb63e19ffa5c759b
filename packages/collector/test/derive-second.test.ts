import { describe, expect, it } from 'vitest';
import { CODEC_IMPAIRMENTS, mosFromNetwork } from '@callsight/shared/telemetry/mos';
import { deriveSecond, readStats, type StatsEntry } from '../src/index.ts';
import recorded from './fixtures/chromium-local-call.json';

/** The recorded reports of a local Chromium call, one a second. */
const reports = (recorded as { reports: StatsEntry[][] }).reports;

/** A minimal audio report: one inbound stream, one outbound stream with its RTCP feedback. */
function report(r: {
  received: number;
  lost: number;
  sent: number;
  remoteLost: number;
  jitterS?: number;
  remoteJitterS?: number;
  rttS?: number;
  pairRttS?: number;
  inboundId?: string;
  level?: number;
}): StatsEntry[] {
  return [
    {
      id: r.inboundId ?? 'IA1',
      type: 'inbound-rtp',
      kind: 'audio',
      packetsReceived: r.received,
      packetsLost: r.lost,
      jitter: r.jitterS ?? 0.004,
      audioLevel: r.level ?? 0.2,
    },
    { id: 'OA1', type: 'outbound-rtp', kind: 'audio', packetsSent: r.sent },
    {
      id: 'RIA1',
      type: 'remote-inbound-rtp',
      kind: 'audio',
      localId: 'OA1',
      packetsLost: r.remoteLost,
      jitter: r.remoteJitterS ?? 0.006,
      ...(r.rttS === undefined ? {} : { roundTripTime: r.rttS }),
    },
    { id: 'T1', type: 'transport', selectedCandidatePairId: 'CP1' },
    {
      id: 'CP1',
      type: 'candidate-pair',
      state: 'succeeded',
      nominated: true,
      currentRoundTripTime: r.pairRttS ?? 0.05,
      localCandidateId: 'L1',
    },
    {
      id: 'L1',
      type: 'local-candidate',
      candidateType: 'srflx',
      address: '203.0.113.7',
      relatedAddress: '10.0.0.12',
      networkType: 'wifi',
    },
    { id: 'MS1', type: 'media-source', kind: 'audio', audioLevel: 0.3 },
  ];
}

describe('deriveSecond with getStats() recorded in Chromium', () => {
  const snapshots = reports.map((r) => readStats(r));

  it('counts about 50 packets a second each way with no loss on a clean local call', () => {
    for (let i = 1; i < snapshots.length; i++) {
      const prev = snapshots[i - 1];
      const curr = snapshots[i];
      if (!prev || !curr) throw new Error('fixture too short');
      const second = deriveSecond(prev, curr, 1000);
      expect(second.inbound?.packetsCount).toBeGreaterThanOrEqual(45);
      expect(second.inbound?.packetsCount).toBeLessThanOrEqual(55);
      expect(second.inbound?.packetsLost).toBe(0);
      expect(second.outbound?.packetsCount).toBeGreaterThanOrEqual(45);
      expect(second.outbound?.packetsLost).toBe(0);
    }
  });

  it('rates a clean local call near the top of the scale in both directions', () => {
    const [, second] = snapshots;
    const [first] = snapshots;
    if (!first || !second) throw new Error('fixture too short');
    // Before the first RTCP report the RTT comes from the candidate pair (STUN).
    const early = deriveSecond(first, second, 1000);
    expect(early.rttMs).not.toBeNull();
    const last = snapshots.at(-1);
    const beforeLast = snapshots.at(-2);
    if (!last || !beforeLast) throw new Error('fixture too short');
    const late = deriveSecond(beforeLast, last, 1000);
    for (const s of [early, late]) {
      expect(s.inbound?.mos).toBeGreaterThan(4.3);
      expect(s.inbound?.mos).toBeLessThanOrEqual(4.5);
      expect(s.outbound?.mos).toBeGreaterThan(4.3);
      expect(s.rttMs).toBeLessThan(20);
      expect(s.jitterMs).toBeLessThan(20);
    }
  });

  it('reads the selected candidate pair and its local candidate', () => {
    const last = snapshots.at(-1);
    expect(last?.localCandidate.type).toBe('host');
    expect(last?.localCandidate.address).toBeTruthy();
  });
});

describe('deriveSecond', () => {
  it('derives per-direction packets, losses, levels, RTT, jitter and the E-model MOS', () => {
    const prev = readStats(report({ received: 1000, lost: 10, sent: 1000, remoteLost: 4 }));
    const curr = readStats(
      report({
        received: 1045,
        lost: 15,
        sent: 1050,
        remoteLost: 6,
        rttS: 0.12,
        jitterS: 0.02,
        remoteJitterS: 0.03,
      }),
    );
    const s = deriveSecond(prev, curr, 1000);
    // Inbound: 45 arrived and 5 lost (10 %); outbound: 50 sent, 2 of them lost, 48 arrived.
    expect(s.inbound).toMatchObject({ packetsCount: 45, packetsLost: 5, audioLevel: 0.2 });
    expect(s.outbound).toMatchObject({ packetsCount: 48, packetsLost: 2, audioLevel: 0.3 });
    expect(s.rttMs).toBe(120);
    expect(s.jitterMs).toBe(30); // the worse direction
    const inboundMos = mosFromNetwork({ rttMs: 120, jitterMs: 20, packetLossPercent: 10 });
    const outboundMos = mosFromNetwork({ rttMs: 120, jitterMs: 30, packetLossPercent: 4 });
    expect(s.inbound?.mos).toBeCloseTo(inboundMos, 3);
    expect(s.outbound?.mos).toBeCloseTo(outboundMos, 3);
    // 10 % loss is audible: about 3.3 with the simple E-model, well under the clean call's 4.4.
    expect(s.inbound?.mos).toBeLessThan(3.5);
  });

  it('uses the candidate pair RTT until RTCP measured one', () => {
    const prev = readStats(report({ received: 0, lost: 0, sent: 0, remoteLost: 0 }));
    const curr = readStats(
      report({ received: 50, lost: 0, sent: 50, remoteLost: 0, pairRttS: 0.08 }),
    );
    expect(deriveSecond(prev, curr, 1000).rttMs).toBe(80);
  });

  it('gives no MOS to a direction where no packet was expected (nothing to rate)', () => {
    const prev = readStats(
      report({ received: 500, lost: 0, sent: 500, remoteLost: 0, rttS: 0.05 }),
    );
    const curr = readStats(
      report({ received: 500, lost: 0, sent: 550, remoteLost: 0, rttS: 0.05 }),
    );
    const s = deriveSecond(prev, curr, 1000);
    expect(s.inbound).toEqual({ packetsCount: 0, packetsLost: 0, audioLevel: 0.2 });
    expect(s.outbound?.mos).toBeGreaterThan(4);
  });

  it('counts a replaced stream (new SSRC) from zero and a reset counter from zero again', () => {
    const prev = readStats(
      report({ received: 900, lost: 3, sent: 900, remoteLost: 0, rttS: 0.05 }),
    );
    const replaced = readStats(
      report({ received: 40, lost: 1, sent: 950, remoteLost: 0, rttS: 0.05, inboundId: 'IA2' }),
    );
    expect(deriveSecond(prev, replaced, 1000).inbound).toMatchObject({
      packetsCount: 40,
      packetsLost: 1,
    });
    const reset = readStats(
      report({ received: 30, lost: 0, sent: 1000, remoteLost: 0, rttS: 0.05 }),
    );
    expect(deriveSecond(prev, reset, 1000).inbound).toMatchObject({
      packetsCount: 30,
      packetsLost: 0,
    });
  });

  it('scales a long interval (throttled timer) back to one second', () => {
    const prev = readStats(report({ received: 0, lost: 0, sent: 0, remoteLost: 0, rttS: 0.05 }));
    const curr = readStats(
      report({ received: 200, lost: 8, sent: 200, remoteLost: 0, rttS: 0.05 }),
    );
    expect(deriveSecond(prev, curr, 4000).inbound).toMatchObject({
      packetsCount: 50,
      packetsLost: 2,
    });
  });

  it('applies a codec impairment when asked', () => {
    const prev = readStats(report({ received: 0, lost: 0, sent: 0, remoteLost: 0, rttS: 0.1 }));
    const curr = readStats(report({ received: 49, lost: 1, sent: 50, remoteLost: 0, rttS: 0.1 }));
    const plain = deriveSecond(prev, curr, 1000);
    const g729 = deriveSecond(prev, curr, 1000, { codec: CODEC_IMPAIRMENTS.g729a });
    expect(g729.inbound?.mos).toBeLessThan(plain.inbound?.mos ?? 0);
  });
});
