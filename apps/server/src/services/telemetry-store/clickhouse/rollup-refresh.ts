import {
  chTime,
  type ClickHouseClient,
  type ClickHouseParams,
} from '../../../db/clickhouse/client.ts';
import { GROUP_PREDICATE } from '../../../db/clickhouse/group-scope.ts';
import {
  binsOf,
  CUBES,
  GRAIN,
  HISTOGRAM_COLUMNS,
  HISTOGRAM_CUBE_OFFSET,
  HISTOGRAM_EDGES,
  HOUR_MS,
  MEASURES,
  MINUTE_ROLLUP_MS,
  ROLLUP_KEYS,
  type Cube,
} from '../../canvas/rollups/rollup-model.ts';
import { dayRuns, hourRuns } from '../../canvas/rollups/pg-rollup-refresh.ts';

/*
 * The chart rollups on ClickHouse (issue 34, migration 0009; decision R3): a marked (group, hour)
 * is recomputed from call_summaries FINAL, as PostgreSQL recomputes it from its rows: the hours'
 * rows deleted (a lightweight DELETE), each cube's rows inserted by INSERT … SELECT, then the days'
 * rows from their hours. The marks live in PostgreSQL (the writers leave them, CH38's way), and
 * are deleted only once this returned, so a chart reads a marked hour raw until then.
 */

const TIME = "DateTime64(3, 'UTC')";

/** A statement on one group's rows: refused without the group predicate, as chForGroup refuses. */
async function groupCommand(
  client: ClickHouseClient,
  groupId: string,
  sql: string,
  params: ClickHouseParams = {},
): Promise<void> {
  if (!sql.includes(GROUP_PREDICATE))
    throw new Error(`a rollup statement must hold ${GROUP_PREDICATE}`);
  await client.command(sql, { ...params, group_id: groupId });
}

/** A measure's value in a call_summaries row, as the ClickHouse calls dataset computes it. */
export function chMeasure(column: string): string {
  return column === 'packets_lost_percent'
    ? '(toFloat64(packets_lost_fraction) * 100)'
    : `toFloat64(${column})`;
}

/** The bin of a value as PostgreSQL's width_bucket answers it (the edges at or below it). */
export function chBin(value: string, column: string): string {
  const edges = `[${(HISTOGRAM_EDGES[column] ?? []).map((e) => `toFloat64(${e})`).join(', ')}]`;
  return `if(isNull(${value}), NULL, arrayCount(e -> e <= assumeNotNull(${value}), ${edges}))`;
}

/** One row's histogram: a 1 in its value's bin (sumForEach adds them up). */
export function chOneHot(value: string, column: string): string {
  return `arrayMap(i -> toUInt64(ifNull(${chBin(value, column)} = i, 0)), range(${binsOf(column)}))`;
}

const floor = (ms: number) =>
  `fromUnixTimestamp64Milli(intDiv(toUnixTimestamp64Milli(start_time), ${ms}) * ${ms}, 'UTC')`;

const KEY_LIST = ROLLUP_KEYS.join(', ');
const MEASURE_COLUMNS = MEASURES.map(
  (m) => `${m.column}_n, ${m.column}_sum, ${m.column}_min, ${m.column}_max`,
).join(', ');
const HISTOGRAM_LIST = HISTOGRAM_COLUMNS.map((c) => `h_${c}`).join(', ');
const ALL_COLUMNS = `group_id, grain, cube, bucket, ${KEY_LIST}, calls, ${MEASURE_COLUMNS}, ${HISTOGRAM_LIST}`;

/** A cube's rows (or its histogram rows) of the calls in the statement's ranges at a grain. */
function cubeSelect(grain: number, cube: Cube, histograms: boolean): string {
  const bucket = floor(grain === GRAIN.hour ? HOUR_MS : 60_000);
  const keys = ROLLUP_KEYS.map((k) =>
    cube.keys.includes(k) ? k : `CAST(NULL, 'Nullable(String)') AS ${k}`,
  ).join(', ');
  const measures = MEASURES.map((m) => {
    const x = chMeasure(m.column);
    return histograms
      ? `toUInt64(0), CAST(NULL, 'Nullable(Float64)'), minOrNull(${x}), maxOrNull(${x})`
      : `count(${x}), sumOrNull(${x}), minOrNull(${x}), maxOrNull(${x})`;
  }).join(', ');
  const hist = HISTOGRAM_COLUMNS.map((c) =>
    histograms ? `sumForEach(${chOneHot(chMeasure(c), c)})` : `CAST([], 'Array(UInt64)')`,
  ).join(', ');
  const id = cube.id + (histograms ? HISTOGRAM_CUBE_OFFSET : 0);
  // Minute rows only for the hours from the horizon on (`recent`, as PostgreSQL's refresh).
  const recent = grain === GRAIN.minute ? ` AND start_time >= {recent:${TIME}}` : '';
  return `SELECT group_id, toUInt16(${grain}), toUInt8(${id}), ${bucket} AS b, ${keys},
      ${histograms ? 'toUInt64(0)' : 'count()'}, ${measures}, ${hist}
    FROM call_summaries FINAL
    WHERE ${GROUP_PREDICATE} AND {ranges} AND synthetic = 0${recent}
    GROUP BY group_id, b${cube.keys.map((k) => `, ${k}`).join('')}`;
}

