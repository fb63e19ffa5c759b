import { count, eq, gte, lte, max, sql } from 'drizzle-orm';
import {
  AGENT_REGION_NAMES,
  CONNECT_REGION_NAMES,
  SCORED_STATUSES,
  SYNTHETIC_LIMITS,
  regionHealth,
  type RegionStat,
  type RegionStats,
  type RegionStatsQuery,
} from '@callsight/shared';
import type { GroupScope } from '../../db/group-scope.ts';
import { syntheticJobs } from '../../db/schema/index.ts';
import { queryWindow } from '../../lib/query-window.ts';
import type { JobKind } from './jobs.ts';

const round1 = (v: number | string | null) => (v === null ? null : Math.round(Number(v) * 10) / 10);

const scored = sql.join(
  SCORED_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/** Regions in the order of the spec's lists (§9), connect regions first; unknown ones last. */
function order(r: RegionStat): number {
  const list: readonly string[] = r.role === 'connect' ? CONNECT_REGION_NAMES : AGENT_REGION_NAMES;
  const at = list.indexOf(r.region);
  return (r.role === 'connect' ? 0 : 100) + (at < 0 ? 50 : at);
}

/**
 * GET …/jobs/regions (status map, §2.5): per connect region and per agent region, the jobs of
 * the window (default the last 4 hours), how many ended and Completed, the mean scores of the
 * scored ones, the last job's time and the health. One grouped query (grouping sets), so the
 * database aggregates and no job reaches Node.
 */
export async function regionStats(
  scope: GroupScope,
  kind: JobKind,
  query: RegionStatsQuery,
  now = new Date(),
): Promise<RegionStats> {
  const window = queryWindow(query, SYNTHETIC_LIMITS.insightsWindowMs, now);
  const j = syntheticJobs;
  // A grouping set's other column reads null, so this is the grouped region of either set.
  const region = sql<string>`coalesce(${j.connectRegion}, ${j.agentRegion})`;
  const rows = await scope.db
    .select({
      byAgent: sql<number>`grouping(${j.connectRegion})`.mapWith(Number),
      region,
      jobs: count(),
      finished:
        sql<number>`count(*) filter (where ${j.status} not in ('Queued', 'Running'))`.mapWith(
          Number,
        ),
      completed: sql<number>`count(*) filter (where ${j.status} = 'Completed')`.mapWith(Number),
      cx: sql<number | null>`avg(${j.cxScore}) filter (where ${j.status} in (${scored}))`,
      ax: sql<number | null>`avg(${j.axScore}) filter (where ${j.status} in (${scored}))`,
      network: sql<number | null>`avg(${j.networkScore}) filter (where ${j.status} in (${scored}))`,
      last: max(j.createdOn),
    })
    .from(j)
    .where(
      scope.owns(j, eq(j.kind, kind), gte(j.createdOn, window.from), lte(j.createdOn, window.to)),
    )
    .groupBy(sql`grouping sets ((${j.connectRegion}), (${j.agentRegion}))`)
    // Both regions are NOT NULL columns today; a job without one would make a region-less group,
    // which the answer (RegionStatSchema.region, a string) cannot hold: it is left out.
    .having(sql`${region} is not null`);
  const regions = rows.map((r): RegionStat => {
    const figures = {
      finished: r.finished,
      completedPercentage:
        r.finished > 0 ? Math.round((r.completed / r.finished) * 1000) / 10 : null,
      cxScore: round1(r.cx),
      axScore: round1(r.ax),
      networkScore: round1(r.network),
    };
    return {
      role: r.byAgent === 1 ? 'agent' : 'connect',
      region: r.region,
      jobs: r.jobs,
      completed: r.completed,
      ...figures,
      lastJobOn: r.last ? r.last.toISOString() : null,
      health: regionHealth(figures),
    };
  });
  regions.sort((a, b) => order(a) - order(b) || a.region.localeCompare(b.region));
  return { from: window.from.toISOString(), to: window.to.toISOString(), regions };
}
