import { sql, type SQL } from 'drizzle-orm';
import { REGION_TIME_ZONES, zonedDay } from '@callsight/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import { queryRows, textArrayLiteral } from '../../db/pg-arrays.ts';
import type { TelemetryStore } from '../telemetry-store/telemetry-store.ts';
import { CALL_FIGURES_OF_D, type UsageCallDay } from './call-usage.ts';
import { JOURNEY_FIGURES_OF_D, type UsageJourneyDay } from './journey-usage.ts';

/**
 * The usage rollup (decisions B1-B4): statement triggers (migration 0018) mark the hours of a
 * group whose calls, journeys, campaign calls or heartbeat jobs changed in usage_dirty; a pass
 * takes a batch of marks and recomputes the touched days of usage_days in the same transaction,
 * so a mark is gone only once its days are stored again. Marks written by a transaction still
 * open are not seen by the pass (READ COMMITTED) and are taken by the next one.
 */

/** One local day of one group, with the time zone its bounds are in. */
export interface GroupDay {
  groupId: string;
  day: string;
  timeZone: string;
}

export function timeZoneOfRegion(region: string): string {
  return REGION_TIME_ZONES[region as keyof typeof REGION_TIME_ZONES] ?? 'UTC';
}

/**
 * Where the rollup reads the softphone calls and the journeys (decisions CH39, CH56): the
 * process's telemetry store. On PostgreSQL (or none) the recompute joins call_summaries and
 * journey_traces in its one statement, as before; on ClickHouse the calls' and the journeys'
 * figures are asked of the store and handed to the same statement.
 */
export type UsageCallSource = Pick<
  TelemetryStore,
  'kind' | 'usageCallFigures' | 'usageCallDays' | 'usageJourneyFigures' | 'usageJourneyDays'
>;

/** The days `d` (columns g, day, f, t, tz) of the recompute, bounds in each day's zone. */
function daysCte(days: readonly GroupDay[]): SQL {
  const groupsArg = textArrayLiteral(days.map((d) => d.groupId));
  const daysArg = textArrayLiteral(days.map((d) => d.day));
  const zonesArg = textArrayLiteral(days.map((d) => d.timeZone));
  return sql`
    select x.g, x.day, x.tz,
           (x.day::timestamp at time zone x.tz) as f,
           ((x.day + 1)::timestamp at time zone x.tz) as t
    from unnest(${groupsArg}::uuid[], ${daysArg}::date[], ${zonesArg}::text[]) as x(g, day, tz)
  `;
}

/**
 * Recomputes usage_days for the given days from the stored data. Each figure is a per-row
 * rounding summed over the day (each call rounded up to its minute, decision B1). The calls are
 * read from `calls` when it is a ClickHouse store, else from call_summaries.
 */
export async function recomputeDays(
  db: DbOrTx,
  days: readonly GroupDay[],
  calls?: UsageCallSource,
): Promise<void> {
  if (days.length === 0) return;
  if (calls?.kind === 'clickhouse') return recomputeFromStore(db, days, calls);
  await db.execute(recomputeStatement(days, CALL_FIGURES_OF_D, JOURNEY_FIGURES_OF_D));
}

/**
 * The ClickHouse-mode recompute: the days' bounds from PostgreSQL, then per group the calls' and
 * the journeys' figures from the store (a journey's reported contact is the store's own check,
 * B1's not-billed-twice rule); then the same statement with those parts given as JSON.
 */
async function recomputeFromStore(
  db: DbOrTx,
  days: readonly GroupDay[],
  calls: UsageCallSource,
): Promise<void> {
  const bounds = await queryRows<{ g: string; day: string; f: string | Date; t: string | Date }>(
    db,
    sql`with d as (${daysCte(days)}) select d.g, d.day::text as day, d.f, d.t from d`,
  );
  const groups = new Set(bounds.map((b) => b.g));
  const figures: (UsageCallDay & { g: string })[] = [];
  const journeys: (UsageJourneyDay & { g: string })[] = [];
  for (const g of groups) {
    const ranges = bounds
      .filter((b) => b.g === g)
      .map((b) => ({ day: b.day, from: new Date(b.f), to: new Date(b.t) }));
    const [dayFigures, journeyFigures] = await Promise.all([
      calls.usageCallFigures(g, ranges),
      calls.usageJourneyFigures(g, ranges),
    ]);
    for (const f of dayFigures) figures.push({ ...f, g });
    for (const f of journeyFigures) journeys.push({ ...f, g });
  }
  await db.execute(
    recomputeStatement(
      days,
      sql`
        select (e->>'g')::uuid as g, (e->>'day')::date as day,
               (e->>'calls')::int as calls,
               (e->>'agentDurationMin')::int as agent_duration_min,
               (e->>'agentDurationSecFiltered')::bigint as agent_duration_sec_filtered,
               (e->>'agentInteractionMin')::int as agent_interaction_min,
               (e->>'statsMin')::int as stats_min,
               array(select jsonb_array_elements_text(e->'agents')) as agents
        from jsonb_array_elements(${JSON.stringify(figures)}::jsonb) e
      `,
      sql`
        select (e->>'g')::uuid as g, (e->>'day')::date as day,
               (e->>'cloudMin')::int as cloud_min,
               (e->>'cloudOnlyMin')::int as cloud_only_min,
               array(select jsonb_array_elements_text(e->'agents')) as agents
        from jsonb_array_elements(${JSON.stringify(journeys)}::jsonb) e
      `,
    ),
  );
}

