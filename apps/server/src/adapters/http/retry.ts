/** How an outside call is retried: attempts in all, and the wait before the second one (doubled after). */
export interface RetryPolicy {
  attempts: number;
  backoffMs: number;
}

/** An attempt's failure that another attempt will not cure (a 4xx answer, a refused address). */
export class PermanentError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentError';
  }
}

/**
 * Runs `attempt` up to `policy.attempts` times, waiting between tries, until it succeeds or fails
 * permanently. Answers the result and the number of attempts made; rethrows the last error with
 * the attempt count in `attempts`.
 */
export async function withRetries<T>(
  policy: RetryPolicy,
  attempt: (n: number) => Promise<T>,
): Promise<{ value: T; attempts: number }> {
  let wait = policy.backoffMs;
  for (let n = 1; ; n++) {
    try {
      return { value: await attempt(n), attempts: n };
    } catch (err) {
      if (n >= policy.attempts || err instanceof PermanentError) {
        throw Object.assign(err instanceof Error ? err : new Error(String(err)), { attempts: n });
      }
      await new Promise((resolve) => setTimeout(resolve, wait));
      wait *= 2;
    }
  }
}

/** The attempts recorded on an error by withRetries (1 when it did not pass through it). */
export function attemptsOf(err: unknown): number {
  if (typeof err === 'object' && err !== null && 'attempts' in err) {
    const n = (err as { attempts: unknown }).attempts;
    if (typeof n === 'number') return n;
  }
  return 1;
}
