import twilio from 'twilio';
import type { CallListInstanceCreateOptions } from 'twilio/lib/rest/api/v2010/account/call';
import type { CallRequest } from '../dialler.ts';
import { scheduleTreatment, type TreatmentStep } from '../media/treatment.ts';
import type { TwilioCallbackKind } from './callbacks.ts';

/** Each `w` of <Play digits> waits half a second. */
const HALF_SECOND_MS = 500;
/** Twilio's ceiling on `timeout`, the seconds a call may ring. */
const MAX_RING_SECONDS = 600;

/** Every status callback we ask for; `completed` stands for every final status. */
export const STATUS_CALLBACK_EVENTS = ['initiated', 'ringing', 'answered', 'completed'];

/** The treatment as <Play digits> takes it: keys as written, each pause as `w`s (w{2} is wwww). */
export function playDigits(steps: readonly TreatmentStep[]): string {
  return steps
    .map((step) =>
      step.kind === 'digit' ? step.digit : 'w'.repeat(Math.round(step.ms / HALF_SECOND_MS)),
    )
    .join('');
}

/** Whole seconds the call is held after the treatment: <Pause length> takes whole seconds. */
export function holdSeconds(callDurationMs: number): number {
  return Math.max(1, Math.ceil(callDurationMs / 1000));
}

/** Seconds Twilio lets the call ring before it ends as no-answer. */
export function ringSeconds(noAnswerTimeoutMs: number): number {
  return Math.min(MAX_RING_SECONDS, Math.max(1, Math.ceil(noAnswerTimeoutMs / 1000)));
}

/** How long an answered call should last: the treatment (at our DTMF pace), then the hold. */
export function expectedTalkMs(steps: readonly TreatmentStep[], callDurationMs: number): number {
  return scheduleTreatment(steps).totalMs + holdSeconds(callDurationMs) * 1000;
}

/**
 * What Twilio runs once the far end answers: the treatment as DTMF (<Play digits>), the call
 * held for callDuration (<Pause>), then <Hangup/>, so the far end sees our hangup at the end.
 */
export function callTwiml(steps: readonly TreatmentStep[], callDurationMs: number): string {
  const response = new twilio.twiml.VoiceResponse();
  const digits = playDigits(steps);
  if (digits) response.play({ digits });
  response.pause({ length: holdSeconds(callDurationMs) });
  response.hangup();
  return response.toString();
}

/**
 * The parameters of `calls.create` for one campaign call: the TwiML inline, every status
 * callback, and a recording (with its callback) only when the call asks for one.
 */
export function createCallParams(
  request: CallRequest,
  steps: readonly TreatmentStep[],
  urls: Record<TwilioCallbackKind, string>,
): CallListInstanceCreateOptions {
  return {
    to: request.to,
    from: request.from,
    twiml: callTwiml(steps, request.callDurationMs),
    timeout: ringSeconds(request.noAnswerTimeoutMs),
    statusCallback: urls.status,
    statusCallbackEvent: STATUS_CALLBACK_EVENTS,
    statusCallbackMethod: 'POST',
    ...(request.recordingPath
      ? {
          record: true,
          recordingStatusCallback: urls.recording,
          recordingStatusCallbackMethod: 'POST',
        }
      : {}),
  };
}