/**
 * The recompute statement: `callFigures` is the calls' CTE (g, day and the figures, over `d`),
 * `journeyFigures` the journeys' (g, day, cloud_min, cloud_only_min, agents).
 */
function recomputeStatement(days: readonly GroupDay[], callFigures: SQL, journeyFigures: SQL): SQL {
  return sql`
    with d as (${daysCte(days)}),
    c as (${callFigures}),
    j as (${journeyFigures}),
    a as (
      select d.g, d.day,
             coalesce(sum(ceil(greatest(coalesce(a.duration_ms, 0), 0) / 60000.0)), 0)::int as test_min,
             count(*) filter (where a.initiated_at is not null)::int as test_count
      from d
      join campaign_calls a on a.group_id = d.g
        and coalesce(a.initiated_at, a.created_at) >= d.f and coalesce(a.initiated_at, a.created_at) < d.t
      group by d.g, d.day
    ),
    hb as (
      select d.g, d.day, count(*)::int as heartbeat_count
      from d
      join synthetic_jobs s on s.group_id = d.g and s.heartbeat_id is not null
        and s.started_at is not null
        and coalesce(s.started_at, s.slot_at) >= d.f and coalesce(s.started_at, s.slot_at) < d.t
      group by d.g, d.day
    )
    insert into usage_days (
      group_id, day, calls, agent_interaction_min, agent_duration_sec_filtered, agent_duration_min,
      cloud_duration_min, duration_min, assurance_test_min, assurance_test_count,
      heartbeat_test_count, stats_duration_min, agents, updated_at
    )
    select d.g, d.day,
           coalesce(c.calls, 0),
           coalesce(c.agent_interaction_min, 0),
           coalesce(c.agent_duration_sec_filtered, 0),
           coalesce(c.agent_duration_min, 0),
           coalesce(j.cloud_min, 0),
           coalesce(c.agent_duration_min, 0) + coalesce(j.cloud_only_min, 0),
           coalesce(a.test_min, 0),
           coalesce(a.test_count, 0),
           coalesce(hb.heartbeat_count, 0),
           coalesce(c.stats_min, 0),
           array(select distinct x from unnest(coalesce(c.agents, '{}') || coalesce(j.agents, '{}')) x order by x),
           now()
    from d
    left join c on c.g = d.g and c.day = d.day
    left join j on j.g = d.g and j.day = d.day
    left join a on a.g = d.g and a.day = d.day
    left join hb on hb.g = d.g and hb.day = d.day
    on conflict (group_id, day) do update set
      calls = excluded.calls,
      agent_interaction_min = excluded.agent_interaction_min,
      agent_duration_sec_filtered = excluded.agent_duration_sec_filtered,
      agent_duration_min = excluded.agent_duration_min,
      cloud_duration_min = excluded.cloud_duration_min,
      duration_min = excluded.duration_min,
      assurance_test_min = excluded.assurance_test_min,
      assurance_test_count = excluded.assurance_test_count,
      heartbeat_test_count = excluded.heartbeat_test_count,
      stats_duration_min = excluded.stats_duration_min,
      agents = excluded.agents,
      updated_at = excluded.updated_at
  `;
}

/**
 * The recompute's plan is costed far above what it does (an unnest of days times the calls of a
 * day), so PostgreSQL's JIT compiled it on every pass: 1.5 s of a 68 ms recompute (bench
 * billing). JIT off for the transaction only.
 */
async function noJit(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`set local jit = off`);
}

/** The local days an hour mark [hour, hour + 1 h) touches in a time zone (one, or two). */
function daysOfHour(hour: Date, timeZone: string): string[] {
  const first = zonedDay(hour, timeZone);
  const last = zonedDay(new Date(hour.getTime() + 3_599_999), timeZone);
  return first === last ? [first] : [first, last];
}

/**
 * One pass: takes up to `limit` marks (skipping those another process holds) and recomputes
 * their days; answers how many marks it took. Days before July 2023 are recomputed too (they
 * are simply never read: usage starts then).
 */