const [TOTAL, AGENT, NETWORK, TEAM] = CUBES as [Cube, Cube, Cube, Cube];

/** One insert of the hours' rows: each cube's hour rows, the minute rows, the histogram rows. */
const HOURS_INSERT = `INSERT INTO call_rollups (ALL_COLUMNS) ${[
  cubeSelect(GRAIN.hour, AGENT, false),
  cubeSelect(GRAIN.hour, TEAM, false),
  cubeSelect(GRAIN.hour, TOTAL, false),
  cubeSelect(GRAIN.hour, NETWORK, false),
  cubeSelect(GRAIN.hour, TOTAL, true),
  cubeSelect(GRAIN.hour, NETWORK, true),
  cubeSelect(GRAIN.minute, TOTAL, false),
  cubeSelect(GRAIN.minute, NETWORK, false),
  cubeSelect(GRAIN.minute, TOTAL, true),
].join(' UNION ALL ')}`.replace('ALL_COLUMNS', ALL_COLUMNS);

const dayBucket = `fromUnixTimestamp64Milli(intDiv(toUnixTimestamp64Milli(bucket), 86400000) * 86400000, 'UTC')`;

/** The days' rows from their hour rows: sums of sums, extremes of extremes, bins added up. */
const DAYS_INSERT = `INSERT INTO call_rollups (${ALL_COLUMNS})
  SELECT group_id, toUInt16(${GRAIN.day}), cube, ${dayBucket} AS d, ${KEY_LIST}, sum(calls),
    ${MEASURES.map((m) => `sum(${m.column}_n), sumOrNull(${m.column}_sum), minOrNull(${m.column}_min), maxOrNull(${m.column}_max)`).join(', ')},
    ${HISTOGRAM_COLUMNS.map((c) => `sumForEach(h_${c})`).join(', ')}
  FROM call_rollups
  WHERE ${GROUP_PREDICATE} AND grain = ${GRAIN.hour} AND {ranges}
  GROUP BY group_id, cube, d, ${KEY_LIST}`;

/** `(column in one of the ranges)`, bounds bound as parameters r0, r1, … */
function rangesSql(ranges: readonly [number, number][], column: string, params: ClickHouseParams) {
  const parts = ranges.map(([a, b], i) => {
    params[`r${2 * i}`] = chTime(a);
    params[`r${2 * i + 1}`] = chTime(b);
    return `(${column} >= {r${2 * i}:${TIME}} AND ${column} < {r${2 * i + 1}:${TIME}})`;
  });
  return `(${parts.join(' OR ')})`;
}

/**
 * Recomputes a group's rollup rows of these UTC hours (epoch ms) on ClickHouse, then their days,
 * then drops its minute rows past retention. Minute rows only for the hours from
 * `nowMs - MINUTE_ROLLUP_MS` on, as on PostgreSQL.
 */
export async function chRefreshGroupHours(
  client: ClickHouseClient,
  groupId: string,
  hoursMs: readonly number[],
  nowMs: number,
): Promise<void> {
  const horizon = nowMs - MINUTE_ROLLUP_MS;
  const hours = hourRuns(hoursMs);
  if (hours.length) {
    const params: ClickHouseParams = { recent: chTime(Math.ceil(horizon / HOUR_MS) * HOUR_MS) };
    const calls = rangesSql(hours, 'start_time', params);
    const rows = rangesSql(hours, 'bucket', params);
    await groupCommand(
      client,
      groupId,
      `DELETE FROM call_rollups WHERE ${GROUP_PREDICATE} AND grain IN (${GRAIN.minute}, ${GRAIN.hour}) AND ${rows}`,
      params,
    );
    await groupCommand(client, groupId, HOURS_INSERT.replaceAll('{ranges}', calls), params);
    const dayParams: ClickHouseParams = {};
    const days = rangesSql(dayRuns(hoursMs), 'bucket', dayParams);
    await groupCommand(
      client,
      groupId,
      `DELETE FROM call_rollups WHERE ${GROUP_PREDICATE} AND grain = ${GRAIN.day} AND ${days}`,
      dayParams,
    );
    await groupCommand(client, groupId, DAYS_INSERT.replace('{ranges}', days), dayParams);
  }
  const cutoff = Math.floor(horizon / HOUR_MS) * HOUR_MS;
  await groupCommand(
    client,
    groupId,
    `DELETE FROM call_rollups WHERE ${GROUP_PREDICATE} AND grain = ${GRAIN.minute}
       AND bucket < {cutoff:${TIME}}`,
    { cutoff: chTime(cutoff) },
  );
}

/** The UTC hours (epoch ms) holding a group's calls in ClickHouse, ascending. */
export async function chCallHours(client: ClickHouseClient, groupId: string): Promise<number[]> {
  const rows = await client.query<{ h: string | number }>(
    `SELECT DISTINCT intDiv(toUnixTimestamp64Milli(start_time), ${HOUR_MS}) * ${HOUR_MS} AS h
     FROM call_summaries FINAL WHERE ${GROUP_PREDICATE} ORDER BY h`,
    { group_id: groupId },
  );
  return rows.map((r) => Number(r.h));
}
