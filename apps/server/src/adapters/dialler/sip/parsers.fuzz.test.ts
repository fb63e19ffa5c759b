import { isIP } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildResponse, parseMessage, serializeMessage, SipParseError } from './message.ts';
import { buildSdp, negotiate, parseSdp } from './sdp.ts';

/**
 * Issue 31 item 2: property-based fuzzing of the two parsers that read the network. Whatever
 * arrives, parseMessage and parseSdp return a well-formed result or throw SipParseError, never
 * anything else (a TypeError or RangeError from a datagram would have been a crash).
 */
const RUNS = { numRuns: 600, seed: 31 };

const GOOD_SDP = buildSdp({ address: '192.0.2.10', port: 40000, sessionId: '1' });

/** Text that may hold anything: ASCII, unicode, control characters, lone surrogates. */
const anyText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', '\t', '\r', '\n', '\r\n', ':', ';', ',', '"', '<', '>', '\\', '\u0000'),
);

const numberText = fc.oneof(
  fc.integer({ min: -5, max: 70_000 }).map(String),
  fc.constantFrom('', 'abc', '1e3', '0x10', '00080', '99999999999999999999', '-0', '1.5', ' 7'),
);

/** SDP bodies: plausible lines with bad numbers, missing lines, shuffled and cut. */
const sdpLine = fc.oneof(
  fc.constant('v=0'),
  fc.constantFrom('v=1', 'v=', 'o=- 1 1 IN IP4 192.0.2.1', 's=-', 't=0 0', 'b=AS:64'),
  fc
    .tuple(
      fc.constantFrom('IN IP4', 'IN IP6', 'IN', 'OUT IP4', 'IN IP4 '),
      fc.oneof(
        fc.ipV4(),
        fc.ipV6(),
        fc.constantFrom('h', 'localhost', '999.1.1.1', '', '1.2.3', '::g', '224.0.0.1/127'),
        anyText,
      ),
    )
    .map(([prefix, address]) => `c=${prefix} ${address}`),
  fc
    .tuple(
      fc.constantFrom('audio', 'video', 'Audio', 'application', ''),
      numberText,
      fc.constantFrom('RTP/AVP', 'RTP/SAVP', 'UDP/TLS/RTP/SAVPF', '', 'x y'),
      fc.array(fc.oneof(numberText, fc.integer({ min: 0, max: 300 }).map(String)), {
        maxLength: 6,
      }),
    )
    .map(([media, port, proto, pts]) => `m=${media} ${port} ${proto} ${pts.join(' ')}`.trim()),
  fc
    .tuple(numberText, fc.constantFrom('PCMU', 'PCMA', 'telephone-event', 'G729', ''), numberText)
    .map(([pt, enc, rate]) => `a=rtpmap:${pt} ${enc}/${rate}`),
  fc.tuple(numberText, anyText).map(([pt, v]) => `a=fmtp:${pt} ${v}`),
  numberText.map((n) => `a=ptime:${n}`),
  fc.constantFrom('a=sendrecv', 'a=sendonly', 'a=recvonly', 'a=inactive', 'a=', '=', 'x'),
  anyText,
);

const sdpBody = fc.oneof(
  fc
    .tuple(fc.array(sdpLine, { maxLength: 14 }), fc.constantFrom('\r\n', '\n', '\r'))
    .map(([lines, eol]) => ['v=0', ...lines].join(eol)),
  fc.array(sdpLine, { maxLength: 14 }).map((lines) => lines.join('\r\n')),
  // A good body cut anywhere, or with a line replaced.
  fc.nat({ max: GOOD_SDP.length }).map((n) => GOOD_SDP.slice(0, n)),
  fc
    .tuple(fc.nat({ max: 12 }), sdpLine)
    .map(([i, line]) => GOOD_SDP.split('\r\n').with(i, line).join('\r\n')),
  // Huge: very many lines, or one very long line.
  fc.nat({ max: 400 }).map((n) => GOOD_SDP + 'a=x\r\n'.repeat(n)),
  fc.nat({ max: 5000 }).map((n) => GOOD_SDP + `a=fmtp:101 ${'9'.repeat(n)}\r\n`),
  fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes).toString('utf8')),
  fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
);

describe('parseSdp under fuzzing', () => {
  it('returns a usable audio stream or throws SipParseError', () => {
    fc.assert(
      fc.property(sdpBody, fc.boolean(), (text, acceptRejectedStream) => {
        let audio;
        try {
          audio = parseSdp(text, { acceptRejectedStream });
        } catch (error) {
          expect(error).toBeInstanceOf(SipParseError);
          return;
        }
        expect(Number.isInteger(audio.port)).toBe(true);
        expect(audio.port).toBeGreaterThanOrEqual(acceptRejectedStream ? 0 : 1);
        expect(audio.port).toBeLessThanOrEqual(65535);
        expect(isIP(audio.address)).not.toBe(0);
        expect(audio.payloadTypes.length).toBeGreaterThan(0);
        for (const pt of audio.payloadTypes) {
          expect(Number.isInteger(pt) && pt >= 0 && pt <= 127).toBe(true);
        }
        negotiate(audio); // never throws on what parseSdp returned
      }),
      RUNS,
    );
  });

  it('still reads the offers it builds, and refuses the issue 31 bodies', () => {
    expect(parseSdp(GOOD_SDP).port).toBe(40000);
    const refused = [
      '',
      'hello, this is not SDP',
      GOOD_SDP.replace('m=audio 40000 RTP/AVP 0 8 101', 'm=video 40000 RTP/AVP 31'),
      GOOD_SDP.replace('m=audio 40000', 'm=audio abc'),
      GOOD_SDP.replace('m=audio 40000', 'm=audio 0'),
      GOOD_SDP.replace('m=audio 40000', 'm=audio 70000'),
      GOOD_SDP.replace('c=IN IP4 192.0.2.10\r\n', ''),
      GOOD_SDP.replace('c=IN IP4 192.0.2.10', 'c=IN IP4 not-an-address'),
      GOOD_SDP.replace('RTP/AVP 0 8 101', 'RTP/AVP 0 8 300'),
      GOOD_SDP.slice(0, 40),
    ];
    for (const body of refused) expect(() => parseSdp(body), body).toThrow(SipParseError);
  });
});

