import { asc, desc, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { EXPLORER_LIMITS, type AgentLogPage, type AgentLogQuery } from '@callsight/shared';
import { softphoneLogs as l } from '../../db/schema/index.ts';
import type { GroupScope } from '../../db/group-scope.ts';
import { countUpTo } from './count-up-to.ts';
import { resolveWindow } from './time-window.ts';

/** Levels sort by severity (the chart values INFO 1, WARN 2, ERROR 3), not alphabetically. */
const severity = sql`case ${l.level} when 'ERROR' then 3 when 'WARN' then 2 when 'INFO' then 1 else 0 end`;

function ordering(query: AgentLogQuery): SQL[] {
  const dir = query.sortDirection === 'asc' ? asc : desc;
  const order: SQL[] = [];
  if (query.sortColumn === 'agent') order.push(dir(l.agent));
  if (query.sortColumn === 'level') order.push(dir(severity));
  order.push(dir(l.ts), dir(l.id));
  return order;
}

/**
 * One page of the softphone logs of the caller's group in the time window (spec 002 §7.3), with
 * the number of lines matching; served by the (group_id, ts) index.
 */
export async function listAgentLogs(
  scope: GroupScope,
  query: AgentLogQuery,
  now = new Date(),
  totalCap: number = EXPLORER_LIMITS.totalCap,
  /** The caller's team rules through each line's call (DATASETS.softphone_logs), or null. */
  rowFilter: SQL | null = null,
): Promise<AgentLogPage> {
  const window = resolveWindow(query, now);
  const conditions: SQL[] = [gte(l.ts, window.from), lte(l.ts, window.to)];
  if (rowFilter) conditions.push(rowFilter);
  if (query.agent) conditions.push(inArray(l.agent, query.agent));
  if (query.level) conditions.push(inArray(l.level, query.level));
  const [rows, counted] = await Promise.all([
    scope.db
      .select({
        id: l.id,
        ts: l.ts,
        agent: l.agent,
        level: l.level,
        text: l.text,
        contactId: l.contactId,
      })
      .from(l)
      .where(scope.owns(l, ...conditions))
      .orderBy(...ordering(query))
      .limit(query.size)
      .offset(query.from),
    countUpTo(scope, l, conditions, totalCap),
  ]);
  return {
    ...counted,
    rows: rows.map((r) => ({
      id: r.id,
      time: r.ts.toISOString(),
      agent: r.agent,
      level: r.level,
      text: r.text,
      contactId: r.contactId,
    })),
  };
}
