import { createHash, randomBytes } from 'node:crypto';
import { SipParseError } from './message.ts';

/** A parsed WWW-Authenticate / Proxy-Authenticate Digest challenge. */
export interface DigestChallenge {
  realm: string;
  nonce: string;
  opaque?: string;
  algorithm: string;
  /** The qop options offered, e.g. ['auth', 'auth-int']; empty for RFC 2069 style. */
  qop: string[];
  stale: boolean;
}

/** Parses `key=value` / `key="quoted, value"` pairs of an auth header. */
function parseAuthParams(text: string): Record<string, string> {
  const params: Record<string, string> = {};
  const pattern = /\s*([A-Za-z0-9_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]*))\s*(?:,|$)/gy;
  let match: RegExpExecArray | null;
  let last = 0;
  while ((match = pattern.exec(text)) !== null) {
    const key = (match[1] ?? '').toLowerCase();
    params[key] = match[2] !== undefined ? match[2].replace(/\\(.)/g, '$1') : (match[3] ?? '');
    last = pattern.lastIndex;
    if (last >= text.length) break;
  }
  if (text.slice(last).trim() !== '') {
    throw new SipParseError(`Malformed authentication parameters: "${text.slice(0, 80)}"`);
  }
  return params;
}

/** Parses a Digest challenge header value; throws SipParseError for other schemes or junk. */
export function parseChallenge(value: string): DigestChallenge {
  const match = /^\s*(\S+)\s+(.*)$/s.exec(value);
  if (!match || (match[1] ?? '').toLowerCase() !== 'digest') {
    throw new SipParseError(`Not a Digest challenge: "${value.slice(0, 80)}"`);
  }
  const params = parseAuthParams(match[2] ?? '');
  if (params['realm'] === undefined) throw new SipParseError('Digest challenge without realm');
  if (!params['nonce']) throw new SipParseError('Digest challenge without nonce');
  const algorithm = params['algorithm'] ?? 'MD5';
  return {
    realm: params['realm'],
    nonce: params['nonce'],
    ...(params['opaque'] !== undefined ? { opaque: params['opaque'] } : {}),
    algorithm,
    qop: (params['qop'] ?? '')
      .split(',')
      .map((q) => q.trim().toLowerCase())
      .filter(Boolean),
    stale: (params['stale'] ?? '').toLowerCase() === 'true',
  };
}

/** Parses an Authorization header value into its parameters (used by the test UAS). */
export function parseAuthorization(value: string): Record<string, string> {
  const match = /^\s*Digest\s+(.*)$/is.exec(value);
  if (!match) throw new SipParseError(`Not a Digest authorization: "${value.slice(0, 80)}"`);
  return parseAuthParams(match[1] ?? '');
}

const md5 = (text: string): string => createHash('md5').update(text, 'utf8').digest('hex');

export interface DigestInput {
  username: string;
  password: string;
  realm: string;
  nonce: string;
  method: string;
  uri: string;
  /** 'auth' with nc and cnonce, or undefined for the RFC 2069 form. */
  qop?: 'auth';
  nc?: string;
  cnonce?: string;
}

/** The request-digest of RFC 2617 §3.2.2.1 (MD5, qop=auth or none). */
export function digestResponse(input: DigestInput): string {
  const ha1 = md5(`${input.username}:${input.realm}:${input.password}`);
  const ha2 = md5(`${input.method}:${input.uri}`);
  if (input.qop === 'auth') {
    return md5(`${ha1}:${input.nonce}:${input.nc ?? ''}:${input.cnonce ?? ''}:auth:${ha2}`);
  }
  return md5(`${ha1}:${input.nonce}:${ha2}`);
}

export interface Credentials {
  username: string;
  password: string;
}

/**
 * Builds the Authorization / Proxy-Authorization value answering a challenge.
 * Uses qop=auth when offered, else the no-qop form; only MD5 is supported.
 */
export function buildAuthorization(
  challenge: DigestChallenge,
  credentials: Credentials,
  request: { method: string; uri: string },
  options: { cnonce?: string; nc?: number } = {},
): string {
  if (challenge.algorithm.toUpperCase() !== 'MD5') {
    throw new Error(`Unsupported digest algorithm: ${challenge.algorithm}`);
  }
  const useQop = challenge.qop.includes('auth');
  const nc = (options.nc ?? 1).toString(16).padStart(8, '0');
  const cnonce = options.cnonce ?? randomBytes(8).toString('hex');
  const response = digestResponse({
    ...credentials,
    realm: challenge.realm,
    nonce: challenge.nonce,
    method: request.method,
    uri: request.uri,
    ...(useQop ? { qop: 'auth' as const, nc, cnonce } : {}),
  });
  const quote = (text: string) => `"${text.replace(/(["\\])/g, '\\$1')}"`;
  const parts = [
    `username=${quote(credentials.username)}`,
    `realm=${quote(challenge.realm)}`,
    `nonce=${quote(challenge.nonce)}`,
    `uri=${quote(request.uri)}`,
    `response=${quote(response)}`,
    'algorithm=MD5',
  ];
  if (useQop) parts.push('qop=auth', `nc=${nc}`, `cnonce=${quote(cnonce)}`);
  if (challenge.opaque !== undefined) parts.push(`opaque=${quote(challenge.opaque)}`);
  return `Digest ${parts.join(', ')}`;
}

/** Checks an Authorization value against a password (the answering side). */
export function verifyAuthorization(
  value: string,
  password: string,
  method: string,
  expected: { realm: string; nonce: string },
): boolean {
  const params = parseAuthorization(value);
  if (params['realm'] !== expected.realm || params['nonce'] !== expected.nonce) return false;
  const qop = params['qop'];
  const response = digestResponse({
    username: params['username'] ?? '',
    password,
    realm: expected.realm,
    nonce: expected.nonce,
    method,
    uri: params['uri'] ?? '',
    ...(qop === 'auth' ? { qop: 'auth' as const, nc: params['nc'], cnonce: params['cnonce'] } : {}),
  });
  return response === params['response'];
}
