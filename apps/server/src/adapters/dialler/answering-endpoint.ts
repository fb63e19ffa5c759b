import { randomBytes } from 'node:crypto';
import { isIPv4 } from 'node:net';
import { verifyAuthorization } from './sip/digest.ts';
import {
  buildRequest,
  buildResponse,
  getTag,
  newTag,
  parseNameAddr,
  SipParseError,
  type SipRequest,
  type SipResponse,
} from './sip/message.ts';
import { buildSdp, negotiate, parseSdp, type Negotiated, type SdpAudio } from './sip/sdp.ts';
import { lawOfPayloadType, type G711Law } from './media/g711.ts';
import { RtpSession } from './media/rtp-session.ts';
import type { ServerTransaction } from './sip/server-transaction.ts';
import { SipStack } from './sip/stack.ts';
import type { TimerConfig } from './sip/client-transaction.ts';
import { errorText, type RemoteAddress, type SipLog } from './sip/transport.ts';

/** A call answered with media of the caller's own (the contact-centre simulator, issue 18). */
export interface AnsweredCall {
  callId: string;
  number: string;
  request: SipRequest;
  /** The caller's RTP address and the G.711 law the answer chose. */
  remote: RemoteAddress;
  law: G711Law;
  /** Ends the call from this side: closes the media and sends BYE (once; not after theirs). */
  hangup(): void;
}

/** Custom media of one call: its RTP port for the answer; closed when the call ends. */
export interface CallMedia {
  readonly port: number;
  close(): Promise<void>;
}

export type MediaFactory = (call: AnsweredCall) => Promise<CallMedia>;

/** How the answering side treats calls to one number (the user part of the Request-URI). */
export type UasBehaviour =
  | {
      kind: 'answer';
      ringMs: number;
      hangupAfterMs?: number;
      /** Audio once answered: send back what arrives, collect the caller's DTMF keys, or custom. */
      media?: 'echo' | 'collectDtmf' | MediaFactory;
    }
  | { kind: 'reject'; status: number; ringMs?: number }
  | { kind: 'noAnswer' }
  /** Not a single response, as if the INVITE went nowhere (the caller's Timer B decides). */
  | { kind: 'noResponse' };

export interface AnsweringEndpointOptions {
  behaviours: Record<string, UasBehaviour>;
  /** How numbers not listed are treated; without it they get 404. */
  defaultBehaviour?: UasBehaviour;
  /** Decides per INVITE before the tables (undefined: the tables decide). */
  behaviourFor?: (request: SipRequest, number: string) => UasBehaviour | undefined;
  /** Where it listens (default 127.0.0.1, an ephemeral port). */
  host?: string;
  port?: number;
  timers?: Partial<TimerConfig>;
  /** When set, INVITEs without valid credentials get a 401 challenge. */
  auth?: { realm: string; username: string; password: string };
  /** Numbers whose first INVITE datagram is dropped, as if lost on the network. */
  dropFirstInviteFor?: string[];
  /** Numbers whose first ACK datagram is dropped (the 200 OK is then retransmitted). */
  dropFirstAckFor?: string[];
  /** Record-Route values put in every 200 OK, as a proxy on the path would. */
  recordRoute?: string[];
  /**
   * One line per datagram dropped, request refused for its offer, or call failed after it
   * was accepted (default: console.warn, at most 20 lines a minute).
   */
  log?: SipLog;
  /** An answered call ends with BYE after this long if nobody hung up (default 1 hour). */
  maxCallMs?: number;
  /** Calls with media open at once; further INVITEs for media get 503 (default 1,000). */
  maxMediaCalls?: number;
}

/** Calls remembered for assertions; the oldest are forgotten past this (a flood of Call-IDs). */
const MAX_CALL_RECORDS = 10_000;
/** A noAnswer call rings this long at most, then 480 Temporarily Unavailable. */
const MAX_RING_MS = 10 * 60_000;
/** Defaults of maxCallMs and maxMediaCalls: every RTP socket is released, and only so many. */
const DEFAULT_MAX_CALL_MS = 60 * 60_000;
const DEFAULT_MAX_MEDIA_CALLS = 1000;

