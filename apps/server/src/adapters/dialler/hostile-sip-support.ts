/**
 * Test support for issue 31: a raw SIP peer over UDP that sends hostile INVITEs and random
 * datagrams to an answering endpoint, and places one good call to prove it still answers.
 */
import { createSocket, type Socket } from 'node:dgram';
import fc from 'fast-check';
import {
  buildResponse,
  parseMessage,
  serializeMessage,
  type SipMessage,
  type SipResponse,
} from './sip/message.ts';
import { buildSdp, parseSdp } from './sip/sdp.ts';
import type { RemoteAddress } from './sip/transport.ts';

const CRLF = '\r\n';

/** Polls `check` (every few ms, no fixed sleep) until it gives a value; throws after timeoutMs. */
export async function until<T>(
  what: string,
  check: () => T | undefined | null | false,
  timeoutMs = 5000,
): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined && value !== null && value !== false) return value;
    if (performance.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Records uncaught exceptions and unhandled rejections while a hostile test runs. */
export function trackProcessErrors(): { errors: unknown[]; dispose(): void } {
  const errors: unknown[] = [];
  const onError = (error: unknown) => errors.push(error);
  process.on('uncaughtException', onError);
  process.on('unhandledRejection', onError);
  return {
    errors,
    dispose() {
      process.off('uncaughtException', onError);
      process.off('unhandledRejection', onError);
    },
  };
}

export interface InviteParts {
  callId: string;
  number: string;
  target: RemoteAddress;
  body: string | Buffer;
  /** undefined: application/sdp; null: no Content-Type header. */
  contentType?: string | null;
  /** Overrides the true Content-Length. */
  contentLength?: string;
  cseq?: string;
  /** Headers to leave out (e.g. Call-ID). */
  omit?: string[];
  extraHeaders?: string[];
  /** The Request-URI's parameters (the contact centre's route). */
  uriParams?: string;
}

/** A raw INVITE datagram; any header or length can be wrong on purpose. */
export function rawInvite(from: RemoteAddress, p: InviteParts): Buffer {
  const body = Buffer.isBuffer(p.body) ? p.body : Buffer.from(p.body, 'utf8');
  const host = `${p.target.address}:${p.target.port}`;
  const headers: [string, string][] = [
    ['Via', `SIP/2.0/UDP ${from.address}:${from.port};branch=z9hG4bK${p.callId};rport`],
    ['Max-Forwards', '70'],
    ['From', `<sip:+61290000100@${from.address}>;tag=${p.callId}`],
    ['To', `<sip:${p.number}@${host}>`],
    ['Call-ID', p.callId],
    ['CSeq', p.cseq ?? '1 INVITE'],
    ['Contact', `<sip:+61290000100@${from.address}:${from.port}>`],
  ];
  if (p.contentType !== null) headers.push(['Content-Type', p.contentType ?? 'application/sdp']);
  headers.push(['Content-Length', p.contentLength ?? String(body.length)]);
  const lines = [
    `INVITE sip:${p.number}@${host}${p.uriParams ?? ''} SIP/2.0`,
    ...headers.filter(([name]) => !(p.omit ?? []).includes(name)).map(([n, v]) => `${n}: ${v}`),
    ...(p.extraHeaders ?? []),
  ];
  return Buffer.concat([Buffer.from(lines.join(CRLF) + CRLF + CRLF), body]);
}

export const GOOD_OFFER = (rtpPort: number) =>
  buildSdp({ address: '127.0.0.1', port: rtpPort, sessionId: '31' });

/** A hostile INVITE and the answer that fits it: a status, or none (dropped). */
export interface HostileCase {
  name: string;
  parts: Omit<InviteParts, 'callId' | 'number' | 'target'>;
  expected: 400 | 415 | 488 | 'dropped';
}

const OFFER = GOOD_OFFER(40000);

/** The bodies of issue 31, and the other ways an INVITE can be broken. */
export const HOSTILE_CASES: HostileCase[] = [
  { name: 'application/sdp with Content-Length 0', parts: { body: '' }, expected: 488 },
  { name: 'a body that is not SDP', parts: { body: 'hello, I am not SDP\r\n' }, expected: 488 },
  {
    name: 'm=video only',
    parts: { body: OFFER.replace('m=audio 40000 RTP/AVP 0 8 101', 'm=video 40000 RTP/AVP 31') },
    expected: 488,
  },
  {
    name: 'm=audio abc',
    parts: { body: OFFER.replace('m=audio 40000', 'm=audio abc') },
    expected: 488,
  },
  {
    name: 'a Content-Length that cuts the body',
    parts: { body: OFFER, contentLength: '40' },
    expected: 488,
  },
  { name: 'no c= line', parts: { body: OFFER.replace(/c=IN IP4 [^\r]*\r\n/, '') }, expected: 488 },
  {
    name: 'm=audio 0',
    parts: { body: OFFER.replace('m=audio 40000', 'm=audio 0') },
    expected: 488,
  },
  {
    name: 'm=audio 70000',
    parts: { body: OFFER.replace('m=audio 40000', 'm=audio 70000') },
    expected: 488,
  },
  {
    name: 'payload type 300',
    parts: { body: OFFER.replace('RTP/AVP 0 8 101', 'RTP/AVP 300') },
    expected: 488,
  },
  {
    name: 'a connection address that is not an IP address',
    parts: { body: OFFER.replace('c=IN IP4 127.0.0.1', 'c=IN IP4 999.0.0.1') },
    expected: 488,
  },
  {
    name: 'an IPv6 media address (our RTP is IPv4)',
    parts: { body: OFFER.replace(/IN IP4 127\.0\.0\.1/g, 'IN IP6 ::1') },
    expected: 488,
  },
  {
    name: 'no common codec (G.729 only)',
    parts: { body: OFFER.replace('RTP/AVP 0 8 101', 'RTP/AVP 18') },
    expected: 488,
  },
  {
    name: 'non-UTF-8 bytes in the body',
    parts: {
      body: Buffer.from([0x76, 0x3d, 0x30, 0x0d, 0x0a, 0xff, 0xfe, 0xc3, 0x28, 0x0d, 0x0a]),
    },
    expected: 488,
  },
  { name: '10,000 SDP lines', parts: { body: OFFER + 'a=x\r\n'.repeat(10_000) }, expected: 488 },
  {
    name: 'Content-Type text/plain',
    parts: { body: 'hello', contentType: 'text/plain' },
    expected: 415,
  },
  { name: 'no Content-Type on a body', parts: { body: OFFER, contentType: null }, expected: 415 },
  {
    name: 'a Content-Length longer than the body',
    parts: { body: OFFER, contentLength: '4000' },
    expected: 400,
  },
  { name: 'a negative Content-Length', parts: { body: OFFER, contentLength: '-1' }, expected: 400 },
  { name: 'a CSeq of another method', parts: { body: OFFER, cseq: '1 BYE' }, expected: 400 },
  {
    name: 'a CSeq number too large',
    parts: { body: OFFER, cseq: '99999999999 INVITE' },
    expected: 'dropped',
  },
  { name: 'no Call-ID', parts: { body: OFFER, omit: ['Call-ID'] }, expected: 'dropped' },
  { name: 'no Via', parts: { body: OFFER, omit: ['Via'] }, expected: 'dropped' },
  {
    name: 'a 60 kB header',
    parts: { body: '', extraHeaders: [`X-Huge: ${'h'.repeat(60_000)}`] },
    expected: 488,
  },
  {
    name: '300 header lines',
    parts: { body: OFFER, extraHeaders: Array<string>(300).fill('X-Many: y') },
    expected: 'dropped',
  },
];

/** Random datagrams: noise, and good INVITEs cut short or with bytes overwritten. */
export function randomDatagrams(
  count: number,
  target: RemoteAddress,
  from: RemoteAddress,
): Buffer[] {
  const good = rawInvite(from, {
    callId: 'flood',
    number: '+61290001001',
    target,
    body: OFFER,
  });
  const arbitrary = fc.oneof(
    fc.uint8Array({ maxLength: 1400 }).map((bytes) => Buffer.from(bytes)),
    fc
      .tuple(fc.nat({ max: good.length }), fc.array(fc.nat({ max: good.length }), { maxLength: 8 }))
      .map(([cut, flips]) => {
        const bytes = Buffer.from(good);
        for (const i of flips) if (i < bytes.length) bytes[i] = 0xff;
        return bytes.subarray(0, cut);
      }),
  );
  return fc.sample(arbitrary, { numRuns: count, seed: 31 });
}

/** A raw SIP peer on loopback: sends datagrams, keeps what comes back, answers BYE with 200. */
export class SipPeer {
  readonly messages: SipMessage[] = [];
  private constructor(private readonly socket: Socket) {
    socket.on('message', (data) => {
      let message: SipMessage;
      try {
        message = parseMessage(data);
      } catch {
        return;
      }
      this.messages.push(message);
      if (message.kind === 'request' && message.method === 'BYE') {
        this.socket.send(serializeMessage(buildResponse(message, 200)), this.replyPort(message));
      }
    });
  }

  private replyPort(message: SipMessage): number {
    const via = message.headers.get('via') ?? '';
    return Number(/:(\d+)/.exec(via)?.[1] ?? 0);
  }

  static async open(): Promise<SipPeer> {
    const socket = createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    return new SipPeer(socket);
  }

  get address(): RemoteAddress {
    return { address: '127.0.0.1', port: this.socket.address().port };
  }

  send(datagram: Buffer | string, to: RemoteAddress): void {
    this.socket.send(datagram, to.port, to.address);
  }

  /** The final response (>= 200) to the INVITE of this Call-ID, once it arrives. */
  finalResponse(callId: string, timeoutMs = 5000): Promise<SipResponse> {
    return until(
      `a final response to ${callId}`,
      () =>
        this.messages.find(
          (m): m is SipResponse =>
            m.kind === 'response' && m.status >= 200 && m.headers.get('call-id') === callId,
        ),
      timeoutMs,
    );
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.socket.close(() => resolve()));
  }
}

