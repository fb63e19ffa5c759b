import type { OutboundQueue } from './queue.ts';
import { postBatch } from './transport.ts';
import type { CollectorError } from './types.ts';

/** What a batch carries (each to its own ingestion route). */
export type BatchKind = 'samples' | 'logs' | 'events' | 'calls';

export interface SenderOptions {
  endpoint: string;
  apiKey: string;
  fetch: typeof fetch;
  maxBatchSize: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Longest Retry-After honoured; 10 minutes. */
  maxRetryAfterMs?: number;
  onError: (error: CollectorError) => void;
  /** Told after each acknowledged batch. */
  onSent?: (what: BatchKind, count: number) => void;
  random?: () => number;
  now?: () => number;
}

/** What one flush ended with. */
export type FlushState = 'drained' | 'waiting';

interface Job {
  what: BatchKind;
  path: string;
  body: unknown;
  count: number;
  acknowledge: () => void;
}

const TEN_MINUTES_MS = 10 * 60 * 1000;

/**
 * Delivers a queue batch by batch, one request at a time, in the order summaries → logs →
 * events → samples. A failed batch stays queued and the sender waits: exponential backoff with jitter
 * (half the delay fixed, half random), or the server's Retry-After; `retryNow()` (e.g. on the
 * browser's `online` event) cuts the wait short. 413 halves the batch size.
 */
export class Sender {
  failedAttempts = 0;
  rejectedItems = 0;
  private batchSize: number;
  private blockedUntil = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<FlushState> | null = null;
  private disposed = false;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly base: string;

  constructor(
    private readonly queue: OutboundQueue,
    private readonly options: SenderOptions,
  ) {
    this.batchSize = options.maxBatchSize;
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.base = options.endpoint.replace(/\/+$/, '');
  }

  /** Whether a retry is pending (the last attempt failed). */
  get waiting(): boolean {
    return this.blockedUntil > this.now();
  }

  /** Sends what is queued; resolves 'drained' when empty, 'waiting' when a retry is scheduled. */
  flush(): Promise<FlushState> {
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Tries again now instead of waiting out the backoff. */
  retryNow(): void {
    if (this.disposed) return;
    this.clearTimer();
    this.blockedUntil = 0;
    void this.flush();
  }

  dispose(): void {
    this.disposed = true;
    this.clearTimer();
  }

  /** Delay before attempt n+1 after n consecutive failures. */
  backoffMs(failures: number): number {
    const ceiling = Math.min(
      this.options.maxDelayMs,
      this.options.baseDelayMs * 2 ** Math.max(0, failures - 1),
    );
    return Math.round(ceiling / 2 + (this.random() * ceiling) / 2);
  }

  private clearTimer() {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private nextJob(): Job | null {
    const q = this.queue;
    if (q.calls.size > 0) {
      const calls = [...q.calls.values()].slice(0, Math.min(this.batchSize, 1000));
      return {
        what: 'calls',
        path: '/api/ingest/v1/calls',
        body: { calls },
        count: calls.length,
        acknowledge: () => q.acknowledgeCalls(calls),
      };
    }
    if (q.logs.length > 0) {
      const logs = q.logs.slice(0, this.batchSize);
      return {
        what: 'logs',
        path: '/api/ingest/v1/logs',
        body: { logs },
        count: logs.length,
        acknowledge: () => q.acknowledgeLogs(logs),
      };
    }
    if (q.events.length > 0) {
      const events = q.events.slice(0, this.batchSize);
      return {
        what: 'events',
        path: '/api/ingest/v1/events',
        body: { events },
        count: events.length,
        acknowledge: () => q.acknowledgeEvents(events),
      };
    }
    if (q.samples.length > 0) {
      const samples = q.samples.slice(0, this.batchSize);
      return {
        what: 'samples',
        path: '/api/ingest/v1/samples',
        body: { samples },
        count: samples.length,
        acknowledge: () => q.acknowledgeSamples(samples),
      };
    }
    return null;
  }

  private async run(): Promise<FlushState> {
    for (;;) {
      if (this.disposed || this.blockedUntil > this.now()) return 'waiting';
      const job = this.nextJob();
      if (!job) return 'drained';
      const outcome = await postBatch(
        this.options.fetch,
        this.base + job.path,
        this.options.apiKey,
        job.body,
        this.now,
      );
      if (outcome.kind === 'stored') {
        job.acknowledge();
        this.failedAttempts = 0;
        this.options.onSent?.(job.what, job.count - outcome.rejectedCount);
        if (outcome.rejectedCount > 0) {
          this.rejectedItems += outcome.rejectedCount;
          this.options.onError({
            kind: 'rejected',
            status: 207,
            message: `${outcome.rejectedCount} ${job.what} refused (${outcome.firstRejection ?? 'malformed'})`,
          });
        }
      } else if (outcome.kind === 'invalid') {
        job.acknowledge();
        this.rejectedItems += job.count;
        this.options.onError({
          kind: 'rejected',
          status: outcome.status,
          message: outcome.message,
        });
      } else if (outcome.kind === 'too-large') {
        if (job.count > 1) {
          this.batchSize = Math.max(1, Math.floor(job.count / 2));
        } else {
          job.acknowledge();
          this.rejectedItems += 1;
          this.options.onError({ kind: 'rejected', status: 413, message: outcome.message });
        }
      } else {
        this.failedAttempts++;
        const backoff = this.backoffMs(this.failedAttempts);
        const wait =
          outcome.retryAfterMs === null
            ? backoff
            : Math.min(outcome.retryAfterMs, this.options.maxRetryAfterMs ?? TEN_MINUTES_MS);
        this.blockedUntil = this.now() + wait;
        this.clearTimer();
        this.timer = setTimeout(() => {
          this.timer = null;
          this.blockedUntil = 0;
          void this.flush();
        }, wait);
        this.options.onError({
          kind: 'retrying',
          ...(outcome.status === null ? {} : { status: outcome.status }),
          message: outcome.message,
          retryInMs: wait,
        });
        return 'waiting';
      }
    }
  }
}
