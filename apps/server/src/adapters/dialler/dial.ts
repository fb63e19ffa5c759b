import { lawOfPayloadType } from './media/g711.ts';
import { RtpSession } from './media/rtp-session.ts';
import type { TreatmentStep } from './media/treatment.ts';
import { WavFileWriter } from './media/wav.ts';
import type { RemoteAddress, SipStack } from './sip/index.ts';
import { SipCall, type CallEvent, type CallResult } from './sip/index.ts';

/** One campaign call as the built-in dialler places it. */
export interface DialOptions {
  stack: SipStack;
  /** The far end's SIP address and the numbers. */
  destination: RemoteAddress;
  toUri: string;
  fromUri: string;
  credentials?: { username: string; password: string };
  noAnswerTimeoutMs: number;
  callDurationMs: number;
  /** The answer treatment, sent as RFC 4733 events once answered. */
  treatment?: readonly TreatmentStep[];
  /** Where the received audio is recorded (16-bit PCM WAV); none when absent. */
  recordingPath?: string;
  /** Local RTP address; default 127.0.0.1. */
  rtpHost?: string;
  /** Each signalling milestone, with the call's Call-ID. */
  onEvent?: (event: CallEvent, callId: string) => void;
  /** Aborting ends the call now: CANCEL while it rings, BYE once answered. */
  signal?: AbortSignal;
}

export interface DialResult extends CallResult {
  /** Samples recorded (8 kHz), when a recording was asked for and the call was answered. */
  recordedSamples: number;
  /** RTP packets received from the far end. */
  rtpReceived: number;
}

/**
 * Places one call with audio (issue 17): the SIP call offers our RTP port; at answer the RTP
 * session starts toward the far end's, sends the answer treatment as DTMF events and records
 * what arrives; when the call ends (our BYE, theirs, or no answer) the media is closed.
 */
export async function dial(options: DialOptions): Promise<DialResult> {
  const recorder = options.recordingPath
    ? await WavFileWriter.create(options.recordingPath, 'pcm16')
    : undefined;
  const session = await RtpSession.open({
    law: 'pcmu',
    host: options.rtpHost ?? '127.0.0.1',
    ...(recorder ? { recorder } : {}),
  }).catch(async (err: unknown) => {
    await recorder?.close().catch(() => undefined); // no file handle left open
    throw err;
  });
  let mediaClosed: Promise<void> | undefined;
  // Once only; a media close that fails must not turn the call's outcome into another.
  const closeMedia = () => (mediaClosed ??= session.close().catch(() => undefined));
  const call = new SipCall({
    stack: options.stack,
    destination: options.destination,
    requestUri: options.toUri,
    fromUri: options.fromUri,
    ...(options.credentials ? { credentials: options.credentials } : {}),
    noAnswerTimeoutMs: options.noAnswerTimeoutMs,
    callDurationMs: options.callDurationMs,
    rtp: { address: options.rtpHost ?? '127.0.0.1', port: session.port },
    onEvent: (event) => options.onEvent?.(event, call.callId),
    onAnswered: (media) => {
      if (!media) return;
      session.useLaw(lawOfPayloadType(media.negotiated.payloadType) ?? 'pcmu');
      session.start(media.remote);
      if (options.treatment?.length) void session.sendTreatment(options.treatment);
    },
    // Stop sending RTP with our BYE, not at its answer: an overloaded far end answers late.
    onHangingUp: () => void closeMedia(),
  });
  const hangup = () => call.hangup();
  options.signal?.addEventListener('abort', hangup, { once: true });
  try {
    const started = call.start();
    // Stopped while the media was being set up: the listener came too late to hear it.
    if (options.signal?.aborted) call.hangup();
    const result = await started;
    return {
      ...result,
      recordedSamples: recorder?.sampleCount ?? 0,
      rtpReceived: session.stats.received,
    };
  } finally {
    options.signal?.removeEventListener('abort', hangup);
    await closeMedia();
    await recorder?.close().catch(() => undefined);
  }
}
