import { isIPv4, isIPv6 } from 'node:net';
import { SipParseError } from './message.ts';

/** Static payload types of G.711 (RFC 3551) and our telephone-event type (RFC 4733). */
export const PCMU = 0;
export const PCMA = 8;
export const TELEPHONE_EVENT = 101;

export type AudioCodec = 'PCMU' | 'PCMA';

const STATIC_CODECS: Record<number, AudioCodec> = { [PCMU]: 'PCMU', [PCMA]: 'PCMA' };

export interface SdpOfferOptions {
  /** Our RTP address (c= line). */
  address: string;
  /** Our RTP port (m=audio). */
  port: number;
  /** Payload types in order of preference; default PCMU then PCMA. */
  codecs?: number[];
  /** telephone-event payload type, or null to leave DTMF events out. */
  telephoneEvent?: number | null;
  sessionId?: string;
  sessionVersion?: number;
  direction?: 'sendrecv' | 'sendonly' | 'recvonly' | 'inactive';
  ptimeMs?: number;
}

function codecName(pt: number): AudioCodec {
  const name = STATIC_CODECS[pt];
  if (!name) throw new Error(`Unsupported payload type ${pt}`);
  return name;
}

/** Builds an audio offer or answer with rtpmap for each codec and telephone-event 0-16. */
export function buildSdp(options: SdpOfferOptions): string {
  const codecs = options.codecs ?? [PCMU, PCMA];
  const telephoneEvent =
    options.telephoneEvent === undefined ? TELEPHONE_EVENT : options.telephoneEvent;
  const payloads = telephoneEvent === null ? codecs : [...codecs, telephoneEvent];
  const sessionId = options.sessionId ?? String(Date.now());
  const ip = options.address.includes(':') ? 'IP6' : 'IP4';
  const lines = [
    'v=0',
    `o=callsight ${sessionId} ${options.sessionVersion ?? 1} IN ${ip} ${options.address}`,
    's=callsight',
    `c=IN ${ip} ${options.address}`,
    't=0 0',
    `m=audio ${options.port} RTP/AVP ${payloads.join(' ')}`,
    ...codecs.map((pt) => `a=rtpmap:${pt} ${codecName(pt)}/8000`),
  ];
  if (telephoneEvent !== null) {
    lines.push(`a=rtpmap:${telephoneEvent} telephone-event/8000`);
    lines.push(`a=fmtp:${telephoneEvent} 0-16`);
  }
  lines.push(`a=ptime:${options.ptimeMs ?? 20}`, `a=${options.direction ?? 'sendrecv'}`);
  return lines.join('\r\n') + '\r\n';
}

export interface RtpMap {
  encoding: string;
  clockRate: number;
  channels?: number;
}

/** The audio part of a session description. */
export interface SdpAudio {
  address: string;
  port: number;
  /** Payload types of the m= line, in the sender's order of preference. */
  payloadTypes: number[];
  rtpmap: Map<number, RtpMap>;
  fmtp: Map<number, string>;
  direction: 'sendrecv' | 'sendonly' | 'recvonly' | 'inactive';
  ptimeMs?: number;
}

/** Bounds of a sane SDP body: an audio offer has some 15 lines of under 100 characters. */
const MAX_SDP_LINES = 256;
const MAX_SDP_LINE_CHARS = 1024;
const MAX_PAYLOAD_TYPES = 64;

function sdpError(message: string): SipParseError {
  return new SipParseError(`Unusable SDP: ${message}`);
}

/** An RTP port a stream can use (RFC 4566 §5.14; 0 is a rejected stream, RFC 3264 §6). */
function parsePort(text: string, acceptRejected: boolean): number {
  if (!/^\d{1,5}$/.test(text)) throw sdpError(`audio port "${text.slice(0, 20)}" is not a number`);
  const port = Number(text);
  if (port === 0 && !acceptRejected) throw sdpError('the audio stream is rejected (port 0)');
  if (port > 65535) throw sdpError(`audio port ${port} is out of range 1..65535`);
  return port;
}

function parsePayloadType(text: string): number {
  const pt = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
  if (!(pt <= 127)) throw sdpError(`payload type "${text.slice(0, 20)}" is not in 0..127`);
  return pt;
}

/** `IN IP4 <address>` or `IN IP6 <address>` (RFC 4566 §5.7), a literal address only. */
function parseConnection(value: string): string {
  const conn = /^IN (IP4|IP6) ([^\s/]+)(?:\/\d+){0,2}$/.exec(value.trim());
  if (!conn) throw new SipParseError(`Malformed SDP connection line: "c=${value.slice(0, 80)}"`);
  const [, type, address = ''] = conn;
  if (type === 'IP4' ? !isIPv4(address) : !isIPv6(address)) {
    throw sdpError(`connection address "${address.slice(0, 80)}" is not an ${type} address`);
  }
  return address;
}

/**
 * Parses the first audio stream of an SDP body; throws SipParseError when the body is not SDP
 * or the stream is unusable: no audio, a port outside 1..65535, payload types outside 0..127,
 * no literal connection address, or more lines than any real offer carries. With
 * `acceptRejectedStream` an audio port of 0 is returned as 0 (for a side that sends no media).
 */