/** Why an INVITE's offer is refused before ringing: the response to send. */
interface Refusal {
  status: 400 | 415 | 488;
  reason: string;
  extraHeaders: [string, string][];
}

/** An offer checked before ringing: what the answer's media will use. */
interface CheckedOffer {
  offer: SdpAudio;
  chosen: Negotiated;
  law: G711Law | null;
}

/** What the answering side saw of one call, for assertions. */
export interface UasCallRecord {
  number: string;
  /** INVITE datagrams that reached the transaction layer, retransmissions included. */
  inviteDatagrams: number;
  invitesDropped: number;
  acksDropped: number;
  /** Every request datagram received, by method (retransmissions and non-2xx ACKs included). */
  received: Record<string, number>;
  authorizationOk: boolean | undefined;
  challenged: number;
  acks: number;
  cancels: number;
  byesReceived: number;
  /** Route headers of the BYE we received. */
  byeRoutes: string[];
  byeSent: boolean;
  byeAnswered: boolean;
  /**
   * DTMF keys received on the call's RTP (media behaviours): arrival in ms after answer, and the
   * RTP timestamp of the event (8 kHz), which times the keys as the caller sent them.
   */
  digits: { digit: string; atMs: number; rtpTimestamp: number }[];
}

function userOf(uri: string): string {
  return /^sips?:([^@;>]+)@/.exec(uri)?.[1] ?? '';
}

/**
 * The built-in answering endpoint (issue 17): a SIP user agent server on loopback that treats
 * each called number as configured: ring N ms then answer, busy (486), never answer, fail (503),
 * answer then hang up early, echo audio, or collect DTMF with its timing. Campaigns against it
 * give exactly the outcomes its configuration says; tests also use its fault hooks (dropped
 * INVITE or ACK datagrams, digest challenges, Record-Route).
 */
export class AnsweringEndpoint {
  readonly calls = new Map<string, UasCallRecord>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly nonce = randomBytes(8).toString('hex');

  private constructor(
    readonly stack: SipStack,
    private readonly options: AnsweringEndpointOptions,
  ) {
    stack.setDefaultHandler({
      onRequest: (request, source, transaction) => this.onRequest(request, source, transaction),
    });
  }

  static async start(options: AnsweringEndpointOptions): Promise<AnsweringEndpoint> {
    // The drop hook needs the instance, which needs the stack: resolve the cycle late.
    const holder: { uas?: AnsweringEndpoint } = {};
    const stack = await SipStack.create({
      ...(options.host ? { host: options.host } : {}),
      ...(options.port ? { port: options.port } : {}),
      ...(options.timers ? { timers: options.timers } : {}),
      dropIncoming: (message) => holder.uas?.shouldDrop(message) ?? false,
      ...(options.log ? { log: options.log } : {}),
    });
    const uas = new AnsweringEndpoint(stack, options);
    holder.uas = uas;
    return uas;
  }

  private get log(): SipLog {
    return this.stack.log;
  }

  get address(): RemoteAddress {
    return { address: this.stack.local.host, port: this.stack.local.port };
  }

  uri(number: string): string {
    return `sip:${number}@${this.stack.local.host}:${this.stack.local.port}`;
  }

  async close(): Promise<void> {
    for (const handle of this.timers) clearTimeout(handle);
    await Promise.all([...this.media.keys()].map((callId) => this.endMedia(callId)));
    await this.stack.close();
  }

  private readonly media = new Map<string, { close(): Promise<void> }>();

