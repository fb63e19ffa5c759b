/**
 * The database errors that make an ingestion write start over: two batches of the same calls
 * crossing (a deadlock, a serialization failure, or a summary or chunk written meanwhile).
 */

/** SQLSTATE deadlock_detected and serialization_failure. */
const RETRYABLE = new Set(['40P01', '40001']);

/**
 * Another transaction wrote the same calls between this batch's read and write (a summary row
 * moved, or a chunk with the same first second appeared): the whole batch is retried.
 */
export class ConcurrentSummaryUpdate extends Error {
  /** SQLSTATE serialization_failure, which ingestTransaction retries. */
  readonly code = '40001';
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ConcurrentSummaryUpdate';
  }
}

/** The SQLSTATE of a database error, also when wrapped (drizzle's query errors carry it as cause). */
export function sqlStateOf(err: unknown): string | null {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    if (
      typeof e === 'object' &&
      'code' in e &&
      typeof e.code === 'string' &&
      /^[0-9A-Z]{5}$/.test(e.code)
    )
      return e.code;
    e = typeof e === 'object' && 'cause' in e ? e.cause : null;
  }
  return null;
}

/** Whether the write failed only because another batch crossed it, so that running it again may succeed. */
export function isRetryable(err: unknown): boolean {
  const state = sqlStateOf(err);
  return state !== null && RETRYABLE.has(state);
}
