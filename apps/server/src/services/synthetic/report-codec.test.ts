import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WireStreamSchema } from '@callsight/shared';
import { ReceivedStream } from './network-profile.ts';
import { decodeStream, encodeStream } from './report-codec.ts';

/** A received stream fed with `packets` (sequence, timestamp, arrival, payload byte). */
function streamOf(packets: { seq: number; ts: number; at: number; byte: number; len: number }[]) {
  let now = 0;
  const stream = new ReceivedStream('pcma', () => now);
  for (const p of packets) {
    now = p.at;
    stream.push({
      marker: false,
      payloadType: 8,
      sequenceNumber: p.seq & 0xffff,
      timestamp: p.ts >>> 0,
      ssrc: 1,
      csrcs: [],
      payload: new Uint8Array(p.len).fill(p.byte),
    });
  }
  return stream;
}

describe('the wire form of a received stream (remote probes)', () => {
  it('replays into the same figures: loss, jitter, delays, seconds and payloads, across sequence wrap-around', () => {
    const packet = fc.record({
      gap: fc.integer({ min: 1, max: 3 }), // 2 and 3: packets lost
      jitter: fc.integer({ min: 0, max: 40 }),
      byte: fc.integer({ min: 0, max: 255 }),
      len: fc.constantFrom(0, 80, 160),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0xffff }),
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.array(packet, { minLength: 0, maxLength: 300 }),
        fc.boolean(),
        (seq0, ts0, steps, reorder) => {
          let seq = seq0;
          const t0 = 1_764_000_000_000;
          const packets = steps.map((s, i) => {
            seq += s.gap;
            const n = seq - seq0;
            return {
              seq,
              ts: ts0 + n * 160,
              at: t0 + n * 20 + s.jitter + i * 0.001,
              byte: s.byte,
              len: s.len,
            };
          });
          if (reorder && packets.length > 3) {
            const [x, y] = [packets[1], packets[2]];
            if (x && y) [packets[1], packets[2]] = [y, x];
          }
          const original = streamOf(packets);
          const wire = WireStreamSchema.parse(JSON.parse(JSON.stringify(encodeStream(original))));
          const copy = decodeStream(wire);
          const clock = { timestamp: ts0 >>> 0, sentAtMs: t0 };
          expect(copy.received).toBe(original.received);
          expect(copy.lost).toBe(original.lost);
          expect(copy.lossPercent).toBe(original.lossPercent);
          expect(copy.jitterMs).toBeCloseTo(original.jitterMs ?? 0, 9);
          expect(copy.meanDelayMs(clock)).toBe(original.meanDelayMs(clock));
          expect(copy.perSecond(t0, clock)).toEqual(original.perSecond(t0, clock));
          expect(copy.arrivals.map((a) => [...a.payload])).toEqual(
            original.arrivals.map((a) => [...a.payload]),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it('refuses a stream whose arrays disagree or whose payload is short', () => {
    const wire = encodeStream(streamOf([{ seq: 1, ts: 160, at: 1000, byte: 7, len: 160 }]));
    expect(() => decodeStream({ ...wire, timestamp: [] })).toThrow(/different lengths/);
    expect(() => decodeStream({ ...wire, payload: '' })).toThrow(/shorter than its packets/);
  });
});
