import { randomBytes } from 'node:crypto';

/**
 * A parse failure of a SIP datagram (or of an SDP body). When the start line and headers of a
 * request did parse, `request` holds them, so the transport can still answer 400 Bad Request.
 */
export class SipParseError extends Error {
  override readonly name = 'SipParseError';
  readonly request: SipRequest | undefined;

  constructor(message: string, options: { request?: SipRequest } = {}) {
    super(message);
    this.request = options.request;
  }
}

const COMPACT_FORMS: Record<string, string> = {
  i: 'call-id',
  f: 'from',
  t: 'to',
  v: 'via',
  l: 'content-length',
  c: 'content-type',
  m: 'contact',
  e: 'content-encoding',
  k: 'supported',
  s: 'subject',
  o: 'event',
  r: 'refer-to',
  u: 'allow-events',
};

const CANONICAL_NAMES: Record<string, string> = {
  'call-id': 'Call-ID',
  cseq: 'CSeq',
  'www-authenticate': 'WWW-Authenticate',
  'max-forwards': 'Max-Forwards',
  'mime-version': 'MIME-Version',
};

/** Headers whose comma-separated values are separate header values (RFC 3261 §7.3.1). */
const LIST_HEADERS = new Set([
  'via',
  'route',
  'record-route',
  'contact',
  'allow',
  'supported',
  'require',
  'proxy-require',
  'unsupported',
  'accept',
  'accept-encoding',
  'accept-language',
  'content-encoding',
]);

