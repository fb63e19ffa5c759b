import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { chTime } from '../src/db/clickhouse/client.ts';
import { chForGroup, GROUP_PREDICATE } from '../src/db/clickhouse/group-scope.ts';
import { forGroup } from '../src/db/group-scope.ts';
import { callRollupDirty } from '../src/db/schema/index.ts';
import { dirtyHours } from '../src/services/canvas/rollups/pg-rollup-chart.ts';
import {
  chartRollupPass,
  drainChartRollups,
  rollupMarksOn,
} from '../src/services/canvas/rollups/pg-rollup-refresh.ts';
import { rolledMs } from '../src/services/canvas/rollups/rollup-plan.ts';
import { runClickHouseChart } from '../src/services/telemetry-store/clickhouse/canvas-chart.ts';
import { chRollupChart } from '../src/services/telemetry-store/clickhouse/rollup-chart.ts';
import type { TelemetryStore } from '../src/services/telemetry-store/telemetry-store.ts';
import type { TestServer } from './harness.ts';
import { createGroup } from './factories.ts';
import { openContractStores, type ContractClickHouse } from './support/contract-clickhouse.ts';
import {
  answerDifferences,
  drawCalls,
  randomChart,
  randomNativeFilters,
  randomWindow,
  readsHistograms,
  rewriteCall,
  RULES,
  standardCallCharts,
  withStoredValues,
  type DrawnCall,
} from './support/rollup-charts.ts';
import { roundTripParameters, seededRandom } from './sql/round-trip-support.ts';

/**
 * The chart rollups' round trip on ClickHouse (issue 34, decision R3): calls written as versions
 * of call_summaries (a corrected call as a new version, a moved start with a deleted row at the
 * old key, as the writers write them), their hours marked as the writers mark them, refreshed in
 * between; every chart answers from the rollups what it answers from call_summaries FINAL. One
 * chDB (or CLICKHOUSE_URL's server) for the file, a group per run; the clock is injected.
 */

const NOW_MS = Date.parse('2026-03-14T09:26:53.589Z');

let s: TestServer;
let clickhouse: ContractClickHouse;
let ch: TelemetryStore;

beforeAll(async () => {
  ({ s, clickhouse, ch } = await openContractStores(NOW_MS));
}, 120_000);

afterAll(async () => {
  await clickhouse?.dispose();
  await s?.close();
});

/** One version of a drawn call as ClickHouse's call_summaries stores it. */
function record(c: DrawnCall, version: number, startMs = c.startMs, deleted = false) {
  const v = c.values;
  return {
    contact_id: c.contactId,
    start_time: chTime(startMs),
    version,
    is_deleted: deleted ? 1 : 0,
    agent: c.keys.agent,
    agent_group_1: c.keys.agent_group_1,
    agent_group_2: c.keys.agent_group_2,
    agent_group_3: c.keys.agent_group_3,
    agent_group_4: c.keys.agent_group_4,
    agent_group_5: c.keys.agent_group_5,
    agent_isp: c.keys.agent_isp,
    network_type: c.keys.network_type,
    agent_country: c.keys.agent_country,
    direction: c.keys.direction,
    ctr_attributes: c.queue ? JSON.stringify({ queue: c.queue }) : null,
    synthetic: c.synthetic ? 1 : 0,
    sample_count: 0,
    duration_seconds: v.duration_seconds ?? null,
    mos_avg: v.mos_avg ?? null,
    mos_min: v.mos_min ?? null,
    mos_inbound_avg: v.mos_inbound_avg ?? null,
    mos_outbound_avg: v.mos_outbound_avg ?? null,
    jitter_avg_ms: v.jitter_avg_ms ?? null,
    rtt_avg_ms: v.rtt_avg_ms ?? null,
    packets_count: 0,
    packets_lost: 0,
    packets_lost_fraction: c.fraction,
    error_log_count: v.error_log_count ?? 0,
    score: v.score ?? 10,
    tags: [],
    insights: '[]',
    created_at: chTime(NOW_MS),
    updated_at: chTime(NOW_MS),
  };
}

/** The calls as ClickHouse stores them (FINAL): each measure as its float64. */
async function readBack(groupId: string, calls: readonly DrawnCall[]): Promise<DrawnCall[]> {
  const measures = [
    'duration_seconds',
    'mos_avg',
    'mos_min',
    'mos_inbound_avg',
    'mos_outbound_avg',
    'jitter_avg_ms',
    'rtt_avg_ms',
    'packets_lost_fraction',
    'score',
    'error_log_count',
  ];
  const rows = await chForGroup(clickhouse.client, groupId).query<
    Record<string, number | null> & { contact_id: string }
  >(
    `SELECT contact_id, ${measures.map((m) => `toFloat64(${m}) AS ${m}`).join(', ')}
     FROM call_summaries FINAL WHERE ${GROUP_PREDICATE}`,
  );
  const byId = new Map(rows.map((r) => [r.contact_id, r]));
  return calls.map((c) => withStoredValues(c, byId.get(c.contactId) ?? {}));
}

