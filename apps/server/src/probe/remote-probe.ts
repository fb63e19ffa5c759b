import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ProbeJobSchema,
  WireCallReportSchema,
  type ProbeJob,
  type ProbeResultInput,
} from '@callsight/shared';
import type {
  ContactCentreCallReport,
  ContactCentreLink,
} from '../adapters/dialler/contact-centre.ts';
import type { SipStack } from '../adapters/dialler/sip/index.ts';
import type { SpeechToText } from '../adapters/stt/stt-adapter.ts';
import { EMPTY_DETAILS } from '../services/synthetic/jobs.ts';
import type { NetworkProfile } from '../services/synthetic/network-profile.ts';
import { decodeReport } from '../services/synthetic/report-codec.ts';
import { planOf } from '../services/synthetic/test-call-runner.ts';
import { runTestCall, type TestCallOutcome } from '../services/synthetic/test-call.ts';

type Log = { info(msg: string): void; error(msg: string): void };

export interface RemoteProbeOptions {
  region: string;
  /** The Callsight server's base URL, e.g. https://callsight.example.com */
  server: string;
  /** A group's API key: the probe runs that group's jobs. */
  key: string;
  probeId: string;
  /** Test calls at once. */
  concurrency: number;
  /** Wait between claims when nothing is queued. */
  pollMs: number;
  /** What this probe's RTP sender adds: latency, jitter and loss (--latency-ms and the like). */
  profile: NetworkProfile;
  stack: SipStack;
  stt: SpeechToText;
  log: Log;
}

/** The server refused a request: its status and message. */
export class ProbeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A remote probe (issue 18): claims the queued jobs of its region from the server, places each
 * test call from here (its own SIP stack, its network profile on its RTP), fetches the
 * contact centre's report of the call from the server, and posts the result with its recordings.
 */
export class RemoteProbe {
  private running = 0;
  private stopped = false;
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  /** Jobs finished by this probe (for logs and tests). */
  finished = 0;

  constructor(private readonly o: RemoteProbeOptions) {}

  private async api(path: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(new URL(path, this.o.server), {
      ...init,
      headers: {
        authorization: `Bearer ${this.o.key}`,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
    });
    if (response.status >= 400) {
      const text = await response.text();
      let message = text;
      try {
        message = (JSON.parse(text) as { error?: { message?: string } }).error?.message ?? text;
      } catch {
        // not JSON: the text as it is
      }
      throw new ProbeApiError(
        response.status,
        `${init.method ?? 'GET'} ${path}: ${response.status} ${message}`,
      );
    }
    return response;
  }

  /** Asks for a job; null when none is queued. */
  async claim(): Promise<ProbeJob | null> {
    const response = await this.api('/api/probes/claim', {
      method: 'POST',
      body: JSON.stringify({ region: this.o.region, probeId: this.o.probeId }),
    });
    if (response.status === 204) return null;
    return ProbeJobSchema.parse(await response.json());
  }

  private link(claimed: ProbeJob): ContactCentreLink {
    return {
      address: claimed.contactCentre,
      callReport: async (callId, timeoutMs): Promise<ContactCentreCallReport | null> => {
        const path = `/api/probes/jobs/${claimed.job.id}/calls/${encodeURIComponent(callId)}/report?timeoutMs=${Math.round(timeoutMs)}`;
        try {
          const response = await this.api(path);
          return decodeReport(WireCallReportSchema.parse(await response.json()));
        } catch (err) {
          if (err instanceof ProbeApiError && err.status === 404) return null;
          throw err;
        }
      },
    };
  }

  /** Places a claimed job's test call and posts its result. */
  async run(claimed: ProbeJob): Promise<void> {
    const dir = await mkdtemp(join(tmpdir(), 'callsight-probe-'));
    const { job, settings } = claimed;
    let outcome: TestCallOutcome | null = null;
    let failure: string | null = null;
    const startedAt = new Date();
    try {
      outcome = await runTestCall(planOf(job, settings, dir), {
        dialler: { stack: this.o.stack },
        contactCentre: this.link(claimed),
        // Its jobs are all of its own region: they go out through its own network.
        profiles: () => this.o.profile,
        stt: this.o.stt,
      });
    } catch (err) {
      failure = err instanceof Error ? err.message : String(err);
    }
    try {
      const body = outcome ? await resultBody(outcome) : failedBody(startedAt, failure ?? '');
      await this.api(`/api/probes/jobs/${job.id}/result`, {
        method: 'POST',
        body: JSON.stringify(body),
      });
      this.finished += 1;
      this.o.log.info(`job ${job.id}: ${body.status}`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  start(): void {
    this.timer = setInterval(() => this.wake(), this.o.pollMs);
    this.wake();
  }

  /** Fills the free slots with claimed jobs. */
  wake(): void {
    if (this.stopped || this.running >= this.o.concurrency) return;
    this.running += 1;
    const task = this.next().finally(() => {
      this.running -= 1;
      this.inFlight.delete(task);
    });
    this.inFlight.add(task);
  }

  private async next(): Promise<void> {
    let claimed: ProbeJob | null;
    try {
      claimed = await this.claim();
    } catch (err) {
      this.o.log.error(`claim failed: ${err instanceof Error ? err.message : String(err)}`);
      return;
    }
    if (!claimed) return;
    this.o.log.info(`job ${claimed.job.id}: calling ${claimed.job.toNumber ?? ''}`);
    this.wake(); // more queued jobs may fill the other slots
    try {
      await this.run(claimed);
    } catch (err) {
      this.o.log.error(
        `job ${claimed.job.id}: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await Promise.all([...this.inFlight]);
  }
}

/** A test call's outcome as the result API takes it: dates in ISO, recordings in base64. */
async function resultBody(outcome: TestCallOutcome): Promise<ProbeResultInput> {
  const recordings: Record<string, string> = {};
  for (const [location, path] of Object.entries(outcome.recordings)) {
    recordings[location] = (await readFile(path)).toString('base64');
  }
  return {
    status: outcome.status,
    message: outcome.message,
    startedAt: outcome.startedAt.toISOString(),
    endedAt: outcome.endedAt.toISOString(),
    diallerCallId: outcome.diallerCallId,
    receiverCallId: outcome.receiverCallId,
    callContactId: outcome.callContactId,
    carrier: outcome.carrier,
    mos: outcome.mos,
    cxScore: outcome.cxScore,
    axScore: outcome.axScore,
    networkScore: outcome.networkScore,
    details: outcome.details,
    stats: outcome.stats,
    measures: outcome.measures,
    recordings,
    agentTelemetry: outcome.agentTelemetry ?? null,
  };
}

/** The result of a test call the probe could not place at all. */
function failedBody(startedAt: Date, why: string): ProbeResultInput {
  const message = `The probe could not place the call: ${why}`;
  return {
    status: 'Call Failed',
    message,
    startedAt: startedAt.toISOString(),
    endedAt: new Date().toISOString(),
    diallerCallId: null,
    receiverCallId: null,
    callContactId: null,
    carrier: null,
    mos: null,
    cxScore: null,
    axScore: null,
    networkScore: null,
    details: { ...EMPTY_DETAILS, message },
    stats: [],
    measures: {},
    recordings: {},
  };
}
