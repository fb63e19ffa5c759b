import { getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { forGroup } from '../../db/group-scope.ts';
import { campaignCalls } from '../../db/schema/index.ts';

export type CallRow = Omit<typeof campaignCalls.$inferInsert, 'groupId'> & {
  runId: string;
  seq: number;
};

/** Rows per INSERT: 26 columns each stays far below PostgreSQL's 65,535 parameters. */
const CHUNK = 1000;

/** Every column but the key is replaced by the newer row. */
const UPDATE_SET = Object.fromEntries(
  Object.entries(getTableColumns(campaignCalls))
    .filter(([key]) => !['groupId', 'runId', 'seq'].includes(key))
    .map(([key, column]) => [key, sql.raw(`excluded."${column.name}"`)]),
);

/**
 * The call log of one run, written behind: a call's row changes a few times a second at high
 * rates (queued, initiated, ringing, answered, ended), so the newest state of each changed call
 * is kept and written in one multi-row upsert per flush (issue 17).
 */
export class CallLogWriter {
  private readonly dirty = new Map<number, CallRow>();
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly groupId: string,
  ) {}

  /** Marks the call's current state to be written at the next flush. */
  put(row: CallRow): void {
    this.dirty.set(row.seq, { ...row });
  }

  get pending(): number {
    return this.dirty.size;
  }

  /** Writes every changed call; flushes run one after another. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  private async write(): Promise<void> {
    if (this.dirty.size === 0) return;
    const rows = [...this.dirty.values()];
    this.dirty.clear();
    const scope = forGroup(this.db, this.groupId);
    for (let i = 0; i < rows.length; i += CHUNK) {
      const chunk = rows.slice(i, i + CHUNK);
      try {
        await this.db
          .insert(campaignCalls)
          .values(scope.rows(campaignCalls, chunk))
          .onConflictDoUpdate({
            target: [campaignCalls.runId, campaignCalls.seq],
            set: UPDATE_SET,
          });
      } catch (err) {
        // Keep what failed for the next flush unless a newer state arrived meanwhile.
        for (const row of chunk) if (!this.dirty.has(row.seq)) this.dirty.set(row.seq, row);
        throw err;
      }
    }
  }
}
