import { describe, expect, it } from 'vitest';
import {
  buildAuthorization,
  digestResponse,
  parseAuthorization,
  parseChallenge,
  verifyAuthorization,
} from './digest.ts';
import { SipParseError } from './message.ts';

// RFC 2617 §3.5 worked example.
const RFC = {
  username: 'Mufasa',
  password: 'Circle Of Life',
  realm: 'testrealm@host.com',
  nonce: 'dcd98b7102dd2f0e8b11d0f600bfb0c093',
  method: 'GET',
  uri: '/dir/index.html',
};

describe('digest', () => {
  it('computes the RFC 2617 §3.5 response with qop=auth', () => {
    expect(digestResponse({ ...RFC, qop: 'auth', nc: '00000001', cnonce: '0a4f113b' })).toBe(
      '6629fae49393a05397450978507c4ef1',
    );
  });

  it('computes the no-qop (RFC 2069) response', () => {
    // MD5(HA1:nonce:HA2), computed independently with md5sum.
    expect(digestResponse(RFC)).toBe('670fd8c2df070c60b045671b8b24ff02');
  });

  it('parses the RFC 2617 challenge, quoted commas included', () => {
    const challenge = parseChallenge(
      'Digest realm="testrealm@host.com", qop="auth,auth-int", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", opaque="5ccc069c403ebaf9f0171e9517f40e41"',
    );
    expect(challenge).toEqual({
      realm: 'testrealm@host.com',
      nonce: 'dcd98b7102dd2f0e8b11d0f600bfb0c093',
      opaque: '5ccc069c403ebaf9f0171e9517f40e41',
      algorithm: 'MD5',
      qop: ['auth', 'auth-int'],
      stale: false,
    });
    expect(parseChallenge('digest realm="a, b",nonce=xyz,stale=TRUE,algorithm=MD5')).toMatchObject({
      realm: 'a, b',
      nonce: 'xyz',
      stale: true,
      qop: [],
    });
  });

  it('rejects other schemes and junk', () => {
    expect(() => parseChallenge('Basic realm="x"')).toThrow(SipParseError);
    expect(() => parseChallenge('Digest nonce="n"')).toThrow('without realm');
    expect(() => parseChallenge('Digest realm="r", nonce="n", ???')).toThrow('Malformed');
  });

  it('builds an Authorization header that reproduces the RFC example', () => {
    const challenge = parseChallenge(
      `Digest realm="${RFC.realm}", qop="auth,auth-int", nonce="${RFC.nonce}", opaque="5ccc069c403ebaf9f0171e9517f40e41"`,
    );
    const header = buildAuthorization(
      challenge,
      { username: RFC.username, password: RFC.password },
      { method: RFC.method, uri: RFC.uri },
      { cnonce: '0a4f113b', nc: 1 },
    );
    const params = parseAuthorization(header);
    expect(params).toMatchObject({
      username: 'Mufasa',
      realm: RFC.realm,
      nonce: RFC.nonce,
      uri: RFC.uri,
      qop: 'auth',
      nc: '00000001',
      cnonce: '0a4f113b',
      response: '6629fae49393a05397450978507c4ef1',
      opaque: '5ccc069c403ebaf9f0171e9517f40e41',
    });
    expect(verifyAuthorization(header, RFC.password, 'GET', RFC)).toBe(true);
    expect(verifyAuthorization(header, 'wrong', 'GET', RFC)).toBe(false);
    expect(verifyAuthorization(header, RFC.password, 'INVITE', RFC)).toBe(false);
  });

  it('uses the no-qop form when the challenge offers no qop', () => {
    const header = buildAuthorization(
      parseChallenge(`Digest realm="${RFC.realm}", nonce="${RFC.nonce}"`),
      { username: RFC.username, password: RFC.password },
      { method: RFC.method, uri: RFC.uri },
    );
    const params = parseAuthorization(header);
    expect(params['response']).toBe('670fd8c2df070c60b045671b8b24ff02');
    expect(params['qop']).toBeUndefined();
    expect(params['nc']).toBeUndefined();
  });

  it('refuses algorithms other than MD5', () => {
    expect(() =>
      buildAuthorization(
        parseChallenge('Digest realm="r", nonce="n", algorithm=SHA-256'),
        { username: 'u', password: 'p' },
        { method: 'INVITE', uri: 'sip:x@y' },
      ),
    ).toThrow('Unsupported digest algorithm: SHA-256');
  });
});
