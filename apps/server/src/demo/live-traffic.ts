import type {
  IngestCallInput,
  IngestEventInput,
  IngestLogInput,
  IngestSampleInput,
} from '@callsight/shared';
import type { IngestDeps } from '../services/telemetry/ingest-context.ts';
import { ingestEvents } from '../services/telemetry/ingest-logs.ts';
import type { TelemetryWriter } from '../services/telemetry-store/telemetry-store.ts';
import type { Agent } from './catalogue.ts';
import { generateCall, type DemoCall } from './generate-call.ts';
import { postgresWriter } from './load-calls.ts';
import { hashText, Random } from './random.ts';

/** A call being "talked": how much of it the softphone has sent so far. */
interface ActiveCall {
  demo: DemoCall;
  samplesSent: number;
  logsSent: number;
  eventsSent: number;
}

export interface LiveTrafficOptions {
  seed: number;
  agents: readonly Agent[];
  /** Seconds between two new calls, drawn uniformly in this range. */
  arrivalSeconds: readonly [number, number];
}

/**
 * The live trickle: a new call every 20–60 s whose seconds, logs and events are sent as they
 * happen (each step sends what is due by then), with an open summary at the start and the
 * final one at the end, through the ingestion services like a softphone collector would.
 */
export class LiveTraffic {
  private readonly active = new Map<string, ActiveCall>();
  private nextCallAtMs: number | null = null;

  constructor(
    private readonly deps: IngestDeps,
    private readonly groupId: string,
    private readonly options: LiveTrafficOptions,
    /** Where summaries, seconds and logs go: the store's writer in ClickHouse mode (CH58). */
    private readonly writer: TelemetryWriter = postgresWriter(deps),
  ) {}

  /** Contact ids of the calls in progress. */
  get inProgress(): string[] {
    return [...this.active.keys()];
  }

  /** Starts the calls due by `nowMs` and sends everything of the calls in progress due by then. */
  async step(nowMs: number): Promise<void> {
    const random = new Random(hashText(`${this.options.seed}:live:${nowMs}`));
    this.nextCallAtMs ??= nowMs;
    const opened: IngestCallInput[] = [];
    while (this.nextCallAtMs <= nowMs) {
      const call = this.startCall(this.nextCallAtMs, random);
      if (call) opened.push(openSummary(call.demo, this.nextCallAtMs));
      const [min, max] = this.options.arrivalSeconds;
      this.nextCallAtMs += Math.round(random.between(min, max) * 1000);
    }
    if (opened.length > 0) await this.writer.ingestCalls(this.groupId, opened);

    const samples: IngestSampleInput[] = [];
    const logs: IngestLogInput[] = [];
    const events: IngestEventInput[] = [];
    const ended: IngestCallInput[] = [];
    for (const [contactId, a] of this.active) {
      const { demo } = a;
      a.samplesSent = takeDue(demo.samples, a.samplesSent, nowMs, (s) => s.timestamp, samples);
      a.logsSent = takeDue(demo.logs, a.logsSent, nowMs, (l) => l.time, logs);
      a.eventsSent = takeDue(demo.events, a.eventsSent, nowMs, (e) => e.time, events);
      if (demo.endMs <= nowMs) {
        ended.push(demo.call);
        this.active.delete(contactId);
      }
    }
    if (samples.length > 0) await this.writer.ingestSamples(this.groupId, samples);
    if (logs.length > 0) await this.writer.ingestLogs(this.groupId, logs);
    if (events.length > 0) await ingestEvents(this.deps, this.groupId, events);
    if (ended.length > 0) await this.writer.ingestCalls(this.groupId, ended);
  }

  /**
   * Ends the calls in progress at `nowMs` (the demo stops: their softphones go away), so no call
   * stays "in progress" for ever: the summary gets its end time and the seconds sent so far.
   */
  async hangUpAll(nowMs: number): Promise<void> {
    const summaries = [...this.active.values()].map(({ demo }) => ({
      ...openSummary(demo, nowMs),
      endTime: Math.max(demo.startMs, nowMs),
      endedBy: 'SYSTEM',
      disconnectReason: 'AGENT_NETWORK_DISCONNECT',
    }));
    this.active.clear();
    if (summaries.length > 0) await this.writer.ingestCalls(this.groupId, summaries);
  }

  private startCall(startMs: number, random: Random): ActiveCall | null {
    const busy = new Set([...this.active.values()].map((a) => a.demo.agent.email));
    const free = this.options.agents.filter((a) => !busy.has(a.email));
    if (free.length === 0) return null;
    const demo = generateCall({ contactId: random.uuid(), agent: random.pick(free), startMs });
    const call: ActiveCall = { demo, samplesSent: 0, logsSent: 0, eventsSent: 0 };
    this.active.set(demo.contactId, call);
    return call;
  }
}

/** Moves the items from `from` on whose time has come (items are in time order) into `out`; answers the next index. */
function takeDue<T>(
  items: readonly T[],
  from: number,
  nowMs: number,
  timeOf: (item: T) => string | number,
  out: T[],
): number {
  let i = from;
  for (let item = items[i]; item !== undefined && Number(timeOf(item)) <= nowMs; item = items[++i])
    out.push(item);
  return i;
}

/** The summary of a call in progress at `nowMs`: no end yet, holds so far (an open one has no end). */
function openSummary(demo: DemoCall, nowMs: number): IngestCallInput {
  const holds = (demo.call.holdIntervals ?? [])
    .filter((h) => Number(h.start) <= nowMs)
    .map((h) => ({ start: h.start, end: h.end != null && Number(h.end) <= nowMs ? h.end : null }));
  return {
    ...demo.call,
    endTime: null,
    endedBy: null,
    disconnectReason: null,
    sipResponseCode: null,
    holdIntervals: holds,
  };
}
