import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { dial } from './dial.ts';
import type { CallFinal, CallRequest, Dialler, DiallerEvent, PlacedCall } from './dialler.ts';
import { parseAnswerTreatment } from './media/treatment.ts';
import { SipStack, type RemoteAddress } from './sip/index.ts';
import type { TimerConfig } from './sip/client-transaction.ts';

export interface SipDiallerOptions {
  /** Where INVITEs go: the SIP trunk or the built-in answering endpoint. */
  trunk: RemoteAddress;
  /** Digest credentials, when the trunk challenges. */
  credentials?: { username: string; password: string };
  /** Host of our From URI (default callsight.local). */
  fromDomain?: string;
  /** Local address for SIP and RTP (default 127.0.0.1). */
  host?: string;
  timers?: Partial<TimerConfig>;
}

/**
 * The built-in dialler (issue 17): one SIP stack on UDP for every call of the process, each call
 * placed with `dial()` (SIP + RTP + the treatment as DTMF + a WAV recording).
 */
export class SipDialler implements Dialler {
  readonly kind = 'sip' as const;

  private constructor(
    readonly stack: SipStack,
    private readonly options: SipDiallerOptions,
  ) {}

  static async create(options: SipDiallerOptions): Promise<SipDialler> {
    const stack = await SipStack.create({
      host: options.host ?? '127.0.0.1',
      ...(options.timers ? { timers: options.timers } : {}),
    });
    return new SipDialler(stack, options);
  }

  place(request: CallRequest, onEvent: (event: DiallerEvent) => void): PlacedCall {
    const abort = new AbortController();
    const events: DiallerEvent[] = [];
    let callSid = '';
    const note = (event: DiallerEvent) => {
      events.push(event);
      onEvent(event);
    };
    const result = (async (): Promise<CallFinal> => {
      const { trunk } = this.options;
      const treatment = parseAnswerTreatment(request.treatment);
      if (request.recordingPath) await mkdir(dirname(request.recordingPath), { recursive: true });
      const outcome = await dial({
        stack: this.stack,
        destination: trunk,
        toUri: `sip:${request.to}@${trunk.address}:${trunk.port}`,
        fromUri: `sip:${request.from}@${this.options.fromDomain ?? 'callsight.local'}`,
        ...(this.options.credentials ? { credentials: this.options.credentials } : {}),
        noAnswerTimeoutMs: request.noAnswerTimeoutMs,
        callDurationMs: request.callDurationMs,
        treatment,
        ...(request.recordingPath ? { recordingPath: request.recordingPath } : {}),
        rtpHost: this.options.host ?? '127.0.0.1',
        signal: abort.signal,
        onEvent: (event, callId) => {
          callSid = callId;
          note({ ...event, callSid });
        },
      });
      const answered = events.some((e) => e.type === 'inProgress');
      // A call we ended before its time is canceled, whatever the SIP exchange that ended it.
      const canceled =
        abort.signal.aborted && outcome.outcome !== 'busy' && outcome.outcome !== 'failed';
      return {
        outcome: canceled ? 'canceled' : outcome.outcome,
        statusCode: outcome.statusCode,
        reason: canceled ? 'Stopped' : outcome.reason,
        callSid: outcome.callId,
        events,
        ...(request.recordingPath && answered && outcome.recordedSamples > 0
          ? { recordingPath: request.recordingPath }
          : {}),
      };
    })().catch((err: unknown): CallFinal => ({
      outcome: 'failed',
      statusCode: null,
      reason: err instanceof Error ? err.message : String(err),
      callSid,
      events,
    }));
    return { hangup: () => abort.abort(), result };
  }

  async close(): Promise<void> {
    await this.stack.close();
  }
}