const TOKEN = /^[!%'*+\-.^_`~0-9A-Za-z]+$/;
const MAX_MESSAGE_BYTES = 65_535;
/** More header lines than any real message carries: refused rather than indexed. */
const MAX_HEADER_LINES = 256;

function headerKey(name: string): string {
  const lower = name.toLowerCase();
  return COMPACT_FORMS[lower] ?? lower;
}

function canonicalName(key: string): string {
  return (
    CANONICAL_NAMES[key] ??
    key
      .split('-')
      .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
      .join('-')
  );
}

/** Splits on commas that are outside quoted strings and <...> (RFC 3261 §7.3.1). */
export function splitHeaderList(value: string): string[] {
  const parts: string[] = [];
  let current = '';
  let inQuotes = false;
  let inAngle = false;
  for (let i = 0; i < value.length; i++) {
    const ch = value.charAt(i);
    if (inQuotes && ch === '\\' && i + 1 < value.length) {
      current += ch + value.charAt(++i);
      continue;
    }
    if (ch === '"') inQuotes = !inQuotes;
    else if (!inQuotes && ch === '<') inAngle = true;
    else if (!inQuotes && ch === '>') inAngle = false;
    if (ch === ',' && !inQuotes && !inAngle) {
      parts.push(current.trim());
      current = '';
    } else {
      current += ch;
    }
  }
  parts.push(current.trim());
  return parts.filter((part) => part.length > 0);
}

/** Ordered SIP headers with case-insensitive, compact-form-aware access. */
export class SipHeaders {
  private readonly entries: { key: string; name: string; value: string }[] = [];

  /** Adds one value (list headers given as "a, b" become two values). */
  append(name: string, value: string): this {
    const key = headerKey(name);
    const values = LIST_HEADERS.has(key) ? splitHeaderList(value) : [value.trim()];
    for (const v of values) this.entries.push({ key, name: canonicalName(key), value: v });
    return this;
  }

  /** Replaces every value of the header. */
  set(name: string, value: string): this {
    this.remove(name);
    return this.append(name, value);
  }

  /** Inserts a value before the existing ones (a new top Via). */
  prepend(name: string, value: string): this {
    const key = headerKey(name);
    this.entries.unshift({ key, name: canonicalName(key), value: value.trim() });
    return this;
  }

  remove(name: string): this {
    const key = headerKey(name);
    for (let i = this.entries.length - 1; i >= 0; i--) {
      if (this.entries[i]?.key === key) this.entries.splice(i, 1);
    }
    return this;
  }

  /** The first value of the header, or undefined. */
  get(name: string): string | undefined {
    const key = headerKey(name);
    return this.entries.find((entry) => entry.key === key)?.value;
  }

  getAll(name: string): string[] {
    const key = headerKey(name);
    return this.entries.filter((entry) => entry.key === key).map((entry) => entry.value);
  }

  has(name: string): boolean {
    return this.get(name) !== undefined;
  }

  /** Name/value pairs in order, with canonical long names. */
  list(): { name: string; value: string }[] {
    return this.entries.map(({ name, value }) => ({ name, value }));
  }

  clone(): SipHeaders {
    const copy = new SipHeaders();
    for (const entry of this.entries) copy.entries.push({ ...entry });
    return copy;
  }
}

export interface SipRequest {
  kind: 'request';
  method: string;
  uri: string;
  headers: SipHeaders;
  body: string;
}

export interface SipResponse {
  kind: 'response';
  status: number;
  reason: string;
  headers: SipHeaders;
  body: string;
}

export type SipMessage = SipRequest | SipResponse;

function findHeaderEnd(buf: Buffer): { headEnd: number; bodyStart: number } {
  const crlf = buf.indexOf('\r\n\r\n');
  const lf = buf.indexOf('\n\n');
  if (crlf !== -1 && (lf === -1 || crlf < lf)) return { headEnd: crlf, bodyStart: crlf + 4 };
  if (lf !== -1) return { headEnd: lf, bodyStart: lf + 2 };
  return { headEnd: buf.length, bodyStart: buf.length };
}

/** Parses one SIP message (a whole UDP datagram); throws SipParseError when malformed. */
export function parseMessage(input: Buffer | string): SipMessage {
  const buf = typeof input === 'string' ? Buffer.from(input, 'utf8') : input;
  if (buf.length === 0) throw new SipParseError('Empty message');
  if (buf.length > MAX_MESSAGE_BYTES) throw new SipParseError('Message larger than 65535 bytes');
  const { headEnd, bodyStart } = findHeaderEnd(buf);
  const head = buf.subarray(0, headEnd).toString('utf8');
  const rawLines = head.split(/\r?\n/);
  const startLine = rawLines.shift() ?? '';
  if (rawLines.length > MAX_HEADER_LINES) {
    throw new SipParseError(`More than ${MAX_HEADER_LINES} header lines`);
  }

  // Unfold continuation lines (leading SP/HT) into the previous header line.
  const lines: string[] = [];
  for (const line of rawLines) {
    if (/^[ \t]/.test(line)) {
      if (lines.length === 0) throw new SipParseError('Header continuation without a header');
      lines[lines.length - 1] += ' ' + line.trim();
    } else if (line.length > 0) {
      lines.push(line);
    }
  }

  const headers = new SipHeaders();
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new SipParseError(`Malformed header line: "${line.slice(0, 80)}"`);
    const name = line.slice(0, colon).trim();
    if (!TOKEN.test(name)) throw new SipParseError(`Invalid header name: "${name.slice(0, 80)}"`);
    headers.append(name, line.slice(colon + 1));
  }

  // The start line first: a request whose later checks fail can still be answered 400.
  const partial = parseStartLine(startLine, headers, '');
  const fail = (message: string): never => {
    throw new SipParseError(message, partial.kind === 'request' ? { request: partial } : {});
  };

  let body: string;
  const contentLength = headers.get('content-length');
  const available = buf.length - bodyStart;
  if (contentLength !== undefined) {
    if (!/^\d{1,10}$/.test(contentLength))
      fail(`Invalid Content-Length: "${contentLength.slice(0, 80)}"`);
    const length = Number(contentLength);
    // RFC 3261 §18.3: bytes beyond Content-Length are discarded; fewer is an error (400).
    if (length > available) {
      fail(`Content-Length ${length} exceeds the ${available} bytes of body received`);
    }
    body = buf.subarray(bodyStart, bodyStart + length).toString('utf8');
  } else {
    body = buf.subarray(bodyStart).toString('utf8');
  }

  const message: SipMessage = { ...partial, body };
  validateMandatoryHeaders(message);
  return message;
}

