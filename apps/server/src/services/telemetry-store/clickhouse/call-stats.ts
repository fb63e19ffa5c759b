import {
  CALL_STATS_NUMERIC_FIELDS,
  NUMERIC_FILTER_DECIMALS,
  type CallStatsNumericField,
  type CallStatsPage,
  type CallStatsQuery,
  type CallStatsSortColumn,
} from '@callsight/shared';
import { chMs, chTime, type ClickHouseParams } from '../../../db/clickhouse/client.ts';
import type { ClickHouseGroupScope } from '../../../db/clickhouse/group-scope.ts';
import { resolveWindow } from '../../explorer/time-window.ts';
import type { ChRowFilter } from './canvas-datasets.ts';
import { countUpTo } from './count-up-to.ts';

const SORT_COLUMNS: Record<CallStatsSortColumn, string> = {
  timestamp: 'start_time',
  agent: 'agent',
  agentISP: 'agent_isp',
  mos: 'mos_avg',
  jitter: 'jitter_avg_ms',
  rtt: 'rtt_avg_ms',
  packetsLostFraction: 'packets_lost_fraction',
  durationSeconds: 'duration_seconds',
};

const NUMERIC_COLUMNS: Record<CallStatsNumericField, string> = {
  mos: 'mos_avg',
  jitter: 'jitter_avg_ms',
  rtt: 'rtt_avg_ms',
  packetsLostFraction: 'packets_lost_fraction',
  durationSeconds: 'duration_seconds',
};

/**
 * The group, the time window on start_time (the key's second column: one range of the key per
 * group and window) and the filters, as listCallStats's conditions; values are parameters.
 */
function conditions(query: CallStatsQuery, now: Date, rowFilter: ChRowFilter | null) {
  const window = resolveWindow(query, now);
  const where = [
    'group_id = {group_id:UUID}',
    "start_time >= {from_time:DateTime64(3, 'UTC')}",
    "start_time <= {to_time:DateTime64(3, 'UTC')}",
  ];
  const params: ClickHouseParams = {
    from_time: chTime(window.from.getTime()),
    to_time: chTime(window.to.getTime()),
  };
  if (rowFilter) {
    where.push(rowFilter.sql);
    Object.assign(params, rowFilter.params);
  }
  const text = (name: 'agent' | 'contactId' | 'agentISP', column: string) => {
    const values = query[name];
    if (!values) return;
    where.push(`${column} IN {${name}:Array(String)}`);
    params[name] = values;
  };
  text('agent', 'agent');
  text('contactId', 'contact_id');
  text('agentISP', 'agent_isp');
  // Our own test calls only when asked for (issue 33).
  if (!query.includeTestCalls) where.push('synthetic = 0');
  for (const field of CALL_STATS_NUMERIC_FIELDS) {
    // As the PostgreSQL store: bounds widened by half a unit of the shown decimals, compared as
    // float64 with the stored column (a Float32 widens exactly, as real does to float8).
    const half = 0.5 * 10 ** -NUMERIC_FILTER_DECIMALS[field];
    const column = NUMERIC_COLUMNS[field];
    const fromValue = query[`${field}From`];
    const toValue = query[`${field}To`];
    if (fromValue !== undefined) {
      where.push(`${column} >= {${field}_from:Float64}`);
      params[`${field}_from`] = fromValue - half;
    }
    if (toValue !== undefined) {
      where.push(`${column} < {${field}_to:Float64}`);
      params[`${field}_to`] = toValue + half;
    }
  }
  return { where: where.join(' AND '), params };
}

/** The chosen column (missing values last both ways), then start time and contact id: stable. */
function ordering(query: CallStatsQuery): string {
  const dir = query.sortDirection === 'asc' ? 'ASC' : 'DESC';
  const order: string[] = [];
  if (query.sortColumn !== 'timestamp')
    order.push(`${SORT_COLUMNS[query.sortColumn]} ${dir} NULLS LAST`);
  order.push(`start_time ${dir}`, `contact_id ${dir}`);
  return order.join(', ');
}

interface CallStatsRecord {
  start_ms: string;
  agent: string | null;
  contact_id: string;
  agent_isp: string | null;
  mos_avg: number | null;
  jitter_avg_ms: number | null;
  rtt_avg_ms: number | null;
  packets_lost_fraction: number | null;
  duration_seconds: number | null;
  score: number;
  tags: string[];
  synthetic: number;
}

/** The page's columns; start time as epoch ms (DateTime64 comes as text otherwise). */
const PAGE_COLUMNS = `toUnixTimestamp64Milli(start_time) AS start_ms, agent, contact_id, agent_isp,
  mos_avg, jitter_avg_ms, rtt_avg_ms, packets_lost_fraction, duration_seconds, score, tags,
  synthetic`;

/**
 * One page of the group's Call Stats Log and the number of calls matching (exact up to
 * `totalCap`), as listCallStats answers it: the current version of each summary (FINAL).
 * The page's keys are chosen first over only the key, sort and filter columns, then only those
 * rows are read whole (a key range each): sorting a window by a measure no longer reads every
 * column of every call in it (decision CH44). `rowFilter`: the caller's team rules on the calls
 * (chRowFilter('calls', ...)), in the page's and the count's conditions alike.
 */
export async function listCallStats(
  scope: ClickHouseGroupScope,
  query: CallStatsQuery,
  now: Date,
  totalCap: number,
  rowFilter: ChRowFilter | null = null,
): Promise<CallStatsPage> {
  const { where, params } = conditions(query, now, rowFilter);
  const order = ordering(query);
  const [records, counted] = await Promise.all([
    scope.query<CallStatsRecord>(
      `SELECT ${PAGE_COLUMNS} FROM call_summaries FINAL
       WHERE ${where} AND (start_time, contact_id) IN (
         SELECT start_time, contact_id FROM call_summaries FINAL WHERE ${where}
         ORDER BY ${order} LIMIT {size:UInt32} OFFSET {offset:UInt32})
       ORDER BY ${order}`,
      { ...params, size: query.size, offset: query.from },
    ),
    countUpTo(scope, 'call_summaries FINAL', where, params, totalCap),
  ]);
  return {
    ...counted,
    rows: records.map((r) => ({
      timestamp: new Date(chMs(r.start_ms)).toISOString(),
      agent: r.agent,
      callContactId: r.contact_id,
      agentISP: r.agent_isp,
      mos: { avg: r.mos_avg },
      jitter: { avg: r.jitter_avg_ms },
      rtt: { avg: r.rtt_avg_ms },
      totals: { packetsLostFraction: r.packets_lost_fraction },
      durationSeconds: r.duration_seconds,
      score: r.score,
      tags: r.tags,
      testCall: Number(r.synthetic) === 1,
    })),
  };
}
