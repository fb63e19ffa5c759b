import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { numberArrayLiteral, queryRows, textArrayLiteral } from '../../../db/pg-arrays.ts';
import {
  binsOf,
  CUBES,
  GRAIN,
  HISTOGRAM_COLUMNS,
  HISTOGRAM_CUBE_OFFSET,
  HISTOGRAM_EDGES,
  DAY_MS,
  HOUR_MS,
  MEASURES,
  MINUTE_ROLLUP_MS,
  ROLLUP_KEYS,
  type Cube,
  type Measure,
} from './rollup-model.ts';

/*
 * Keeping the chart rollups current (issue 34): statement triggers on call_summaries mark the
 * (group, UTC hour)s whose calls changed in call_rollup_dirty (migration 0021); a refresh takes
 * marks and recomputes those hours' rows from the calls, in the transaction that deletes the
 * marks, so a mark disappears only with its hour stored again. Recomputing (rather than adding
 * deltas) counts a corrected or resent call once, whatever the order of its writes.
 */

/** Hours are date_bin from a Monday at midnight UTC, as the charts' buckets and the marks. */
export const ORIGIN_SQL = `timestamptz '2000-01-03 00:00:00+00'`;

/** A measure's value in a call_summaries row `s`: the calls dataset's expression. */
export function measureSource(m: Measure): string {
  return m.column === 'packets_lost_percent' ? '(s.packets_lost_fraction * 100)' : `s.${m.column}`;
}

const edgesLiteral = (column: string) =>
  `'${numberArrayLiteral([...(HISTOGRAM_EDGES[column] ?? [])])}'::float8[]`;

/** The aggregates of one rollup row over staged calls `c`: count, then per measure n, sum, min, max. */
const measureAggregates = MEASURES.map((m) => {
  const x = `c.m_${m.column}`;
  const sum = m.sum === 'int' ? `sum(${x})` : `sum(${x}::float8)`;
  return `count(${x})::int, ${sum}, min(${x}), max(${x})`;
}).join(', ');

const measureColumns = MEASURES.map(
  (m) => `${m.column}_n, ${m.column}_sum, ${m.column}_min, ${m.column}_max`,
).join(', ');

const histogramColumns = HISTOGRAM_COLUMNS.map((c) => `h_${c}`).join(', ');
const histogramAggregates = HISTOGRAM_COLUMNS.map(
  (c) => `callsight_rollup_histogram(array_agg(c.b_${c}), ${binsOf(c)})`,
).join(', ');

const keysOf = (cube: Cube) =>
  ROLLUP_KEYS.map((k) => (cube.keys.includes(k) ? `c.${k}` : `null::text`)).join(', ');

const histogramMeasureColumns = MEASURES.map(
  (m) => `${m.column}_n, ${m.column}_min, ${m.column}_max`,
).join(', ');
const histogramMeasureAggregates = MEASURES.map(
  (m) => `0, min(c.m_${m.column}), max(c.m_${m.column})`,
).join(', ');

/**
 * One INSERT … SELECT of a cube's rows at a grain from the staged calls `c`: its counts and sums,
 * or (`histograms`) its histogram rows (cube + HISTOGRAM_CUBE_OFFSET). One statement per cube,
 * so that a cube's rows of a run of hours lie together (a chart reads one cube).
 */
function insertCube(grain: number, cube: Cube, histograms = false, where = 'true'): string {
  const bucket = grain === GRAIN.hour ? 'c.hb' : 'c.mb';
  const columns = histograms
    ? `calls, ${histogramMeasureColumns}, ${histogramColumns}`
    : `calls, ${measureColumns}`;
  const values = histograms
    ? `0, ${histogramMeasureAggregates}, ${histogramAggregates}`
    : `count(*)::int, ${measureAggregates}`;
  return `insert into call_rollups (group_id, grain, cube, bucket, ${ROLLUP_KEYS.join(', ')}, ${columns})
    select c.g, ${grain}, ${cube.id + (histograms ? HISTOGRAM_CUBE_OFFSET : 0)}, ${bucket},
      ${keysOf(cube)}, ${values}
    from c where ${where} group by c.g, ${bucket}${cube.keys.map((k) => `, c.${k}`).join('')}`;
}

const [TOTAL, AGENT, NETWORK, TEAM] = CUBES as [Cube, Cube, Cube, Cube];

const STAGED_MEASURES = MEASURES.map((m) => `${measureSource(m)} as m_${m.column}`).join(', ');
const STAGED_BINS = HISTOGRAM_COLUMNS.map(
  (c) =>
    `width_bucket((${measureSource(MEASURES.find((m) => m.column === c) as Measure)})::float8, ${edgesLiteral(c)}) as b_${c}`,
).join(', ');