let counter = 0;
/** A Call-ID no other test uses. */
export const newCallIdOf = (name: string) =>
  `${name.replace(/[^a-z0-9]/gi, '').slice(0, 20)}-${process.pid}-${++counter}`;

/**
 * Places one good call: INVITE with an offer to a local RTP socket, 200 with usable SDP, ACK,
 * RTP from the far end arrives, BYE answered 200. Returns the 200's SDP port.
 */
export async function goodCall(
  peer: SipPeer,
  target: RemoteAddress,
  number: string,
  options: { uriParams?: string; timeoutMs?: number } = {},
): Promise<{ answer: SipResponse; rtpPackets: number }> {
  const rtp = createSocket('udp4');
  let rtpPackets = 0;
  rtp.on('message', () => rtpPackets++);
  await new Promise<void>((resolve) => rtp.bind(0, '127.0.0.1', resolve));
  try {
    const callId = newCallIdOf('good');
    peer.send(
      rawInvite(peer.address, {
        callId,
        number,
        target,
        body: GOOD_OFFER(rtp.address().port),
        ...(options.uriParams ? { uriParams: options.uriParams } : {}),
      }),
      target,
    );
    const answer = await peer.finalResponse(callId, options.timeoutMs ?? 5000);
    if (answer.status !== 200) return { answer, rtpPackets };
    parseSdp(answer.body); // the answer is usable SDP
    const toHeader = answer.headers.get('to') ?? '';
    const common = [
      `From: <sip:+61290000100@127.0.0.1>;tag=${callId}`,
      `To: ${toHeader}`,
      `Call-ID: ${callId}`,
      'Max-Forwards: 70',
      'Content-Length: 0',
    ];
    const request = (method: string, branch: string, cseq: number) =>
      [
        `${method} sip:${number}@${target.address}:${target.port} SIP/2.0`,
        `Via: SIP/2.0/UDP 127.0.0.1:${peer.address.port};branch=z9hG4bK${branch}`,
        `CSeq: ${cseq} ${method}`,
        ...common,
        '',
        '',
      ].join(CRLF);
    peer.send(request('ACK', `${callId}ack`, 1), target);
    await until('RTP from the answering side', () => rtpPackets > 0, options.timeoutMs ?? 5000);
    peer.send(request('BYE', `${callId}bye`, 2), target);
    await until('the BYE answered 200', () =>
      peer.messages.some(
        (m) =>
          m.kind === 'response' &&
          m.status === 200 &&
          m.headers.get('call-id') === callId &&
          (m.headers.get('cseq') ?? '').endsWith('BYE'),
      ),
    );
    return { answer, rtpPackets };
  } finally {
    await new Promise<void>((resolve) => rtp.close(() => resolve()));
  }
}
