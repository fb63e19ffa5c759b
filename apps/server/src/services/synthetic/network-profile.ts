/**
 * The network of a synthetic test call (issue 18). A sender applies its region's profile (added
 * one-way latency, jitter and loss) to each RTP datagram, since `tc netem` is not available;
 * a receiver measures what arrived: loss by sequence numbers, RFC 3550 jitter, one-way delay
 * against the sender's clock, the audio placed by its timestamps (a recording), and a jitter
 * buffer's playout (what a relay passes on).
 */
import { performance } from 'node:perf_hooks';
import { decodeG711, type G711Law } from '../../adapters/dialler/media/g711.ts';
import { sequenceDelta, timestampDelta, type RtpPacket } from '../../adapters/dialler/media/rtp.ts';
import { Random } from '../../demo/random.ts';

/** What a region's network does to each packet its probe sends. */
export interface NetworkProfile {
  /** Added one-way delay (ms). */
  latencyMs: number;
  /** RFC 3550 interarrival jitter it causes (ms): each packet waits latency + U(0, 3 × jitter). */
  jitterMs: number;
  /** Share of packets lost, independently, 0..100. */
  lossPercent: number;
}

export const CLEAN_NETWORK_PROFILE: NetworkProfile = { latencyMs: 0, jitterMs: 0, lossPercent: 0 };

/**
 * Default profiles of the spec's connect and agent regions (ours, docs/decisions.md): the demo's
 * regions differ, Sydney clean and Mumbai lossy, so maps, insights and scores show it.
 */
export const REGION_NETWORK_PROFILES: Readonly<Record<string, NetworkProfile>> = {
  'North Virginia': { latencyMs: 25, jitterMs: 2, lossPercent: 0 },
  Oregon: { latencyMs: 45, jitterMs: 4, lossPercent: 0.2 },
  Singapore: { latencyMs: 80, jitterMs: 6, lossPercent: 0.5 },
  Sydney: { latencyMs: 5, jitterMs: 1, lossPercent: 0 },
  Tokyo: { latencyMs: 60, jitterMs: 5, lossPercent: 0.3 },
  Frankfurt: { latencyMs: 35, jitterMs: 3, lossPercent: 0.1 },
  London: { latencyMs: 30, jitterMs: 3, lossPercent: 0.1 },
  'Los Angeles': { latencyMs: 40, jitterMs: 4, lossPercent: 0.2 },
  Mumbai: { latencyMs: 110, jitterMs: 15, lossPercent: 3 },
};

/** A region's default profile; a region without one (not of the spec) sends clean. */
export function regionNetworkProfile(region: string): NetworkProfile {
  return REGION_NETWORK_PROFILES[region] ?? CLEAN_NETWORK_PROFILE;
}

/** Wall-clock milliseconds with sub-millisecond precision (comparable across processes). */
export const clockMs = (): number => performance.timeOrigin + performance.now();

const RTP_CLOCK_PER_MS = 8; // G.711 and telephone-event: 8 kHz
const FRAME_TIMESTAMPS = 160;

/** When a sender put its first datagram on the wire, and that datagram's RTP timestamp. */
export interface SendClock {
  timestamp: number;
  sentAtMs: number;
}

/**
 * One direction of a call's network: the `transmit` hook of an RtpSession. It drops packets
 * with the profile's loss (a seeded draw, so a test repeats) and delays the others.
 */
export class NetworkLink {
  clock: SendClock | null = null;
  readonly counts = { sent: 0, dropped: 0 };
  private readonly random: Random;
  private readonly pending = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(
    readonly profile: NetworkProfile,
    options: { seed: string; now?: () => number },
  ) {
    this.random = Random.from(options.seed);
    this.now = options.now ?? clockMs;
  }

  private readonly now: () => number;

  /** The RtpSession `transmit` option. */
  readonly transmit = (datagram: Buffer, send: (datagram: Buffer) => void): void => {
    if (this.closed) return;
    this.clock ??= { timestamp: datagram.readUInt32BE(4), sentAtMs: this.now() };
    this.counts.sent++;
    const { latencyMs, jitterMs, lossPercent } = this.profile;
    if (lossPercent > 0 && this.random.chance(lossPercent / 100)) {
      this.counts.dropped++;
      return;
    }
    const delayMs = latencyMs + (jitterMs > 0 ? this.random.between(0, 3 * jitterMs) : 0);
    if (delayMs < 0.5) {
      send(datagram);
      return;
    }
    const handle = setTimeout(() => {
      this.pending.delete(handle);
      send(datagram);
    }, delayMs);
    this.pending.add(handle);
  };

