import { asc, desc, eq, gte, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  CALL_STATS_NUMERIC_FIELDS,
  EXPLORER_LIMITS,
  NUMERIC_FILTER_DECIMALS,
  type CallStatsNumericField,
  type CallStatsPage,
  type CallStatsQuery,
  type CallStatsSortColumn,
} from '@callsight/shared';
import { callSummaries as c } from '../../db/schema/index.ts';
import type { GroupScope } from '../../db/group-scope.ts';
import { countUpTo } from './count-up-to.ts';
import { resolveWindow } from './time-window.ts';

const SORT_COLUMNS: Record<CallStatsSortColumn, AnyPgColumn> = {
  timestamp: c.startTime,
  agent: c.agent,
  agentISP: c.agentIsp,
  mos: c.mosAvg,
  jitter: c.jitterAvgMs,
  rtt: c.rttAvgMs,
  packetsLostFraction: c.packetsLostFraction,
  durationSeconds: c.durationSeconds,
};

const NUMERIC_COLUMNS: Record<CallStatsNumericField, AnyPgColumn> = {
  mos: c.mosAvg,
  jitter: c.jitterAvgMs,
  rtt: c.rttAvgMs,
  packetsLostFraction: c.packetsLostFraction,
  durationSeconds: c.durationSeconds,
};

/** The conditions after the group's: the time window on start_time, then the filters. */
function conditions(query: CallStatsQuery, now: Date): SQL[] {
  const window = resolveWindow(query, now);
  const where: SQL[] = [gte(c.startTime, window.from), lte(c.startTime, window.to)];
  if (query.agent) where.push(inArray(c.agent, query.agent));
  if (query.contactId) where.push(inArray(c.contactId, query.contactId));
  if (query.agentISP) where.push(inArray(c.agentIsp, query.agentISP));
  // Our own test calls only when asked for (issue 33).
  if (!query.includeTestCalls) where.push(eq(c.synthetic, false));
  for (const field of CALL_STATS_NUMERIC_FIELDS) {
    const fromValue = query[`${field}From`];
    const toValue = query[`${field}To`];
    // Compared at the decimals the table shows ("mos = 4.3" finds the calls showing 4.30): the
    // bounds widen by half a unit of the last decimal, so the stored column is compared as is.
    const half = 0.5 * 10 ** -NUMERIC_FILTER_DECIMALS[field];
    const column = NUMERIC_COLUMNS[field];
    if (fromValue !== undefined) where.push(sql`${column} >= ${fromValue - half}::float8`);
    if (toValue !== undefined) where.push(sql`${column} < ${toValue + half}::float8`);
  }
  return where;
}

/** Order: the chosen column (missing values last), then start time and contact id, stable. */
function ordering(query: CallStatsQuery): SQL[] {
  const dir = query.sortDirection === 'asc' ? asc : desc;
  const column = SORT_COLUMNS[query.sortColumn];
  const nulls = sql.raw(query.sortDirection === 'asc' ? 'asc nulls last' : 'desc nulls last');
  const order: SQL[] = [];
  if (query.sortColumn !== 'timestamp') order.push(sql`${column} ${nulls}`);
  order.push(dir(c.startTime), dir(c.contactId));
  return order;
}

const PAGE_COLUMNS = {
  startTime: c.startTime,
  agent: c.agent,
  contactId: c.contactId,
  agentIsp: c.agentIsp,
  mosAvg: c.mosAvg,
  jitterAvgMs: c.jitterAvgMs,
  rttAvgMs: c.rttAvgMs,
  packetsLostFraction: c.packetsLostFraction,
  durationSeconds: c.durationSeconds,
  score: c.score,
  tags: c.tags,
  synthetic: c.synthetic,
};

const selectPage = (
  scope: GroupScope,
  conds: readonly SQL[],
  order: SQL[],
  limit: number,
  offset: number,
) =>
  scope.db
    .select(PAGE_COLUMNS)
    .from(c)
    .where(scope.owns(c, ...conds))
    .orderBy(...order)
    .limit(limit)
    .offset(offset);

/**
 * The page's rows in `ordering(query)`. A descending sort on a column puts missing values last,
 * which its ascending index read backwards cannot give (it yields them first): the rows with a
 * value are read first, then, only when the page reaches past them, the rows without one.
 */
async function pageRows(scope: GroupScope, conds: readonly SQL[], query: CallStatsQuery) {
  if (query.sortColumn === 'timestamp' || query.sortDirection === 'asc')
    return selectPage(scope, conds, ordering(query), query.size, query.from);
  const column = SORT_COLUMNS[query.sortColumn];
  const tail = [desc(c.startTime), desc(c.contactId)];
  const valued = [...conds, isNotNull(column)];
  const rows = await selectPage(
    scope,
    valued,
    [sql`${column} desc nulls first`, ...tail],
    query.size,
    query.from,
  );
  if (rows.length >= query.size) return rows;
  // Rows with a value before the first missing one: all of them were on or before this page.
  let before = query.from + rows.length;
  if (rows.length === 0 && query.from > 0) {
    const [counted] = await scope.db
      .select({ n: sql<number>`count(*)::int` })
      .from(c)
      .where(scope.owns(c, ...valued));
    before = counted?.n ?? 0;
  }
  const missing = await selectPage(
    scope,
    [...conds, isNull(column)],
    tail,
    query.size - rows.length,
    Math.max(0, query.from - before),
  );
  return rows.concat(missing);
}

/**
 * One page of the Call Stats Log of the caller's group (spec 002 §7.3) and the number of calls
 * matching (exact up to `totalCap`, then a lower bound). Reads call_summaries only (one row per
 * call), through the (group_id, start_time) index or a sort column's index (migration 0007).
 */
export async function listCallStats(
  scope: GroupScope,
  query: CallStatsQuery,
  now = new Date(),
  totalCap: number = EXPLORER_LIMITS.totalCap,
  /** The caller's team rules on call_summaries (callRowFilter), or null for every call. */
  rowFilter: SQL | null = null,
): Promise<CallStatsPage> {
  const conds = conditions(query, now);
  if (rowFilter) conds.push(rowFilter);
  const [rows, counted] = await Promise.all([
    pageRows(scope, conds, query),
    countUpTo(scope, c, conds, totalCap),
  ]);
  return {
    ...counted,
    rows: rows.map((r) => ({
      timestamp: r.startTime.toISOString(),
      agent: r.agent,
      callContactId: r.contactId,
      agentISP: r.agentIsp,
      mos: { avg: r.mosAvg },
      jitter: { avg: r.jitterAvgMs },
      rtt: { avg: r.rttAvgMs },
      totals: { packetsLostFraction: r.packetsLostFraction },
      durationSeconds: r.durationSeconds,
      score: r.score,
      tags: r.tags,
      testCall: r.synthetic,
    })),
  };
}
