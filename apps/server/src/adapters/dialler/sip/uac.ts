import { isIPv4 } from 'node:net';
import type { ClientTransaction } from './client-transaction.ts';
import { buildAuthorization, parseChallenge, type Credentials } from './digest.ts';
import {
  buildCancel,
  buildInvite,
  buildRequest,
  buildResponse,
  getTag,
  newBranch,
  newCallId,
  newTag,
  parseCSeq,
  parseNameAddr,
  type SipRequest,
  type SipResponse,
} from './message.ts';
import { buildSdp, negotiate, parseSdp, type Negotiated } from './sdp.ts';
import type { SipStack } from './stack.ts';
import type { RemoteAddress } from './transport.ts';

export type CallOutcome = 'completed' | 'noAnswer' | 'busy' | 'failed' | 'terminatedPrematurely';

export type CallEventType = 'initiated' | 'ringing' | 'inProgress' | CallOutcome;

/** A signalling milestone of one call, timestamped when it happened. */
export interface CallEvent {
  type: CallEventType;
  atMs: number;
  statusCode?: number;
  reason?: string;
}

export interface CallResult {
  outcome: CallOutcome;
  /** The final SIP status of the INVITE (408 for a timeout without response). */
  statusCode: number;
  reason: string;
  events: CallEvent[];
  callId: string;
  /** Set when the call was answered with an SDP we could use. */
  media?: { remote: RemoteAddress; negotiated: Negotiated };
}

export interface CallOptions {
  stack: SipStack;
  /** Where the INVITE goes (the far end's SIP address). */
  destination: RemoteAddress;
  /** Request-URI and To, e.g. sip:+15551230001@127.0.0.1:5070. */
  requestUri: string;
  /** From URI, e.g. sip:+15550000001@callsight.local. */
  fromUri: string;
  credentials?: Credentials;
  /** CANCEL when no 200 arrives within this time after the INVITE. */
  noAnswerTimeoutMs: number;
  /** BYE this long after the 200 OK. */
  callDurationMs: number;
  /**
   * A BYE not answered within this time still ends the call (its transaction keeps
   * retransmitting to Timer F); default 8*T1, 4 s with RFC timers.
   */
  byeTimeoutMs?: number;
  /** Our RTP address for the SDP offer; port 0 signals no media yet. */
  rtp?: { address: string; port: number };
  onEvent?: (event: CallEvent) => void;
  /** Called once at answer with the negotiated media, before the BYE timer starts. */
  onAnswered?: (media: CallResult['media']) => void;
  /** Called once when we hang up an answered call (our BYE goes): its media can stop now. */
  onHangingUp?: () => void;
  now?: () => number;
}

type Phase = 'calling' | 'confirmed' | 'terminating' | 'ended';

/** How a call ends once its BYE is answered (or not answered in time). */
interface Ending {
  outcome: CallOutcome;
  statusCode: number;
  reason: string;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** parseSdp's reason without its own "Unusable SDP:" prefix (ours says it already). */
const sdpReason = (err: unknown) => messageOf(err).replace(/^Unusable SDP:\s*/i, '');

/** Throws with the reason when an SDP answer cannot carry our audio. */
function usableAnswer(body: string): NonNullable<CallResult['media']> {
  if (!body.trim()) throw new Error('no SDP body');
  const remote = parseSdp(body);
  // parseSdp refuses these too (issue 31); kept here so that no bad port reaches a socket.
  if (!Number.isInteger(remote.port) || remote.port < 1 || remote.port > 65535)
    throw new Error(`audio port ${remote.port} is not usable`);
  if (!isIPv4(remote.address) && !/^[A-Za-z0-9](?:[A-Za-z0-9.-]{0,252})$/.test(remote.address))
    throw new Error(`connection address "${remote.address.slice(0, 60)}" is not usable`);
  const negotiated = negotiate(remote);
  if (!negotiated)
    throw new Error(`no common codec (offered ${remote.payloadTypes.join(' ') || 'none'})`);
  return { remote: { address: remote.address, port: remote.port }, negotiated };
}

/**
 * One outbound call (RFC 3261 UAC core): INVITE → 18x → 200 → ACK → BYE after the call
 * duration, with one digest retry, CANCEL on no answer and far-end BYE detection. An answer
 * whose SDP we cannot use is ACKed and ended with BYE (failed, 488); a watchdog ends any call
 * by its planned time plus a bound, and a failure in its handling ends that call alone.
 */
export class SipCall {
  readonly callId: string;
  readonly result: Promise<CallResult>;
  private readonly events: CallEvent[] = [];
  private readonly fromTag = newTag();
  private readonly now: () => number;
  private phase: Phase = 'calling';
  private cseq = 1;
  private invite: SipRequest | undefined;
  private inviteTransaction: ClientTransaction | undefined;
  private authTried = false;
  private provisionalSeen = false;
  private ringingSeen = false;
  private cancelRequested = false;
  private cancelSent = false;
  private remoteTag: string | undefined;
  private remoteTarget: string | undefined;
  /** Record-Route of the 2xx, reversed (RFC 3261 §12.1.2); loose routing is assumed. */
  private routeSet: string[] = [];
  private ack: SipRequest | undefined;
  private media: CallResult['media'];
  private readonly timers = new Set<NodeJS.Timeout>();
  private resolve: (result: CallResult) => void = () => {};

