import type { CallEvent, CallOutcome } from './sip/uac.ts';

/** One campaign call handed to a dialler. */
export interface CallRequest {
  /** Unique per call (runId:seq); Twilio callbacks carry it back. */
  key: string;
  /** E.164 numbers. */
  from: string;
  to: string;
  noAnswerTimeoutMs: number;
  callDurationMs: number;
  /** The answer treatment with placeholders filled (digits, *, #, w, w{n}); empty for none. */
  treatment: string;
  /** Where to write the received audio (WAV); none when absent. */
  recordingPath?: string;
}

/**
 * A milestone of the call as it happens (initiated, ringing, in progress, or its outcome;
 * `canceled` when a provider reports the end of a call we hung up).
 */
export type DiallerEvent = Omit<CallEvent, 'type'> & {
  type: CallEvent['type'] | 'canceled';
  callSid?: string;
};

/** How a placed call ended. */
export interface CallFinal {
  outcome: CallOutcome | 'canceled';
  /** Final status code (SIP, or the provider's SIP response code when it gives one). */
  statusCode: number | null;
  reason: string;
  callSid: string;
  /** Every milestone, timestamped (ms since the epoch). */
  events: DiallerEvent[];
  /** The WAV file written (built-in dialler) or fetched (provider), when there is one. */
  recordingPath?: string;
}

export interface PlacedCall {
  /** Ends the call now (a stopped run): CANCEL or BYE; the result says `canceled`. */
  hangup(): void;
  readonly result: Promise<CallFinal>;
}

/**
 * Places campaign calls (issue 17): the built-in SIP dialler, or a provider (Twilio) when the
 * group's Simulate settings hold its account SID and token.
 */
export interface Dialler {
  readonly kind: 'sip' | 'twilio';
  place(request: CallRequest, onEvent: (event: DiallerEvent) => void): PlacedCall;
  close(): Promise<void>;
}