  /** Drops what is still on its way. */
  close(): void {
    this.closed = true;
    for (const handle of this.pending) clearTimeout(handle);
    this.pending.clear();
  }
}

interface Arrival {
  /** RTP timestamp relative to the first packet received (may be negative when reordered). */
  relTs: number;
  /** Sequence number extended past wrap-around, relative to the first packet received. */
  relSeq: number;
  timestamp: number;
  arrivalMs: number;
  /** The stream's jitter (ms) once this packet was counted. */
  jitterMs: number;
  payload: Uint8Array;
}

/** One second of a received stream (getStats-like). */
export interface SecondStats {
  /** Start of the second (epoch ms). */
  atMs: number;
  received: number;
  lost: number;
  /** lost / expected × 100 for this second; null when nothing was expected. */
  lossPercent: number | null;
  jitterMs: number | null;
  /** Mean one-way delay of the packets that arrived in this second; null without a clock. */
  delayMs: number | null;
}

/** A playout buffer a relay reads frame by frame (RtpSession `nextFrame`). */
export interface Playout {
  /** The frame whose playout time has come, or undefined (silence: not yet, lost or late). */
  pull(): Uint8Array | undefined;
  /** Packets that arrived after their playout time. */
  readonly late: number;
}

/** A playout this far behind its schedule (a stalled event loop) skips ahead. */
const PLAYOUT_RESYNC_MS = 200;

/** What a receiver saw of one RTP audio stream (feed it with RtpSession `onAudio`). */
export class ReceivedStream {
  readonly arrivals: Arrival[] = [];
  private first: { seq: number; ts: number } | null = null;
  private highest = { seq: 0, rel: 0 };
  private jitterTs = 0;
  private lastTransit: number | null = null;
  private readonly listeners: ((a: Arrival) => void)[] = [];

  constructor(
    readonly law: G711Law,
    private readonly now: () => number = clockMs,
  ) {}

  /** Counts one received packet. */
  push(packet: RtpPacket): void {
    const arrivalMs = this.now();
    if (!this.first) {
      this.first = { seq: packet.sequenceNumber, ts: packet.timestamp };
      this.highest = { seq: packet.sequenceNumber, rel: 0 };
    }
    const relTs = timestampDelta(this.first.ts, packet.timestamp);
    const relSeq = this.highest.rel + sequenceDelta(this.highest.seq, packet.sequenceNumber);
    if (relSeq > this.highest.rel) {
      this.highest = { seq: packet.sequenceNumber, rel: relSeq };
    }
    // RFC 3550 §6.4.1: J += (|D| - J) / 16, D the change in transit time (timestamp units).
    const transit = arrivalMs * RTP_CLOCK_PER_MS - relTs;
    if (this.lastTransit !== null) {
      this.jitterTs += (Math.abs(transit - this.lastTransit) - this.jitterTs) / 16;
    }
    this.lastTransit = transit;
    const arrival: Arrival = {
      relTs,
      relSeq,
      timestamp: packet.timestamp,
      arrivalMs,
      jitterMs: this.jitterTs / RTP_CLOCK_PER_MS,
      payload: packet.payload,
    };
    this.arrivals.push(arrival);
    for (const listener of this.listeners) listener(arrival);
  }

  get received(): number {
    return this.arrivals.length;
  }

  /** Packets expected from the first to the highest sequence number received. */
  get expected(): number {
    return this.arrivals.length === 0 ? 0 : this.highest.rel + 1;
  }

  get lost(): number {
    return Math.max(0, this.expected - this.received);
  }

  /** lost / expected × 100; null before any packet. */
  get lossPercent(): number | null {
    return this.expected === 0 ? null : (this.lost / this.expected) * 100;
  }

  /** The RFC 3550 interarrival jitter now (ms); null before any packet. */
  get jitterMs(): number | null {
    return this.arrivals.length === 0 ? null : this.jitterTs / RTP_CLOCK_PER_MS;
  }

  /**
   * The RFC 3550 jitter averaged over the stream's packets (ms); null before any packet. The
   * estimate after the last packet follows the last moments only: one stall of the receiving
   * process as the call ends (another call's analysis) would decide it.
   */
  get meanJitterMs(): number | null {
    if (this.arrivals.length === 0) return null;
    let sum = 0;
    for (const a of this.arrivals) sum += a.jitterMs;
    return sum / this.arrivals.length;
  }

  /** Mean one-way delay against the sender's clock (shared or NTP-synchronised). */
  meanDelayMs(clock: SendClock | null): number | null {
    if (!clock || this.arrivals.length === 0) return null;
    let sum = 0;
    for (const a of this.arrivals) sum += delayOf(a, clock);
    return sum / this.arrivals.length;
  }

