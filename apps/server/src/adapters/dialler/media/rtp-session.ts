/**
 * One call's RTP endpoint on a UDP socket: sends 20 ms G.711 frames paced against the start
 * time (frame n leaves at start + n*20 ms, so timer lateness never accumulates), sends the
 * answer treatment as RFC 4733 events, records received audio, collects DTMF, echoes if asked.
 */
import { createSocket, type Socket } from 'node:dgram';
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import { DtmfReceiver, dtmfPacketPlan, encodeTelephoneEvent, type ReceivedDtmf } from './dtmf.ts';
import { G711_PAYLOAD_TYPE, G711_SILENCE, type G711Law } from './g711.ts';
import {
  addTimestamp,
  nextSequence,
  parseRtp,
  randomUint32,
  serializeRtp,
  type RtpPacket,
} from './rtp.ts';
import { scheduleTreatment, type TreatmentStep } from './treatment.ts';
import type { WavFileWriter } from './wav.ts';

const FRAME_MS = 20;
const FRAME_SAMPLES = 160;
/** Echoed audio queued beyond this (5 s) is dropped: a flood must not grow the queue. */
const MAX_QUEUED_FRAMES = 250;
/** An echoed payload larger than any G.711 frame we would send (100 ms) is dropped. */
const MAX_ECHO_PAYLOAD_BYTES = 800;

/** Whether our (udp4) RTP socket can send there: an IPv4 address and a port in 1..65535. */
export function isUsableRtpAddress(remote: { address: string; port: number }): boolean {
  return (
    isIP(remote.address) === 4 &&
    Number.isInteger(remote.port) &&
    remote.port >= 1 &&
    remote.port <= 65535
  );
}

export interface RtpSessionOptions {
  law: G711Law;
  /** Dynamic payload type negotiated for telephone-event; default 101. */
  dtmfPayloadType?: number;
  /** Local address; default 127.0.0.1, port 0 (any free port). */
  host?: string;
  port?: number;
  /** Received audio goes here (the caller closes it). */
  recorder?: WavFileWriter;
  /** Send received audio back (the answering endpoint's echo behaviour). */
  echo?: boolean;
  /** DTMF tone length and the silence between keys with no pause written. */
  toneMs?: number;
  gapMs?: number;
  onDtmf?: (digit: ReceivedDtmf) => void;
  /**
   * Takes each outgoing datagram instead of the socket (a probe's network profile, issue 18):
   * it calls `send` later, or never. Datagrams sent after close() are dropped.
   */
  transmit?: (datagram: Buffer, send: (datagram: Buffer) => void) => void;
  /** Each received audio packet in this session's law (a jitter buffer or a meter). */
  onAudio?: (packet: RtpPacket) => void;
  /** The next frame's audio when none is queued (a relay's playout); silence when undefined. */
  nextFrame?: () => Uint8Array | undefined;
}

interface DtmfFrame {
  timestamp: number;
  packets: { marker: boolean; payload: Uint8Array }[];
}

/** An RTP endpoint; create with RtpSession.open, point at the far end with start(). */
export class RtpSession {
  readonly dtmf = new DtmfReceiver();
  /** Packets sent and received (valid RTP only), and datagrams ignored. */
  readonly stats = { sent: 0, received: 0, ignored: 0, lateFrames: 0, sendErrors: 0 };

  private remote: { address: string; port: number } | null = null;
  private readonly ssrc = randomUint32();
  private seq = randomUint32() & 0xffff;
  private readonly tsBase = randomUint32();
  private startMs = 0;
  private frame = 0;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private audio: Uint8Array[] = [];
  private readonly dtmfFrames = new Map<number, DtmfFrame>();
  private treatmentDone: { frame: number; resolve: () => void }[] = [];
  private readonly dtmfPayloadType: number;
  /** The G.711 law sent and expected; the answer's choice may change it before start(). */
  private law: G711Law;

  private constructor(
    private readonly socket: Socket,
    private readonly options: RtpSessionOptions,
  ) {
    this.dtmfPayloadType = options.dtmfPayloadType ?? 101;
    this.law = options.law;
    socket.on('message', (msg) => {
      try {
        this.receive(msg);
      } catch {
        // A listener (recorder, meter, DTMF) that fails on a hostile packet loses that packet.
        this.stats.ignored++;
      }
    });
  }

