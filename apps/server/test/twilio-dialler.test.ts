import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '@callsight/shared';
import type { App } from '../src/app-context.ts';
import type { CallRequest, DiallerEvent } from '../src/adapters/dialler/dialler.ts';
import { callbackUrls, twilioCallbacks } from '../src/adapters/dialler/twilio/callbacks.ts';
import { TwilioDialler } from '../src/adapters/dialler/twilio/twilio-dialler.ts';
import { errorHandler } from '../src/lib/error-handler.ts';
import { twilioCallbackRoutes } from '../src/routes/twilio-callbacks.ts';
import { postTwilioForm, TwilioApiServer } from './support/twilio-api-server.ts';

/**
 * The Twilio dialler against a local server that speaks Twilio's REST API and calls back as
 * Twilio does (signed form posts), into our callback routes on a real port. The app is a
 * minimal Fastify instance with only the callback routes (and the app's validator and error
 * handler): the routes need no database, and the full app does not list them yet.
 */
const ACCOUNT = `AC${randomBytes(16).toString('hex')}`;
const TOKEN = `token-${randomBytes(12).toString('hex')}`;
const FROM = '+15550000001';
const N = {
  answer: '+15550001001',
  busy: '+15550001002',
  noAnswer: '+15550001003',
  fail: '+15550001004',
  hangsUpEarly: '+15550001005',
  invalid: '+15550001006',
  longRing: '+15550001007',
  longCall: '+15550001008',
  noRecording: '+15550001009',
  silent: '+15550001010',
  slowAnswer: '+15550001011',
};
const INVALID_MESSAGE = `The 'To' number ${N.invalid} is not a valid phone number.`;

let api: TwilioApiServer;
let app: App;
let baseUrl: string;
let dialler: TwilioDialler;
let dir: string;
let seq = 0;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'callsight-twilio-'));
  api = await TwilioApiServer.start({
    accounts: { [ACCOUNT]: TOKEN },
    // A TwiML second (and a second of ring Timeout) lasts 50 ms here.
    secondMs: 50,
    recordingBytes: Buffer.concat([Buffer.from('RIFF'), randomBytes(4000)]),
    scripts: {
      [N.answer]: { kind: 'answer', ringMs: 30 },
      [N.busy]: { kind: 'busy', ringMs: 30 },
      [N.noAnswer]: { kind: 'noAnswer' },
      [N.fail]: { kind: 'fail', sipCode: 503 },
      [N.hangsUpEarly]: { kind: 'answer', ringMs: 20, hangUpAfterMs: 40 },
      [N.invalid]: { kind: 'reject', status: 400, code: 21211, message: INVALID_MESSAGE },
      [N.longRing]: { kind: 'answer', ringMs: 2_000 },
      [N.longCall]: { kind: 'answer', ringMs: 20 },
      [N.noRecording]: { kind: 'answer', ringMs: 20, recording: 'never' },
      [N.silent]: { kind: 'silent' },
      [N.slowAnswer]: { kind: 'answer', ringMs: 400 },
    },
  });
  app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  await twilioCallbackRoutes({ app });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  dialler = newDialler();
});