  /** Per-second figures from `fromMs` to the last arrival. */
  perSecond(fromMs: number, clock: SendClock | null): SecondStats[] {
    const last = this.arrivals.reduce((m, a) => Math.max(m, a.arrivalMs), fromMs);
    const seconds: SecondStats[] = [];
    let i = 0;
    const sorted = [...this.arrivals].sort((a, b) => a.arrivalMs - b.arrivalMs);
    let highestBefore = -1;
    let receivedBefore = 0;
    let lostBefore = 0;
    for (let start = fromMs; start <= last; start += 1000) {
      let received = 0;
      let delaySum = 0;
      let jitterMs: number | null = null;
      let highest = highestBefore;
      while (i < sorted.length && (sorted[i]?.arrivalMs ?? Infinity) < start + 1000) {
        const a = sorted[i++];
        if (!a || a.arrivalMs < start) continue;
        received++;
        highest = Math.max(highest, a.relSeq);
        jitterMs = a.jitterMs;
        if (clock) delaySum += delayOf(a, clock);
      }
      const expected = highest - highestBefore;
      // Cumulative loss shrinks when a reordered packet fills a gap: a second never counts < 0.
      const lostSoFar = Math.max(0, highest + 1 - (receivedBefore + received));
      const lost = Math.max(0, lostSoFar - lostBefore);
      lostBefore = Math.max(lostBefore, lostSoFar);
      seconds.push({
        atMs: start,
        received,
        lost,
        lossPercent: expected > 0 ? Math.min(100, (lost / expected) * 100) : null,
        jitterMs,
        delayMs: clock && received > 0 ? delaySum / received : null,
      });
      highestBefore = highest;
      receivedBefore += received;
    }
    return seconds;
  }

  /**
   * The audio from `fromMs` to `toMs` as 16-bit samples, each packet placed by its timestamp on
   * the least-delayed packet's schedule (a recording behind a deep jitter buffer); gaps silent.
   */
  render(fromMs: number, toMs: number): Int16Array {
    const out = new Int16Array(Math.max(0, Math.round((toMs - fromMs) * RTP_CLOCK_PER_MS)));
    if (this.arrivals.length === 0) return out;
    let anchor = Infinity;
    for (const a of this.arrivals)
      anchor = Math.min(anchor, a.arrivalMs - a.relTs / RTP_CLOCK_PER_MS);
    for (const a of this.arrivals) {
      const at = anchor + a.relTs / RTP_CLOCK_PER_MS;
      const offset = Math.round((at - fromMs) * RTP_CLOCK_PER_MS);
      if (offset + a.payload.length <= 0 || offset >= out.length) continue;
      const pcm = decodeG711(a.payload, this.law);
      for (let i = 0; i < pcm.length; i++) {
        const k = offset + i;
        if (k >= 0 && k < out.length) out[k] = pcm[i] ?? 0;
      }
    }
    return out;
  }

  /**
   * A fixed-depth jitter buffer over the packets from now on: frame n plays `depthMs` after the
   * first packet's arrival plus n × 20 ms; a packet arriving after its time is late (lost).
   */
  playout(depthMs: number): Playout {
    const frames = new Map<number, Uint8Array>();
    let anchor: number | null = null;
    let cursor = 0;
    let late = 0;
    this.listeners.push((a) => {
      if (anchor === null) {
        anchor = a.arrivalMs + depthMs - a.relTs / RTP_CLOCK_PER_MS;
        cursor = a.relTs;
      }
      if (a.relTs < cursor) late++;
      else frames.set(a.relTs, a.payload);
    });
    const now = this.now;
    return {
      get late() {
        return late;
      },
      pull() {
        if (anchor === null) return undefined;
        const due = anchor + cursor / RTP_CLOCK_PER_MS;
        const t = now();
        if (due > t) return undefined;
        if (t - due > PLAYOUT_RESYNC_MS) {
          const skip = Math.floor((t - due) / 20) * FRAME_TIMESTAMPS;
          for (const key of frames.keys()) if (key < cursor + skip) frames.delete(key);
          cursor += skip;
        }
        const frame = frames.get(cursor);
        frames.delete(cursor);
        cursor += FRAME_TIMESTAMPS;
        return frame;
      },
    };
  }
}

function delayOf(a: Arrival, clock: SendClock): number {
  return (
    a.arrivalMs - (clock.sentAtMs + timestampDelta(clock.timestamp, a.timestamp) / RTP_CLOCK_PER_MS)
  );
}
