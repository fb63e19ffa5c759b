import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../audit/audit-log.ts';

export interface CountedTotal {
  total: number;
  /** 'eq' when total is exact, 'gte' when more rows match than were counted. */
  totalRelation: 'eq' | 'gte';
}

/**
 * Counts the matching rows, stopping after `cap`: an exact count over a month of a busy group
 * reads a million index entries, while a person paging a list needs "more than 10,000".
 */
export async function countUpTo(
  db: DbOrTx,
  table: PgTable,
  where: SQL | undefined,
  cap: number,
): Promise<CountedTotal> {
  const capped = db
    .select({ one: sql`1`.as('one') })
    .from(table)
    .where(where)
    .limit(cap + 1)
    .as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  const n = row?.n ?? 0;
  return n > cap ? { total: cap, totalRelation: 'gte' } : { total: n, totalRelation: 'eq' };
}
