import { describe, expect, it } from 'vitest';
import {
  buildCancel,
  buildInvite,
  buildNon2xxAck,
  buildResponse,
  getTag,
  parseCSeq,
  parseMessage,
  parseNameAddr,
  parseVia,
  serializeMessage,
  SipParseError,
  topBranch,
  type SipRequest,
  type SipResponse,
} from './message.ts';

const INVITE = [
  'INVITE sip:bob@biloxi.com SIP/2.0',
  'Via: SIP/2.0/UDP pc33.atlanta.com;branch=z9hG4bK776asdhds',
  'Max-Forwards: 70',
  'To: Bob <sip:bob@biloxi.com>',
  'From: Alice <sip:alice@atlanta.com>;tag=1928301774',
  'Call-ID: a84b4c76e66710@pc33.atlanta.com',
  'CSeq: 314159 INVITE',
  'Contact: <sip:alice@pc33.atlanta.com>',
  'Content-Type: application/sdp',
  'Content-Length: 4',
  '',
  'v=0\r\n',
].join('\r\n');

function asRequest(text: string | Buffer): SipRequest {
  const message = parseMessage(text);
  if (message.kind !== 'request') throw new Error('expected a request');
  return message;
}

function asResponse(text: string | Buffer): SipResponse {
  const message = parseMessage(text);
  if (message.kind !== 'response') throw new Error('expected a response');
  return message;
}

