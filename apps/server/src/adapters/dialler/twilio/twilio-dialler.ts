import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import twilio from 'twilio';
import type { CallFinal, CallRequest, Dialler, DiallerEvent, PlacedCall } from '../dialler.ts';
import { parseAnswerTreatment } from '../media/treatment.ts';
import { REASON_PHRASES } from '../sip/message.ts';
import {
  callbackUrls,
  type PendingTwilioCall,
  type TwilioCallbackRegistry,
  type TwilioRecordingForm,
  type TwilioStatusForm,
} from './callbacks.ts';
import { createCallParams, expectedTalkMs, ringSeconds } from './twiml.ts';

export interface TwilioDiallerOptions {
  accountSid: string;
  authToken: string;
  /** Our server's public URL, which Twilio calls back (e.g. https://callsight.example.com). */
  callbackBaseUrl: string;
  /** Twilio's REST API; default https://api.twilio.com (tests: a local server that speaks it). */
  apiBaseUrl?: string;
  registry: TwilioCallbackRegistry;
  /** How long after a call's end its recording may take to be announced; default 5 s. */
  recordingWaitMs?: number;
  /** How late the final callback may be, after the call should have ended; default 60 s. */
  callbackGraceMs?: number;
}

const TWILIO_API = 'https://api.twilio.com';
const RECORDING_WAIT_MS = 5_000;
const CALLBACK_GRACE_MS = 60_000;
/** Twilio queues the calls above the account's calls per second; a run's last may wait long. */
const QUEUE_WAIT_MS = 10 * 60_000;
const DOWNLOAD_TIMEOUT_MS = 60_000;

type Outcome = CallFinal['outcome'];
type Ending = Pick<CallFinal, 'outcome' | 'statusCode' | 'reason'>;

/** Reasons of the final statuses when Twilio gives no SIP response code. */
const STATUS_REASONS: Record<string, string> = {
  completed: 'Completed',
  busy: 'Busy',
  'no-answer': 'No Answer',
  failed: 'Failed',
};

/** What every call of one dialler shares. */
interface DiallerContext {
  client: twilio.Twilio;
  registry: TwilioCallbackRegistry;
  authToken: string;
  callbackBaseUrl: string;
  /** Recordings are fetched from here only: the credentials go to Twilio's API and nowhere else. */
  apiOrigin: string;
  basicAuth: string;
  recordingWaitMs: number;
  callbackGraceMs: number;
}

/**
 * Places campaign calls through Twilio's REST API (issue 17) with the official client: the
 * TwiML plays the answer treatment after answer, holds the call, hangs up; Twilio's signed
 * status and recording callbacks (routes/twilio-callbacks.ts) report the call as it happens.
 */
export class TwilioDialler implements Dialler {
  readonly kind = 'twilio' as const;
  private readonly context: DiallerContext;
  private readonly calls = new Set<TwilioCall>();

  constructor(options: TwilioDiallerOptions) {
    const client = twilio(options.accountSid, options.authToken);
    const apiBaseUrl = options.apiBaseUrl ?? TWILIO_API;
    // The client's REST domain is where its requests go (Domain.baseUrl, public in the client).
    client.api.baseUrl = apiBaseUrl;
    this.context = {
      client,
      registry: options.registry,
      authToken: options.authToken,
      callbackBaseUrl: options.callbackBaseUrl,
      apiOrigin: new URL(apiBaseUrl).origin,
      basicAuth: `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`,
      recordingWaitMs: options.recordingWaitMs ?? RECORDING_WAIT_MS,
      callbackGraceMs: options.callbackGraceMs ?? CALLBACK_GRACE_MS,
    };
  }

  place(request: CallRequest, onEvent: (event: DiallerEvent) => void): PlacedCall {
    const call = new TwilioCall(this.context, request, onEvent);
    this.calls.add(call);
    void call.result.then(() => this.calls.delete(call));
    call.start();
    return { hangup: () => call.hangup(), result: call.result };
  }

  /** Stops waiting for this dialler's calls: each resolves (failed, 'Dialler closed'). */
  async close(): Promise<void> {
    for (const call of [...this.calls]) call.drop('Dialler closed');
  }
}