export function parseSdp(text: string, options: { acceptRejectedStream?: boolean } = {}): SdpAudio {
  let sessionAddress: string | undefined;
  let mediaAddress: string | undefined;
  let audio: Omit<SdpAudio, 'address'> | undefined;
  let inAudio = false;
  let sessionDirection: SdpAudio['direction'] = 'sendrecv';
  const lines = text.split(/\r?\n/);
  if (lines.length > MAX_SDP_LINES) throw sdpError(`more than ${MAX_SDP_LINES} lines`);
  let seenVersion = false;
  /** Past the first m= line: c= and a= lines belong to a stream, not the session. */
  let inMedia = false;
  for (const [index, raw] of lines.entries()) {
    if (raw.length > MAX_SDP_LINE_CHARS) {
      throw sdpError(`line ${index + 1} is longer than ${MAX_SDP_LINE_CHARS} characters`);
    }
    const line = raw.trim();
    if (line.length === 0) continue;
    if (!/^[a-z]=/.test(line)) throw sdpError(`line ${index + 1} is not a <type>=<value> line`);
    const type = line[0];
    const value = line.slice(2);
    if (!seenVersion) {
      if (type !== 'v' || value.trim() !== '0') throw sdpError('it does not start with v=0');
      seenVersion = true;
      continue;
    }
    if (type === 'm') {
      inMedia = true;
      inAudio = false;
      if (audio) break; // only the first audio stream matters
      const fields = value.trim().split(/ +/);
      if (fields[0] !== 'audio') continue;
      const [, portText = '', proto = '', ...formats] = fields;
      const port = parsePort(portText.replace(/\/\d+$/, ''), options.acceptRejectedStream ?? false);
      if (!/^[A-Za-z0-9/]+$/.test(proto)) throw sdpError(`media transport "${proto.slice(0, 40)}"`);
      if (formats.length === 0) throw sdpError('the audio stream lists no payload types');
      if (formats.length > MAX_PAYLOAD_TYPES) throw sdpError('too many payload types');
      inAudio = true;
      audio = {
        port,
        payloadTypes: formats.map(parsePayloadType),
        rtpmap: new Map(),
        fmtp: new Map(),
        direction: sessionDirection,
      };
    } else if (inMedia && !inAudio) {
      continue; // a line of a stream other than audio
    } else if (type === 'c') {
      const address = parseConnection(value);
      if (inAudio) mediaAddress = address;
      else sessionAddress = address;
    } else if (type === 'a') {
      const direction = /^(sendrecv|sendonly|recvonly|inactive)$/.exec(value)?.[1] as
        SdpAudio['direction'] | undefined;
      if (direction) {
        if (audio) audio.direction = direction;
        else sessionDirection = direction;
      }
      if (!audio) continue;
      // Attributes are extensible: ones we cannot read are ignored, not refused.
      const rtpmap = /^rtpmap:(\d{1,3}) ([^/\s]+)\/(\d{1,9})(?:\/(\d{1,2}))?/.exec(value);
      if (rtpmap && Number(rtpmap[1]) <= 127) {
        audio.rtpmap.set(Number(rtpmap[1]), {
          encoding: rtpmap[2] ?? '',
          clockRate: Number(rtpmap[3]),
          ...(rtpmap[4] ? { channels: Number(rtpmap[4]) } : {}),
        });
      }
      const fmtp = /^fmtp:(\d{1,3}) (.*)$/.exec(value);
      if (fmtp && Number(fmtp[1]) <= 127) audio.fmtp.set(Number(fmtp[1]), fmtp[2] ?? '');
      const ptime = /^ptime:(\d{1,4})$/.exec(value);
      if (ptime) audio.ptimeMs = Number(ptime[1]);
    }
  }
  if (!seenVersion) throw sdpError('the body is empty');
  if (!audio) throw new SipParseError('SDP has no audio stream');
  const address = mediaAddress ?? sessionAddress;
  if (!address) throw new SipParseError('SDP has no connection address');
  return { ...audio, address };
}

/** The encoding name of a payload type: its rtpmap, or the static table (RFC 3551). */
function encodingOf(audio: SdpAudio, pt: number): string | undefined {
  return audio.rtpmap.get(pt)?.encoding.toUpperCase() ?? STATIC_CODECS[pt];
}

export interface Negotiated {
  codec: AudioCodec;
  payloadType: number;
  /** The peer's telephone-event payload type, if it offered one. */
  telephoneEvent?: number;
}

/**
 * Picks the first codec of the remote list that we support (the offerer's preference,
 * RFC 3264 §6.1); undefined when none is common.
 */
export function negotiate(
  remote: SdpAudio,
  supported: AudioCodec[] = ['PCMU', 'PCMA'],
): Negotiated | undefined {
  let telephoneEvent: number | undefined;
  for (const pt of remote.payloadTypes) {
    const map = remote.rtpmap.get(pt);
    if (map?.encoding.toLowerCase() === 'telephone-event' && map.clockRate === 8000) {
      telephoneEvent = pt;
      break;
    }
  }
  for (const pt of remote.payloadTypes) {
    const encoding = encodingOf(remote, pt);
    if (encoding === 'PCMU' || encoding === 'PCMA') {
      if (!supported.includes(encoding)) continue;
      return {
        codec: encoding,
        payloadType: pt,
        ...(telephoneEvent !== undefined ? { telephoneEvent } : {}),
      };
    }
  }
  return undefined;
}