  constructor(private readonly options: CallOptions) {
    this.now = options.now ?? Date.now;
    this.callId = newCallId(options.stack.local.host);
    this.result = new Promise((resolve) => (this.resolve = resolve));
  }

  /** Sends the INVITE; the result promise settles with the outcome. */
  start(): Promise<CallResult> {
    this.options.stack.registerDialog(this.callId, {
      onRequest: (request, _source, transaction) =>
        this.guard(() => {
          if (request.method === 'ACK' || !transaction) return;
          if (request.method === 'BYE') {
            transaction.respond(buildResponse(request, 200));
            this.onRemoteBye();
            return;
          }
          transaction.respond(buildResponse(request, request.method === 'OPTIONS' ? 200 : 501));
        }),
      onStrayResponse: (response) =>
        this.guard(() => {
          // A retransmitted 2xx: our ACK was lost (RFC 3261 §13.2.2.4).
          if (response.status >= 200 && response.status < 300 && this.ack) {
            if (parseCSeq(response.headers.get('cseq') ?? '').method === 'INVITE') {
              this.options.stack.send(this.ack, this.options.destination);
            }
          }
        }),
    });
    this.guard(() => this.sendInvite());
    this.emit('initiated');
    this.after(this.options.noAnswerTimeoutMs, () => this.onNoAnswerTimeout());
    // The latest a call can end: unanswered at the no-answer timeout, its CANCEL unanswered for
    // 64*T1, or answered then, held for its duration and its BYE unanswered; 1 s spare.
    const t1 = this.options.stack.timers.t1Ms;
    this.after(
      this.options.noAnswerTimeoutMs +
        64 * t1 +
        this.options.callDurationMs +
        this.byeTimeoutMs +
        1000,
      () => this.onWatchdog(),
    );
    return this.result;
  }

  /** Ends the call early (a stopped run): CANCEL while ringing, BYE once answered. */
  hangup(): void {
    this.guard(() => {
      if (this.phase === 'calling') this.onNoAnswerTimeout();
      else if (this.phase === 'confirmed') this.sendBye();
    });
  }

  private get byeTimeoutMs(): number {
    return this.options.byeTimeoutMs ?? 8 * this.options.stack.timers.t1Ms;
  }

  private get local() {
    return this.options.stack.local;
  }

  private sendInvite(authorization?: [string, string]): void {
    const rtp = this.options.rtp ?? { address: this.local.host, port: 0 };
    this.invite = buildInvite({
      uri: this.options.requestUri,
      via: this.local,
      from: `<${this.options.fromUri}>`,
      fromTag: this.fromTag,
      to: `<${this.options.requestUri}>`,
      callId: this.callId,
      cseq: this.cseq,
      contact: `sip:callsight@${this.local.host}:${this.local.port}`,
      sdp: buildSdp({ address: rtp.address, port: rtp.port }),
      ...(authorization ? { extraHeaders: [authorization] } : {}),
    });
    this.inviteTransaction = this.options.stack.sendRequest(this.invite, this.options.destination, {
      onResponse: (response) => this.guard(() => this.onInviteResponse(response)),
      onTimeout: () => {
        if (this.cancelRequested) this.finish('noAnswer', 408, 'Request Timeout');
        else this.finish('failed', 408, 'Request Timeout');
      },
    });
  }

