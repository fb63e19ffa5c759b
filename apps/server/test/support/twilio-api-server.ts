import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseForm, type FormParams } from '../../src/adapters/dialler/twilio/callbacks.ts';

/**
 * A local HTTP server that speaks the part of Twilio's REST API the campaign dialler uses:
 * create a call, update its status, fetch a recording (Basic auth as Twilio checks it, Twilio's
 * JSON errors). Each call then plays out as its "To" number's script says and is reported the
 * way Twilio does: form-encoded callbacks signed with X-Twilio-Signature by the account's token.
 */

/** How the far end of a "To" number behaves; times in real milliseconds. */
export type TwilioScript =
  | {
      kind: 'answer';
      ringMs: number;
      /** The far end hangs up this long after answering, before the TwiML ends. */
      hangUpAfterMs?: number;
      /** What happens to the recording (default: announced as completed and served). */
      recording?: 'completed' | 'absent' | 'never';
    }
  | { kind: 'busy'; ringMs: number }
  /** Rings until the call's Timeout ends it as no-answer. */
  | { kind: 'noAnswer' }
  | { kind: 'fail'; sipCode?: number }
  /** The API refuses the create request, as Twilio does for an invalid number. */
  | { kind: 'reject'; status: number; code: number; message: string }
  /** Only the initiated callback, then nothing: a call whose callbacks are lost. */
  | { kind: 'silent' };

export interface TwilioApiServerOptions {
  /** Account SID -> auth token. */
  accounts: Record<string, string>;
  /** By "To" number; a number without a script answers after 20 ms. */
  scripts?: Record<string, TwilioScript>;
  /** Real milliseconds per second of TwiML and of the ring Timeout; default 1000. */
  secondMs?: number;
  /** The bytes served as every recording's WAV. */
  recordingBytes?: Buffer;
}

type Form = FormParams;

/** A callback the server sent, with our server's answer. */
export interface SentCallback {
  kind: 'status' | 'recording';
  url: string;
  params: Record<string, string>;
  responseStatus: number;
}

/** One call created through the API. */
export interface SimulatedCall {
  sid: string;
  accountSid: string;
  /** The create request's form fields as sent (repeated fields as arrays). */
  params: Form;
  status: string;
  /** The Status values of every update request. */
  updates: string[];
  /** The keys and pauses the TwiML played after answer, as in <Play digits>. */
  played: string;
  recordingSid?: string;
  answeredAtMs?: number;
  timers: Set<NodeJS.Timeout>;
  sequence: number;
  /** Callbacks are sent one after another, in order. */
  chain: Promise<void>;
}

const FINAL = new Set(['completed', 'busy', 'no-answer', 'failed', 'canceled']);
const EVENT_OF: Record<string, string> = {
  initiated: 'initiated',
  ringing: 'ringing',
  'in-progress': 'answered',
};
const API = '/2010-04-01/Accounts';

/**
 * X-Twilio-Signature as Twilio computes it: base64 HMAC-SHA1, keyed by the auth token, of the
 * URL followed by each parameter's name and value, sorted by name.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>) {
  const data = Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + (params[name] ?? ''), url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/**
 * Posts a form-encoded callback the way Twilio does, signed with `authToken` for `signedUrl`
 * (the URL posted to, unless a test signs another); answers our server's response.
 */
export async function postTwilioForm(
  url: string,
  params: Record<string, string>,
  authToken: string,
  signedUrl = url,
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
      'user-agent': 'TwilioProxy/1.1',
      'x-twilio-signature': twilioSignature(authToken, signedUrl, params),
    },
    body: new URLSearchParams(params).toString(),
  });
}

