import { EXPLORER_PUSH_PAGE, type NewCallMessage } from '@callsight/shared';
import type { Db } from '../../db/client.ts';
import type { PushPublisher } from '../../push/push-server.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { ConcurrencyGate } from './concurrency-gate.ts';
import type { WatcherHook } from '../workflows/engine.ts';
import { isRetryable } from './retryable-errors.ts';

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
  trailing?: TrailingCalls;
  /** Canvas charts over calls may answer from the chart rollups (issue 34); default yes. */
  chartRollups?: boolean;
}

/** Told after each commit which live calls' shown columns trail their accumulator (TrailingSummaries). */
export interface TrailingCalls {
  /** These calls' shown columns trail (only their accumulator was written). */
  trail(groupId: string, contactIds: Iterable<string>): void;
  /** These calls' shown columns are current. */
  caughtUp(groupId: string, contactIds: Iterable<string>): void;
}

/** Push page of the Calls and Logs explorer; a new call is announced there. */
export const EXPLORER_PAGE = EXPLORER_PUSH_PAGE;

/** Batches crossing on the same calls are rare (a collector sends a call's seconds in order). */
const MAX_ATTEMPTS = 5;

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
        if (attempt >= MAX_ATTEMPTS || !isRetryable(err)) throw err;
      }
    }
  });
}

/**
 * Announces calls created by a committed batch to the group's explorer subscribers, each with its
 * start as stored (`startOf`: epoch ms per contact).
 */
export function announceCalls(
  deps: Pick<IngestDeps, 'push'>,
  groupId: string,
  contactIds: Iterable<string>,
  startOf: ReadonlyMap<string, number>,
) {
  for (const contactId of contactIds) {
    const startMs = startOf.get(contactId);
    if (startMs === undefined) continue;
    const message: NewCallMessage = { type: 'call', startTime: new Date(startMs).toISOString() };
    deps.push.publish(groupId, EXPLORER_PAGE, message);
  }
}
