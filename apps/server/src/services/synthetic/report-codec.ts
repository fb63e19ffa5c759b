import type { WireCallReport, WireStream } from '@callsight/shared';
import type { ContactCentreCallReport } from '../../adapters/dialler/contact-centre.ts';
import { ReceivedStream } from './network-profile.ts';

/**
 * The contact centre's report of a call on the wire, for a remote probe (issue 18): each received
 * stream travels as its packets' arrivals and is replayed into a ReceivedStream on the probe, so
 * that loss, jitter, delays and per-second figures are computed there exactly as in process.
 */
export function encodeStream(stream: ReceivedStream): WireStream {
  const a = stream.arrivals;
  return {
    law: stream.law,
    arrivalMs: a.map((x) => x.arrivalMs),
    // The stream keeps sequence numbers relative to its first packet; only deltas matter.
    sequenceNumber: a.map((x) => x.relSeq & 0xffff),
    timestamp: a.map((x) => x.timestamp),
    payloadLength: a.map((x) => x.payload.length),
    payload: Buffer.concat(a.map((x) => x.payload)).toString('base64'),
  };
}

/** Replays a wire stream's packets at their arrival times. */
export function decodeStream(wire: WireStream): ReceivedStream {
  const n = wire.arrivalMs.length;
  if (
    wire.sequenceNumber.length !== n ||
    wire.timestamp.length !== n ||
    wire.payloadLength.length !== n
  ) {
    throw new Error('A wire stream has arrays of different lengths');
  }
  const bytes = Buffer.from(wire.payload, 'base64');
  let now = 0;
  const stream = new ReceivedStream(wire.law, () => now);
  let offset = 0;
  for (let i = 0; i < n; i += 1) {
    const length = wire.payloadLength[i] ?? 0;
    if (offset + length > bytes.length)
      throw new Error('A wire stream is shorter than its packets');
    now = wire.arrivalMs[i] ?? 0;
    stream.push({
      marker: false,
      payloadType: wire.law === 'pcmu' ? 0 : 8,
      sequenceNumber: wire.sequenceNumber[i] ?? 0,
      timestamp: wire.timestamp[i] ?? 0,
      ssrc: 0,
      csrcs: [],
      payload: new Uint8Array(bytes.subarray(offset, offset + length)),
    });
    offset += length;
  }
  return stream;
}

const encodeOrNull = (s: ReceivedStream | null) => (s ? encodeStream(s) : null);
const decodeOrNull = (s: WireStream | null) => (s ? decodeStream(s) : null);

export function encodeReport(report: ContactCentreCallReport): WireCallReport {
  const { customer, agent, ...rest } = report;
  return {
    ...rest,
    customer: encodeStream(customer),
    agent: agent
      ? { ...agent, atConnect: encodeOrNull(agent.atConnect), atAgent: encodeOrNull(agent.atAgent) }
      : null,
  };
}

export function decodeReport(wire: WireCallReport): ContactCentreCallReport {
  const { customer, agent, ...rest } = wire;
  return {
    ...rest,
    customer: decodeStream(customer),
    agent: agent
      ? { ...agent, atConnect: decodeOrNull(agent.atConnect), atAgent: decodeOrNull(agent.atAgent) }
      : null,
  };
}