describe('parseMessage', () => {
  it('parses the RFC 3261 §7 INVITE example and frames the body by Content-Length', () => {
    const request = asRequest(INVITE);
    expect(request.method).toBe('INVITE');
    expect(request.uri).toBe('sip:bob@biloxi.com');
    expect(request.headers.get('call-id')).toBe('a84b4c76e66710@pc33.atlanta.com');
    expect(request.headers.get('CALL-ID')).toBe('a84b4c76e66710@pc33.atlanta.com');
    expect(getTag(request.headers.get('from'))).toBe('1928301774');
    expect(parseCSeq(request.headers.get('cseq') ?? '')).toEqual({ seq: 314159, method: 'INVITE' });
    // Content-Length 4 keeps "v=0\r" and discards the trailing byte.
    expect(request.body).toBe('v=0\r');
    expect(topBranch(request)).toBe('z9hG4bK776asdhds');
  });

  it('expands compact header forms', () => {
    const text = [
      'SIP/2.0 180 Ringing',
      'v: SIP/2.0/UDP 127.0.0.1:5060;branch=z9hG4bKabc',
      'f: <sip:a@x>;tag=1',
      't: <sip:b@y>;tag=2',
      'i: call-1',
      'CSeq: 1 INVITE',
      'm: <sip:b@10.0.0.1>',
      'c: application/sdp',
      'l: 0',
      '',
      '',
    ].join('\r\n');
    const response = asResponse(text);
    expect(response.status).toBe(180);
    expect(response.reason).toBe('Ringing');
    expect(response.headers.get('Call-ID')).toBe('call-1');
    expect(response.headers.get('contact')).toBe('<sip:b@10.0.0.1>');
    expect(response.headers.get('Content-Type')).toBe('application/sdp');
    expect(getTag(response.headers.get('to'))).toBe('2');
    expect(serializeMessage(response)).toContain('\r\nCall-ID: call-1\r\n');
  });

  it('splits multi-value Via (comma and repeated) and unfolds continuation lines', () => {
    const text = [
      'BYE sip:a@x SIP/2.0',
      'Via: SIP/2.0/UDP p1.example.com;branch=z9hG4bK1, SIP/2.0/UDP p2.example.com:5070;branch=z9hG4bK2',
      'Via: SIP/2.0/UDP 10.0.0.3;branch=z9hG4bK3;received=10.0.0.3',
      'From: "Smith, John" <sip:john@x>',
      '  ;tag=88',
      'To: <sip:a@x>',
      'Call-ID: c',
      'CSeq: 2 BYE',
      '',
      '',
    ].join('\r\n');
    const request = asRequest(text);
    const vias = request.headers.getAll('via');
    expect(vias).toHaveLength(3);
    expect(parseVia(vias[1] ?? '')).toEqual({
      transport: 'UDP',
      host: 'p2.example.com',
      port: 5070,
      params: { branch: 'z9hG4bK2' },
    });
    expect(parseVia(vias[2] ?? '').params['received']).toBe('10.0.0.3');
    // The comma inside the quoted display name does not split From.
    const from = parseNameAddr(request.headers.get('from') ?? '');
    expect(from).toEqual({ displayName: 'Smith, John', uri: 'sip:john@x', params: { tag: '88' } });
    expect(request.body).toBe('');
  });

  it('round-trips: serialize(parse(x)) parses back to the same message', () => {
    const first = asRequest(INVITE);
    const again = asRequest(serializeMessage(first));
    expect(again.method).toBe(first.method);
    expect(again.uri).toBe(first.uri);
    expect(again.headers.list()).toEqual(first.headers.list());
    expect(again.body).toBe(first.body);
    expect(again.headers.get('content-length')).toBe('4');
  });

  it('counts Content-Length in bytes, not characters', () => {
    const request = buildInvite({
      uri: 'sip:b@y',
      via: { host: '127.0.0.1', port: 5060 },
      from: '<sip:a@x>',
      fromTag: 't',
      to: '<sip:b@y>',
      callId: 'c',
      cseq: 1,
      sdp: 's=Zoë\r\n',
    });
    const wire = serializeMessage(request);
    expect(wire).toContain('Content-Length: 8\r\n');
    expect(asRequest(Buffer.from(wire)).body).toBe('s=Zoë\r\n');
  });

  it.each([
    ['', 'Empty message'],
    ['HELLO\r\n\r\n', 'Malformed start line'],
    ['INVITE sip:b@y SIP/3.0\r\nVia: x\r\n\r\n', 'Unsupported SIP version'],
    ['INVITE bob SIP/2.0\r\n\r\n', 'Invalid Request-URI'],
    ['SIP/2.0 99 Odd\r\n\r\n', 'Malformed status line'],
    ['SIP/2.0 700 Odd\r\n\r\n', 'Invalid status code: 700'],
    ['SIP/2.0 200 OK\r\nNoColonHere\r\n\r\n', 'Malformed header line'],
    ['SIP/2.0 200 OK\r\n  folded\r\n\r\n', 'Header continuation without a header'],
    [
      'SIP/2.0 200 OK\r\nVia: SIP/2.0/UDP h;branch=z9hG4bK1\r\nFrom: a\r\nTo: b\r\nCall-ID: c\r\n\r\n',
      'Missing CSeq header',
    ],
    [
      'INVITE sip:b@y SIP/2.0\r\nVia: SIP/2.0/UDP h\r\nFrom: a\r\nTo: b\r\nCall-ID: c\r\nCSeq: 1 BYE\r\n\r\n',
      'CSeq method BYE does not match INVITE',
    ],
    [
      'SIP/2.0 200 OK\r\nVia: SIP/2.0/UDP h\r\nFrom: a\r\nTo: b\r\nCall-ID: c\r\nCSeq: x INVITE\r\n\r\n',
      'Malformed CSeq',
    ],
    [
      'SIP/2.0 200 OK\r\nVia: SIP/2.0/UDP h\r\nFrom: a\r\nTo: b\r\nCall-ID: c\r\nCSeq: 1 INVITE\r\nContent-Length: 50\r\n\r\nshort',
      'Content-Length 50 exceeds the 5 bytes',
    ],
    [
      'SIP/2.0 200 OK\r\nVia: SIP/2.0/UDP h\r\nFrom: a\r\nTo: b\r\nCall-ID: c\r\nCSeq: 1 INVITE\r\nContent-Length: -1\r\n\r\n',
      'Invalid Content-Length',
    ],
  ])('rejects malformed input %j with a clear error', (text, message) => {
    expect(() => parseMessage(text)).toThrow(SipParseError);
    expect(() => parseMessage(text)).toThrow(message);
  });

  it('never throws anything but SipParseError on random bytes', () => {
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pieces = [
      'SIP/2.0 ',
      'INVITE sip:a@b SIP/2.0',
      '\r\n',
      ':',
      'Via: ',
      'CSeq: 1 INVITE',
      ';',
      ',',
      '"',
      '<',
      '\t',
      'l: 9',
      'x',
    ];
    for (let i = 0; i < 2000; i++) {
      let text = '';
      const n = Math.floor(random() * 20);
      for (let j = 0; j < n; j++) text += pieces[Math.floor(random() * pieces.length)];
      try {
        parseMessage(text);
      } catch (error) {
        expect(error).toBeInstanceOf(SipParseError);
      }
    }
  });
});

