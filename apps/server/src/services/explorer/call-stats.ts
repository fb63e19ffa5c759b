import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
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
import type { DbOrTx } from '../audit/audit-log.ts';
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

/** The where clause: the caller's group, the time window on start_time, then the filters. */
function conditions(groupId: string, query: CallStatsQuery, now: Date): SQL[] {
  const window = resolveWindow(query, now);
  const where: SQL[] = [
    eq(c.groupId, groupId),
    gte(c.startTime, window.from),
    lte(c.startTime, window.to),
  ];
  if (query.agent) where.push(inArray(c.agent, query.agent));
  if (query.contactId) where.push(inArray(c.contactId, query.contactId));
  if (query.agentISP) where.push(inArray(c.agentIsp, query.agentISP));
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

/**
 * One page of the Call Stats Log of the caller's group (spec 002 §7.3) and the number of calls
 * matching (exact up to `totalCap`, then a lower bound). Reads call_summaries only (one row per call), through its (group_id, start_time) index.
 */
export async function listCallStats(
  db: DbOrTx,
  groupId: string,
  query: CallStatsQuery,
  now = new Date(),
  totalCap: number = EXPLORER_LIMITS.totalCap,
): Promise<CallStatsPage> {
  const where = and(...conditions(groupId, query, now));
  const [rows, counted] = await Promise.all([
    db
      .select({
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
      })
      .from(c)
      .where(where)
      .orderBy(...ordering(query))
      .limit(query.size)
      .offset(query.from),
    countUpTo(db, c, where, totalCap),
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
    })),
  };
}