const sidOf = (prefix: string) => prefix + randomBytes(16).toString('hex');
const rfc2822 = (ms: number) => new Date(ms).toUTCString().replace('GMT', '+0000');
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export class TwilioApiServer {
  readonly calls = new Map<string, SimulatedCall>();
  readonly callbacks: SentCallback[] = [];
  readonly recordingBytes: Buffer;
  /** Requests the API refused for their credentials. */
  unauthorized = 0;
  private readonly secondMs: number;

  private constructor(
    private readonly server: http.Server,
    private readonly options: TwilioApiServerOptions,
  ) {
    this.secondMs = options.secondMs ?? 1000;
    this.recordingBytes = options.recordingBytes ?? Buffer.from('RIFF....WAVEfmt fake audio');
  }

  static async start(options: TwilioApiServerOptions): Promise<TwilioApiServer> {
    const server = http.createServer();
    const api = new TwilioApiServer(server, options);
    server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
      api.handle(req, res).catch((err: unknown) => res.writeHead(500).end(String(err)));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return api;
  }

  get url(): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  /** The call placed to `to` (the last one when several were). */
  callTo(to: string): SimulatedCall | undefined {
    return [...this.calls.values()].filter((c) => first(c.params.To) === to).at(-1);
  }

  async close(): Promise<void> {
    for (const call of this.calls.values()) for (const t of call.timers) clearTimeout(t);
    await Promise.all([...this.calls.values()].map((c) => c.chain));
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const body = await readBody(req);
    const path = new URL(req.url ?? '/', this.url).pathname;
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    const error = (status: number, code: number, message: string) =>
      send(status, {
        code,
        message,
        more_info: `https://www.twilio.com/docs/errors/${code}`,
        status,
      });

    const match =
      /^\/2010-04-01\/Accounts\/([^/]+)\/(Calls|Recordings)(?:\/([^/.]+))?\.(json|wav)$/.exec(path);
    if (!match) return error(404, 20404, `The requested resource ${path} was not found`);
    const [, accountSid = '', collection, id, extension] = match;
    if (!this.authorized(req, accountSid)) {
      this.unauthorized += 1;
      return error(401, 20003, 'Authenticate');
    }
    const form = parseForm(body);

    if (collection === 'Calls' && !id && req.method === 'POST' && extension === 'json') {
      return this.createCall(accountSid, form, send, error);
    }
    if (collection === 'Calls' && id && req.method === 'POST' && extension === 'json') {
      const call = this.calls.get(id);
      if (!call || call.accountSid !== accountSid) {
        return error(404, 20404, `The requested resource ${path} was not found`);
      }
      return this.updateCall(call, first(form.Status) ?? '', send, error);
    }
    if (collection === 'Recordings' && id && req.method === 'GET' && extension === 'wav') {
      const call = [...this.calls.values()].find((c) => c.recordingSid === id);
      if (!call || call.accountSid !== accountSid) {
        return error(404, 20404, `The requested resource ${path} was not found`);
      }
      res.writeHead(200, { 'content-type': 'audio/x-wav' });
      res.end(this.recordingBytes);
      return;
    }
    return error(405, 20004, 'Method not allowed');
  }

  private authorized(req: http.IncomingMessage, accountSid: string): boolean {
    const header = req.headers.authorization ?? '';
    if (!header.startsWith('Basic ')) return false;
    const [user, token] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
    return user === accountSid && token !== undefined && this.options.accounts[user] === token;
  }

  private createCall(
    accountSid: string,
    form: Form,
    send: (status: number, payload: unknown) => void,
    error: (status: number, code: number, message: string) => void,
  ): void {
    const to = first(form.To);
    if (!to) return error(400, 21201, "No 'To' number is specified");
    if (!first(form.From)) return error(400, 21603, "A 'From' phone number is required.");
    if (!first(form.Url) && !first(form.Twiml)) {
      return error(400, 21205, 'Url parameter is required.');
    }
    const script = this.options.scripts?.[to] ?? { kind: 'answer', ringMs: 20 };
    if (script.kind === 'reject') return error(script.status, script.code, script.message);
    const call: SimulatedCall = {
      sid: sidOf('CA'),
      accountSid,
      params: form,
      status: 'queued',
      updates: [],
      played: '',
      timers: new Set(),
      sequence: 0,
      chain: Promise.resolve(),
    };
    this.calls.set(call.sid, call);
    send(201, this.resource(call));
    this.after(call, 5, () => this.play(call, script));
  }

  private updateCall(
    call: SimulatedCall,
    status: string,
    send: (status: number, payload: unknown) => void,
    error: (status: number, code: number, message: string) => void,
  ): void {
    call.updates.push(status);
    if (FINAL.has(call.status)) {
      return error(400, 21220, 'Call is not in-progress. Cannot redirect.');
    }
    const answered = call.status === 'in-progress';
    // Twilio: `canceled` ends a queued or ringing call only; `completed` ends any call.
    if (status === 'canceled' && !answered) this.end(call, 'canceled', { SipResponseCode: '487' });
    else if (status === 'completed') {
      if (answered) this.end(call, 'completed', this.durations(call, 200));
      else this.end(call, 'canceled', { SipResponseCode: '487' });
    } else if (status !== 'canceled') {
      return error(400, 21218, `Invalid Status ${status}`);
    }
    send(200, this.resource(call));
  }

  private play(call: SimulatedCall, script: TwilioScript): void {
    this.report(call, 'initiated');
    switch (script.kind) {
      case 'silent':
        return;
      case 'fail':
        return this.after(call, 10, () =>
          this.end(call, 'failed', { SipResponseCode: String(script.sipCode ?? 503) }),
        );
      default:
        break;
    }
    this.after(call, 5, () => this.report(call, 'ringing'));
    const timeoutS = Number(first(call.params.Timeout) ?? 60);
    this.after(call, timeoutS * this.secondMs, () =>
      this.end(call, 'no-answer', { SipResponseCode: '487' }),
    );
    if (script.kind === 'busy') {
      this.after(call, script.ringMs, () => this.end(call, 'busy', { SipResponseCode: '486' }));
    }
    if (script.kind === 'answer') {
      this.after(call, script.ringMs, () => this.answer(call, script));
    }
  }

  private answer(call: SimulatedCall, script: Extract<TwilioScript, { kind: 'answer' }>): void {
    for (const t of call.timers) clearTimeout(t);
    call.timers.clear();
    call.answeredAtMs = Date.now();
    this.report(call, 'in-progress');
    const twiml = runTwiml(first(call.params.Twiml) ?? '');
    call.played = twiml.played;
    const talkMs = twiml.seconds * this.secondMs;
    const hangUpMs = script.hangUpAfterMs ?? talkMs;
    this.after(call, Math.min(talkMs, hangUpMs), () =>
      this.end(call, 'completed', this.durations(call, 200)),
    );
  }

  private durations(call: SimulatedCall, sipCode: number): Record<string, string> {
    const seconds = Math.round((Date.now() - (call.answeredAtMs ?? Date.now())) / this.secondMs);
    return {
      CallDuration: String(seconds),
      Duration: String(Math.ceil(seconds / 60)),
      SipResponseCode: String(sipCode),
    };
  }

  private end(call: SimulatedCall, status: string, extra: Record<string, string>): void {
    if (FINAL.has(call.status)) return;
    for (const t of call.timers) clearTimeout(t);
    call.timers.clear();
    this.report(call, status, extra);
    const script = this.options.scripts?.[first(call.params.To) ?? ''];
    const recording = script?.kind === 'answer' ? (script.recording ?? 'completed') : 'completed';
    if (first(call.params.Record) === 'true' && call.answeredAtMs && recording !== 'never') {
      call.recordingSid = sidOf('RE');
      this.after(call, 20, () =>
        this.reportRecording(call, recording === 'absent' ? 'absent' : 'completed'),
      );
    }
  }

  /** Sets the call's status and sends its status callback when the create asked for it. */
  private report(call: SimulatedCall, status: string, extra: Record<string, string> = {}): void {
    call.status = status;
    const url = first(call.params.StatusCallback);
    const wanted = call.params.StatusCallbackEvent ?? ['completed'];
    const event = FINAL.has(status) ? 'completed' : EVENT_OF[status];
    if (!url || !event || ![wanted].flat().includes(event)) return;
    call.sequence += 1;
    this.callback(call, 'status', url, {
      AccountSid: call.accountSid,
      ApiVersion: '2010-04-01',
      CallSid: call.sid,
      CallStatus: status,
      Called: first(call.params.To) ?? '',
      Caller: first(call.params.From) ?? '',
      CallbackSource: 'call-progress-events',
      Direction: 'outbound-api',
      From: first(call.params.From) ?? '',
      SequenceNumber: String(call.sequence - 1),
      Timestamp: rfc2822(Date.now()),
      To: first(call.params.To) ?? '',
      ...extra,
    });
  }

  private reportRecording(call: SimulatedCall, status: 'completed' | 'absent'): void {
    const url = first(call.params.RecordingStatusCallback);
    if (!url || !call.recordingSid) return;
    this.callback(call, 'recording', url, {
      AccountSid: call.accountSid,
      CallSid: call.sid,
      ErrorCode: '0',
      RecordingChannels: '1',
      RecordingDuration: '1',
      RecordingSid: call.recordingSid,
      RecordingSource: 'OutboundAPI',
      RecordingStartTime: rfc2822(call.answeredAtMs ?? Date.now()),
      RecordingStatus: status,
      RecordingUrl: `${this.url}${API}/${call.accountSid}/Recordings/${call.recordingSid}`,
    });
  }

  private callback(
    call: SimulatedCall,
    kind: SentCallback['kind'],
    url: string,
    params: Record<string, string>,
  ): void {
    const token = this.options.accounts[call.accountSid] ?? '';
    call.chain = call.chain.then(async () => {
      const response = await postTwilioForm(url, params, token).catch(() => null);
      await response?.arrayBuffer();
      this.callbacks.push({ kind, url, params, responseStatus: response?.status ?? 0 });
    });
  }

  private after(call: SimulatedCall, ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      call.timers.delete(timer);
      run();
    }, ms);
    call.timers.add(timer);
  }

  /** The call resource as the API answers it (snake_case JSON). */
  private resource(call: SimulatedCall) {
    const now = rfc2822(Date.now());
    return {
      sid: call.sid,
      account_sid: call.accountSid,
      to: first(call.params.To),
      to_formatted: first(call.params.To),
      from: first(call.params.From),
      from_formatted: first(call.params.From),
      status: call.status,
      direction: 'outbound-api',
      api_version: '2010-04-01',
      date_created: now,
      date_updated: now,
      start_time: null,
      end_time: null,
      duration: null,
      price: null,
      price_unit: 'USD',
      parent_call_sid: null,
      phone_number_sid: null,
      answered_by: null,
      caller_name: null,
      forwarded_from: null,
      group_sid: null,
      queue_time: '0',
      trunk_sid: null,
      uri: `${API}/${call.accountSid}/Calls/${call.sid}.json`,
      subresource_uris: {
        recordings: `${API}/${call.accountSid}/Calls/${call.sid}/Recordings.json`,
      },
    };
  }
}

/** What a TwiML document plays and how long it lasts: keys 0.1 s each, `w` 0.5 s, <Pause>. */
function runTwiml(twiml: string): { played: string; seconds: number } {
  let played = '';
  let seconds = 0;
  for (const verb of twiml.matchAll(/<(Play|Pause|Hangup)\b([^>]*)\/?>/g)) {
    const [, name, attributes = ''] = verb;
    if (name === 'Hangup') break;
    if (name === 'Pause') seconds += Number(/length="(\d+)"/.exec(attributes)?.[1] ?? 1);
    const digits = /digits="([^"]*)"/.exec(attributes)?.[1];
    if (name === 'Play' && digits !== undefined) {
      played += digits;
      for (const key of digits) seconds += key === 'w' || key === 'W' ? 0.5 : 0.1;
    }
  }
  return { played, seconds };
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
