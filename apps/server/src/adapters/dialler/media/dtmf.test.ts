import { describe, expect, it } from 'vitest';
import {
  DtmfReceiver,
  decodeTelephoneEvent,
  dtmfEventCode,
  dtmfPacketPlan,
  encodeTelephoneEvent,
  type DtmfDigit,
} from './dtmf.ts';
import { present } from './test-support.ts';

describe('RFC 4733 telephone-event payload', () => {
  it('encodes event, end bit, volume and duration in 4 bytes', () => {
    expect(
      Array.from(encodeTelephoneEvent({ event: 11, end: true, volume: 10, duration: 800 })),
    ).toEqual([11, 0x80 | 10, 0x03, 0x20]);
    expect(
      Array.from(encodeTelephoneEvent({ event: 5, end: false, volume: 63, duration: 65535 })),
    ).toEqual([5, 63, 0xff, 0xff]);
  });

  it('decodes what it encodes, ignoring the reserved bit', () => {
    const e = { event: 15, end: true, volume: 36, duration: 1234 };
    expect(decodeTelephoneEvent(encodeTelephoneEvent(e))).toEqual(e);
    expect(decodeTelephoneEvent(Uint8Array.from([1, 0x40 | 7, 0, 160]))).toEqual({
      event: 1,
      end: false,
      volume: 7,
      duration: 160,
    });
    expect(decodeTelephoneEvent(Uint8Array.from([1, 2, 3]))).toBeNull();
  });

  it('maps keys to event codes 0-15', () => {
    expect(['0', '9', '*', '#', 'A', 'D'].map((d) => dtmfEventCode(d as DtmfDigit))).toEqual([
      0, 9, 10, 11, 12, 15,
    ]);
  });

  it('refuses fields out of range', () => {
    expect(() => encodeTelephoneEvent({ event: 1, end: false, volume: 64, duration: 0 })).toThrow(
      /volume/,
    );
    expect(() =>
      encodeTelephoneEvent({ event: 1, end: false, volume: 0, duration: 65536 }),
    ).toThrow(/duration/);
  });
});

describe('DTMF sender plan', () => {
  it('sends updates every 20 ms with the marker on the first, then three end packets', () => {
    const plan = dtmfPacketPlan('#', { toneMs: 100 });
    expect(plan.map((p) => [p.offsetMs, p.marker, p.payload.end, p.payload.duration])).toEqual([
      [0, true, false, 160],
      [20, false, false, 320],
      [40, false, false, 480],
      [60, false, false, 640],
      [80, false, true, 800],
      [80, false, true, 800],
      [80, false, true, 800],
    ]);
    expect(new Set(plan.map((p) => p.payload.event))).toEqual(new Set([11]));
  });

  it('marks the first end packet when the tone is a single packet long', () => {
    const plan = dtmfPacketPlan('1', { toneMs: 20 });
    expect(plan.map((p) => [p.marker, p.payload.end, p.payload.duration])).toEqual([
      [true, true, 160],
      [false, true, 160],
      [false, true, 160],
    ]);
  });

  it('refuses tones longer than one event can carry', () => {
    expect(() => dtmfPacketPlan('1', { toneMs: 9000 })).toThrow(/8000 ms/);
  });
});

describe('DTMF receiver', () => {
  /** The RTP packets of a plan at a given event timestamp. */
  function packets(digit: DtmfDigit, timestamp: number) {
    return dtmfPacketPlan(digit).map((p) => ({
      timestamp,
      atMs: p.offsetMs,
      payload: encodeTelephoneEvent(p.payload),
    }));
  }

  it('reports each digit once with its start, even with repeated end packets', () => {
    const rx = new DtmfReceiver();
    const reported: string[] = [];
    const stream = [...packets('1', 1000), ...packets('1', 3000), ...packets('#', 0xfffffff0)];
    stream.forEach((p, i) => {
      const d = rx.push(p, 5000 + i);
      if (d) reported.push(`${d.digit}@${d.receivedAtMs}`);
    });
    expect(reported).toEqual(['1@5000', '1@5007', '#@5014']);
    expect(rx.text()).toBe('11#');
    expect(rx.digits.map((d) => [d.timestamp, d.durationSamples, d.ended])).toEqual([
      [1000, 800, true],
      [3000, 800, true],
      [0xfffffff0, 800, true],
    ]);
  });

  it('reports a digit whose first packets were lost, and ignores a late duplicate', () => {
    const rx = new DtmfReceiver();
    const first = packets('5', 160);
    const second = packets('6', 4000);
    expect(rx.push(present(first[5]), 10)?.digit).toBe('5'); // only an end packet arrived
    expect(rx.push(present(second[0]), 20)?.digit).toBe('6');
    expect(rx.push(present(first[6]), 30)).toBeNull(); // late retransmission of the earlier end
    expect(rx.text()).toBe('56');
  });

  it('ignores short payloads and non-DTMF events', () => {
    const rx = new DtmfReceiver();
    expect(rx.push({ timestamp: 1, payload: Uint8Array.from([1, 2]) }, 0)).toBeNull();
    expect(
      rx.push(
        {
          timestamp: 2,
          payload: encodeTelephoneEvent({ event: 16, end: true, volume: 0, duration: 1 }),
        },
        0,
      ),
    ).toBeNull();
    expect(rx.text()).toBe('');
  });
});