export async function rollupPass(db: Db, limit = 5000, calls?: UsageCallSource): Promise<number> {
  return db.transaction(async (tx) => {
    await noJit(tx);
    const marks = await queryRows<{ group_id: string; hour: string | Date; region: string }>(
      tx,
      sql`
        with taken as (
          delete from usage_dirty
          where id = any(array(
            select id from usage_dirty order by id limit ${limit} for update skip locked
          ))
          returning group_id, hour
        )
        select distinct taken.group_id, taken.hour, g.region
        from taken join groups g on g.id = taken.group_id
      `,
    );
    if (marks.length === 0) return 0;
    const days = new Map<string, GroupDay>();
    for (const mark of marks) {
      const timeZone = timeZoneOfRegion(mark.region);
      for (const day of daysOfHour(new Date(mark.hour), timeZone)) {
        days.set(`${mark.group_id}|${day}`, { groupId: mark.group_id, day, timeZone });
      }
    }
    const all = [...days.values()];
    for (let i = 0; i < all.length; i += 500) await recomputeDays(tx, all.slice(i, i + 500), calls);
    return marks.length;
  });
}

/** Runs passes until no mark is left (tests, the bench, and after a bulk load). */
export async function drainUsage(db: Db, calls?: UsageCallSource): Promise<void> {
  while ((await rollupPass(db, 5000, calls)) > 0) {
    // keep going
  }
}

/**
 * Rebuilds every day of every group from scratch (after a bulk load with the triggers off, or
 * to repair): each (group, local day) that holds data is recomputed once, and the marks that
 * were waiting when it began are dropped (their days are among those recomputed).
 */
export async function rebuildUsage(db: Db, chunk = 500, calls?: UsageCallSource): Promise<number> {
  const [top] = await queryRows<{ id: string | null }>(
    db,
    sql`select max(id)::text as id from usage_dirty`,
  );
  const regions = Object.keys(REGION_TIME_ZONES);
  const zones = regions.map((r) => timeZoneOfRegion(r));
  let days = await queryRows<{ group_id: string; day: string; tz: string }>(
    db,
    sql`
      with z as (
        select * from unnest(${textArrayLiteral(regions)}::text[], ${textArrayLiteral(zones)}::text[])
          as z(region, tz)
      ),
      g as (select g.id, z.tz from groups g join z on z.region = g.region)
      select distinct x.group_id, (x.t at time zone g.tz)::date::text as day, g.tz
      from (
        select group_id, start_time as t from call_summaries
        where ${calls?.kind !== 'clickhouse'}
        union all select group_id, start_time from journey_traces
        where ${calls?.kind !== 'clickhouse'}
        union all select group_id, coalesce(initiated_at, created_at) from campaign_calls
        union all select group_id, coalesce(started_at, slot_at) from synthetic_jobs
      ) x
      join g on g.id = x.group_id
      order by 1, 2
    `,
  );
  if (calls?.kind === 'clickhouse') days = await withStoreCallDays(db, days, calls);
  for (let i = 0; i < days.length; i += chunk) {
    const slice = days.slice(i, i + chunk);
    await db.transaction(async (tx) => {
      await noJit(tx);
      await recomputeDays(
        tx,
        slice.map((d) => ({ groupId: d.group_id, day: d.day, timeZone: d.tz })),
        calls,
      );
    });
  }
  if (top?.id) await db.execute(sql`delete from usage_dirty where id <= ${top.id}::bigint`);
  return days.length;
}

/**
 * `days` with the days holding each group's calls and journeys in the store added (in order, once
 * each).
 */
async function withStoreCallDays(
  db: Db,
  days: { group_id: string; day: string; tz: string }[],
  calls: UsageCallSource,
): Promise<{ group_id: string; day: string; tz: string }[]> {
  const groups = await queryRows<{ id: string; region: string }>(
    db,
    sql`select id, region from groups`,
  );
  const all = new Map(days.map((d) => [`${d.group_id}|${d.day}`, d]));
  for (const g of groups) {
    const tz = timeZoneOfRegion(g.region);
    const [callDays, journeyDays] = await Promise.all([
      calls.usageCallDays(g.id, tz),
      calls.usageJourneyDays(g.id, tz),
    ]);
    for (const day of [...callDays, ...journeyDays])
      all.set(`${g.id}|${day}`, { group_id: g.id, day, tz });
  }
  return [...all.values()].sort((a, b) =>
    a.group_id === b.group_id ? (a.day < b.day ? -1 : 1) : a.group_id < b.group_id ? -1 : 1,
  );
}

export interface UsageRollupJob {
  stop(): Promise<void>;
}

/** Runs a pass every `everyMs` (and at once); a pass that took a full batch runs again at once. */
export function startUsageRollup(
  db: Db,
  log: { error(obj: unknown, msg: string): void },
  everyMs = 10_000,
  calls?: UsageCallSource,
): UsageRollupJob {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    running = (async () => {
      try {
        while (!stopped && (await rollupPass(db, 5000, calls)) >= 5000) {
          // a full batch: more may wait
        }
      } catch (err) {
        log.error({ err }, 'usage rollup pass failed');
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