  /**
   * Opens the call's RTP endpoint for a media behaviour, answering the offer's first G.711
   * codec; the session starts sending to the caller at once and collects or echoes.
   */
  private async openMedia(
    request: SipRequest,
    mode: NonNullable<Extract<UasBehaviour, { kind: 'answer' }>['media']>,
    record: UasCallRecord,
    hangup: () => void,
    checked: CheckedOffer | undefined,
  ): Promise<CallMedia> {
    // checkOffer refused every media INVITE without a G.711 offer before ringing.
    if (!checked?.law) throw new SipParseError('The offer has no G.711 audio');
    const { offer, chosen, law } = checked;
    const callId = request.headers.get('call-id') ?? '';
    if (typeof mode === 'function') {
      const remote = { address: offer.address, port: offer.port };
      const media = await mode({ callId, number: record.number, request, remote, law, hangup });
      this.media.set(callId, media);
      return media;
    }
    const startedAt = Date.now();
    const session = await RtpSession.open({
      law,
      ...(chosen.telephoneEvent !== undefined ? { dtmfPayloadType: chosen.telephoneEvent } : {}),
      echo: mode === 'echo',
      onDtmf: (d) =>
        record.digits.push({
          digit: d.digit,
          atMs: d.receivedAtMs - startedAt,
          rtpTimestamp: d.timestamp,
        }),
    });
    session.start({ address: offer.address, port: offer.port });
    this.media.set(callId, session);
    return session;
  }

  /** Closes a call's media; never rejects (a failure is logged). */
  private async endMedia(callId: string): Promise<void> {
    const session = this.media.get(callId);
    if (!session) return;
    this.media.delete(callId);
    try {
      await session.close();
    } catch (error) {
      this.log(`SIP call ${callId.slice(0, 80)}: closing its media failed: ${errorText(error)}`);
    }
  }

  /** Map insertion order is age: past the cap the oldest entry goes. */
  private static remember<V>(map: Map<string, V>, key: string, value: V): void {
    map.set(key, value);
    if (map.size > MAX_CALL_RECORDS) {
      const oldest = map.keys().next();
      if (!oldest.done) map.delete(oldest.value);
    }
  }

  private record(request: SipRequest): UasCallRecord {
    const callId = request.headers.get('call-id') ?? '';
    let record = this.calls.get(callId);
    if (!record) {
      record = {
        number: userOf(request.uri),
        inviteDatagrams: 0,
        invitesDropped: 0,
        acksDropped: 0,
        received: {},
        authorizationOk: undefined,
        challenged: 0,
        acks: 0,
        cancels: 0,
        byesReceived: 0,
        byeRoutes: [],
        byeSent: false,
        byeAnswered: false,
        digits: [],
      };
      AnsweringEndpoint.remember(this.calls, callId, record);
    }
    return record;
  }

  private shouldDrop(message: SipRequest | SipResponse): boolean {
    if (message.kind !== 'request') return false;
    const record = this.record(message);
    if (
      message.method === 'ACK' &&
      (this.options.dropFirstAckFor ?? []).includes(record.number) &&
      record.acksDropped === 0
    ) {
      record.acksDropped++;
      return true;
    }
    if (message.method !== 'INVITE') {
      record.received[message.method] = (record.received[message.method] ?? 0) + 1;
      return false;
    }
    const drop =
      (this.options.dropFirstInviteFor ?? []).includes(record.number) &&
      record.inviteDatagrams === 0 &&
      record.invitesDropped === 0;
    if (drop) record.invitesDropped++;
    else {
      record.inviteDatagrams++;
      record.received['INVITE'] = (record.received['INVITE'] ?? 0) + 1;
    }
    return drop;
  }

  private after(ms: number, fire: () => void): void {
    const handle = setTimeout(() => {
      this.timers.delete(handle);
      try {
        fire();
      } catch (error) {
        this.log(`SIP answering endpoint timer failed: ${errorText(error)}`);
      }
    }, ms);
    this.timers.add(handle);
  }

