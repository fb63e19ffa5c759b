/**
 * RFC 4733 telephone-events for DTMF: the 4-byte payload, the packets a sender emits for one
 * digit, and a receiver that reports each digit once (end packets are sent three times).
 */

/** DTMF keys in RFC 4733 event-code order (0-9, *, #, A-D = events 0..15). */
export const DTMF_DIGITS = '0123456789*#ABCD';

export type DtmfDigit =
  '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '*' | '#' | 'A' | 'B' | 'C' | 'D';

/** True when `c` is one DTMF key. */
export function isDtmfDigit(c: string): c is DtmfDigit {
  return c.length === 1 && DTMF_DIGITS.includes(c);
}

/** RFC 4733 event code of a key. */
export function dtmfEventCode(digit: DtmfDigit): number {
  return DTMF_DIGITS.indexOf(digit);
}

/** The key of an event code, or null for non-DTMF events (flash, tones ...). */
export function dtmfDigitOfEvent(event: number): DtmfDigit | null {
  const c = DTMF_DIGITS[event];
  return c !== undefined && isDtmfDigit(c) ? c : null;
}

export interface TelephoneEvent {
  /** 0..255; 0-15 are DTMF. */
  event: number;
  end: boolean;
  /** Power level in -dBm0, 0..63 (larger is quieter). */
  volume: number;
  /** Samples since the event's timestamp, 0..65535. */
  duration: number;
}

/** Serializes a telephone-event payload (RFC 4733 §2.3). */
export function encodeTelephoneEvent(e: TelephoneEvent): Uint8Array {
  checkInt('event', e.event, 0, 255);
  checkInt('volume', e.volume, 0, 63);
  checkInt('duration', e.duration, 0, 0xffff);
  return Uint8Array.from([
    e.event,
    (e.end ? 0x80 : 0) | e.volume,
    e.duration >> 8,
    e.duration & 0xff,
  ]);
}

/** Parses a telephone-event payload; null when it is shorter than 4 bytes. */
export function decodeTelephoneEvent(payload: Uint8Array): TelephoneEvent | null {
  if (payload.length < 4) return null;
  const [event = 0, flags = 0, hi = 0, lo = 0] = payload;
  return { event, end: (flags & 0x80) !== 0, volume: flags & 0x3f, duration: (hi << 8) | lo };
}

export interface DtmfSendOptions {
  /** How long the key is held; default 100 ms. At most 8000 ms (one event's 16-bit duration). */
  toneMs?: number;
  /** Packet interval; default 20 ms. */
  packetMs?: number;
  /** -dBm0; default 10. */
  volume?: number;
  /** RTP clock; default 8000 Hz (the telephone-event rate used with G.711). */
  clockRate?: number;
}

export interface DtmfPacketPlan {
  /** When to send, from the event start. */
  offsetMs: number;
  /** RTP marker bit: set on the first packet of the event only. */
  marker: boolean;
  payload: TelephoneEvent;
}

/**
 * The packets for one key press, all carrying the event-start RTP timestamp: an update every
 * packetMs with the growing duration (marker on the first), then the final duration with the
 * end bit three times at the moment the tone ends.
 */
export function dtmfPacketPlan(digit: DtmfDigit, options: DtmfSendOptions = {}): DtmfPacketPlan[] {
  const toneMs = options.toneMs ?? 100;
  const packetMs = options.packetMs ?? 20;
  const volume = options.volume ?? 10;
  const clockRate = options.clockRate ?? 8000;
  if (!(packetMs > 0)) throw new RangeError('DTMF packet interval must be positive');
  const totalSamples = Math.round((toneMs * clockRate) / 1000);
  if (!(toneMs >= packetMs) || totalSamples > 0xffff) {
    throw new RangeError(`DTMF tone length must be ${packetMs}..8000 ms, got ${toneMs}`);
  }
  const event = dtmfEventCode(digit);
  const packetSamples = Math.round((packetMs * clockRate) / 1000);
  const plan: DtmfPacketPlan[] = [];
  for (let k = 0; (k + 1) * packetMs < toneMs; k++) {
    plan.push({
      offsetMs: k * packetMs,
      marker: k === 0,
      payload: { event, end: false, volume, duration: (k + 1) * packetSamples },
    });
  }
  const endOffsetMs = plan.length * packetMs;
  for (let r = 0; r < 3; r++) {
    plan.push({
      offsetMs: endOffsetMs,
      marker: plan.length === 0,
      payload: { event, end: true, volume, duration: totalSamples },
    });
  }
  return plan;
}

export interface ReceivedDtmf {
  digit: DtmfDigit;
  /** RTP timestamp of the event start (the same in all its packets). */
  timestamp: number;
  /** Local clock (ms) when its first packet arrived. */
  receivedAtMs: number;
  /** Latest duration seen, in samples. */
  durationSamples: number;
  ended: boolean;
}

/**
 * Turns telephone-event packets into key presses. An event is identified by its RTP timestamp
 * (RFC 4733 §2.5.1.1), so repeated updates and the three end packets give one digit, and the
 * same key pressed twice gives two.
 */
export class DtmfReceiver {
  /** Every key press seen, in arrival order. */
  readonly digits: ReceivedDtmf[] = [];
  // A few recent events: a late retransmission of an earlier event must not count again.
  private readonly recent: ReceivedDtmf[] = [];

  /** Feeds one telephone-event RTP packet; returns the digit when it is a new key press. */
  push(
    packet: { timestamp: number; payload: Uint8Array },
    receivedAtMs: number,
  ): ReceivedDtmf | null {
    const te = decodeTelephoneEvent(packet.payload);
    if (!te) return null;
    const digit = dtmfDigitOfEvent(te.event);
    if (!digit) return null;
    const known = this.recent.find((d) => d.timestamp === packet.timestamp);
    if (known) {
      if (te.duration > known.durationSamples) known.durationSamples = te.duration;
      if (te.end) known.ended = true;
      return null;
    }
    const received: ReceivedDtmf = {
      digit,
      timestamp: packet.timestamp,
      receivedAtMs,
      durationSamples: te.duration,
      ended: te.end,
    };
    this.digits.push(received);
    this.recent.push(received);
    if (this.recent.length > 8) this.recent.shift();
    return received;
  }

  /** The keys received so far as one string, e.g. "12#3". */
  text(): string {
    return this.digits.map((d) => d.digit).join('');
  }
}

function checkInt(name: string, value: number, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(
      `telephone-event ${name} must be an integer in ${min}..${max}, got ${value}`,
    );
  }
}