const CRLF = '\r\n';
const GOOD_INVITE = [
  'INVITE sip:+61290001001@127.0.0.1:5060 SIP/2.0',
  'Via: SIP/2.0/UDP 127.0.0.1:5070;branch=z9hG4bKfuzz;rport',
  'Max-Forwards: 70',
  'From: <sip:+61290000100@127.0.0.1>;tag=a1',
  'To: <sip:+61290001001@127.0.0.1>',
  'Call-ID: fuzz@127.0.0.1',
  'CSeq: 1 INVITE',
  'Contact: <sip:+61290000100@127.0.0.1:5070>',
  'Content-Type: application/sdp',
];

const headerLine = fc.oneof(
  fc.constantFrom(...GOOD_INVITE.slice(1)),
  fc
    .tuple(
      fc.constantFrom('Via', 'v', 'From', 'To', 'Call-ID', 'i', 'CSeq', 'Content-Length', 'l', 'X'),
      anyText,
    )
    .map(([name, value]) => `${name}: ${value}`),
  numberText.map((n) => `Content-Length: ${n}`),
  fc
    .tuple(numberText, fc.constantFrom('INVITE', 'BYE', 'ACK', ''))
    .map(([n, m]) => `CSeq: ${n} ${m}`),
  fc.nat({ max: 70_000 }).map((n) => `X-Huge: ${'h'.repeat(n)}`),
  fc.constantFrom(' continuation', '\tfolded', 'no colon here', ': empty name', 'Bad Name: x'),
  anyText,
);

const startLine = fc.oneof(
  fc.constant(GOOD_INVITE[0] ?? ''),
  fc.constantFrom('SIP/2.0 200 OK', 'SIP/2.0 99 Low', 'SIP/2.0 700 High', 'SIP/2.0 abc', 'SIP/3.0'),
  fc
    .tuple(fc.constantFrom('INVITE', 'BYE', 'ACK', 'CANCEL', 'OPTIONS', 'INV ITE', ''), anyText)
    .map(([method, uri]) => `${method} ${uri} SIP/2.0`),
  anyText,
);

/** Whole datagrams: a start line, headers, a body; then cut, mangled, or replaced by noise. */
const datagram = fc.oneof(
  fc
    .tuple(
      startLine,
      fc.array(headerLine, { maxLength: 14 }),
      fc.oneof(sdpBody, anyText),
      fc.constantFrom('\r\n', '\n'),
      fc.boolean(),
    )
    .map(([start, headers, body, eol, withLength]) => {
      const length = withLength ? [`Content-Length: ${Buffer.byteLength(body)}`] : [];
      return Buffer.from([start, ...headers, ...length, '', body].join(eol));
    }),
  fc
    .tuple(fc.array(headerLine, { maxLength: 4 }), fc.oneof(sdpBody, fc.constant(GOOD_SDP)))
    .map(([extra, body]) =>
      Buffer.from(
        [...GOOD_INVITE, ...extra, `Content-Length: ${Buffer.byteLength(body)}`, '', body].join(
          CRLF,
        ),
      ),
    ),
  // A good INVITE cut anywhere, or with bytes overwritten by non-UTF-8 ones.
  fc
    .tuple(fc.nat({ max: 600 }), fc.array(fc.nat({ max: 600 }), { maxLength: 6 }))
    .map(([cut, flips]) => {
      const bytes = Buffer.from(
        [...GOOD_INVITE, `Content-Length: ${GOOD_SDP.length}`, '', GOOD_SDP].join(CRLF),
      );
      for (const i of flips) if (i < bytes.length) bytes[i] = 0xff;
      return bytes.subarray(0, cut);
    }),
  fc.uint8Array({ maxLength: 1500 }).map((bytes) => Buffer.from(bytes)),
  fc
    .nat({ max: 300 })
    .map((n) => Buffer.from([...GOOD_INVITE, ...Array(n).fill('X: y')].join(CRLF))),
);

describe('parseMessage under fuzzing', () => {
  it('returns a message or throws SipParseError; a 400 can be built from what it keeps', () => {
    fc.assert(
      fc.property(datagram, (bytes) => {
        let message;
        try {
          message = parseMessage(bytes);
        } catch (error) {
          expect(error).toBeInstanceOf(SipParseError);
          const request = error instanceof SipParseError ? error.request : undefined;
          // What the transport answers 400 with must serialize without throwing.
          if (request) serializeMessage(buildResponse(request, 400, { toTag: 't' }));
          return;
        }
        expect(['request', 'response']).toContain(message.kind);
        expect(message.headers.has('call-id')).toBe(true);
        // What parsed can be answered, and what is sent parses again.
        if (message.kind === 'request') {
          expect(() =>
            parseMessage(serializeMessage(buildResponse(message, 500, { toTag: 't' }))),
          ).not.toThrow();
        }
      }),
      RUNS,
    );
  });
});
