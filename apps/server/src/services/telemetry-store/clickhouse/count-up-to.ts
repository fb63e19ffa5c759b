import type { ClickHouseParams } from '../../../db/clickhouse/client.ts';
import type { ClickHouseGroupScope } from '../../../db/clickhouse/group-scope.ts';
import type { CountedTotal } from '../../explorer/count-up-to.ts';

/**
 * The rows of `from` matching `where` (which holds the group), counted up to `cap` as the
 * PostgreSQL store's countUpTo: exact up to the cap, else the cap with relation 'gte'.
 */
export async function countUpTo(
  scope: ClickHouseGroupScope,
  from: string,
  where: string,
  params: ClickHouseParams,
  cap: number,
): Promise<CountedTotal> {
  const [row] = await scope.query<{ n: string }>(
    `SELECT count() AS n FROM (SELECT 1 FROM ${from} WHERE ${where} LIMIT {count_limit:UInt32})`,
    { ...params, count_limit: cap + 1 },
  );
  const n = Number(row?.n ?? 0);
  return n > cap ? { total: cap, totalRelation: 'gte' } : { total: n, totalRelation: 'eq' };
}
