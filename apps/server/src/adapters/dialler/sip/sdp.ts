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

/** Parses the first audio stream of an SDP body; throws SipParseError when it has none. */
export function parseSdp(text: string): SdpAudio {
  let sessionAddress: string | undefined;
  let mediaAddress: string | undefined;
  let audio: Omit<SdpAudio, 'address'> | undefined;
  let inAudio = false;
  let sessionDirection: SdpAudio['direction'] = 'sendrecv';
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.length < 2 || line[1] !== '=') continue;
    const type = line[0];
    const value = line.slice(2);
    if (type === 'm') {
      if (audio) break; // only the first audio stream matters
      const media = /^audio (\d+)(?:\/\d+)? (\S+)((?: \d+)*)$/.exec(value);
      inAudio = media !== null;
      if (media) {
        audio = {
          port: Number(media[1]),
          payloadTypes: (media[3] ?? '').trim().split(/\s+/).filter(Boolean).map(Number),
          rtpmap: new Map(),
          fmtp: new Map(),
          direction: sessionDirection,
        };
      }
    } else if (type === 'c') {
      const conn = /^IN IP[46] ([^\s/]+)/.exec(value);
      if (!conn) throw new SipParseError(`Malformed SDP connection line: "${line.slice(0, 80)}"`);
      if (inAudio) mediaAddress = conn[1];
      else if (!audio) sessionAddress = conn[1];
    } else if (type === 'a') {
      const direction = /^(sendrecv|sendonly|recvonly|inactive)$/.exec(value)?.[1] as
        SdpAudio['direction'] | undefined;
      if (direction) {
        if (inAudio && audio) audio.direction = direction;
        else if (!audio) sessionDirection = direction;
      }
      if (!inAudio || !audio) continue;
      const rtpmap = /^rtpmap:(\d+) ([^/\s]+)\/(\d+)(?:\/(\d+))?/.exec(value);
      if (rtpmap) {
        audio.rtpmap.set(Number(rtpmap[1]), {
          encoding: rtpmap[2] ?? '',
          clockRate: Number(rtpmap[3]),
          ...(rtpmap[4] ? { channels: Number(rtpmap[4]) } : {}),
        });
      }
      const fmtp = /^fmtp:(\d+) (.*)$/.exec(value);
      if (fmtp) audio.fmtp.set(Number(fmtp[1]), fmtp[2] ?? '');
      const ptime = /^ptime:(\d+)/.exec(value);
      if (ptime) audio.ptimeMs = Number(ptime[1]);
    }
  }
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
