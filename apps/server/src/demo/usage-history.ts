import { sql } from 'drizzle-orm';
import { INGEST_LIMITS, type IngestCallInput } from '@callsight/shared';
import { textArrayLiteral } from '../db/pg-arrays.ts';
import type { GroupScope } from '../db/group-scope.ts';
import type {
  TelemetryStore,
  TelemetryWriter,
} from '../services/telemetry-store/telemetry-store.ts';
import { hashText, Random } from './random.ts';

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

const DAY_MS = 86_400_000;

/**
 * The same earlier months in ClickHouse mode (decision CH59): summary-only calls written through
 * the telemetry store's quiet writer (ingestCalls, 1,000 a batch), so the store's usage marks and
 * the rollup count them as PostgreSQL's rows are counted. Drawn in TypeScript from the day and
 * number as the SQL above draws them (other draws, the same shape: 18 to 42 calls a day growing
 * month by month, 07:00-18:00 UTC, 45-645 s); the calls the store already holds are skipped, so a
 * restart writes only the days that came into the year since.
 */
export async function seedDemoUsageHistoryInStore(
  store: Pick<TelemetryStore, 'reportedContacts'>,
  writer: TelemetryWriter,
  groupId: string,
  agents: readonly string[],
  fromDaysBack: number,
  now = new Date(),
): Promise<number> {
  const newestMs = now.getTime() - (fromDaysBack + 1) * DAY_MS;
  const oldestMs = now.getTime() - 365 * DAY_MS;
  if (newestMs <= oldestMs || agents.length === 0) return 0;
  const calls: IngestCallInput[] = [];
  for (let d = oldestMs; d <= newestMs; d += DAY_MS) {
    const day = new Date(d).toISOString().slice(0, 10);
    const dayStart = Date.parse(`${day}T00:00:00Z`);
    const monthsBack = Math.floor((now.getTime() - d) / DAY_MS / 30);
    const count = 18 + (12 - monthsBack) * 2;
    for (let n = 1; n <= count; n++) {
      const random = new Random(hashText(`${day}:${n}`));
      const startMs = dayStart + (7 * 3600 + random.int(0, 39_599)) * 1000;
      const durationMs = random.int(45, 644) * 1000;
      calls.push({
        contactId: `demo-usage-${day.replaceAll('-', '')}-${n}`,
        agent: random.pick(agents),
        direction: random.chance(0.25) ? 'OUTBOUND' : 'INBOUND',
        startTime: startMs,
        endTime: startMs + durationMs,
      });
    }
  }
  let written = 0;
  for (let i = 0; i < calls.length; i += INGEST_LIMITS.maxCallsPerRequest) {
    const part = calls.slice(i, i + INGEST_LIMITS.maxCallsPerRequest);
    const stored = await store.reportedContacts(
      groupId,
      part.map((c) => c.contactId),
    );
    const missing = part.filter((c) => !stored.has(c.contactId));
    if (missing.length === 0) continue;
    const result = await writer.ingestCalls(groupId, missing);
    if (result.rejectedCount > 0)
      throw new Error(`demo usage history: ${result.rejectedCount} calls refused`);
    written += result.accepted;
  }
  return written;
}
