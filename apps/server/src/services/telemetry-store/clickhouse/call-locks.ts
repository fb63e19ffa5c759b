import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { isNodePostgres, textArrayLiteral } from '../../../db/pg-arrays.ts';

/**
 * Serialises the writes of one call on ClickHouse (decision CH12): a batch reads its calls'
 * summaries, derives their new versions and inserts them, and two batches of one call doing so
 * at once would each miss the other's seconds. ClickHouse has no row locks, so the batch holds a
 * lock per (group, contact) around that read-compute-write.
 */
export interface CallLocks {
  /** Runs `work` holding the locks of the group's `contactIds` (taken in one order: no deadlock). */
  withCalls<T>(groupId: string, contactIds: Iterable<string>, work: () => Promise<T>): Promise<T>;
}

/** Key space of the two-int advisory locks (apart from the one-bigint start-up locks, S17). */
const ADVISORY_CLASS = 23_023;

/** One process's locks: a promise chain per (group, contact), keys taken in sorted order. */
export class InProcessCallLocks implements CallLocks {
  private readonly tails = new Map<string, Promise<void>>();

  async withCalls<T>(
    groupId: string,
    contactIds: Iterable<string>,
    work: () => Promise<T>,
  ): Promise<T> {
    const keys = [...new Set(contactIds)].map((c) => `${groupId}\n${c}`).sort();
    const releases: (() => void)[] = [];
    try {
      for (const key of keys) {
        const previous = this.tails.get(key) ?? Promise.resolve();
        let release = () => {};
        const mine = new Promise<void>((resolve) => (release = resolve));
        const tail = previous.then(() => mine);
        this.tails.set(key, tail);
        releases.push(() => {
          release();
          if (this.tails.get(key) === tail) this.tails.delete(key);
        });
        await previous;
      }
      return await work();
    } finally {
      for (const release of releases) release();
    }
  }

  /** Keys held or awaited now (tests). */
  get size(): number {
    return this.tails.size;
  }
}

/**
 * Locks shared by every process of one PostgreSQL database: transaction-scoped advisory locks
 * (`pg_advisory_xact_lock(class, hashtext(group:contact))`) taken in key order in a transaction
 * that stays open while `work` writes to ClickHouse, and released by its commit. A hash collision
 * only serialises two calls that need not be. `work` must not query PostgreSQL through the pool
 * it waits on (it would hold one connection and wait for another): the writers read what they
 * need from PostgreSQL before taking the locks.
 */
export function advisoryCallLocks(db: Db): CallLocks {
  return {
    async withCalls(groupId, contactIds, work) {
      const contacts = [...new Set(contactIds)];
      if (contacts.length === 0) return work();
      return db.transaction(async (tx) => {
        await tx.execute(sql`
          select pg_advisory_xact_lock(${ADVISORY_CLASS}, k.h)
          from (
            select distinct hashtext(${groupId} || ':' || c) as h
            from unnest(${textArrayLiteral(contacts)}::text[]) as c
            order by h
          ) as k`);
        return work();
      });
    },
  };
}

/** One process per database on PGlite: its locks are the process's; on PostgreSQL, advisory. */
export function callLocksFor(db: Db): CallLocks {
  return isNodePostgres(db) ? advisoryCallLocks(db) : processLocks;
}

/** The process's locks on PGlite (one PGlite, one process: S16 refuses WORKERS without a server). */
const processLocks = new InProcessCallLocks();