/**
 * Recomputes a group's rollup rows of the whole hours [fromMs, toMs) from their calls in one
 * statement: deletes the range's rows, then inserts each cube's hour rows, and the minute rows of
 * the hours from `nowMs - MINUTE_ROLLUP_MS` on. Our own test calls are left out, as every chart
 * leaves them. One range of literal bounds: both the delete and the read are index range scans.
 */
export function recomputeStatement(
  groupId: string,
  fromMs: number,
  toMs: number,
  nowMs: number,
): SQL {
  const recent = `c.hb >= timestamptz '${new Date(nowMs - MINUTE_ROLLUP_MS).toISOString()}'`;
  const from = new Date(fromMs).toISOString();
  const to = new Date(toMs).toISOString();
  return sql`
    with d as (
      delete from call_rollups
      where group_id = ${groupId}::uuid and grain = any('{1,60}'::smallint[])
        and cube = any('{0,1,2,3,4,6}'::smallint[])
        and bucket >= ${from}::timestamptz and bucket < ${to}::timestamptz
    ),
    c as materialized (
      select s.group_id as g,
        date_bin('1 hour', s.start_time, ${sql.raw(ORIGIN_SQL)}) as hb,
        date_bin('1 minute', s.start_time, ${sql.raw(ORIGIN_SQL)}) as mb,
        ${sql.raw(ROLLUP_KEYS.map((k) => `s.${k}`).join(', '))},
        ${sql.raw(STAGED_MEASURES)},
        ${sql.raw(STAGED_BINS)}
      from call_summaries s
      where s.group_id = ${groupId}::uuid and s.start_time >= ${from}::timestamptz
        and s.start_time < ${to}::timestamptz and not s.synthetic
    ),
    i1 as (${sql.raw(insertCube(GRAIN.hour, AGENT))}),
    i2 as (${sql.raw(insertCube(GRAIN.hour, TEAM))}),
    i3 as (${sql.raw(insertCube(GRAIN.hour, TOTAL))}),
    i4 as (${sql.raw(insertCube(GRAIN.hour, NETWORK))}),
    i5 as (${sql.raw(insertCube(GRAIN.hour, TOTAL, true))}),
    i6 as (${sql.raw(insertCube(GRAIN.hour, NETWORK, true))}),
    i7 as (${sql.raw(insertCube(GRAIN.minute, TOTAL, false, recent))}),
    i8 as (${sql.raw(insertCube(GRAIN.minute, NETWORK, false, recent))})
    ${sql.raw(insertCube(GRAIN.minute, TOTAL, true, recent))}
  `;
}

/** Consecutive hours in runs within one UTC day: [from, to) of each. */
export function hourRuns(hoursMs: readonly number[]): [number, number][] {
  const sorted = [...new Set(hoursMs)].sort((a, b) => a - b);
  const runs: [number, number][] = [];
  for (const h of sorted) {
    const last = runs.at(-1);
    if (last && last[1] === h && dayOf(h) === dayOf(last[0])) last[1] = h + HOUR_MS;
    else runs.push([h, h + HOUR_MS]);
  }
  return runs;
}

const dayOf = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;

const dayMeasures = MEASURES.map((m) => {
  const sum = m.sum === 'int' ? `sum(${m.column}_sum)::bigint` : `sum(${m.column}_sum)`;
  return `sum(${m.column}_n)::int, ${sum}, min(${m.column}_min), max(${m.column}_max)`;
}).join(', ');
const dayHistogramMeasures = MEASURES.map(
  (m) => `0, min(${m.column}_min), max(${m.column}_max)`,
).join(', ');
const dayHistograms = HISTOGRAM_COLUMNS.map(
  (c) =>
    `array[${Array.from({ length: binsOf(c) }, (_, i) => `coalesce(sum(h_${c}[${i + 1}]), 0)`).join(', ')}]::integer[]`,
).join(', ');

/**
 * Recomputes a group's day rows of the UTC days [fromMs, toMs) from their hour rows (sums of
 * sums, extremes of extremes, histograms added bin by bin): run after the days' hours.
 */
