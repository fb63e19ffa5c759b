import type { CallBody, EventBody, LogBody, SampleBody, StorageLike } from './types.ts';

/** What waits to be sent. */
export interface QueueContents {
  samples: SampleBody[];
  logs: LogBody[];
  calls: CallBody[];
  /** Absent in queues stored by collectors before events were sent. */
  events?: EventBody[];
}

export interface QueueLimits {
  maxSamples: number;
  maxLogs: number;
  /** maxLogs when not given. */
  maxEvents?: number;
}

/**
 * The bounded outbox of one collector. Items leave only when the server has acknowledged them
 * (`acknowledge*` removes exactly the items that were sent, whatever arrived meanwhile); past
 * its caps the oldest samples or logs are dropped and counted.
 */
export class OutboundQueue {
  samples: SampleBody[] = [];
  logs: LogBody[] = [];
  events: EventBody[] = [];
  /** Latest summary per contact: a newer one replaces an unsent older one. */
  readonly calls = new Map<string, CallBody>();
  droppedSamples = 0;
  droppedLogs = 0;
  droppedEvents = 0;
  /** Bumped on every change, so a store can tell whether to write. */
  version = 0;

  constructor(
    private readonly limits: QueueLimits,
    private readonly onDrop: (
      what: 'samples' | 'logs' | 'events',
      count: number,
    ) => void = () => {},
  ) {}

  get size(): number {
    return this.samples.length + this.logs.length + this.events.length + this.calls.size;
  }

  addSamples(items: readonly SampleBody[]): void {
    if (items.length === 0) return;
    this.samples.push(...items);
    const over = this.samples.length - this.limits.maxSamples;
    if (over > 0) {
      this.samples.splice(0, over);
      this.droppedSamples += over;
      this.onDrop('samples', over);
    }
    this.version++;
  }

  addLogs(items: readonly LogBody[]): void {
    if (items.length === 0) return;
    this.logs.push(...items);
    const over = this.logs.length - this.limits.maxLogs;
    if (over > 0) {
      this.logs.splice(0, over);
      this.droppedLogs += over;
      this.onDrop('logs', over);
    }
    this.version++;
  }

  addEvents(items: readonly EventBody[]): void {
    if (items.length === 0) return;
    this.events.push(...items);
    const over = this.events.length - (this.limits.maxEvents ?? this.limits.maxLogs);
    if (over > 0) {
      this.events.splice(0, over);
      this.droppedEvents += over;
      this.onDrop('events', over);
    }
    this.version++;
  }

  putCall(call: CallBody): void {
    this.calls.set(call.contactId, call);
    this.version++;
  }

  /** Adds everything of another queue's contents (adopted from storage), keeping call order. */
  addContents(contents: QueueContents): void {
    for (const call of contents.calls) if (!this.calls.has(call.contactId)) this.putCall(call);
    this.addLogs(contents.logs);
    this.addEvents(contents.events ?? []);
    this.addSamples(contents.samples);
  }

  acknowledgeSamples(sent: readonly SampleBody[]): void {
    const done = new Set(sent);
    this.samples = this.samples.filter((s) => !done.has(s));
    this.version++;
  }

  acknowledgeLogs(sent: readonly LogBody[]): void {
    const done = new Set(sent);
    this.logs = this.logs.filter((l) => !done.has(l));
    this.version++;
  }

  acknowledgeEvents(sent: readonly EventBody[]): void {
    const done = new Set(sent);
    this.events = this.events.filter((e) => !done.has(e));
    this.version++;
  }

  /** Removes the sent summaries unless a newer one for the same call replaced them meanwhile. */
  acknowledgeCalls(sent: readonly CallBody[]): void {
    for (const call of sent) {
      if (this.calls.get(call.contactId) === call) this.calls.delete(call.contactId);
    }
    this.version++;
  }

  contents(): QueueContents {
    return {
      samples: this.samples,
      logs: this.logs,
      calls: [...this.calls.values()],
      events: this.events,
    };
  }
}

const KEY_PREFIX = 'callsight.collector.v1.';

interface StoredQueue extends QueueContents {
  savedAt: number;
}

function isStoredQueue(value: unknown): value is StoredQueue {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.savedAt === 'number' &&
    Array.isArray(v.samples) &&
    Array.isArray(v.logs) &&
    Array.isArray(v.calls) &&
    (v.events === undefined || Array.isArray(v.events))
  );
}

/**
 * Keeps a queue in Web Storage under a key of its own, so that a reload, a crash or a closed tab
 * does not lose it: the next collector on the origin adopts queues whose owner stopped saving.
 * Resending is safe (the ingestion API stores a resent item once). A full storage (quota) only
 * means the queue lives in memory until there is room again.
 */
export class QueueStore {
  private readonly key: string;

  constructor(
    private readonly storage: StorageLike,
    ownerId: string,
    /** A queue not saved for this long has no live owner. */
    private readonly staleMs: number,
  ) {
    this.key = KEY_PREFIX + ownerId;
  }

  /**
   * Writes the contents (removes the key when empty); false when the storage refused. `savedAt`
   * 0 releases the queue: the next collector adopts it without waiting for it to go stale.
   */
  save(contents: QueueContents, savedAt: number): boolean {
    try {
      const events = contents.events?.length ?? 0;
      if (contents.samples.length + contents.logs.length + contents.calls.length + events === 0) {
        this.storage.removeItem(this.key);
      } else {
        const stored: StoredQueue = { savedAt, ...contents };
        this.storage.setItem(this.key, JSON.stringify(stored));
      }
      return true;
    } catch {
      return false;
    }
  }

  /** Takes over the queues other collectors left behind (not saved for `staleMs`). */
  adoptOrphans(now: number): QueueContents {
    const adopted: Required<QueueContents> = { samples: [], logs: [], calls: [], events: [] };
    const keys: string[] = [];
    try {
      for (let i = 0; i < this.storage.length; i++) {
        const key = this.storage.key(i);
        if (key && key.startsWith(KEY_PREFIX) && key !== this.key) keys.push(key);
      }
      for (const key of keys) {
        const raw = this.storage.getItem(key);
        let parsed: unknown = null;
        try {
          parsed = raw ? JSON.parse(raw) : null;
        } catch {
          parsed = null;
        }
        if (!isStoredQueue(parsed)) {
          this.storage.removeItem(key);
          continue;
        }
        if (now - parsed.savedAt < this.staleMs) continue;
        adopted.samples.push(...parsed.samples);
        adopted.logs.push(...parsed.logs);
        adopted.calls.push(...parsed.calls);
        adopted.events.push(...(parsed.events ?? []));
        this.storage.removeItem(key);
      }
    } catch {
      // Storage unavailable (privacy mode, sandboxed frame): nothing to adopt.
    }
    adopted.samples.sort((a, b) => a.timestamp - b.timestamp);
    return adopted;
  }

  clear(): void {
    try {
      this.storage.removeItem(this.key);
    } catch {
      // Nothing to do: the queue was in memory only.
    }
  }
}