/** One call placed through Twilio, from its creation to its final callback and recording. */
class TwilioCall {
  readonly result: Promise<CallFinal>;
  private readonly resolveResult: (final: CallFinal) => void;
  private readonly pending: PendingTwilioCall;
  private readonly events: DiallerEvent[] = [];
  private sid = '';
  private answered = false;
  private hangupRequested = false;
  private hangupSent = false;
  /** The outcome, once the final status arrived (the recording may still be awaited). */
  private ending: Ending | null = null;
  private finished = false;
  private ringMs = 0;
  private talkMs = 0;
  private watchdog: NodeJS.Timeout | undefined;
  /** The recording's fate once announced: true when written to recordingPath. */
  private recording: Promise<boolean> | null = null;
  private wakeRecordingWaiter: (() => void) | null = null;
  private readonly download = new AbortController();

  constructor(
    private readonly context: DiallerContext,
    private readonly request: CallRequest,
    private readonly onEvent: (event: DiallerEvent) => void,
  ) {
    let resolve: (final: CallFinal) => void = () => {};
    this.result = new Promise((r) => (resolve = r));
    this.resolveResult = resolve;
    this.pending = {
      authToken: context.authToken,
      urls: callbackUrls(context.callbackBaseUrl, request.key),
      onStatus: (form) => this.onStatus(form),
      onRecording: (form) => this.onRecording(form),
    };
  }

  start(): void {
    void this.create();
  }

  hangup(): void {
    if (this.finished || this.ending || this.hangupRequested) return;
    this.hangupRequested = true;
    if (this.sid) void this.sendHangup();
  }

  /** Ends the call's wait now: its outcome if known, else failed with `reason`. */
  drop(reason: string): void {
    if (this.ending) this.finish(this.ending, false);
    else this.fail(reason);
  }

  private async create(): Promise<void> {
    try {
      const steps = parseAnswerTreatment(this.request.treatment);
      this.ringMs = ringSeconds(this.request.noAnswerTimeoutMs) * 1000;
      this.talkMs = expectedTalkMs(steps, this.request.callDurationMs);
      this.context.registry.add(this.request.key, this.pending);
      this.arm(QUEUE_WAIT_MS + this.ringMs + this.talkMs);
      const created = await this.context.client.calls.create(
        createCallParams(this.request, steps, this.pending.urls),
      );
      if (this.finished) return;
      if (!this.sid) this.sid = created.sid;
      if (this.hangupRequested) await this.sendHangup();
    } catch (err) {
      // Callbacks already came: the call exists (the answer was lost), they tell how it ends.
      if (this.sid) return;
      // Twilio's refusal (RestException) carries its message; the token is never part of it.
      this.fail(err instanceof Error && err.message ? err.message : 'Twilio refused the call');
    }
  }

  /** Twilio's rule: `canceled` ends a queued or ringing call, `completed` an answered one. */
  private async sendHangup(): Promise<void> {
    if (this.hangupSent) return;
    this.hangupSent = true;
    const call = this.context.client.calls(this.sid);
    try {
      const status = this.answered ? 'completed' : 'canceled';
      const updated = await call.update({ status });
      // Answered since its last callback: `canceled` left it up.
      if (status === 'canceled' && updated.status === 'in-progress') {
        await call.update({ status: 'completed' });
      }
    } catch {
      // Twilio refuses to update a call that has ended: its final callback says how.
    }
  }

  private onStatus(form: TwilioStatusForm): void {
    if (this.finished || this.ending) return;
    if (this.sid && form.CallSid !== this.sid) return;
    // A callback may come before the API's answer to the create request.
    this.sid = form.CallSid;
    const atMs = timestampMs(form.Timestamp);
    const code = form.SipResponseCode;
    switch (form.CallStatus) {
      case 'queued':
        return;
      case 'initiated':
      case 'ringing':
        this.arm(this.ringMs + this.talkMs);
        this.milestone(form.CallStatus, atMs, code);
        return;
      case 'in-progress':
        this.answered = true;
        this.arm(this.talkMs);
        this.milestone('inProgress', atMs, code ?? 200);
        if (this.hangupRequested) void this.sendHangup();
        return;
      default:
        this.end(form, atMs);
    }
  }

  private end(form: TwilioStatusForm, atMs: number): void {
    const outcome = this.outcomeOf(form, atMs);
    const statusCode = form.SipResponseCode ?? null;
    const reason =
      outcome === 'canceled'
        ? 'Stopped'
        : outcome === 'terminatedPrematurely'
          ? 'Far end hung up'
          : ((statusCode === null ? undefined : REASON_PHRASES[statusCode]) ??
            STATUS_REASONS[form.CallStatus] ??
            form.CallStatus);
    this.milestone(outcome, atMs, statusCode ?? undefined, reason);
    this.ending = { outcome, statusCode, reason };
    clearTimeout(this.watchdog);
    const recorded = this.answered || form.CallStatus === 'completed';
    void this.settle(recorded && this.request.recordingPath !== undefined);
  }