  private onInviteResponse(response: SipResponse): void {
    if (this.phase !== 'calling') return;
    const { status } = response;
    if (status < 200) {
      this.provisionalSeen = true;
      if (status > 100 && !this.ringingSeen) {
        this.ringingSeen = true;
        this.emit('ringing', status, response.reason);
      }
      if (this.cancelRequested && !this.cancelSent) this.sendCancel();
      return;
    }
    if (status < 300) {
      this.onAnswered(response);
      return;
    }
    if ((status === 401 || status === 407) && !this.authTried && this.options.credentials) {
      if (this.retryWithCredentials(response)) return;
    }
    if (status === 487 && this.cancelRequested) this.finish('noAnswer', status, response.reason);
    else if (status === 486 || status === 600) this.finish('busy', status, response.reason);
    else this.finish('failed', status, response.reason);
  }

  private retryWithCredentials(response: SipResponse): boolean {
    const proxy = response.status === 407;
    const header = response.headers.get(proxy ? 'proxy-authenticate' : 'www-authenticate');
    if (!header || !this.options.credentials) return false;
    let authorization: string;
    try {
      authorization = buildAuthorization(parseChallenge(header), this.options.credentials, {
        method: 'INVITE',
        uri: this.options.requestUri,
      });
    } catch {
      return false;
    }
    this.authTried = true;
    this.cseq++;
    this.provisionalSeen = false;
    this.sendInvite([proxy ? 'Proxy-Authorization' : 'Authorization', authorization]);
    return true;
  }

  private onAnswered(response: SipResponse): void {
    this.remoteTag = getTag(response.headers.get('to'));
    const contact = response.headers.get('contact');
    this.remoteTarget = contact ? parseNameAddr(contact).uri : this.options.requestUri;
    this.routeSet = response.headers.getAll('record-route').reverse();
    this.ack = this.inDialogRequest('ACK', this.cseq);
    this.phase = 'confirmed';
    this.options.stack.send(this.ack, this.options.destination);
    let unusable: string | undefined;
    try {
      this.media = usableAnswer(response.body);
    } catch (err) {
      unusable = sdpReason(err);
    }
    if (this.cancelRequested) {
      // 200 crossed our CANCEL: the call is up, so end it at once (RFC 3261 §9.1).
      this.sendBye();
      return;
    }
    this.emit('inProgress', response.status, response.reason);
    if (unusable !== undefined) {
      // RFC 3261 §13.2.2.4: a 2xx whose answer we cannot accept is ACKed, then ended by BYE.
      this.sendBye({
        outcome: 'failed',
        statusCode: 488,
        reason: `Unusable SDP answer: ${unusable}`,
      });
      return;
    }
    try {
      this.options.onAnswered?.(this.media);
    } catch (err) {
      this.sendBye({
        outcome: 'failed',
        statusCode: 500,
        reason: `Media failed: ${messageOf(err)}`,
      });
      return;
    }
    this.after(this.options.callDurationMs, () => this.sendBye());
  }

  private onNoAnswerTimeout(): void {
    if (this.phase !== 'calling' || this.cancelRequested) return;
    this.cancelRequested = true;
    // A CANCEL may only follow a provisional response (RFC 3261 §9.1).
    if (this.provisionalSeen) this.sendCancel();
  }

  private sendCancel(): void {
    if (!this.invite) return;
    this.cancelSent = true;
    this.options.stack.sendRequest(buildCancel(this.invite), this.options.destination, {
      onResponse: () => {},
      onTimeout: () => {},
    });
    // No final response 64*T1 after the CANCEL: give the INVITE up (RFC 3261 §9.1).
    this.after(64 * this.options.stack.timers.t1Ms, () => {
      this.inviteTransaction?.terminate();
      this.finish('noAnswer', 408, 'Request Timeout');
    });
  }

  /**
   * Sends our BYE; the call ends as `ending` says (else completed) when it is answered, or
   * unanswered after byeTimeoutMs: a far end that never answers cannot keep the call up.
   */
  private sendBye(ending?: Ending): void {
    if (this.phase !== 'confirmed') return;
    this.phase = 'terminating';
    this.hangingUp();
    const byeSentAtMs = this.now();
    const answeredLate = this.cancelRequested;
    this.cseq++;
    const done = (answered: boolean) => {
      if (ending) this.finish(ending.outcome, ending.statusCode, ending.reason);
      else if (answeredLate) this.finish('noAnswer', 200, 'Answered after CANCEL');
      else this.finish('completed', 200, answered ? 'OK' : 'OK (BYE not answered)', byeSentAtMs);
    };
    this.after(this.byeTimeoutMs, () => done(false));
    this.sendQuietly('BYE', {
      onResponse: (response) => response.status >= 200 && done(true),
      onTimeout: () => done(false),
    });
  }