  /** Binds the socket. */
  static async open(options: RtpSessionOptions): Promise<RtpSession> {
    const socket = createSocket('udp4');
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      // exclusive: not shared with other node:cluster workers (see SipUdpTransport.bind).
      const address = options.host ?? '127.0.0.1';
      socket.bind({ port: options.port ?? 0, address, exclusive: true }, () => {
        socket.off('error', reject);
        resolve();
      });
    });
    socket.on('error', () => undefined); // ICMP port unreachable etc.: RTP is best effort
    return new RtpSession(socket, options);
  }

  /** The local port (for SDP). */
  get port(): number {
    return this.socket.address().port;
  }

  /** Switches to the law the far end chose in its answer (before start()). */
  useLaw(law: G711Law): void {
    this.law = law;
  }

  /**
   * Starts sending one frame every 20 ms to the far end (silence when no audio is queued).
   * A far end that cannot be sent to (port 0, 70000, not an IP address) gets nothing: the
   * session still runs its clock and receives, and counts each frame in stats.sendErrors.
   */
  start(remote: { address: string; port: number }): void {
    this.remote = { address: remote.address, port: remote.port };
    if (this.timer) return;
    this.startMs = performance.now();
    this.frame = 0;
    this.tick();
  }

  /** Queues G.711 audio (in this session's law) to send after what is queued. */
  sendAudio(codes: Uint8Array): void {
    for (let o = 0; o < codes.length; o += FRAME_SAMPLES) {
      const f = new Uint8Array(FRAME_SAMPLES).fill(G711_SILENCE[this.law]);
      f.set(codes.subarray(o, o + FRAME_SAMPLES));
      this.audio.push(f);
    }
  }

  /** Sends the treatment as RFC 4733 events from the next frame; resolves after the last key. */
  sendTreatment(steps: readonly TreatmentStep[]): Promise<void> {
    if (!this.timer) throw new Error('RTP session is not started');
    const { digits, totalMs } = scheduleTreatment(steps, {
      toneMs: this.options.toneMs ?? 100,
      gapMs: this.options.gapMs ?? 60,
    });
    const first = this.frame;
    for (const { digit, atMs } of digits) {
      const startFrame = first + Math.round(atMs / FRAME_MS);
      const timestamp = addTimestamp(this.tsBase, startFrame * FRAME_SAMPLES);
      for (const p of dtmfPacketPlan(digit, {
        toneMs: this.options.toneMs ?? 100,
        packetMs: FRAME_MS,
      })) {
        const f = startFrame + Math.round(p.offsetMs / FRAME_MS);
        const entry = this.dtmfFrames.get(f) ?? { timestamp, packets: [] };
        entry.packets.push({ marker: p.marker, payload: encodeTelephoneEvent(p.payload) });
        this.dtmfFrames.set(f, entry);
      }
    }
    return new Promise((resolve) => {
      this.treatmentDone.push({ frame: first + Math.ceil(totalMs / FRAME_MS), resolve });
    });
  }

  /** Stops sending and closes the socket. */
  close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const t of this.treatmentDone) t.resolve();
    this.treatmentDone = [];
    return new Promise((resolve) => this.socket.close(() => resolve()));
  }

  private tick(): void {
    if (this.closed) return;
    const due = Math.floor((performance.now() - this.startMs) / FRAME_MS);
    if (due - this.frame > 1) this.stats.lateFrames += due - this.frame - 1;
    while (this.frame <= due) {
      try {
        this.sendFrame(this.frame++);
      } catch {
        // A frame that cannot be built (our own bug) is skipped; the clock goes on.
        this.stats.sendErrors++;
      }
    }
    this.treatmentDone = this.treatmentDone.filter((t) => {
      if (t.frame > this.frame) return true;
      t.resolve();
      return false;
    });
    const nextAt = this.startMs + this.frame * FRAME_MS;
    this.timer = setTimeout(() => this.tick(), Math.max(0, nextAt - performance.now()));
  }

  private sendFrame(n: number): void {
    const dtmf = this.dtmfFrames.get(n);
    if (dtmf) {
      this.dtmfFrames.delete(n);
      for (const p of dtmf.packets) {
        this.send(this.dtmfPayloadType, p.marker, dtmf.timestamp, p.payload);
      }
      this.audio.shift(); // the key replaces this frame's audio
      return;
    }
    const audio =
      this.audio.shift() ??
      this.options.nextFrame?.() ??
      new Uint8Array(FRAME_SAMPLES).fill(G711_SILENCE[this.law]);
    this.send(
      G711_PAYLOAD_TYPE[this.law],
      false,
      addTimestamp(this.tsBase, n * FRAME_SAMPLES),
      audio,
    );
  }

  private send(payloadType: number, marker: boolean, timestamp: number, payload: Uint8Array): void {
    if (!this.remote) return;
    const datagram = serializeRtp({
      marker,
      payloadType,
      sequenceNumber: this.seq,
      timestamp,
      ssrc: this.ssrc,
      csrcs: [],
      payload,
    });
    this.seq = nextSequence(this.seq);
    this.stats.sent++;
    const remote = this.remote;
    if (!this.options.transmit) {
      this.transmitNow(datagram, remote);
      return;
    }
    this.options.transmit(datagram, (d) => {
      if (!this.closed) this.transmitNow(d, remote);
    });
  }

  /** Never throws: dgram throws synchronously for a bad port or address (ERR_SOCKET_BAD_PORT). */
  private transmitNow(datagram: Buffer, remote: { address: string; port: number }): void {
    if (!isUsableRtpAddress(remote)) {
      this.stats.sendErrors++;
      return;
    }
    try {
      this.socket.send(datagram, remote.port, remote.address);
    } catch {
      this.stats.sendErrors++;
    }
  }

  private receive(msg: Buffer): void {
    if (this.closed) return;
    const packet = parseRtp(msg);
    if (!packet) {
      this.stats.ignored++;
      return;
    }
    this.stats.received++;
    if (packet.payloadType === this.dtmfPayloadType) {
      const d = this.dtmf.push(packet, performance.now() - this.startMs);
      if (d) this.options.onDtmf?.(d);
      return;
    }
    if (packet.payloadType !== G711_PAYLOAD_TYPE[this.law]) {
      this.stats.ignored++;
      return;
    }
    this.options.onAudio?.(packet);
    this.options.recorder?.appendG711(packet.payload, this.law);
    if (
      this.options.echo &&
      packet.payload.length <= MAX_ECHO_PAYLOAD_BYTES &&
      this.audio.length < MAX_QUEUED_FRAMES
    ) {
      this.audio.push(packet.payload);
    }
  }
}