  private outcomeOf(form: TwilioStatusForm, atMs: number): Outcome {
    const status = form.CallStatus;
    if (status === 'busy' || status === 'failed') return status;
    // A call we ended before its time is canceled, whatever Twilio calls its end.
    if (this.hangupRequested || status === 'canceled') return 'canceled';
    if (status === 'no-answer') return 'noAnswer';
    const answeredAt = this.events.find((e) => e.type === 'inProgress')?.atMs;
    const lastedMs =
      form.CallDuration !== undefined
        ? form.CallDuration * 1000
        : answeredAt !== undefined
          ? atMs - answeredAt
          : undefined;
    // CallDuration counts whole seconds: a whole second short of callDuration is the far end's hangup.
    const heldMs = Math.floor(this.request.callDurationMs / 1000) * 1000;
    return lastedMs !== undefined && lastedMs < heldMs ? 'terminatedPrematurely' : 'completed';
  }

  private onRecording(form: TwilioRecordingForm): void {
    if (this.finished || this.recording) return;
    if (this.sid && form.CallSid !== this.sid) return;
    if (form.RecordingStatus === 'in-progress') return;
    const path = this.request.recordingPath;
    this.recording =
      form.RecordingStatus === 'completed' && path
        ? this.fetchRecording(form.RecordingUrl, path)
        : Promise.resolve(false);
    this.wakeRecordingWaiter?.();
  }

  /** Fetches the WAV with the account's credentials, written whole or not at all. */
  private async fetchRecording(url: string, path: string): Promise<boolean> {
    if (new URL(url).origin !== this.context.apiOrigin) return false;
    const part = `${path}.part`;
    try {
      const response = await fetch(`${url}.wav`, {
        headers: { authorization: this.context.basicAuth },
        signal: AbortSignal.any([this.download.signal, AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS)]),
      });
      if (!response.ok || !response.body) return false;
      await mkdir(dirname(path), { recursive: true });
      await pipeline(Readable.fromWeb(response.body), createWriteStream(part));
      await rename(part, path);
      return true;
    } catch {
      await rm(part, { force: true });
      return false;
    }
  }

  /** Waits for the recording (announced within recordingWaitMs, then fetched), then resolves. */
  private async settle(expectRecording: boolean): Promise<void> {
    if (expectRecording && !this.recording) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.context.recordingWaitMs);
        this.wakeRecordingWaiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    const fetched = expectRecording && this.recording ? await this.recording : false;
    if (this.ending) this.finish(this.ending, fetched);
  }

  /** Gives up when no callback comes within `ms` and the grace (an unreachable callback URL). */
  private arm(ms: number): void {
    clearTimeout(this.watchdog);
    this.watchdog = setTimeout(
      () => this.fail('No final status callback from Twilio'),
      ms + this.context.callbackGraceMs,
    );
    this.watchdog.unref();
  }

  private milestone(
    type: DiallerEvent['type'],
    atMs: number,
    statusCode?: number,
    reason?: string,
  ): void {
    if (this.events.some((e) => e.type === type)) return;
    const event: DiallerEvent = {
      type,
      atMs,
      ...(statusCode === undefined ? {} : { statusCode }),
      ...(reason === undefined ? {} : { reason }),
      ...(this.sid ? { callSid: this.sid } : {}),
    };
    this.events.push(event);
    this.onEvent(event);
  }

  private fail(reason: string): void {
    if (this.finished) return;
    this.milestone('failed', Date.now(), undefined, reason);
    this.finish({ outcome: 'failed', statusCode: null, reason }, false);
  }

  private finish(ending: Ending, recorded: boolean): void {
    if (this.finished) return;
    this.finished = true;
    clearTimeout(this.watchdog);
    this.wakeRecordingWaiter?.();
    this.download.abort();
    this.context.registry.delete(this.request.key, this.pending);
    this.resolveResult({
      ...ending,
      callSid: this.sid,
      events: this.events,
      ...(recorded && this.request.recordingPath
        ? { recordingPath: this.request.recordingPath }
        : {}),
    });
  }
}

/** The callback's Timestamp (RFC 2822, whole seconds) when it has one, else now. */
function timestampMs(timestamp: string | undefined): number {
  const ms = timestamp === undefined ? Number.NaN : Date.parse(timestamp);
  return Number.isFinite(ms) ? ms : Date.now();
}
