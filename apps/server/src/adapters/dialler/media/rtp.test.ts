import { describe, expect, it } from 'vitest';
import {
  addTimestamp,
  looksLikeRtcp,
  nextSequence,
  parseRtp,
  sequenceDelta,
  serializeRtp,
  timestampDelta,
  type RtpPacket,
} from './rtp.ts';
import { present } from './test-support.ts';

const base: RtpPacket = {
  marker: false,
  payloadType: 0,
  sequenceNumber: 1234,
  timestamp: 160_000,
  ssrc: 0xdeadbeef,
  csrcs: [],
  payload: Uint8Array.from([1, 2, 3, 4]),
};

describe('RTP serialize', () => {
  it('writes the RFC 3550 fixed header byte for byte', () => {
    const buf = serializeRtp({ ...base, marker: true, payloadType: 101 });
    expect(Array.from(buf.subarray(0, 12))).toEqual([
      0x80,
      0x80 | 101,
      0x04,
      0xd2,
      0x00,
      0x02,
      0x71,
      0x00,
      0xde,
      0xad,
      0xbe,
      0xef,
    ]);
    expect(Array.from(buf.subarray(12))).toEqual([1, 2, 3, 4]);
  });

  it('round-trips marker, payload type, sequence, timestamp, SSRC, CSRCs and extension', () => {
    const packet: RtpPacket = {
      marker: true,
      payloadType: 8,
      sequenceNumber: 65535,
      timestamp: 0xffffffff,
      ssrc: 1,
      csrcs: [0x11111111, 0xffffffff],
      extension: { profile: 0xbede, data: Uint8Array.from([9, 8, 7, 6, 5, 4, 3, 2]) },
      payload: new Uint8Array(160).fill(0xd5),
    };
    expect(parseRtp(serializeRtp(packet))).toEqual(packet);
  });

  it('strips padding on parse', () => {
    const buf = serializeRtp(base, { paddingBytes: 3 });
    expect(buf.length).toBe(12 + 4 + 3);
    expect(present(buf[0]) & 0x20).toBe(0x20);
    expect(parseRtp(buf)?.payload).toEqual(base.payload);
  });

  it('refuses out-of-range fields from our own code', () => {
    expect(() => serializeRtp({ ...base, sequenceNumber: 65536 })).toThrow(/sequenceNumber/);
    expect(() => serializeRtp({ ...base, timestamp: -1 })).toThrow(/timestamp/);
    expect(() => serializeRtp({ ...base, payloadType: 128 })).toThrow(/payloadType/);
  });
});

describe('RTP parse of hostile datagrams', () => {
  const good = serializeRtp({ ...base, csrcs: [7] });

  it('returns null instead of throwing', () => {
    const bad: Uint8Array[] = [
      new Uint8Array(0),
      new Uint8Array(11).fill(0x80),
      Uint8Array.from([0x40, ...good.subarray(1)]), // version 1
      Uint8Array.from([0x82, ...good.subarray(1, 16)]), // 2 CSRCs announced, 1 present
      Uint8Array.from([0x90, ...good.subarray(1, 12), 0xbe, 0xde, 0x00, 0x05]), // extension overruns
      Uint8Array.from([0x90, ...good.subarray(1, 12), 0xbe]), // extension header cut
      Uint8Array.from([0xa0, ...good.subarray(1, 12), 1, 2, 0]), // padding count 0
      Uint8Array.from([0xa0, ...good.subarray(1, 12), 1, 2, 9]), // padding longer than payload
    ];
    for (const datagram of bad) expect(parseRtp(datagram)).toBeNull();
  });

  it('survives random bytes', () => {
    let seed = 42;
    const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) & 0xff;
    for (let i = 0; i < 5000; i++) {
      const datagram = Uint8Array.from({ length: rand() % 64 }, rand);
      const parsed = parseRtp(datagram);
      if (parsed) expect(parsed.payload.length).toBeLessThanOrEqual(datagram.length - 12);
    }
  });

  it('reads a packet that sits inside a larger buffer', () => {
    const outer = Buffer.concat([Buffer.from([9, 9, 9]), good]);
    expect(parseRtp(outer.subarray(3))?.csrcs).toEqual([7]);
  });

  it('tells RTCP from RTP', () => {
    expect(looksLikeRtcp(Uint8Array.from([0x80, 200, 0, 6, 0, 0, 0, 1]))).toBe(true);
    expect(looksLikeRtcp(good)).toBe(false);
  });
});

describe('RTP counters', () => {
  it('wraps the sequence at 65536 and the timestamp at 2^32', () => {
    expect(nextSequence(65535)).toBe(0);
    expect(nextSequence(7)).toBe(8);
    expect(addTimestamp(0xffffff60, 160)).toBe(0);
    expect(addTimestamp(0, -160)).toBe(0xffffff60);
  });

  it('measures distances across the wrap', () => {
    expect(sequenceDelta(65535, 0)).toBe(1);
    expect(sequenceDelta(0, 65535)).toBe(-1);
    expect(sequenceDelta(100, 90)).toBe(-10);
    expect(timestampDelta(0xffffff60, 0x000000a0)).toBe(320);
    expect(timestampDelta(0xa0, 0xffffff60)).toBe(-320);
  });
});