  /** Sends an in-dialog BYE; a failure to send is left to the timers that end the call. */
  private sendQuietly(method: 'BYE', user: Parameters<SipStack['sendRequest']>[2]): void {
    try {
      this.options.stack.sendRequest(
        this.inDialogRequest(method, this.cseq),
        this.options.destination,
        user,
      );
    } catch {
      // The transport is closed or the request could not be built: the bye timer ends the call.
    }
  }

  /** The call outlived its bound (a far end or a bug kept it up): hang up and end it failed. */
  private onWatchdog(): void {
    const reason = 'The call did not end within its planned time (watchdog)';
    if (this.phase === 'confirmed') {
      this.phase = 'terminating';
      this.hangingUp();
      this.cseq++;
      this.sendQuietly('BYE', { onResponse: () => {}, onTimeout: () => {} });
    } else if (this.phase === 'calling') {
      this.inviteTransaction?.terminate();
    }
    this.finish('failed', 408, reason);
  }

  /** Our BYE goes: the media has nothing more to carry (it would run until the BYE's answer). */
  private hangingUp(): void {
    try {
      this.options.onHangingUp?.();
    } catch {
      // The media is closed again when the call ends.
    }
  }

  /** Runs one step of the call's handling; a throw ends this call (BYE when up), nothing else. */
  private guard(step: () => void): void {
    try {
      step();
    } catch (err) {
      const reason = `Call handling failed: ${messageOf(err)}`;
      try {
        if (this.phase === 'confirmed') {
          this.sendBye({ outcome: 'failed', statusCode: 500, reason });
          return;
        }
        if (this.phase === 'calling') this.inviteTransaction?.terminate();
      } catch {
        // Ending the call below is all that is left.
      }
      this.finish('failed', 500, reason);
    }
  }

  private onRemoteBye(): void {
    if (this.phase === 'confirmed') this.finish('terminatedPrematurely', 200, 'Far end hung up');
  }

  private inDialogRequest(method: 'ACK' | 'BYE', cseq: number): SipRequest {
    return buildRequest({
      method,
      uri: this.remoteTarget ?? this.options.requestUri,
      via: this.local,
      branch: newBranch(),
      from: `<${this.options.fromUri}>`,
      fromTag: this.fromTag,
      to: `<${this.options.requestUri}>`,
      ...(this.remoteTag ? { toTag: this.remoteTag } : {}),
      callId: this.callId,
      cseq,
      extraHeaders: this.routeSet.map((route): [string, string] => ['Route', route]),
    });
  }

  private after(ms: number, fire: () => void): void {
    const handle = setTimeout(() => {
      this.timers.delete(handle);
      this.guard(fire);
    }, ms);
    this.timers.add(handle);
  }

  private emit(type: CallEventType, statusCode?: number, reason?: string, atMs = this.now()) {
    const event: CallEvent = {
      type,
      atMs,
      ...(statusCode !== undefined ? { statusCode } : {}),
      ...(reason !== undefined ? { reason } : {}),
    };
    this.events.push(event);
    try {
      this.options.onEvent?.(event);
    } catch {
      // An observer's failure is not the call's: the call goes on and still ends.
    }
  }

  private finish(outcome: CallOutcome, statusCode: number, reason: string, atMs?: number): void {
    if (this.phase === 'ended') return;
    this.phase = 'ended';
    for (const handle of this.timers) clearTimeout(handle);
    this.timers.clear();
    this.emit(outcome, statusCode, reason, atMs);
    // Keep answering retransmitted BYEs/2xx for a while before forgetting the Call-ID.
    const linger = setTimeout(
      () => this.options.stack.unregisterDialog(this.callId),
      64 * this.options.stack.timers.t1Ms,
    );
    linger.unref();
    this.resolve({
      outcome,
      statusCode,
      reason,
      events: [...this.events],
      callId: this.callId,
      ...(this.media ? { media: this.media } : {}),
    });
  }
}

/** Places one call and resolves with its outcome and timestamped events. */
export function placeCall(options: CallOptions): Promise<CallResult> {
  return new SipCall(options).start();
}
