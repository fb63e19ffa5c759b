/**
 * Reads the counters the collector needs from one getStats() report (W3C webrtc-stats names).
 * Every audio RTP stream is summed, so a stream replaced mid-call (new SSRC) keeps counting.
 */

/** One stats object as getStats() yields it: only `id` and `type` are guaranteed. */
export interface StatsEntry {
  id: string;
  type: string;
  timestamp?: number;
  [field: string]: unknown;
}

/** What getStats() resolves to (an RTCStatsReport), or a recorded list of its entries. */
export type StatsSource = { forEach(callback: (entry: StatsEntry) => void): void };

/** Cumulative counters of one RTP stream, keyed by the stream's stats id in the snapshot. */
export interface StreamCounters {
  packets: number;
  packetsLost: number;
}

/** The collector's view of one report: cumulative counters plus the latest gauges. */
export interface StatsSnapshot {
  /** inbound-rtp (audio): packets received and lost by the agent's side. */
  inbound: Map<string, StreamCounters>;
  /** outbound-rtp (audio): packets the agent sent (packetsLost comes from remote-inbound-rtp). */
  outbound: Map<string, StreamCounters>;
  /** Jitter of what the agent receives, ms (inbound-rtp). */
  inboundJitterMs: number | null;
  /** Jitter the far end measures on what the agent sends, ms (remote-inbound-rtp). */
  outboundJitterMs: number | null;
  /** Level of the audio the agent hears, 0..1 (inbound-rtp). */
  inboundAudioLevel: number | null;
  /** Level of the agent's microphone, 0..1 (media-source). */
  outboundAudioLevel: number | null;
  /** Round-trip time, ms: remote-inbound-rtp (RTCP) first, else the selected candidate pair. */
  rttMs: number | null;
  /** The selected candidate pair's local candidate (address and type), when known. */
  localCandidate: {
    address: string | null;
    relatedAddress: string | null;
    type: string | null;
    networkType: string | null;
  };
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);
const isAudio = (e: StatsEntry) => e.kind === 'audio' || e.mediaType === 'audio';

/** Largest of the values that are present, or null. */
function maxOf(values: (number | null)[]): number | null {
  const present = values.filter((v): v is number => v !== null);
  return present.length > 0 ? Math.max(...present) : null;
}

/** The candidate pair in use: the transport's selected pair, else a nominated succeeded one. */
function selectedPair(byId: Map<string, StatsEntry>): StatsEntry | null {
  for (const e of byId.values()) {
    if (e.type !== 'transport') continue;
    const pair = byId.get(str(e.selectedCandidatePairId) ?? '');
    if (pair) return pair;
  }
  let best: StatsEntry | null = null;
  for (const e of byId.values()) {
    if (e.type !== 'candidate-pair' || e.state !== 'succeeded') continue;
    if (e.selected === true) return e;
    if (e.nominated !== true) continue;
    if (!best || (num(e.bytesReceived) ?? 0) > (num(best.bytesReceived) ?? 0)) best = e;
  }
  return best;
}

/** Reads a getStats() report into a snapshot. */
export function readStats(report: StatsSource): StatsSnapshot {
  const byId = new Map<string, StatsEntry>();
  report.forEach((entry) => byId.set(entry.id, entry));

  const inbound = new Map<string, StreamCounters>();
  const outbound = new Map<string, StreamCounters>();
  const inboundJitter: (number | null)[] = [];
  const outboundJitter: (number | null)[] = [];
  const inboundLevels: (number | null)[] = [];
  const outboundLevels: (number | null)[] = [];
  const rtcpRtt: (number | null)[] = [];
  const lostBySender = new Map<string, number>();

  for (const e of byId.values()) {
    if (!isAudio(e)) continue;
    if (e.type === 'inbound-rtp') {
      inbound.set(e.id, {
        packets: num(e.packetsReceived) ?? 0,
        packetsLost: Math.max(0, num(e.packetsLost) ?? 0),
      });
      const jitter = num(e.jitter);
      inboundJitter.push(jitter === null ? null : jitter * 1000);
      inboundLevels.push(num(e.audioLevel));
    } else if (e.type === 'remote-inbound-rtp') {
      const jitter = num(e.jitter);
      outboundJitter.push(jitter === null ? null : jitter * 1000);
      const rtt = num(e.roundTripTime);
      rtcpRtt.push(rtt === null ? null : rtt * 1000);
      const localId = str(e.localId);
      if (localId) lostBySender.set(localId, Math.max(0, num(e.packetsLost) ?? 0));
    } else if (e.type === 'media-source') {
      outboundLevels.push(num(e.audioLevel));
    }
  }
  for (const e of byId.values()) {
    if (e.type !== 'outbound-rtp' || !isAudio(e)) continue;
    // remote-inbound-rtp names its sender by localId; older browsers only link the other way.
    const lost = lostBySender.get(e.id) ?? lostBySender.get(str(e.remoteId) ?? '') ?? 0;
    outbound.set(e.id, { packets: num(e.packetsSent) ?? 0, packetsLost: lost });
  }

  const pair = selectedPair(byId);
  const pairRtt = num(pair?.currentRoundTripTime);
  const local = pair ? byId.get(str(pair.localCandidateId) ?? '') : undefined;

  return {
    inbound,
    outbound,
    inboundJitterMs: maxOf(inboundJitter),
    outboundJitterMs: maxOf(outboundJitter),
    inboundAudioLevel: maxOf(inboundLevels),
    outboundAudioLevel: maxOf(outboundLevels),
    rttMs: maxOf(rtcpRtt) ?? (pairRtt === null ? null : pairRtt * 1000),
    localCandidate: {
      address: str(local?.address) ?? str(local?.ip),
      relatedAddress: str(local?.relatedAddress),
      type: str(local?.candidateType),
      networkType: str(local?.networkType),
    },
  };
}
