import { sql, type SQL } from 'drizzle-orm';
import type { GroupScope, TenantTable } from '../../db/group-scope.ts';

export interface CountedTotal {
  total: number;
  /** 'eq' when total is exact, 'gte' when more rows match than were counted. */
  totalRelation: 'eq' | 'gte';
}

/**
 * Counts the group's rows matching `conds`, stopping after `cap`: an exact count over a month of
 * a busy group reads a million index entries, while a person paging a list needs "more than 10,000".
 */
export async function countUpTo(
  scope: GroupScope,
  table: TenantTable,
  conds: readonly SQL[],
  cap: number,
): Promise<CountedTotal> {
  const capped = scope.db
    .select({ one: sql`1`.as('one') })
    .from(table)
    .where(scope.owns(table, ...conds))
    .limit(cap + 1)
    .as('capped');
  const [row] = await scope.db.select({ n: sql<number>`count(*)::int` }).from(capped);
  const n = row?.n ?? 0;
  return n > cap ? { total: cap, totalRelation: 'gte' } : { total: n, totalRelation: 'eq' };
}
