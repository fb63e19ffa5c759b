/** Thrown when the gate has no room: the caller answers 429. */
export class GateFullError extends Error {
  constructor() {
    super('concurrency gate full');
    this.name = 'GateFullError';
  }
}

interface Waiter {
  resolve: () => void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * A bounded in-process gate: at most `maxActive` tasks run at once, at most `maxQueued` wait (in
 * arrival order) and none waits longer than `queueTimeoutMs`. Past that the caller is told to
 * slow down instead of piling up memory and database connections: back-pressure, not silent loss.
 */
export class ConcurrencyGate {
  private active = 0;
  private readonly waiters: Waiter[] = [];

  constructor(
    readonly maxActive: number,
    readonly maxQueued: number,
    readonly queueTimeoutMs: number,
  ) {}

  /** True when a new task would be refused right now. */
  get saturated(): boolean {
    return this.active >= this.maxActive && this.waiters.length >= this.maxQueued;
  }

  get stats() {
    return { active: this.active, queued: this.waiters.length };
  }

  /** Runs the task when a slot is free; throws GateFullError when the queue is full or the wait too long. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.active < this.maxActive) {
      this.active++;
      return Promise.resolve();
    }
    if (this.waiters.length >= this.maxQueued) return Promise.reject(new GateFullError());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        timer: setTimeout(() => {
          const at = this.waiters.indexOf(waiter);
          if (at >= 0) this.waiters.splice(at, 1);
          reject(new GateFullError());
        }, this.queueTimeoutMs),
      };
      this.waiters.push(waiter);
    });
  }

  private release() {
    const next = this.waiters.shift();
    if (next) {
      // The slot passes straight to the next waiter: `active` stays the same.
      clearTimeout(next.timer);
      next.resolve();
    } else {
      this.active--;
    }
  }
}