function parseStartLine(line: string, headers: SipHeaders, body: string): SipMessage {
  const response = /^SIP\/2\.0 (\d{3})(?: (.*))?$/.exec(line);
  if (response) {
    const status = Number(response[1]);
    if (status < 100 || status > 699) throw new SipParseError(`Invalid status code: ${status}`);
    return { kind: 'response', status, reason: response[2] ?? '', headers, body };
  }
  if (line.startsWith('SIP/'))
    throw new SipParseError(`Malformed status line: "${line.slice(0, 80)}"`);
  const request = /^(\S+) (\S+) (\S+)$/.exec(line);
  if (!request) throw new SipParseError(`Malformed start line: "${line.slice(0, 80)}"`);
  const [, method = '', uri = '', version = ''] = request;
  if (version !== 'SIP/2.0') {
    throw new SipParseError(`Unsupported SIP version: "${version.slice(0, 80)}"`);
  }
  if (!TOKEN.test(method)) throw new SipParseError(`Invalid method: "${method.slice(0, 80)}"`);
  if (!/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(uri))
    throw new SipParseError(`Invalid Request-URI: "${uri.slice(0, 80)}"`);
  return { kind: 'request', method, uri, headers, body };
}

/** The headers every message needs, and every response copies (RFC 3261 §8.1.1, §8.2.6). */
export const MANDATORY_HEADERS = ['Via', 'From', 'To', 'Call-ID', 'CSeq'] as const;

function validateMandatoryHeaders(message: SipMessage): void {
  const request = message.kind === 'request' ? { request: message } : {};
  for (const name of MANDATORY_HEADERS) {
    if (!message.headers.has(name)) throw new SipParseError(`Missing ${name} header`, request);
  }
  let cseq: CSeq;
  try {
    cseq = parseCSeq(message.headers.get('cseq') ?? '');
  } catch (error) {
    throw new SipParseError(error instanceof Error ? error.message : String(error), request);
  }
  if (message.kind === 'request' && cseq.method !== message.method) {
    throw new SipParseError(`CSeq method ${cseq.method} does not match ${message.method}`, request);
  }
}

/** Serializes a message; Content-Length is always recomputed from the body's bytes. */
export function serializeMessage(message: SipMessage): string {
  const startLine =
    message.kind === 'request'
      ? `${message.method} ${message.uri} SIP/2.0`
      : `SIP/2.0 ${message.status} ${message.reason}`;
  const lines = [startLine];
  for (const { name, value } of message.headers.list()) {
    if (name === 'Content-Length') continue;
    lines.push(`${name}: ${value}`);
  }
  lines.push(`Content-Length: ${Buffer.byteLength(message.body, 'utf8')}`);
  return lines.join('\r\n') + '\r\n\r\n' + message.body;
}

// ---- header value helpers ----

export interface CSeq {
  seq: number;
  method: string;
}

/** Parses "CSeq: 314159 INVITE". */
export function parseCSeq(value: string): CSeq {
  const match = /^(\d{1,10})\s+(\S+)$/.exec(value.trim());
  if (!match) throw new SipParseError(`Malformed CSeq: "${value.slice(0, 80)}"`);
  const seq = Number(match[1]);
  if (seq > 2 ** 31 - 1) throw new SipParseError(`CSeq number too large: ${seq}`);
  return { seq, method: match[2] ?? '' };
}

function parseParams(text: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const part of text.split(';')) {
    const trimmed = part.trim();
    if (!trimmed) continue;
    const eq = trimmed.indexOf('=');
    if (eq === -1) params[trimmed.toLowerCase()] = '';
    else params[trimmed.slice(0, eq).trim().toLowerCase()] = trimmed.slice(eq + 1).trim();
  }
  return params;
}

export interface NameAddr {
  displayName?: string;
  uri: string;
  params: Record<string, string>;
}