  private onRequest(
    request: SipRequest,
    source: RemoteAddress,
    transaction: ServerTransaction | undefined,
  ): void {
    const record = this.record(request);
    switch (request.method) {
      case 'ACK':
        record.acks++;
        return;
      case 'INVITE':
        if (transaction) this.onInvite(request, source, transaction, record);
        return;
      case 'CANCEL': {
        record.cancels++;
        transaction?.respond(buildResponse(request, 200));
        const invite = this.stack.findInviteServerTransaction(request);
        invite?.respond(buildResponse(invite.request, 487, { toTag: this.toTagOf(invite) }));
        return;
      }
      case 'BYE':
        record.byesReceived++;
        void this.endMedia(request.headers.get('call-id') ?? '');
        record.byeRoutes = request.headers.getAll('route');
        transaction?.respond(buildResponse(request, 200));
        return;
      default:
        transaction?.respond(buildResponse(request, 405));
    }
  }

  private readonly toTags = new Map<string, string>();

  private toTagOf(transaction: ServerTransaction): string {
    const callId = transaction.request.headers.get('call-id') ?? '';
    let tag = this.toTags.get(callId);
    if (!tag) {
      tag = newTag();
      AnsweringEndpoint.remember(this.toTags, callId, tag);
    }
    return tag;
  }

  private onInvite(
    request: SipRequest,
    source: RemoteAddress,
    transaction: ServerTransaction,
    record: UasCallRecord,
  ): void {
    const toTag = this.toTagOf(transaction);
    const auth = this.options.auth;
    if (auth) {
      const header = request.headers.get('authorization');
      const ok =
        header !== undefined &&
        verifyAuthorization(header, auth.password, 'INVITE', {
          realm: auth.realm,
          nonce: this.nonce,
        });
      record.authorizationOk = header === undefined ? undefined : ok;
      if (!ok) {
        record.challenged++;
        transaction.respond(
          buildResponse(request, header === undefined ? 401 : 403, {
            toTag,
            extraHeaders: [
              [
                'WWW-Authenticate',
                `Digest realm="${auth.realm}", nonce="${this.nonce}", qop="auth", algorithm=MD5`,
              ],
            ],
          }),
        );
        return;
      }
    }
    const behaviour =
      this.options.behaviourFor?.(request, record.number) ??
      this.options.behaviours[record.number] ??
      this.options.defaultBehaviour;
    if (behaviour?.kind === 'noResponse') {
      // Silent, but not forever: the transaction is forgotten when the caller's Timer B would fire.
      this.after(64 * this.stack.timers.t1Ms, () => transaction.terminate());
      return;
    }
    if (!behaviour) {
      transaction.respond(buildResponse(request, 100));
      transaction.respond(buildResponse(request, 404, { toTag }));
      return;
    }
    // The offer is decided before ringing: a call never fails later for its INVITE's body.
    const checked = this.checkOffer(request, behaviour);
    if ('status' in checked) {
      this.log(
        `SIP INVITE for ${record.number.slice(0, 40)} from ${source.address}:${source.port} answered ${checked.status}: ${checked.reason}`,
      );
      transaction.respond(
        buildResponse(request, checked.status, { toTag, extraHeaders: checked.extraHeaders }),
      );
      return;
    }
    if (
      behaviour.kind === 'answer' &&
      behaviour.media &&
      this.media.size >= (this.options.maxMediaCalls ?? DEFAULT_MAX_MEDIA_CALLS)
    ) {
      this.log(`SIP INVITE for ${record.number.slice(0, 40)} answered 503: too many calls`);
      transaction.respond(
        buildResponse(request, 503, { toTag, extraHeaders: [['Retry-After', '5']] }),
      );
      return;
    }
    transaction.respond(buildResponse(request, 100));
    if (behaviour.kind === 'reject' && !behaviour.ringMs) {
      transaction.respond(buildResponse(request, behaviour.status, { toTag }));
      return;
    }
    transaction.respond(buildResponse(request, 180, { toTag }));
    if (behaviour.kind === 'noAnswer') {
      // Rings until CANCEL; a caller that never cancels gets 480 rather than a transaction kept forever.
      this.after(MAX_RING_MS, () => transaction.respond(buildResponse(request, 480, { toTag })));
      return;
    }
    if (behaviour.kind === 'reject') {
      this.after(behaviour.ringMs ?? 0, () =>
        transaction.respond(buildResponse(request, behaviour.status, { toTag })),
      );
      return;
    }
    this.after(behaviour.ringMs, () => {
      this.answer(request, source, transaction, record, behaviour, toTag, checked.offer).catch(
        (error: unknown) => this.failCall(request, source, transaction, record, toTag, error),
      );
    });
  }

