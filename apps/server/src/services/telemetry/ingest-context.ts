import { EXPLORER_PUSH_PAGE, type NewCallMessage } from '@callsight/shared';
import type { Db } from '../../db/client.ts';
import type { PushPublisher } from '../../push/push-server.ts';
import type { DbOrTx } from '../audit/audit-log.ts';
import type { ConcurrencyGate } from './concurrency-gate.ts';
import type { WatcherHook } from '../workflows/engine.ts';
import type { TrailingSummaries } from './trailing-summaries.ts';

/** What the ingestion services need: the database, the write gate, push, and a clock. */
export interface IngestDeps {
  db: Db;
  gate: ConcurrencyGate;
  push: Pick<PushPublisher, 'publish'>;
  now: () => number;
  /** Workflow watchers, told of committed data (evaluated in memory, actions run later). */
  watchers?: WatcherHook;
  /**
   * Catches up live calls whose batches wrote only their accumulator (decisions.md P8). Without
   * it, every batch rewrites its calls' shown columns.
   */
  trailing?: Pick<TrailingSummaries, 'trail' | 'caughtUp'>;
}

/** Push page of the Calls and Logs explorer; a new call is announced there. */
export const EXPLORER_PAGE = EXPLORER_PUSH_PAGE;

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

/** Batches crossing on the same calls are rare (a collector sends a call's seconds in order). */
const MAX_ATTEMPTS = 5;

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

/**
 * Runs one ingestion write: through the gate (bounded concurrency), in one transaction, retried
 * on a deadlock or serialization failure (two batches of the same calls crossing).
 */
export async function ingestTransaction<T>(
  deps: IngestDeps,
  work: (tx: DbOrTx) => Promise<T>,
): Promise<T> {
  return deps.gate.run(async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await deps.db.transaction((tx) => work(tx));
      } catch (err) {
        const state = sqlStateOf(err);
        if (attempt >= MAX_ATTEMPTS || state === null || !RETRYABLE.has(state)) throw err;
      }
    }
  });
}

/**
 * Announces calls created by a committed batch to the group's explorer subscribers, each with its
 * start as stored (`startOf`: epoch ms per contact).
 */
export function announceCalls(
  deps: IngestDeps,
  groupId: string,
  contactIds: Iterable<string>,
  startOf: ReadonlyMap<string, number>,
) {
  for (const contactId of contactIds) {
    const startMs = startOf.get(contactId);
    if (startMs === undefined) continue;
    const message: NewCallMessage = {
      type: 'call',
      contactId,
      startTime: new Date(startMs).toISOString(),
    };
    deps.push.publish(groupId, EXPLORER_PAGE, message);
  }
}
