/**
 * RTP fixed header (RFC 3550 §5.1): serialize and parse. Parsing never throws: a datagram
 * from the network that is not a well-formed RTP version 2 packet gives null.
 */
import { randomBytes } from 'node:crypto';

export interface RtpHeaderExtension {
  /** The 16-bit profile-defined value before the extension length. */
  profile: number;
  /** Extension words (length is a multiple of 4). */
  data: Uint8Array;
}

export interface RtpPacket {
  marker: boolean;
  payloadType: number;
  /** 16-bit, wraps at 65536. */
  sequenceNumber: number;
  /** 32-bit, wraps at 2^32, in clock-rate units (8000 Hz for G.711 and telephone-event). */
  timestamp: number;
  ssrc: number;
  csrcs: number[];
  extension?: RtpHeaderExtension;
  payload: Uint8Array;
}

export interface SerializeOptions {
  /** Padding octets to append (1..255), counted in the last octet as RFC 3550 says. */
  paddingBytes?: number;
}

/** Smallest RTP packet: the 12-byte fixed header. */
export const RTP_HEADER_BYTES = 12;

/** Serializes a packet; throws RangeError on field values our own code should never produce. */
export function serializeRtp(packet: RtpPacket, options: SerializeOptions = {}): Buffer {
  const { marker, payloadType, sequenceNumber, timestamp, ssrc, csrcs, extension, payload } =
    packet;
  checkInt('payloadType', payloadType, 0, 127);
  checkInt('sequenceNumber', sequenceNumber, 0, 0xffff);
  checkInt('timestamp', timestamp, 0, 0xffffffff);
  checkInt('ssrc', ssrc, 0, 0xffffffff);
  if (csrcs.length > 15) throw new RangeError('RTP allows at most 15 CSRCs');
  csrcs.forEach((c) => checkInt('csrc', c, 0, 0xffffffff));
  const padding = options.paddingBytes ?? 0;
  checkInt('paddingBytes', padding, 0, 255);
  if (extension) {
    checkInt('extension.profile', extension.profile, 0, 0xffff);
    if (extension.data.length % 4 !== 0 || extension.data.length / 4 > 0xffff) {
      throw new RangeError('RTP header extension data must be a multiple of 4 bytes');
    }
  }
  const extBytes = extension ? 4 + extension.data.length : 0;
  const size = RTP_HEADER_BYTES + csrcs.length * 4 + extBytes + payload.length + padding;
  const buf = Buffer.alloc(size);
  buf[0] = 0x80 | (padding > 0 ? 0x20 : 0) | (extension ? 0x10 : 0) | csrcs.length;
  buf[1] = (marker ? 0x80 : 0) | payloadType;
  buf.writeUInt16BE(sequenceNumber, 2);
  buf.writeUInt32BE(timestamp, 4);
  buf.writeUInt32BE(ssrc, 8);
  let offset = RTP_HEADER_BYTES;
  for (const c of csrcs) {
    buf.writeUInt32BE(c, offset);
    offset += 4;
  }
  if (extension) {
    buf.writeUInt16BE(extension.profile, offset);
    buf.writeUInt16BE(extension.data.length / 4, offset + 2);
    buf.set(extension.data, offset + 4);
    offset += extBytes;
  }
  buf.set(payload, offset);
  if (padding > 0) buf[size - 1] = padding;
  return buf;
}

/** Parses a datagram; null when it is not a valid RTP v2 packet. The payload is a copy. */
export function parseRtp(datagram: Uint8Array): RtpPacket | null {
  if (!(datagram instanceof Uint8Array) || datagram.length < RTP_HEADER_BYTES) return null;
  const view = new DataView(datagram.buffer, datagram.byteOffset, datagram.byteLength);
  const b0 = view.getUint8(0);
  const b1 = view.getUint8(1);
  if (b0 >> 6 !== 2) return null;
  const hasPadding = (b0 & 0x20) !== 0;
  const hasExtension = (b0 & 0x10) !== 0;
  const csrcCount = b0 & 0x0f;
  let offset = RTP_HEADER_BYTES;
  let end = datagram.length;
  if (offset + csrcCount * 4 > end) return null;
  const csrcs: number[] = [];
  for (let i = 0; i < csrcCount; i++) {
    csrcs.push(view.getUint32(offset));
    offset += 4;
  }
  let extension: RtpHeaderExtension | undefined;
  if (hasExtension) {
    if (offset + 4 > end) return null;
    const profile = view.getUint16(offset);
    const words = view.getUint16(offset + 2);
    const dataStart = offset + 4;
    if (dataStart + words * 4 > end) return null;
    extension = {
      profile,
      data: new Uint8Array(datagram.subarray(dataStart, dataStart + words * 4)),
    };
    offset = dataStart + words * 4;
  }
  if (hasPadding) {
    const count = view.getUint8(end - 1);
    if (count === 0 || end - count < offset) return null;
    end -= count;
  }
  const packet: RtpPacket = {
    marker: (b1 & 0x80) !== 0,
    payloadType: b1 & 0x7f,
    sequenceNumber: view.getUint16(2),
    timestamp: view.getUint32(4),
    ssrc: view.getUint32(8),
    csrcs,
    payload: new Uint8Array(datagram.subarray(offset, end)),
  };
  if (extension) packet.extension = extension;
  return packet;
}

/** RTCP packet types 200-204 sit where RTP's marker + payload type 72-76 would (RFC 5761 §4). */
export function looksLikeRtcp(datagram: Uint8Array): boolean {
  const b1 = datagram[1];
  return datagram.length >= 8 && b1 !== undefined && b1 >= 192 && b1 <= 223;
}

/** The sequence number after `seq`, wrapping at 65536. */
export function nextSequence(seq: number): number {
  return (seq + 1) & 0xffff;
}

/** `ts + delta` wrapped at 2^32 (delta may be negative). */
export function addTimestamp(ts: number, delta: number): number {
  return (((ts + delta) % 0x100000000) + 0x100000000) % 0x100000000;
}

/** Signed distance b - a between 16-bit sequence numbers, in -32768..32767 (handles wrap). */
export function sequenceDelta(a: number, b: number): number {
  return ((((b - a) & 0xffff) + 0x8000) & 0xffff) - 0x8000;
}

/** Signed distance b - a between 32-bit timestamps (handles wrap). */
export function timestampDelta(a: number, b: number): number {
  return (b - a) | 0;
}

/** A random 32-bit unsigned value, for SSRCs and initial timestamps (RFC 3550 §5.1). */
export function randomUint32(): number {
  return randomBytes(4).readUInt32BE(0);
}

function checkInt(name: string, value: number, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`RTP ${name} must be an integer in ${min}..${max}, got ${value}`);
  }
}