  /**
   * Whether the INVITE's body is an offer we can answer (RFC 3261 §21.4.19, §21.4.26): 415 for
   * a body that is not SDP, 488 for SDP without a usable G.711 audio stream. An INVITE without
   * a body is a late offer, answered only by behaviours without media of their own.
   */
  private checkOffer(
    request: SipRequest,
    behaviour: UasBehaviour,
  ): Refusal | { offer: CheckedOffer | undefined } {
    const needsMedia = behaviour.kind === 'answer' && behaviour.media !== undefined;
    const type = request.headers.get('content-type');
    const mediaType = type?.split(';')[0]?.trim().toLowerCase();
    const encoding = request.headers.get('content-encoding')?.trim().toLowerCase();
    const notAcceptable = (reason: string, code = 399): Refusal => ({
      status: 488,
      reason,
      extraHeaders: [
        ['Warning', `${code} ${this.stack.local.host} "${reason.replace(/["\\]/g, "'")}"`],
      ],
    });
    if (request.body.length === 0) {
      if (mediaType === 'application/sdp') return notAcceptable('The SDP body is empty', 304);
      if (needsMedia) return notAcceptable('The INVITE carries no SDP offer', 304);
      return { offer: undefined };
    }
    if (mediaType !== 'application/sdp' || (encoding && encoding !== 'identity')) {
      return {
        status: 415,
        reason: `The body is ${type ? `"${type.slice(0, 80)}"` : 'of no Content-Type'}${encoding ? ` with Content-Encoding "${encoding.slice(0, 40)}"` : ''}, not application/sdp`,
        extraHeaders: [
          ['Accept', 'application/sdp'],
          ['Accept-Encoding', 'identity'],
        ],
      };
    }
    let offer: SdpAudio;
    try {
      // A behaviour without media answers an offer that declines audio (port 0) as before.
      offer = parseSdp(request.body, { acceptRejectedStream: !needsMedia });
    } catch (error) {
      return notAcceptable(errorText(error));
    }
    const chosen = negotiate(offer);
    if (!chosen) return notAcceptable('The offer has no PCMU or PCMA audio', 305);
    const law = lawOfPayloadType(chosen.payloadType);
    if (!law && needsMedia) {
      return notAcceptable('The offer has G.711 only on a dynamic payload type', 305);
    }
    if (needsMedia && !isIPv4(offer.address)) {
      // Our RTP sockets are udp4 (RFC 3261 §20.43 warn-code 301).
      return notAcceptable(`Media address ${offer.address} is not IPv4`, 301);
    }
    return { offer: { offer, chosen, law } };
  }

  /**
   * A call that failed after it was accepted (its media, a timer): answered 488 or 500 while
   * still ringing, sent BYE when already answered, its media closed; one line logged.
   */
  private failCall(
    request: SipRequest,
    source: RemoteAddress,
    transaction: ServerTransaction,
    record: UasCallRecord,
    toTag: string,
    error: unknown,
  ): void {
    const callId = request.headers.get('call-id') ?? '';
    try {
      void this.endMedia(callId);
      let outcome: string;
      if (transaction.state === 'proceeding') {
        const status = error instanceof SipParseError ? 488 : 500;
        transaction.respond(buildResponse(request, status, { toTag }));
        outcome = `answered ${status}`;
      } else if (transaction.state === 'accepted' && !record.byeSent && !record.byesReceived) {
        this.sendBye(request, toTag, source, record);
        outcome = 'ended with BYE';
      } else {
        outcome = 'ended';
      }
      this.log(
        `SIP call ${callId.slice(0, 80)} to ${record.number.slice(0, 40)} ${outcome}: ${errorText(error)}`,
      );
    } catch (inner) {
      this.log(`SIP call ${callId.slice(0, 80)} could not be ended: ${errorText(inner)}`);
    }
  }

