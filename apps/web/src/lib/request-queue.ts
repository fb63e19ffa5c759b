/** Runs tasks with at most `limit` under way at once; the rest wait their turn in order. */
export interface RequestQueue {
  /**
   * Runs the task when a slot frees. A task whose signal aborts while it waits is dropped
   * (rejected with the abort reason) without ever starting, so it never holds a slot.
   */
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Tasks under way now. */
  readonly active: number;
  /** Tasks waiting for a slot. */
  readonly waiting: number;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The request was aborted', 'AbortError');
}

/** A queue of at most `limit` concurrent tasks (spec 001 §9: billing requests, 5 at once). */
export function createRequestQueue(limit: number): RequestQueue {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be 1 or more');
  let active = 0;
  const waiting: (() => void)[] = [];

  const next = () => {
    while (active < limit) {
      const start = waiting.shift();
      if (!start) return;
      start();
    }
  };

  return {
    get active() {
      return active;
    },
    get waiting() {
      return waiting.length;
    },
    run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      if (signal?.aborted) return Promise.reject(abortReason(signal));
      return new Promise<T>((resolve, reject) => {
        const onAbort = () => {
          const index = waiting.indexOf(start);
          if (index >= 0) waiting.splice(index, 1);
          reject(signal ? abortReason(signal) : new Error('aborted'));
        };
        const start = () => {
          signal?.removeEventListener('abort', onAbort);
          active++;
          let promise: Promise<T>;
          try {
            promise = task();
          } catch (err) {
            promise = Promise.reject(err);
          }
          void promise.then(resolve, reject).finally(() => {
            active--;
            next();
          });
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        waiting.push(start);
        next();
      });
    },
  };
}