/** Parses a From/To/Contact value: `"Bob" <sip:bob@host>;tag=1` or `sip:bob@host;tag=1`. */
export function parseNameAddr(value: string): NameAddr {
  const trimmed = value.trim();
  const angled = /^(?:"((?:[^"\\]|\\.)*)"|([^<"]*?))\s*<([^>]*)>(.*)$/.exec(trimmed);
  if (angled) {
    const display = angled[1] ?? angled[2]?.trim();
    return {
      ...(display ? { displayName: display } : {}),
      uri: angled[3] ?? '',
      params: parseParams(angled[4] ?? ''),
    };
  }
  // Without <>, parameters after the URI belong to the header, not the URI (RFC 3261 §20).
  const semi = trimmed.indexOf(';');
  if (semi === -1) return { uri: trimmed, params: {} };
  return { uri: trimmed.slice(0, semi), params: parseParams(trimmed.slice(semi)) };
}

/** The tag parameter of a From/To value, if any. */
export function getTag(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  return parseNameAddr(value).params['tag'] || undefined;
}

export interface Via {
  transport: string;
  host: string;
  port?: number;
  params: Record<string, string>;
}

/** Parses one Via value: `SIP/2.0/UDP host:port;branch=z9hG4bK...`. */
export function parseVia(value: string): Via {
  const match = /^SIP\s*\/\s*2\.0\s*\/\s*(\S+)\s+([^;:\s]+|\[[^\]]+\])(?::(\d+))?(.*)$/i.exec(
    value.trim(),
  );
  if (!match) throw new SipParseError(`Malformed Via: "${value.slice(0, 80)}"`);
  return {
    transport: (match[1] ?? '').toUpperCase(),
    host: match[2] ?? '',
    ...(match[3] ? { port: Number(match[3]) } : {}),
    params: parseParams(match[4] ?? ''),
  };
}

/** The branch of the top Via, or undefined. */
export function topBranch(message: SipMessage): string | undefined {
  const via = message.headers.get('via');
  return via ? parseVia(via).params['branch'] : undefined;
}

// ---- identifiers ----

/** The RFC 3261 magic cookie every branch starts with. */
export const BRANCH_COOKIE = 'z9hG4bK';

export function newBranch(): string {
  return BRANCH_COOKIE + randomBytes(8).toString('hex');
}

export function newTag(): string {
  return randomBytes(6).toString('hex');
}

export function newCallId(host: string): string {
  return `${randomBytes(12).toString('hex')}@${host}`;
}

// ---- builders ----

export interface Endpoint {
  host: string;
  port: number;
}

export interface RequestOptions {
  method: string;
  uri: string;
  /** Where our responses come back: the Via sent-by. */
  via: Endpoint;
  branch?: string;
  from: string;
  fromTag: string;
  to: string;
  toTag?: string;
  callId: string;
  cseq: number;
  contact?: string;
  body?: string;
  contentType?: string;
  maxForwards?: number;
  extraHeaders?: [string, string][];
}

function withTag(nameAddr: string, tag: string | undefined): string {
  if (!tag) return nameAddr;
  const bracketed = nameAddr.includes('<') ? nameAddr : `<${nameAddr}>`;
  return `${bracketed};tag=${tag}`;
}

/** Builds a request with a fresh branch unless one is given. */
export function buildRequest(options: RequestOptions): SipRequest {
  const headers = new SipHeaders();
  headers.append(
    'Via',
    `SIP/2.0/UDP ${options.via.host}:${options.via.port};branch=${options.branch ?? newBranch()};rport`,
  );
  headers.append('Max-Forwards', String(options.maxForwards ?? 70));
  headers.append('From', withTag(options.from, options.fromTag));
  headers.append('To', withTag(options.to, options.toTag));
  headers.append('Call-ID', options.callId);
  headers.append('CSeq', `${options.cseq} ${options.method}`);
  if (options.contact) headers.append('Contact', `<${options.contact}>`);
  for (const [name, value] of options.extraHeaders ?? []) headers.append(name, value);
  const body = options.body ?? '';
  if (body) headers.append('Content-Type', options.contentType ?? 'application/sdp');
  return { kind: 'request', method: options.method, uri: options.uri, headers, body };
}

