/**
 * MOS from network measurements: the simplified ITU-T G.107 E-model that WebRTC monitoring tools
 * use (DOMAIN.md), with the codec-aware impairment of G.107 §3.5 as an option.
 */

/** R0 of most WebRTC tools (G.107 default Ro − Is). */
export const DEFAULT_R0 = 93.2;

/** Equipment impairment Ie and packet-loss robustness Bpl of a codec (ITU-T G.113 Appendix I). */
export interface CodecImpairment {
  ie: number;
  bpl: number;
}

/** G.113 values for the codecs softphones use most (G.711 with packet-loss concealment). */
export const CODEC_IMPAIRMENTS = {
  g711: { ie: 0, bpl: 25.1 },
  g711NoPlc: { ie: 0, bpl: 4.3 },
  g729a: { ie: 11, bpl: 19 },
} as const satisfies Record<string, CodecImpairment>;

export interface NetworkMeasures {
  rttMs: number;
  jitterMs: number;
  /** Percentage 0..100, not a fraction. */
  packetLossPercent: number;
}

export interface MosOptions {
  /** Basic signal-to-noise ratio; 93.2 by default (94.768 or 95 for Opus in some tools). */
  r0?: number;
  /**
   * Codec-aware form: the loss term becomes the effective equipment impairment
   * Ie,eff = Ie + (95 − Ie) · Ppl / (Ppl + Bpl) (random loss, BurstR = 1).
   */
  codec?: CodecImpairment;
}

/** E-model effective latency: RTT plus twice the jitter (jitter buffer) plus 10 ms of codec delay. */
export function effectiveLatencyMs(rttMs: number, jitterMs: number): number {
  return rttMs + 2 * jitterMs + 10;
}

/** The transmission rating factor R (0..100) for the measures. */
export function rFactor(measures: NetworkMeasures, options: MosOptions = {}): number {
  const latency = effectiveLatencyMs(Math.max(0, measures.rttMs), Math.max(0, measures.jitterMs));
  const loss = Math.min(100, Math.max(0, measures.packetLossPercent));
  let r = options.r0 ?? DEFAULT_R0;
  r -= latency < 160 ? latency / 40 : (latency - 120) / 10;
  if (options.codec) {
    const { ie, bpl } = options.codec;
    r -= ie + ((95 - ie) * loss) / (loss + bpl);
  } else {
    r -= 2.5 * loss;
  }
  return Math.min(100, Math.max(0, r));
}

/** MOS (1..4.5) from R: 1 + 0.035·R + 7·10⁻⁶·R·(R − 60)·(100 − R), never below 1. */
export function mosFromR(r: number): number {
  if (!Number.isFinite(r) || r <= 0) return 1;
  const clamped = Math.min(100, r);
  const mos = 1 + 0.035 * clamped + 0.000007 * clamped * (clamped - 60) * (100 - clamped);
  return Math.min(4.5, Math.max(1, mos));
}

/** MOS estimated from RTT, jitter and packet loss (simplified E-model; codec-aware with options.codec). */
export function mosFromNetwork(measures: NetworkMeasures, options: MosOptions = {}): number {
  return mosFromR(rFactor(measures, options));
}

/** The 1..5 rating seen in practice: > 4.2 → 5, > 4.0 → 4, > 3.6 → 3, > 3.0 → 2, else 1. */
export function mosRating(mos: number): 1 | 2 | 3 | 4 | 5 {
  if (mos > 4.2) return 5;
  if (mos > 4.0) return 4;
  if (mos > 3.6) return 3;
  if (mos > 3.0) return 2;
  return 1;
}

/** Weights of a call's overall MOS per direction (DOMAIN.md: inbound is the agent's experience). */
export const CALL_MOS_WEIGHTS = { inbound: 0.6, outbound: 0.4 } as const;

/** One second's overall MOS: 0.6 · inbound + 0.4 · outbound, or the one direction measured. */
export function combinedMos(
  inbound: number | null | undefined,
  outbound: number | null | undefined,
): number | null {
  const hasIn = typeof inbound === 'number' && Number.isFinite(inbound);
  const hasOut = typeof outbound === 'number' && Number.isFinite(outbound);
  if (hasIn && hasOut)
    return CALL_MOS_WEIGHTS.inbound * inbound + CALL_MOS_WEIGHTS.outbound * outbound;
  if (hasIn) return inbound;
  if (hasOut) return outbound;
  return null;
}

/** Packet loss of one direction in percent: lost / (received + lost) · 100; null without packets. */
export function packetLossPercent(
  packetsCount: number | null | undefined,
  packetsLost: number | null | undefined,
): number | null {
  const received = packetsCount ?? 0;
  const lost = packetsLost ?? 0;
  const expected = received + lost;
  if (packetsCount == null && packetsLost == null) return null;
  return expected > 0 ? (lost / expected) * 100 : null;
}