export function recomputeDaysStatement(groupId: string, fromMs: number, toMs: number): SQL {
  const from = new Date(fromMs).toISOString();
  const to = new Date(toMs).toISOString();
  const keys = ROLLUP_KEYS.join(', ');
  const hours = (cubes: string) =>
    `from call_rollups where group_id = '${groupId}'::uuid and grain = ${GRAIN.hour}
       and cube = any('{${cubes}}'::smallint[]) and bucket >= timestamptz '${from}'
       and bucket < timestamptz '${to}'
     group by group_id, cube, date_bin('1 day', bucket, ${ORIGIN_SQL}), ${keys}`;
  if (!/^[0-9a-f-]{36}$/.test(groupId)) throw new Error('a group id is a uuid');
  return sql.raw(`
    with d as (
      delete from call_rollups
      where group_id = '${groupId}'::uuid and grain = ${GRAIN.day}
        and cube = any('{0,1,2,3,4,6}'::smallint[])
        and bucket >= timestamptz '${from}' and bucket < timestamptz '${to}'
    ),
    i as (
      insert into call_rollups (group_id, grain, cube, bucket, ${keys}, calls, ${measureColumns})
      select group_id, ${GRAIN.day}, cube, date_bin('1 day', bucket, ${ORIGIN_SQL}), ${keys},
        sum(calls)::int, ${dayMeasures}
      ${hours('0,1,2,3')}
    )
    insert into call_rollups (group_id, grain, cube, bucket, ${keys}, calls, ${histogramMeasureColumns}, ${histogramColumns})
    select group_id, ${GRAIN.day}, cube, date_bin('1 day', bucket, ${ORIGIN_SQL}), ${keys},
      0, ${dayHistogramMeasures}, ${dayHistograms}
    ${hours('4,6')}`);
}

/** Consecutive UTC days in runs: [from, to) of each. */
export function dayRuns(hoursMs: readonly number[]): [number, number][] {
  const days = [...new Set(hoursMs.map(dayOf))].sort((a, b) => a - b);
  const runs: [number, number][] = [];
  for (const d of days) {
    const last = runs.at(-1);
    if (last && last[1] === d) last[1] = d + DAY_MS;
    else runs.push([d, d + DAY_MS]);
  }
  return runs;
}

/** The hour (UTC) a time falls in, as epoch milliseconds. */
export const hourOf = (ms: number) => Math.floor(ms / HOUR_MS) * HOUR_MS;

/**
 * Recomputes a group's hours (in `tx`, the transaction that took their marks), a run of a day's
 * consecutive hours per statement, then their days from their hours, then drops its minute rows
 * past their retention.
 */
export async function refreshGroupHours(
  tx: DbOrTx,
  groupId: string,
  hoursMs: readonly number[],
  nowMs: number,
): Promise<void> {
  for (const [from, to] of hourRuns(hoursMs))
    await tx.execute(recomputeStatement(groupId, from, to, nowMs));
  for (const [from, to] of dayRuns(hoursMs))
    await tx.execute(recomputeDaysStatement(groupId, from, to));
  await pruneMinutes(tx, groupId, nowMs);
}

/** Deletes a group's minute rows older than their retention (by hour, as readers count it). */
export async function pruneMinutes(tx: DbOrTx, groupId: string, nowMs: number): Promise<void> {
  const cutoff = new Date(hourOf(nowMs - MINUTE_ROLLUP_MS)).toISOString();
  await tx.execute(sql`
    delete from call_rollups
    where group_id = ${groupId}::uuid and grain = ${GRAIN.minute} and cube = any('{0,2,4}'::smallint[])
      and bucket < ${cutoff}::timestamptz`);
}

/** Where a refresh recomputes a group's hours: this database (PostgreSQL) or the telemetry store. */
export type RollupRefresher = (
  tx: DbOrTx,
  groupId: string,
  hoursMs: readonly number[],
  nowMs: number,
) => Promise<void>;

/**
 * A recompute's settings: no JIT (its plan is costed far above what it does, as the usage
 * rollup's, decision B4) and room to group an hour's calls by every key in memory.
 */
async function settings(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`set local jit = off`);
  await tx.execute(sql`set local work_mem = '64MB'`);
}

/** One refresh at a time across processes: two recomputing one hour at once would both insert. */
const LOCK_SQL = sql`select pg_try_advisory_xact_lock(hashtext('callsight.chart_rollups')) as locked`;

async function takeLock(tx: DbOrTx): Promise<boolean> {
  const [row] = await queryRows<{ locked: boolean }>(tx, LOCK_SQL);
  return row?.locked === true;
}

/**
 * One refresh: takes up to `limit` marks and recomputes their hours through `refresh`, in the
 * transaction that deletes them; answers how many marks it took (0 when another process is
 * refreshing). Marks of a transaction still open are not seen and wait for the next one.
 */
export async function chartRollupPass(
  db: Db,
  refresh: RollupRefresher,
  nowMs: number,
  limit = 2000,
): Promise<number> {
  return db.transaction(async (tx) => {
    if (!(await takeLock(tx))) return 0;
    await settings(tx);
    const marks = await queryRows<{ group_id: string; hour: string | Date }>(
      tx,
      sql`
        delete from call_rollup_dirty
        where id = any(array(select id from call_rollup_dirty order by id limit ${limit}))
        returning group_id, hour`,
    );
    const byGroup = new Map<string, number[]>();
    for (const mark of marks) {
      const hours = byGroup.get(mark.group_id) ?? [];
      hours.push(hourOf(new Date(mark.hour).getTime()));
      byGroup.set(mark.group_id, hours);
    }
    for (const [groupId, hours] of byGroup) await refresh(tx, groupId, hours, nowMs);
    return marks.length;
  });
}