/** An INVITE carrying an SDP offer. */
export function buildInvite(options: Omit<RequestOptions, 'method'> & { sdp: string }): SipRequest {
  return buildRequest({
    ...options,
    method: 'INVITE',
    body: options.sdp,
    contentType: 'application/sdp',
  });
}

/**
 * A request of the INVITE's own transaction (RFC 3261 §9.1, §17.1.1.3): same Via branch,
 * Route set, Request-URI, From, Call-ID and CSeq number, with `to` as its To.
 */
function inviteTransactionRequest(
  invite: SipRequest,
  method: 'ACK' | 'CANCEL',
  to: string,
): SipRequest {
  const headers = new SipHeaders();
  const via = invite.headers.get('via');
  if (via) headers.append('Via', via);
  for (const route of invite.headers.getAll('route')) headers.append('Route', route);
  headers.append('Max-Forwards', '70');
  headers.append('From', invite.headers.get('from') ?? '');
  headers.append('To', to);
  headers.append('Call-ID', invite.headers.get('call-id') ?? '');
  headers.append('CSeq', `${parseCSeq(invite.headers.get('cseq') ?? '').seq} ${method}`);
  return { kind: 'request', method, uri: invite.uri, headers, body: '' };
}

/** ACK for a non-2xx final response: the INVITE's transaction, To from the response. */
export function buildNon2xxAck(invite: SipRequest, response: SipResponse): SipRequest {
  return inviteTransactionRequest(invite, 'ACK', response.headers.get('to') ?? '');
}

/** CANCEL for a pending INVITE: the INVITE's transaction and To. */
export function buildCancel(invite: SipRequest): SipRequest {
  return inviteTransactionRequest(invite, 'CANCEL', invite.headers.get('to') ?? '');
}

/** Default reason phrases of the responses we send. */
export const REASON_PHRASES: Record<number, string> = {
  100: 'Trying',
  180: 'Ringing',
  183: 'Session Progress',
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  407: 'Proxy Authentication Required',
  408: 'Request Timeout',
  480: 'Temporarily Unavailable',
  481: 'Call/Transaction Does Not Exist',
  486: 'Busy Here',
  487: 'Request Terminated',
  488: 'Not Acceptable Here',
  500: 'Server Internal Error',
  503: 'Service Unavailable',
  600: 'Busy Everywhere',
  603: 'Decline',
};

export interface ResponseOptions {
  reason?: string;
  /** Added to To when it has none (not for 100 Trying). */
  toTag?: string;
  contact?: string;
  body?: string;
  contentType?: string;
  extraHeaders?: [string, string][];
}

/** A response to a request: copies Via, From, To, Call-ID and CSeq (RFC 3261 §8.2.6). */
export function buildResponse(
  request: SipRequest,
  status: number,
  options: ResponseOptions = {},
): SipResponse {
  const headers = new SipHeaders();
  for (const via of request.headers.getAll('via')) headers.append('Via', via);
  headers.append('From', request.headers.get('from') ?? '');
  const to = request.headers.get('to') ?? '';
  headers.append('To', status > 100 && !getTag(to) ? withTag(to, options.toTag) : to);
  headers.append('Call-ID', request.headers.get('call-id') ?? '');
  headers.append('CSeq', request.headers.get('cseq') ?? '');
  if (options.contact) headers.append('Contact', `<${options.contact}>`);
  for (const [name, value] of options.extraHeaders ?? []) headers.append(name, value);
  const body = options.body ?? '';
  if (body) headers.append('Content-Type', options.contentType ?? 'application/sdp');
  return {
    kind: 'response',
    status,
    reason: options.reason ?? REASON_PHRASES[status] ?? 'Unknown',
    headers,
    body,
  };
}
