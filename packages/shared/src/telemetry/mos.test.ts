import { describe, expect, it } from 'vitest';
import {
  CODEC_IMPAIRMENTS,
  combinedMos,
  effectiveLatencyMs,
  mosFromNetwork,
  mosFromR,
  mosRating,
  packetLossPercent,
  rFactor,
} from './mos.ts';

const net = (rttMs: number, jitterMs: number, packetLossPercent: number) => ({
  rttMs,
  jitterMs,
  packetLossPercent,
});

describe('E-model MOS (simplified ITU-T G.107)', () => {
  it('gives the ceiling for a perfect network', () => {
    // R = 93.2 − (0 + 0 + 10)/40 = 92.95; MOS = 1 + 0.035·92.95 + 7e-6·92.95·32.95·7.05 = 1 + 3.25325 + 0.15114 = 4.40439
    expect(rFactor(net(0, 0, 0))).toBeCloseTo(92.95, 6);
    expect(mosFromNetwork(net(0, 0, 0))).toBeCloseTo(4.4044, 3);
    // R0 itself: 1 + 3.262 + 7e-6·93.2·33.2·6.8 = 4.40929 (the "≈ 4.41" of the tools)
    expect(mosFromR(93.2)).toBeCloseTo(4.4093, 3);
  });

  it('counts jitter twice and 10 ms of codec delay below 160 ms', () => {
    // eff = 100 + 40 + 10 = 150 < 160 → R = 93.2 − 3.75 = 89.45
    // MOS = 1 + 3.13075 + 7e-6·89.45·29.45·10.55 = 4.32529
    expect(effectiveLatencyMs(100, 20)).toBe(150);
    expect(rFactor(net(100, 20, 0))).toBeCloseTo(89.45, 6);
    expect(mosFromNetwork(net(100, 20, 0))).toBeCloseTo(4.3253, 3);
  });

  it('uses (latency − 120)/10 from 160 ms on', () => {
    // eff = 200 + 0 + 10 = 210 → R = 93.2 − 9 = 84.2; MOS = 1 + 2.947 + 7e-6·84.2·24.2·15.8 = 4.17236
    expect(rFactor(net(200, 0, 0))).toBeCloseTo(84.2, 6);
    expect(mosFromNetwork(net(200, 0, 0))).toBeCloseTo(4.1724, 3);
    // Both branches meet at 160 ms: 160/40 = (160 − 120)/10 = 4
    expect(rFactor(net(150, 0, 0))).toBeCloseTo(89.2, 6);
    expect(rFactor(net(149, 0, 0))).toBeCloseTo(93.2 - 159 / 40, 6);
  });

  it('takes 2.5 R per percent of packet loss (a percentage, not a fraction)', () => {
    // R = 92.95 − 2.5·2 = 87.95; MOS = 1 + 3.07825 + 7e-6·87.95·27.95·12.05 = 4.28560
    expect(rFactor(net(0, 0, 2))).toBeCloseTo(87.95, 6);
    expect(mosFromNetwork(net(0, 0, 2))).toBeCloseTo(4.2856, 3);
    expect(mosFromNetwork(net(0, 0, 0.02))).toBeGreaterThan(4.4);
  });

  it('clamps R at 0 and MOS at 1 for a hopeless network', () => {
    expect(rFactor(net(0, 0, 40))).toBe(0);
    expect(mosFromNetwork(net(0, 0, 40))).toBe(1);
    expect(mosFromNetwork(net(3000, 500, 0))).toBe(1);
    expect(mosFromR(3)).toBe(1);
    expect(mosFromR(100)).toBeCloseTo(4.5, 6);
  });

  it('accepts another R0', () => {
    // R = 95 − 0.25 = 94.75; MOS = 1 + 3.31625 + 7e-6·94.75·34.75·5.25 = 4.43725
    expect(mosFromNetwork(net(0, 0, 0), { r0: 95 })).toBeCloseTo(4.4373, 3);
  });

  it('has a codec-aware form with Ie and Bpl', () => {
    // G.711 with PLC: Ie,eff = 95·1/(1 + 25.1) = 3.63985 → R = 92.95 − 3.63985 = 89.31015 → MOS 4.32173
    expect(mosFromNetwork(net(0, 0, 1), { codec: CODEC_IMPAIRMENTS.g711 })).toBeCloseTo(4.3217, 3);
    // No loss: G.711 equals the simple form; G.729A loses Ie = 11 → R = 81.95 → MOS 4.09553
    expect(mosFromNetwork(net(0, 0, 0), { codec: CODEC_IMPAIRMENTS.g711 })).toBeCloseTo(
      mosFromNetwork(net(0, 0, 0)),
      9,
    );
    expect(mosFromNetwork(net(0, 0, 0), { codec: CODEC_IMPAIRMENTS.g729a })).toBeCloseTo(4.0955, 3);
  });

  it('rates MOS in the bands seen in practice', () => {
    expect([4.3, 4.2, 4.1, 4.0, 3.7, 3.6, 3.1, 3.0, 1].map(mosRating)).toEqual([
      5, 4, 4, 3, 3, 2, 2, 1, 1,
    ]);
  });
});

describe('per-second helpers', () => {
  it('weights inbound 0.6 and outbound 0.4, or takes the one measured', () => {
    expect(combinedMos(4, 3)).toBeCloseTo(3.6, 9);
    expect(combinedMos(4, null)).toBe(4);
    expect(combinedMos(undefined, 3)).toBe(3);
    expect(combinedMos(null, null)).toBeNull();
  });

  it('computes loss as lost / (received + lost) in percent', () => {
    expect(packetLossPercent(49, 1)).toBeCloseTo(2, 9);
    expect(packetLossPercent(0, 0)).toBeNull();
    expect(packetLossPercent(null, null)).toBeNull();
    expect(packetLossPercent(50, null)).toBe(0);
  });
});