  private async answer(
    request: SipRequest,
    source: RemoteAddress,
    transaction: ServerTransaction,
    record: UasCallRecord,
    behaviour: Extract<UasBehaviour, { kind: 'answer' }>,
    toTag: string,
    checked: CheckedOffer | undefined,
  ): Promise<void> {
    if (transaction.state !== 'proceeding') return; // canceled meanwhile
    // Also called by media and timers of the call: a failure ends the call, not the caller.
    const hangup = () => {
      if (record.byeSent || record.byesReceived > 0) return;
      void this.endMedia(request.headers.get('call-id') ?? '');
      try {
        this.sendBye(request, toTag, source, record);
      } catch (error) {
        this.log(`SIP BYE for ${record.number.slice(0, 40)} not sent: ${errorText(error)}`);
      }
    };
    const session = behaviour.media
      ? await this.openMedia(request, behaviour.media, record, hangup, checked)
      : undefined;
    if (transaction.state !== 'proceeding') {
      await this.endMedia(request.headers.get('call-id') ?? '');
      return;
    }
    {
      const ok = buildResponse(request, 200, {
        toTag,
        contact: `sip:${record.number}@${this.stack.local.host}:${this.stack.local.port}`,
        body: buildSdp({ address: this.stack.local.host, port: session?.port ?? 40000 }),
        extraHeaders: (this.options.recordRoute ?? []).map((r): [string, string] => [
          'Record-Route',
          r,
        ]),
      });
      transaction.respond(ok);
      this.retransmit2xxUntilAck(ok, source, record, hangup);
      if (behaviour.hangupAfterMs !== undefined) this.after(behaviour.hangupAfterMs, hangup);
      // Nobody keeps a call (and its RTP socket) for ever by never sending BYE.
      this.after(this.options.maxCallMs ?? DEFAULT_MAX_CALL_MS, hangup);
    }
  }

  /**
   * RFC 3261 §13.3.1.4: the UAS core repeats the 2xx (T1 doubling, capped at T2) until ACK;
   * with no ACK after 64*T1 the session ends with BYE (its media would otherwise run forever).
   */
  private retransmit2xxUntilAck(
    ok: SipResponse,
    to: RemoteAddress,
    record: UasCallRecord,
    hangup: () => void,
  ): void {
    const acksBefore = record.acks;
    let interval = this.stack.timers.t1Ms;
    let elapsed = 0;
    const tick = () => {
      if (record.acks > acksBefore) return;
      if (elapsed >= 64 * this.stack.timers.t1Ms) {
        hangup();
        return;
      }
      this.stack.send(ok, to);
      elapsed += interval;
      interval = Math.min(2 * interval, this.stack.timers.t2Ms);
      this.after(interval, tick);
    };
    this.after(interval, tick);
  }

  private sendBye(
    invite: SipRequest,
    toTag: string,
    to: RemoteAddress,
    record: UasCallRecord,
  ): void {
    const from = invite.headers.get('from') ?? '';
    const contact = invite.headers.get('contact');
    const bye = buildRequest({
      method: 'BYE',
      uri: contact ? parseNameAddr(contact).uri : parseNameAddr(from).uri,
      via: this.stack.local,
      from: `<${parseNameAddr(invite.headers.get('to') ?? '').uri}>`,
      fromTag: toTag,
      to: `<${parseNameAddr(from).uri}>`,
      ...(getTag(from) ? { toTag: getTag(from) } : {}),
      callId: invite.headers.get('call-id') ?? '',
      cseq: 1,
    });
    record.byeSent = true;
    this.stack.sendRequest(bye, to, {
      onResponse: (response) => {
        if (response.status >= 200) record.byeAnswered = true;
      },
      onTimeout: () => {},
    });
  }
}