describe('chart rollup marks on ClickHouse', () => {
  it('marks the hours of the calls the writers store, before and after a moved start', async () => {
    const db = s.database.db;
    const group = await createGroup(db);
    const scope = forGroup(db, group.id);
    const marked = async () => {
      const rows = await db
        .select({ hour: callRollupDirty.hour })
        .from(callRollupDirty)
        .where(scope.owns(callRollupDirty));
      await db.delete(callRollupDirty).where(scope.owns(callRollupDirty));
      return [...new Set(rows.map((r) => r.hour.getTime()))].sort((a, b) => a - b);
    };
    const hour = Math.floor(NOW_MS / 3_600_000) * 3_600_000 - 5 * 3_600_000;
    const call = { contactId: 'mark-1', agent: 'ann@example.com', startTime: hour + 60_000 };
    await ch.ingestCalls(group.id, [call]);
    expect(await marked()).toEqual([hour]);
    await ch.ingestCalls(group.id, [{ ...call, startTime: hour + 2 * 3_600_000 + 5 }]);
    expect(await marked()).toEqual([hour, hour + 2 * 3_600_000]);
  });
});

describe('chart rollups round trip on ClickHouse (property)', () => {
  it('answers every chart from the rollups as from call_summaries FINAL', async () => {
    const db = s.database.db;
    const marks = rollupMarksOn(db);
    const refresh = ch.refreshChartRollups;
    const reads = {
      dirtyHours: (groupId: string, from: Date, to: Date) =>
        dirtyHours(forGroup(db, groupId), from, to),
      now: () => NOW_MS,
    };
    let run = 0;
    const used = { charts: 0, days: 0, hours: 0, minutes: 0, raw: 0, histograms: 0, rules: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
          count: fc.integer({ min: 1, max: 40 }),
          statementSize: fc.integer({ min: 1, max: 40 }),
          rewriteShare: fc.double({ min: 0, max: 0.4, noNaN: true }),
        }),
        async ({ seed, count, statementSize, rewriteShare }) => {
          run++;
          const random = seededRandom(seed);
          const group = await createGroup(db);
          const scope = chForGroup(clickhouse.client, group.id);
          const calls = drawCalls(random, count, NOW_MS, `c${run}`);
          const order = [...calls].sort(() => random() - 0.5);
          for (let i = 0; i < order.length; i += statementSize) {
            const slice = order.slice(i, i + statementSize);
            await scope.insert(
              'call_summaries',
              slice.map((c) => record(c, 1)),
            );
            await marks(
              group.id,
              slice.map((c) => new Date(c.startMs)),
            );
            if (random() < 0.3)
              await chartRollupPass(db, refresh, NOW_MS, 1 + Math.floor(random() * 20));
          }
          // Corrections: a new version; a moved start leaves a deleted row at the old key.
          for (const c of calls.filter(() => random() < rewriteShare)) {
            const before = c.startMs;
            rewriteCall(random, c, NOW_MS);
            const rows = [record(c, 2)];
            if (c.startMs !== before) rows.push(record(c, 2, before, true));
            await scope.insert('call_summaries', rows);
            await marks(group.id, [new Date(before), new Date(c.startMs)]);
          }
          if (random() < 0.8) await drainChartRollups(db, refresh, NOW_MS);
          const stored = await readBack(group.id, calls);

          const charts = [
            ...standardCallCharts(group.id).filter(() => random() < 0.35),
            ...Array.from({ length: 8 }, (_, i) => randomChart(random, `random-${i}`)),
          ];
          for (const spec of charts) {
            const window = randomWindow(random, NOW_MS, stored);
            const filters = randomNativeFilters(random);
            const rules =
              readsHistograms(spec) && random() < 0.7
                ? []
                : (RULES[Math.floor(random() * RULES.length)] ?? []);
            const ctx = { ...window, filters };
            const rolled = await chRollupChart(scope, rules, spec, ctx, reads);
            if (!rolled) continue;
            const raw = await runClickHouseChart(scope, rules, spec, ctx);
            const what = `${spec.id} ${JSON.stringify({ spec, window, filters, rules, plan: rolled.plan })}`;
            expect(
              answerDifferences(spec, window, filters, rules, stored, rolled.data, raw),
              what,
            ).toEqual([]);
            expect(rolledMs(rolled.plan)).toBeGreaterThan(0);
            used.charts++;
            if (rolled.plan.days.length) used.days++;
            if (rolled.plan.hours.length) used.hours++;
            if (rolled.plan.minutes.length) used.minutes++;
            if (rolled.plan.raw.length) used.raw++;
            if (rules.length) used.rules++;
            if (readsHistograms(spec)) used.histograms++;
          }
        },
      ),
      roundTripParameters(4),
    );
    // Charts were answered from day, hour and minute rows and raw edges, with percentiles and
    // team rules: the property compared the rollups, not just the raw path.
    for (const [what, n] of Object.entries(used)) expect(n, what).toBeGreaterThan(0);
  }, 300_000);
});
