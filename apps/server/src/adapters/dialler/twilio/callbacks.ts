import twilio from 'twilio';
import { z } from 'zod';

/** The call statuses Twilio's status callbacks carry. */
export const TWILIO_CALL_STATUSES = [
  'queued',
  'initiated',
  'ringing',
  'in-progress',
  'completed',
  'busy',
  'no-answer',
  'failed',
  'canceled',
] as const;

const sid = z.string().min(1).max(64);
const wholeNumber = z
  .string()
  .regex(/^-?\d{1,9}$/, 'Expected a whole number')
  .transform(Number);

/** The fields we read from a status callback; Twilio sends more, signed too, and ignored here. */
export const TwilioStatusFormSchema = z.object({
  CallSid: sid,
  CallStatus: z.enum(TWILIO_CALL_STATUSES),
  /** RFC 2822, whole seconds, e.g. "Mon, 16 Aug 2010 03:45:01 +0000". */
  Timestamp: z.string().max(64).optional(),
  /** Seconds from answer to the end (completed calls). */
  CallDuration: wholeNumber.optional(),
  SipResponseCode: wholeNumber.optional(),
});
export type TwilioStatusForm = z.output<typeof TwilioStatusFormSchema>;

/** The fields we read from a recording status callback. */
export const TwilioRecordingFormSchema = z.object({
  CallSid: sid,
  RecordingSid: sid,
  /** Without extension: `.wav` or `.mp3` is appended to fetch the audio. */
  RecordingUrl: z.url({ protocol: /^https?$/ }).max(2048),
  RecordingStatus: z.enum(['in-progress', 'completed', 'absent', 'failed']),
  RecordingDuration: wholeNumber.optional(),
});
export type TwilioRecordingForm = z.output<typeof TwilioRecordingFormSchema>;

export type TwilioCallbackKind = 'status' | 'recording';

/** Where Twilio calls us back, followed by `/<call key>` (routes/twilio-callbacks.ts). */
export const TWILIO_CALLBACK_PATHS: Record<TwilioCallbackKind, string> = {
  status: '/api/dialler/twilio/status',
  recording: '/api/dialler/twilio/recording',
};

/** The callback URLs of one call, under our server's public URL. */
export function callbackUrls(baseUrl: string, key: string): Record<TwilioCallbackKind, string> {
  const base = baseUrl.replace(/\/+$/, '');
  const tail = `/${encodeURIComponent(key)}`;
  return {
    status: `${base}${TWILIO_CALLBACK_PATHS.status}${tail}`,
    recording: `${base}${TWILIO_CALLBACK_PATHS.recording}${tail}`,
  };
}

/** A form body as parsed: one value per field, or several when a field repeats. */
export type FormParams = Record<string, string | string[]>;

/** What the registry holds for one placed call: its dialler's token, its URLs and handlers. */
export interface PendingTwilioCall {
  authToken: string;
  /** The exact URLs given to Twilio: Twilio signs the URL it calls. */
  urls: Record<TwilioCallbackKind, string>;
  onStatus(form: TwilioStatusForm): void;
  onRecording(form: TwilioRecordingForm): void;
}

/**
 * The calls placed through Twilio that still expect callbacks, by call key, for the whole
 * process: the callback routes look calls up here, check Twilio's signature with the token of
 * the dialler that placed them and hand them the callback.
 */
export class TwilioCallbackRegistry {
  private readonly calls = new Map<string, PendingTwilioCall>();

  add(key: string, call: PendingTwilioCall): void {
    if (this.calls.has(key)) throw new Error(`A Twilio call with key ${key} is already pending`);
    this.calls.set(key, call);
  }

  /** Forgets the call of `key` if it is still `call`. */
  delete(key: string, call: PendingTwilioCall): void {
    if (this.calls.get(key) === call) this.calls.delete(key);
  }

  get size(): number {
    return this.calls.size;
  }

  /**
   * Whether `params` (the callback's form body) come from Twilio for the pending call of `key`:
   * X-Twilio-Signature is the HMAC-SHA1, keyed by the account's auth token, of the callback URL
   * followed by every field name and value sorted by name. False for an unknown key.
   */
  verify(kind: TwilioCallbackKind, key: string, signature: string, params: unknown): boolean {
    const call = this.calls.get(key);
    if (!call || !signature || !isFormParams(params)) return false;
    return twilio.validateRequest(call.authToken, signature, call.urls[kind], params);
  }

  /** Hands a verified status callback to its call (nothing when the call is gone meanwhile). */
  dispatchStatus(key: string, form: TwilioStatusForm): void {
    this.calls.get(key)?.onStatus(form);
  }

  /** Hands a verified recording callback to its call. */
  dispatchRecording(key: string, form: TwilioRecordingForm): void {
    this.calls.get(key)?.onRecording(form);
  }
}

/** The process's registry: the callback routes and every TwilioDialler of the process share it. */
export const twilioCallbacks = new TwilioCallbackRegistry();

/** Parses an application/x-www-form-urlencoded body; a repeated field keeps every value. */
export function parseForm(body: string): FormParams {
  // No prototype: a field named __proto__ stays a field.
  const params = Object.create(null) as FormParams;
  for (const [name, value] of new URLSearchParams(body)) {
    const seen = Object.hasOwn(params, name) ? params[name] : undefined;
    if (seen === undefined) params[name] = value;
    else params[name] = Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return params;
}

function isFormParams(value: unknown): value is FormParams {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every(
    (v) =>
      typeof v === 'string' || (Array.isArray(v) && v.every((item) => typeof item === 'string')),
  );
}