describe('builders', () => {
  const invite = buildInvite({
    uri: 'sip:+15551230001@127.0.0.1:5070',
    via: { host: '127.0.0.1', port: 5060 },
    from: '<sip:+15550000001@callsight.local>',
    fromTag: 'abc',
    to: '<sip:+15551230001@127.0.0.1:5070>',
    callId: 'call-1@127.0.0.1',
    cseq: 7,
    contact: 'sip:callsight@127.0.0.1:5060',
    sdp: 'v=0\r\n',
  });

  it('builds an INVITE with a z9hG4bK branch, From tag, Call-ID, CSeq and SDP body', () => {
    const parsed = asRequest(serializeMessage(invite));
    expect(topBranch(parsed)).toMatch(/^z9hG4bK[0-9a-f]{16}$/);
    expect(getTag(parsed.headers.get('from'))).toBe('abc');
    expect(getTag(parsed.headers.get('to'))).toBeUndefined();
    expect(parsed.headers.get('cseq')).toBe('7 INVITE');
    expect(parsed.headers.get('content-type')).toBe('application/sdp');
    expect(parsed.headers.get('max-forwards')).toBe('70');
    expect(parsed.body).toBe('v=0\r\n');
  });

  it('answers with Via/From/Call-ID/CSeq copied and a To tag except on 100', () => {
    const trying = buildResponse(invite, 100);
    expect(getTag(trying.headers.get('to'))).toBeUndefined();
    for (const [status, reason] of [
      [180, 'Ringing'],
      [183, 'Session Progress'],
      [200, 'OK'],
      [486, 'Busy Here'],
      [503, 'Service Unavailable'],
      [603, 'Decline'],
    ] as const) {
      const response = asResponse(
        serializeMessage(buildResponse(invite, status, { toTag: 'xyz' })),
      );
      expect(response.reason).toBe(reason);
      expect(getTag(response.headers.get('to'))).toBe('xyz');
      expect(response.headers.get('via')).toBe(invite.headers.get('via'));
      expect(response.headers.get('call-id')).toBe('call-1@127.0.0.1');
      expect(response.headers.get('cseq')).toBe('7 INVITE');
    }
  });

  it('builds the non-2xx ACK and the CANCEL on the INVITE branch with the same CSeq number', () => {
    const busy = buildResponse(invite, 486, { toTag: 'far' });
    const ack = buildNon2xxAck(invite, busy);
    expect(ack.uri).toBe(invite.uri);
    expect(topBranch(ack)).toBe(topBranch(invite));
    expect(ack.headers.get('cseq')).toBe('7 ACK');
    expect(getTag(ack.headers.get('to'))).toBe('far');
    const cancel = buildCancel(invite);
    expect(topBranch(cancel)).toBe(topBranch(invite));
    expect(cancel.headers.get('cseq')).toBe('7 CANCEL');
    expect(cancel.headers.get('to')).toBe(invite.headers.get('to'));
    expect(parseMessage(serializeMessage(cancel)).kind).toBe('request');
  });
});
