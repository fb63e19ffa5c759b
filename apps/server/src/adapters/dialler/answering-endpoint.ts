import { randomBytes } from 'node:crypto';
import { verifyAuthorization } from './sip/digest.ts';
import {
  buildRequest,
  buildResponse,
  getTag,
  newTag,
  parseNameAddr,
  type SipRequest,
  type SipResponse,
} from './sip/message.ts';
import { buildSdp, negotiate, parseSdp } from './sip/sdp.ts';
import { lawOfPayloadType, type G711Law } from './media/g711.ts';
import { RtpSession } from './media/rtp-session.ts';
import type { ServerTransaction } from './sip/server-transaction.ts';
import { SipStack } from './sip/stack.ts';
import type { TimerConfig } from './sip/client-transaction.ts';
import type { RemoteAddress } from './sip/transport.ts';

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
    });
    const uas = new AnsweringEndpoint(stack, options);
    holder.uas = uas;
    return uas;
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
  ): Promise<CallMedia | undefined> {
    const offer = parseSdp(request.body);
    const chosen = negotiate(offer);
    const law = chosen ? lawOfPayloadType(chosen.payloadType) : null;
    if (!chosen || !law) return undefined;
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

  private async endMedia(callId: string): Promise<void> {
    const session = this.media.get(callId);
    if (!session) return;
    this.media.delete(callId);
    await session.close();
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
      this.calls.set(callId, record);
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
      fire();
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
      this.toTags.set(callId, tag);
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
    if (behaviour?.kind === 'noResponse') return;
    transaction.respond(buildResponse(request, 100));
    if (!behaviour) {
      transaction.respond(buildResponse(request, 404, { toTag }));
      return;
    }
    if (behaviour.kind === 'reject' && !behaviour.ringMs) {
      transaction.respond(buildResponse(request, behaviour.status, { toTag }));
      return;
    }
    transaction.respond(buildResponse(request, 180, { toTag }));
    if (behaviour.kind === 'noAnswer') return;
    if (behaviour.kind === 'reject') {
      this.after(behaviour.ringMs ?? 0, () =>
        transaction.respond(buildResponse(request, behaviour.status, { toTag })),
      );
      return;
    }
    this.after(
      behaviour.ringMs,
      () => void this.answer(request, source, transaction, record, behaviour, toTag),
    );
  }

  private async answer(
    request: SipRequest,
    source: RemoteAddress,
    transaction: ServerTransaction,
    record: UasCallRecord,
    behaviour: Extract<UasBehaviour, { kind: 'answer' }>,
    toTag: string,
  ): Promise<void> {
    if (transaction.state !== 'proceeding') return; // canceled meanwhile
    const hangup = () => {
      if (record.byeSent || record.byesReceived > 0) return;
      void this.endMedia(request.headers.get('call-id') ?? '');
      this.sendBye(request, toTag, source, record);
    };
    const session = behaviour.media
      ? await this.openMedia(request, behaviour.media, record, hangup)
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
      this.retransmit2xxUntilAck(ok, source, record);
      if (behaviour.hangupAfterMs !== undefined) this.after(behaviour.hangupAfterMs, hangup);
    }
  }

  /** RFC 3261 §13.3.1.4: the UAS core repeats the 2xx (T1 doubling, capped at T2) until ACK. */
  private retransmit2xxUntilAck(ok: SipResponse, to: RemoteAddress, record: UasCallRecord): void {
    const acksBefore = record.acks;
    let interval = this.stack.timers.t1Ms;
    let elapsed = 0;
    const tick = () => {
      if (record.acks > acksBefore || elapsed >= 64 * this.stack.timers.t1Ms) return;
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
