import { sql } from 'drizzle-orm';
import { textArrayLiteral } from '../db/pg-arrays.ts';
import type { GroupScope } from '../db/group-scope.ts';

/**
 * The demo group's earlier months for the Usage page and billing (issue 22): summary-only calls
 * (no seconds, as calls whose seconds retention has removed) for each day from `fromDaysBack`
 * back to a year ago, a few dozen a day with the volume growing month by month. Deterministic
 * (contact ids from the day and number), so a restart adds nothing.
 */
export async function seedDemoUsageHistory(
  scope: GroupScope,
  agents: readonly string[],
  fromDaysBack: number,
  now = new Date(),
): Promise<void> {
  const day = 86_400_000;
  const newest = new Date(now.getTime() - (fromDaysBack + 1) * day);
  const oldest = new Date(now.getTime() - 365 * day);
  if (newest.getTime() <= oldest.getTime() || agents.length === 0) return;
  const agentsArg = textArrayLiteral(agents);
  await scope.db.execute(sql`
    insert into call_summaries (
      group_id, contact_id, agent, direction, start_time, end_time, summary_received_at,
      duration_seconds, sample_count, mos_avg, score
    )
    select ${scope.groupId}::uuid,
           'demo-usage-' || to_char(d, 'YYYYMMDD') || '-' || n,
           (${agentsArg}::text[])[1 + abs(hashtext(d::text || n)) % ${agents.length}],
           case when abs(hashtext(d::text || n || 'dir')) % 4 = 0 then 'outbound' else 'inbound' end,
           x.start, x.start + x.dur * interval '1 second', x.start + x.dur * interval '1 second',
           x.dur, floor(x.dur * 0.98), x.mos, least(10, round((x.mos * 2.3)::numeric, 1))
    from generate_series(${oldest.toISOString()}::timestamptz, ${newest.toISOString()}::timestamptz,
                         interval '1 day') d
    cross join lateral generate_series(
      1, 18 + (12 - ((extract(epoch from ${now.toISOString()}::timestamptz - d) / 86400)::int / 30)) * 2
    ) n
    cross join lateral (
      select date_trunc('day', d) + (7 * 3600 + abs(hashtext(d::text || n || 't')) % 39600) * interval '1 second' as start,
             45 + abs(hashtext(d::text || n || 'd')) % 600 as dur,
             3.4 + (abs(hashtext(d::text || n || 'm')) % 95) / 100.0 as mos
    ) x
    on conflict do nothing
  `);
}