afterAll(async () => {
  await dialler.close();
  await api.close();
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

function newDialler(authToken = TOKEN) {
  return new TwilioDialler({
    accountSid: ACCOUNT,
    authToken,
    callbackBaseUrl: baseUrl,
    apiBaseUrl: api.url,
    registry: twilioCallbacks,
    recordingWaitMs: 400,
    callbackGraceMs: 300,
  });
}

function request(to: string, extra: Partial<CallRequest> = {}): CallRequest {
  seq += 1;
  return {
    key: `run-1:${seq}`,
    from: FROM,
    to,
    noAnswerTimeoutMs: 2_000,
    callDurationMs: 2_000,
    treatment: '',
    ...extra,
  };
}

/** Places a call, keeping its events and letting a test wait for one. */
function place(req: CallRequest, on = dialler) {
  const events: DiallerEvent[] = [];
  const waiters: { type: DiallerEvent['type']; resolve: () => void }[] = [];
  const placed = on.place(req, (event) => {
    events.push(event);
    for (const w of waiters.filter((w) => w.type === event.type)) w.resolve();
  });
  const reached = (type: DiallerEvent['type']) =>
    events.some((e) => e.type === type)
      ? Promise.resolve()
      : new Promise<void>((resolve) => waiters.push({ type, resolve }));
  return { placed, events, reached, urls: callbackUrls(baseUrl, req.key) };
}

const types = (events: readonly DiallerEvent[]) => events.map((e) => e.type);

describe('TwilioDialler: calls through Twilio REST API and its callbacks', () => {
  it('places the call with the TwiML and callbacks, reports it answered and completed, fetches the recording', async () => {
    const recordingPath = join(dir, 'calls', 'answered.wav');
    const req = request(N.answer, { treatment: '1w2#w{2}3', recordingPath });
    const { placed, events, urls } = place(req);
    const final = await placed.result;

    const call = api.callTo(N.answer);
    expect(call?.params).toMatchObject({
      To: N.answer,
      From: FROM,
      Timeout: '2',
      StatusCallback: urls.status,
      StatusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'],
      StatusCallbackMethod: 'POST',
      Record: 'true',
      RecordingStatusCallback: urls.recording,
    });
    expect(call?.params.Twiml).toContain(
      '<Response><Play digits="1w2#wwww3"/><Pause length="2"/><Hangup/></Response>',
    );
    // The far end heard the treatment after answer: 0.5 s per w, w{2} as four.
    expect(call?.played).toBe('1w2#wwww3');

    expect(final).toMatchObject({
      outcome: 'completed',
      statusCode: 200,
      reason: 'OK',
      callSid: call?.sid,
      recordingPath,
    });
    expect(types(final.events)).toEqual(['initiated', 'ringing', 'inProgress', 'completed']);
    expect(events).toEqual(final.events);
    expect(events.every((e) => e.callSid === call?.sid)).toBe(true);
    const atMs = events.map((e) => e.atMs);
    expect(atMs).toEqual([...atMs].sort((a, b) => a - b));
    expect(await readFile(recordingPath)).toEqual(api.recordingBytes);
    await expect(stat(`${recordingPath}.part`)).rejects.toThrow();
    expect(api.callbacks.filter((c) => c.params.CallSid === call?.sid)).toHaveLength(5);
    expect(
      api.callbacks.filter((c) => c.params.CallSid === call?.sid).map((c) => c.responseStatus),
    ).toEqual([204, 204, 204, 204, 204]);
    expect(twilioCallbacks.size).toBe(0);
  });

  it.each([
    [N.busy, 'busy', 486, 'Busy Here', ['initiated', 'ringing', 'busy']],
    [N.noAnswer, 'noAnswer', 487, 'Request Terminated', ['initiated', 'ringing', 'noAnswer']],
    [N.fail, 'failed', 503, 'Service Unavailable', ['initiated', 'failed']],
  ] as const)('reports %s as %s', async (to, outcome, statusCode, reason, milestones) => {
    const { placed } = place(request(to, { recordingPath: join(dir, `${outcome}.wav`) }));
    const final = await placed.result;
    expect(final).toMatchObject({ outcome, statusCode, reason, callSid: api.callTo(to)?.sid });
    expect(final.recordingPath).toBeUndefined();
    expect(types(final.events)).toEqual(milestones);
    expect(twilioCallbacks.size).toBe(0);
  });

  it('reports a far end that hangs up before callDuration as terminated prematurely', async () => {
    const { placed } = place(request(N.hangsUpEarly, { callDurationMs: 4_000 }));
    const final = await placed.result;
    expect(final).toMatchObject({ outcome: 'terminatedPrematurely', reason: 'Far end hung up' });
    expect(types(final.events)).toEqual([
      'initiated',
      'ringing',
      'inProgress',
      'terminatedPrematurely',
    ]);
  });

  it("resolves a call the API refuses as failed with Twilio's message, without throwing", async () => {
    const { placed, events } = place(request(N.invalid));
    const final = await placed.result;
    expect(final).toMatchObject({ outcome: 'failed', statusCode: null, reason: INVALID_MESSAGE });
    expect(events).toMatchObject([{ type: 'failed', reason: INVALID_MESSAGE }]);
    expect(twilioCallbacks.size).toBe(0);
  });

  it('is refused with a wrong token (401), and never puts the token in what it reports', async () => {
    const wrongToken = `wrong-${randomBytes(8).toString('hex')}`;
    const wrong = newDialler(wrongToken);
    const before = api.unauthorized;
    const { placed } = place(request(N.answer), wrong);
    const final = await placed.result;
    expect(final).toMatchObject({ outcome: 'failed', statusCode: null, reason: 'Authenticate' });
    expect(api.unauthorized).toBe(before + 1);
    expect(JSON.stringify(final)).not.toContain(wrongToken);
    await wrong.close();
  });

  it('hangs up a ringing call with Status=canceled; the outcome is canceled', async () => {
    const { placed, reached } = place(request(N.longRing, { noAnswerTimeoutMs: 60_000 }));
    await reached('ringing');
    placed.hangup();
    const final = await placed.result;
    expect(api.callTo(N.longRing)?.updates).toEqual(['canceled']);
    expect(final).toMatchObject({ outcome: 'canceled', reason: 'Stopped' });
    expect(types(final.events)).toEqual(['initiated', 'ringing', 'canceled']);
  });

  it('hangs up an answered call with Status=completed; the outcome is canceled', async () => {
    const { placed, reached } = place(request(N.longCall, { callDurationMs: 60_000 }));
    await reached('inProgress');
    placed.hangup();
    const final = await placed.result;
    expect(api.callTo(N.longCall)?.updates).toEqual(['completed']);
    expect(final.outcome).toBe('canceled');
    expect(types(final.events)).toEqual(['initiated', 'ringing', 'inProgress', 'canceled']);
  });

  it('gives up a recording that is never announced, a few seconds after the end', async () => {
    const recordingPath = join(dir, 'never.wav');
    const { placed } = place(request(N.noRecording, { recordingPath }));
    const final = await placed.result;
    expect(final.outcome).toBe('completed');
    expect(final.recordingPath).toBeUndefined();
    await expect(stat(recordingPath)).rejects.toThrow();
  });

  it('ends as failed a call whose final callback never comes', async () => {
    const { placed } = place(
      request(N.silent, { noAnswerTimeoutMs: 1_000, callDurationMs: 1_000 }),
    );
    const final = await placed.result;
    expect(final).toMatchObject({
      outcome: 'failed',
      reason: 'No final status callback from Twilio',
    });
    expect(types(final.events)).toEqual(['initiated', 'failed']);
    expect(twilioCallbacks.size).toBe(0);
  });

  it('close() resolves the pending calls as failed', async () => {
    const closing = newDialler();
    const { placed, reached } = place(
      request(N.slowAnswer, { noAnswerTimeoutMs: 60_000 }),
      closing,
    );
    await reached('initiated');
    await closing.close();
    expect(await placed.result).toMatchObject({ outcome: 'failed', reason: 'Dialler closed' });
    expect(twilioCallbacks.size).toBe(0);
  });
});

describe('Twilio callback routes', () => {
  const statusForm = (callSid: string, CallStatus: string) => ({
    AccountSid: ACCOUNT,
    CallSid: callSid,
    CallStatus,
    Timestamp: new Date().toUTCString(),
  });
  const errorOf = async (response: Response) => ((await response.json()) as ApiError).error;
  /** A call that rings for 400 ms, reached its ringing callback. */
  const ringingCall = async () => {
    const call = place(request(N.slowAnswer, { noAnswerTimeoutMs: 60_000 }));
    await call.reached('ringing');
    return { ...call, callSid: api.callTo(N.slowAnswer)?.sid ?? '' };
  };

  it('refuses a callback with a bad signature (403) and it changes nothing', async () => {
    const { placed, urls, callSid } = await ringingCall();
    const forged = statusForm(callSid, 'busy');
    const response = await postTwilioForm(urls.status, forged, 'not-the-token');
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toMatchObject({ message: 'Invalid Twilio signature' });
    // Signed for the other callback's URL, or not signed: refused too.
    expect((await postTwilioForm(urls.status, forged, TOKEN, urls.recording)).status).toBe(403);
    const unsigned = await fetch(urls.status, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(forged).toString(),
    });
    expect(unsigned.status).toBe(403);

    const final = await placed.result;
    expect(final.outcome).toBe('completed');
    expect(types(final.events)).toEqual(['initiated', 'ringing', 'inProgress', 'completed']);
  });

  it('refuses a callback for an unknown key (403), even signed with a real token', async () => {
    const { status } = callbackUrls(baseUrl, 'run-unknown:1');
    const response = await postTwilioForm(status, statusForm(`CA${'0'.repeat(32)}`, 'busy'), TOKEN);
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toMatchObject({ message: 'Invalid Twilio signature' });
  });

  it('answers 400 naming the field for a signed but malformed form', async () => {
    const { placed, urls, callSid } = await ringingCall();
    const fieldsOf = async (url: string, form: Record<string, string>) => {
      const response = await postTwilioForm(url, form, TOKEN);
      expect(response.status).toBe(400);
      return Object.keys((await errorOf(response)).fields ?? {});
    };
    expect(await fieldsOf(urls.status, statusForm(callSid, 'exploded'))).toEqual(['CallStatus']);
    const { CallSid: _, ...noSid } = statusForm(callSid, 'busy');
    expect(await fieldsOf(urls.status, noSid)).toEqual(['CallSid']);
    const badUrl = {
      CallSid: callSid,
      RecordingSid: 'RE1',
      RecordingUrl: 'not a url',
      RecordingStatus: 'completed',
    };
    expect(await fieldsOf(urls.recording, badUrl)).toEqual(['RecordingUrl']);

    expect((await placed.result).outcome).toBe('completed');
  });

  it('answers 415 to a body that is not a form', async () => {
    const { status } = callbackUrls(baseUrl, 'run-unknown:2');
    const response = await fetch(status, {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: '<CallStatus>busy</CallStatus>',
    });
    expect(response.status).toBe(415);
  });
});
