/**
 * A call's seconds as stored: what the softphone sent, with a MOS estimated where it was missing,
 * and the per-second measures the call's quality is judged on.
 */
import type { AgentStatus } from './constants.ts';
import { combinedMos, mosFromNetwork, packetLossPercent, type MosOptions } from './mos.ts';
import type { IngestDirectionStats, IngestSample } from './schemas.ts';

/** One direction of a stored second. */
export interface CallSecondDirection {
  mos: number | null;
  /** True when the MOS was estimated from RTT, jitter and loss (none was sent). */
  mosComputed: boolean;
  packetsCount: number | null;
  packetsLost: number | null;
  audioLevel: number | null;
}

/** One second of a call as stored: what the softphone sent, MOS filled in where it was missing. */
export interface CallSecond {
  contactId: string;
  timeMs: number;
  inbound: CallSecondDirection | null;
  outbound: CallSecondDirection | null;
  rttMs: number | null;
  jitterMs: number | null;
  cpuAvailablePercent: number | null;
  memoryUsedPercent: number | null;
  agentStatus: AgentStatus | null;
}

function direction(
  stats: IngestDirectionStats | null | undefined,
  rttMs: number | null,
  jitterMs: number | null,
  options?: MosOptions,
): CallSecondDirection | null {
  if (!stats) return null;
  const packetsCount = stats.packetsCount ?? null;
  const packetsLost = stats.packetsLost ?? null;
  let mos = stats.mos ?? null;
  let mosComputed = false;
  const noPackets =
    packetsCount !== null && packetsLost !== null && packetsCount + packetsLost === 0;
  if (mos === null && rttMs !== null && jitterMs !== null && !noPackets) {
    const loss = packetLossPercent(packetsCount, packetsLost) ?? 0;
    mos = mosFromNetwork({ rttMs, jitterMs, packetLossPercent: loss }, options);
    mosComputed = true;
  }
  return { mos, mosComputed, packetsCount, packetsLost, audioLevel: stats.audioLevel ?? null };
}

/**
 * A validated sample as a stored second. A direction without MOS gets one from the E-model when
 * RTT and jitter are known (loss from its packets, 0 when they were not sent); a direction that
 * says it received no packet at all keeps no MOS (nothing was heard, nothing to rate).
 */
export function toCallSecond(sample: IngestSample, options?: MosOptions): CallSecond {
  const rttMs = sample.rttMs ?? null;
  const jitterMs = sample.jitterMs ?? null;
  return {
    contactId: sample.contactId,
    timeMs: sample.timestamp,
    inbound: direction(sample.inbound, rttMs, jitterMs, options),
    outbound: direction(sample.outbound, rttMs, jitterMs, options),
    rttMs,
    jitterMs,
    cpuAvailablePercent: sample.cpuAvailablePercent ?? null,
    memoryUsedPercent: sample.memoryUsedPercent ?? null,
    agentStatus: sample.agentStatus ?? null,
  };
}

/** Overall MOS of a second (0.6 inbound + 0.4 outbound, or the one measured). */
export function secondMos(s: CallSecond): number | null {
  return combinedMos(s.inbound?.mos, s.outbound?.mos);
}

/** Worse direction's packet loss of a second, in percent. */
export function secondLossPercent(s: CallSecond): number | null {
  const a = s.inbound ? packetLossPercent(s.inbound.packetsCount, s.inbound.packetsLost) : null;
  const b = s.outbound ? packetLossPercent(s.outbound.packetsCount, s.outbound.packetsLost) : null;
  if (a === null) return b;
  if (b === null) return a;
  return Math.max(a, b);
}

/** Estimated one-way audio latency: half the RTT, a jitter buffer of twice the jitter, 10 ms codec delay. */
export function audioLatencyMs(rttMs: number | null, jitterMs: number | null): number | null {
  return rttMs === null ? null : rttMs / 2 + 2 * (jitterMs ?? 0) + 10;
}