/** Runs refreshes until no mark is left (tests, the bench, after a bulk load). */
export async function drainChartRollups(
  db: Db,
  refresh: RollupRefresher,
  nowMs: number,
): Promise<void> {
  while ((await chartRollupPass(db, refresh, nowMs)) > 0) {
    // keep going
  }
}

/**
 * Rebuilds every hour holding calls from scratch (after a bulk load with the triggers off), a
 * day per transaction; the marks waiting when it began are dropped (their hours are among those).
 * `hoursOf` lists a group's hours holding calls (PostgreSQL's or the store's).
 */
export async function rebuildChartRollups(
  db: Db,
  refresh: RollupRefresher,
  hoursOf: (groupId: string) => Promise<number[]>,
  nowMs: number,
): Promise<number> {
  const [top] = await queryRows<{ id: string | null }>(
    db,
    sql`select max(id)::text as id from call_rollup_dirty`,
  );
  const groups = await queryRows<{ id: string }>(db, sql`select id from groups order by id`);
  let total = 0;
  for (const { id } of groups) {
    const hours = await hoursOf(id);
    total += hours.length;
    // A day's hours in one transaction, so each day row is computed once from all its hours.
    const byDay = new Map<number, number[]>();
    for (const h of hours) byDay.set(dayOf(h), [...(byDay.get(dayOf(h)) ?? []), h]);
    for (const slice of byDay.values()) {
      await db.transaction(async (tx) => {
        await settings(tx);
        await refresh(tx, id, slice, nowMs);
      });
    }
  }
  if (top?.id) await db.execute(sql`delete from call_rollup_dirty where id <= ${top.id}::bigint`);
  return total;
}

/** The hours (UTC) holding a group's calls in PostgreSQL. */
export async function pgCallHours(db: DbOrTx, groupId: string): Promise<number[]> {
  const rows = await queryRows<{ hour: string | Date }>(
    db,
    sql`select distinct date_bin('1 hour', start_time, ${sql.raw(ORIGIN_SQL)}) as hour
        from call_summaries where group_id = ${groupId}::uuid order by 1`,
  );
  return rows.map((r) => new Date(r.hour).getTime());
}

/** Drops every group's minute rows past retention (hourly, by the job). */
export async function pruneAllMinutes(db: Db, nowMs: number): Promise<void> {
  const groups = await queryRows<{ id: string }>(db, sql`select id from groups`);
  for (const { id } of groups) await pruneMinutes(db, id, nowMs);
}

export interface ChartRollupJob {
  stop(): Promise<void>;
}

/**
 * Runs a refresh every `everyMs` (and at once; again at once after a full batch) and prunes every
 * group's minute rows hourly.
 */
export function startChartRollups(
  db: Db,
  refresh: RollupRefresher,
  now: () => number,
  log: { error(obj: unknown, msg: string): void },
  everyMs = 10_000,
): ChartRollupJob {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  let prunedAt = 0;
  const tick = () => {
    running = (async () => {
      try {
        while (!stopped && (await chartRollupPass(db, refresh, now())) >= 2000) {
          // a full batch: more may wait
        }
        if (!stopped && now() - prunedAt >= HOUR_MS) {
          prunedAt = now();
          await pruneAllMinutes(db, prunedAt);
        }
      } catch (err) {
        log.error({ err }, 'chart rollup refresh failed');
      }
    })().finally(() => {
      running = null;
      if (!stopped) timer = setTimeout(tick, everyMs).unref();
    });
  };
  timer = setTimeout(tick, 0).unref();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

/**
 * The marks the ClickHouse writers leave in PostgreSQL's call_rollup_dirty: the UTC hour of every
 * start a written call held, before and after the write (as the triggers mark on PostgreSQL).
 */
export function rollupMarksOn(db: DbOrTx) {
  return async (groupId: string, startTimes: readonly Date[]): Promise<void> => {
    const hours = [...new Set(startTimes.map((t) => hourOf(t.getTime())))].sort((a, b) => a - b);
    if (hours.length === 0) return;
    const iso = hours.map((ms) => new Date(ms).toISOString());
    await db.execute(sql`
      insert into call_rollup_dirty (group_id, hour)
      select ${groupId}::uuid, h from unnest(${textArrayLiteral(iso)}::timestamptz[]) as h`);
  };
}
