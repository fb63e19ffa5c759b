import {
  LOG_LEVELS,
  type AgentLogPage,
  type AgentLogQuery,
  type CallDetailLog,
  type IngestLog,
  type LogLevel,
} from '@callsight/shared';
import { chMs, chTime, type ClickHouseParams } from '../../../db/clickhouse/client.ts';
import type { ClickHouseGroupScope } from '../../../db/clickhouse/group-scope.ts';
import { toHits, type Hits } from '../../call-detail/call-logs.ts';
import { resolveWindow } from '../../explorer/time-window.ts';
import type { ChRowFilter } from './canvas-datasets.ts';
import { countUpTo } from './count-up-to.ts';

/** A log line to store: as validated, with its stored id (the sender's, or its content's hash). */
export type LogLine = IngestLog & { storedId: string };

interface LogRecord {
  id: string;
  ts_ms: string;
  agent: string;
  level: string;
  text: string;
  contact_id: string | null;
}

const LOG_COLUMNS = 'id, toUnixTimestamp64Milli(ts) AS ts_ms, agent, level, text, contact_id';

/** The ids among `ids` already stored (the PostgreSQL store's primary key (group, id)). */
export async function storedLogIds(
  scope: ClickHouseGroupScope,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await scope.query<{ id: string }>(
    `SELECT DISTINCT id FROM softphone_logs
     WHERE group_id = {group_id:UUID} AND id IN {ids:Array(String)}`,
    { ids: [...ids] },
  );
  return new Set(rows.map((r) => r.id));
}

/** Inserts log lines not stored yet. */
export async function insertLogs(scope: ClickHouseGroupScope, lines: readonly LogLine[]) {
  await scope.insert(
    'softphone_logs',
    lines.map((l) => ({
      ts: chTime(l.time),
      id: l.storedId,
      level: l.level,
      agent: l.agent,
      contact_id: l.contactId ?? null,
      text: l.text,
    })),
  );
}

/** Levels sort by severity (the chart values INFO 1, WARN 2, ERROR 3), not alphabetically. */
const SEVERITY = `multiIf(level = 'ERROR', 3, level = 'WARN', 2, level = 'INFO', 1, 0)`;

function ordering(query: AgentLogQuery): string {
  const dir = query.sortDirection === 'asc' ? 'ASC' : 'DESC';
  const order: string[] = [];
  if (query.sortColumn === 'agent') order.push(`agent ${dir}`);
  if (query.sortColumn === 'level') order.push(`${SEVERITY} ${dir}`);
  order.push(`ts ${dir}`, `id ${dir}`);
  return order.join(', ');
}

/**
 * One page of the group's softphone log lines in the window, as listAgentLogs answers it.
 * `rowFilter`: the caller's team rules through each line's call (chRowFilter('softphone_logs',
 * ...)): a line of another team's call, or of no call, is not listed nor counted.
 */
export async function listAgentLogs(
  scope: ClickHouseGroupScope,
  query: AgentLogQuery,
  now: Date,
  totalCap: number,
  rowFilter: ChRowFilter | null = null,
): Promise<AgentLogPage> {
  const window = resolveWindow(query, now);
  const where = [
    'group_id = {group_id:UUID}',
    "ts >= {from_time:DateTime64(3, 'UTC')}",
    "ts <= {to_time:DateTime64(3, 'UTC')}",
  ];
  const params: ClickHouseParams = {
    from_time: chTime(window.from.getTime()),
    to_time: chTime(window.to.getTime()),
  };
  if (rowFilter) {
    where.push(rowFilter.sql);
    Object.assign(params, rowFilter.params);
  }
  if (query.agent) {
    where.push('agent IN {agent:Array(String)}');
    params.agent = query.agent;
  }
  if (query.level) {
    where.push('level IN {level:Array(String)}');
    params.level = query.level;
  }
  const condition = where.join(' AND ');
  const order = ordering(query);
  // The page's keys first over the narrow columns, then only those lines with their text (CH44).
  const [records, counted] = await Promise.all([
    scope.query<LogRecord>(
      `SELECT ${LOG_COLUMNS} FROM softphone_logs FINAL
       WHERE ${condition} AND (ts, id) IN (
         SELECT ts, id FROM softphone_logs FINAL WHERE ${condition}
         ORDER BY ${order} LIMIT {size:UInt32} OFFSET {offset:UInt32})
       ORDER BY ${order}`,
      { ...params, size: query.size, offset: query.from },
    ),
    countUpTo(scope, 'softphone_logs FINAL', condition, params, totalCap),
  ]);
  return {
    ...counted,
    rows: records.map((r) => ({
      id: r.id,
      time: new Date(chMs(r.ts_ms)).toISOString(),
      agent: r.agent,
      level: r.level,
      text: r.text,
      contactId: r.contact_id,
    })),
  };
}

const isLevel = (v: string): v is LogLevel => (LOG_LEVELS as readonly string[]).includes(v);

/** The call's softphone log lines in time order, in search-hit form (as readCallLogs). */
export async function readCallLogs(
  scope: ClickHouseGroupScope,
  contactId: string,
  limit: number,
): Promise<Hits<CallDetailLog>> {
  const records = await scope.query<LogRecord>(
    `SELECT ${LOG_COLUMNS} FROM softphone_logs FINAL
     WHERE group_id = {group_id:UUID} AND contact_id = {contact_id:String}
     ORDER BY ts, id LIMIT {limit:UInt32}
     SETTINGS use_skip_indexes_if_final = 1`,
    { contact_id: contactId, limit: limit + 1 },
  );
  return toHits(
    records,
    limit,
    (r) => r.id,
    (r) => ({
      time: new Date(chMs(r.ts_ms)).toISOString(),
      level: isLevel(r.level) ? r.level : 'INFO',
      agent: r.agent,
      contactId,
      text: r.text,
    }),
  );
}
