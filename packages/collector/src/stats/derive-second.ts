import {
  mosFromNetwork,
  packetLossPercent,
  type MosOptions,
} from '@callsight/shared/telemetry/mos';
import type { StatsSnapshot, StreamCounters } from './read-stats.ts';

/** One direction of a second, in the ingestion API's terms. */
export interface DirectionSecond {
  /** E-model MOS of the second; absent when no packet was expected (nothing to rate) or RTT is unknown. */
  mos?: number;
  /** Packets that arrived at the receiving end in the second. */
  packetsCount: number;
  /** Packets lost on the way in the second. */
  packetsLost: number;
  audioLevel?: number;
}

/** The network part of one sample, derived from two consecutive snapshots. */
export interface DerivedSecond {
  /** What the agent receives (inbound-rtp). */
  inbound: DirectionSecond | null;
  /** What the agent sends, as the far end saw it (outbound-rtp and remote-inbound-rtp). */
  outbound: DirectionSecond | null;
  rttMs: number | null;
  /** The worse direction's jitter, ms. */
  jitterMs: number | null;
}

/** A sample interval longer than this is scaled back to per-second counts (timer throttled). */
const SCALE_AFTER_MS = 1500;

const round = (v: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
};

/**
 * Sum of the counters' growth over the streams of `curr`. A stream new since `prev` counts from
 * zero; a counter that went backwards (the stream was reset) counts from zero again.
 */
function growth(
  prev: Map<string, StreamCounters>,
  curr: Map<string, StreamCounters>,
): StreamCounters {
  let packets = 0;
  let packetsLost = 0;
  for (const [id, now] of curr) {
    const before = prev.get(id) ?? { packets: 0, packetsLost: 0 };
    packets += now.packets >= before.packets ? now.packets - before.packets : now.packets;
    packetsLost +=
      now.packetsLost >= before.packetsLost
        ? now.packetsLost - before.packetsLost
        : now.packetsLost;
  }
  return { packets, packetsLost };
}

function direction(
  counts: { arrived: number; lost: number },
  audioLevel: number | null,
  rttMs: number | null,
  jitterMs: number | null,
  scale: number,
  mosOptions: MosOptions | undefined,
): DirectionSecond {
  const packetsCount = Math.round(counts.arrived * scale);
  const packetsLost = Math.round(counts.lost * scale);
  const second: DirectionSecond = { packetsCount, packetsLost };
  const loss = packetLossPercent(packetsCount, packetsLost);
  if (loss !== null && rttMs !== null) {
    const measures = { rttMs, jitterMs: jitterMs ?? 0, packetLossPercent: loss };
    second.mos = round(mosFromNetwork(measures, mosOptions), 3);
  }
  if (audioLevel !== null) second.audioLevel = round(Math.min(1, Math.max(0, audioLevel)), 4);
  return second;
}

/**
 * The per-second figures between two snapshots taken `elapsedMs` apart: packets and losses per
 * direction (scaled to one second when the interval ran long), audio levels, RTT, jitter, and a
 * MOS per direction from the shared E-model with that direction's loss and jitter.
 */
export function deriveSecond(
  prev: StatsSnapshot,
  curr: StatsSnapshot,
  elapsedMs: number,
  mosOptions?: MosOptions,
): DerivedSecond {
  const scale = elapsedMs > SCALE_AFTER_MS ? 1000 / elapsedMs : 1;
  const rttMs = curr.rttMs === null ? null : round(curr.rttMs, 3);

  let inbound: DirectionSecond | null = null;
  if (curr.inbound.size > 0) {
    const g = growth(prev.inbound, curr.inbound);
    const jitter = curr.inboundJitterMs ?? curr.outboundJitterMs;
    inbound = direction(
      { arrived: g.packets, lost: g.packetsLost },
      curr.inboundAudioLevel,
      rttMs,
      jitter,
      scale,
      mosOptions,
    );
  }

  let outbound: DirectionSecond | null = null;
  if (curr.outbound.size > 0) {
    const g = growth(prev.outbound, curr.outbound);
    // Sent minus lost is what arrived; losses are reported by RTCP and may lag the packets.
    const lost = Math.min(g.packetsLost, g.packets);
    const jitter = curr.outboundJitterMs ?? curr.inboundJitterMs;
    outbound = direction(
      { arrived: g.packets - lost, lost },
      curr.outboundAudioLevel,
      rttMs,
      jitter,
      scale,
      mosOptions,
    );
  }

  const jitters = [curr.inboundJitterMs, curr.outboundJitterMs].filter(
    (v): v is number => v !== null,
  );
  const jitterMs = jitters.length > 0 ? round(Math.max(...jitters), 3) : null;
  return { inbound, outbound, rttMs, jitterMs };
}
