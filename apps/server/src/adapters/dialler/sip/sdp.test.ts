import { describe, expect, it } from 'vitest';
import { buildSdp, negotiate, parseSdp } from './sdp.ts';

describe('sdp', () => {
  it('builds an offer with PCMU, PCMA and telephone-event 101', () => {
    const sdp = buildSdp({ address: '127.0.0.1', port: 40000, sessionId: '1' });
    expect(sdp.split('\r\n')).toEqual([
      'v=0',
      'o=callsight 1 1 IN IP4 127.0.0.1',
      's=callsight',
      'c=IN IP4 127.0.0.1',
      't=0 0',
      'm=audio 40000 RTP/AVP 0 8 101',
      'a=rtpmap:0 PCMU/8000',
      'a=rtpmap:8 PCMA/8000',
      'a=rtpmap:101 telephone-event/8000',
      'a=fmtp:101 0-16',
      'a=ptime:20',
      'a=sendrecv',
      '',
    ]);
  });

  it('parses what it builds', () => {
    const audio = parseSdp(buildSdp({ address: '10.1.2.3', port: 5004, codecs: [8, 0] }));
    expect(audio.address).toBe('10.1.2.3');
    expect(audio.port).toBe(5004);
    expect(audio.payloadTypes).toEqual([8, 0, 101]);
    expect(audio.rtpmap.get(101)).toEqual({ encoding: 'telephone-event', clockRate: 8000 });
    expect(audio.fmtp.get(101)).toBe('0-16');
    expect(audio.ptimeMs).toBe(20);
  });

  it('prefers the media-level c= line and reads a foreign answer', () => {
    const sdp = [
      'v=0',
      'o=- 0 0 IN IP4 192.0.2.1',
      's=-',
      'c=IN IP4 192.0.2.1',
      't=0 0',
      'a=sendonly',
      'm=audio 6000 RTP/AVP 18 8 96',
      'c=IN IP4 192.0.2.99',
      'a=rtpmap:18 G729/8000',
      'a=rtpmap:96 telephone-event/8000',
      'a=fmtp:96 0-15',
      'm=video 6002 RTP/AVP 31',
      'c=IN IP4 192.0.2.100',
    ].join('\n');
    const audio = parseSdp(sdp);
    expect(audio.address).toBe('192.0.2.99');
    expect(audio.direction).toBe('sendonly');
    // PCMA is found through the static table (no rtpmap line), telephone-event at 96.
    expect(negotiate(audio)).toEqual({ codec: 'PCMA', payloadType: 8, telephoneEvent: 96 });
    expect(negotiate(audio, ['PCMU'])).toBeUndefined();
  });

  it("honours the offerer's codec order", () => {
    expect(
      negotiate(parseSdp(buildSdp({ address: '192.0.2.1', port: 1, codecs: [0, 8] })))?.codec,
    ).toBe('PCMU');
    expect(
      negotiate(parseSdp(buildSdp({ address: '192.0.2.1', port: 1, codecs: [8, 0] })))?.codec,
    ).toBe('PCMA');
    const noEvents = negotiate(
      parseSdp(buildSdp({ address: '192.0.2.1', port: 1, telephoneEvent: null })),
    );
    expect(noEvents).toEqual({ codec: 'PCMU', payloadType: 0 });
  });

  it('rejects SDP without audio or address', () => {
    expect(() => parseSdp('v=0\r\nm=video 1 RTP/AVP 31\r\n')).toThrow('SDP has no audio stream');
    expect(() => parseSdp('v=0\r\nm=audio 1 RTP/AVP 0\r\n')).toThrow(
      'SDP has no connection address',
    );
    expect(() => parseSdp('v=0\r\nc=garbage\r\nm=audio 1 RTP/AVP 0\r\n')).toThrow('Malformed SDP');
  });
});
