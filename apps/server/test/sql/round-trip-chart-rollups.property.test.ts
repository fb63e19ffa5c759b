import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq, sql } from 'drizzle-orm';
import { forGroup } from '../../src/db/group-scope.ts';
import { queryRows } from '../../src/db/pg-arrays.ts';
import { callRollupDirty, callSummaries } from '../../src/db/schema/index.ts';
import { DATASETS } from '../../src/services/canvas/datasets.ts';
import { runChart } from '../../src/services/canvas/run-chart.ts';
import { pgRollupChart } from '../../src/services/canvas/rollups/pg-rollup-chart.ts';
import {
  chartRollupPass,
  drainChartRollups,
  refreshGroupHours,
} from '../../src/services/canvas/rollups/pg-rollup-refresh.ts';
import { rolledMs } from '../../src/services/canvas/rollups/rollup-plan.ts';
import { startTestServer, type TestServer } from '../harness.ts';
import { createGroup } from '../factories.ts';
import { roundTripParameters, seededRandom } from './round-trip-support.ts';
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
  summaryValues,
  withStoredValues,
  type DrawnCall,
} from '../support/rollup-charts.ts';

/**
 * Property (issue 34): whatever calls are written, in whatever statements and order, however
 * they are corrected later and whenever the rollups are refreshed in between, every chart over
 * calls answers from the rollups what it answers from the raw rows (averages to the last bits of
 * summation order, percentiles within the histogram's stated precision), for random charts,
 * windows, time zones, filters and team rules. On both databases; the clock is injected.
 */

const NOW_MS = Date.parse('2026-03-14T09:26:53.589Z');

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const MEASURE_READ = sql.raw(
  [
    'contact_id',
    'duration_seconds::float8 as duration_seconds',
    ...[
      'mos_avg',
      'mos_min',
      'mos_inbound_avg',
      'mos_outbound_avg',
      'jitter_avg_ms',
      'rtt_avg_ms',
      'packets_lost_fraction',
      'score',
    ].map((c) => `${c}::float8 as ${c}`),
    'error_log_count::float8 as error_log_count',
  ].join(', '),
);

/** The calls as stored: each measure as PostgreSQL reads it (a real as its float8). */
async function readBack(groupId: string, calls: readonly DrawnCall[]): Promise<DrawnCall[]> {
  const scope = forGroup(s.database.db, groupId);
  const rows = await queryRows<Record<string, number | null> & { contact_id: string }>(
    scope.db,
    sql`select ${MEASURE_READ} from ${callSummaries} where ${scope.owns(callSummaries)}`,
  );
  const byId = new Map(rows.map((r) => [r.contact_id, r]));
  return calls.map((c) => withStoredValues(c, byId.get(c.contactId) ?? {}));
}

const refresh = refreshGroupHours;

describe('chart rollup marks', () => {
  it('marks the hours a statement changes rolled-up columns in, and none for the accumulator', async () => {
    const db = s.database.db;
    const group = await createGroup(db);
    const scope = forGroup(db, group.id);
    const marked = async () => {
      const rows = await queryRows<{ h: number }>(
        db,
        sql`select distinct (date_part('epoch', hour) * 1000)::float8 as h from ${callRollupDirty} where ${scope.owns(callRollupDirty)} order by 1`,
      );
      await db.delete(callRollupDirty).where(scope.owns(callRollupDirty));
      return rows.map((r) => Number(r.h));
    };
    const hour = Date.parse('2026-03-14T08:00:00Z');
    const where = and(eq(callSummaries.groupId, group.id), eq(callSummaries.contactId, 'm-1'));
    await db.insert(callSummaries).values({
      groupId: group.id,
      contactId: 'm-1',
      startTime: new Date(hour + 59 * 60_000),
    });
    expect(await marked()).toEqual([hour]);
    // A live call's accumulator-only write (decision P8) changes nothing a rollup keeps.
    await db.update(callSummaries).set({ qualityState: '{"l":1}' }).where(where);
    expect(await marked()).toEqual([]);
    // A moved start marks the hour it left and the one it entered; a measure marks its hour.
    await db
      .update(callSummaries)
      .set({ startTime: new Date(hour + 2 * 3_600_000) })
      .where(where);
    expect(await marked()).toEqual([hour, hour + 2 * 3_600_000]);
    await db.update(callSummaries).set({ mosAvg: 3.5 }).where(where);
    expect(await marked()).toEqual([hour + 2 * 3_600_000]);
    await db.delete(callSummaries).where(where);
    expect(await marked()).toEqual([hour + 2 * 3_600_000]);
  });
});

describe('chart rollups round trip (property)', () => {
  it('answers every chart from the rollups as from the raw rows', async () => {
    const db = s.database.db;
    let run = 0;
    const used = {
      charts: 0,
      days: 0,
      hours: 0,
      minutes: 0,
      raw: 0,
      histograms: 0,
      histogramCharts: 0,
      rules: 0,
    };
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
          count: fc.oneof(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 31, max: 250 })),
          statementSize: fc.integer({ min: 1, max: 120 }),
          passEvery: fc.integer({ min: 1, max: 5 }),
          rewriteShare: fc.double({ min: 0, max: 0.4, noNaN: true }),
        }),
        async ({ seed, count, statementSize, passEvery, rewriteShare }) => {
          run++;
          const random = seededRandom(seed);
          const group = await createGroup(db);
          const calls = drawCalls(random, count, NOW_MS, `r${run}`);
          // Written in shuffled order, several calls per statement, with refreshes in between.
          const order = [...calls].sort(() => random() - 0.5);
          for (let i = 0, n = 0; i < order.length; i += statementSize, n++) {
            await db
              .insert(callSummaries)
              .values(order.slice(i, i + statementSize).map((c) => summaryValues(group.id, c)));
            if (n % passEvery === 0)
              await chartRollupPass(db, refresh, NOW_MS, 1 + Math.floor(random() * 40));
          }
          // Some calls are corrected later (as a later summary does: an UPDATE of the row).
          for (const c of calls.filter(() => random() < rewriteShare)) {
            rewriteCall(random, c, NOW_MS);
            const { groupId: _g, contactId: _c, ...changes } = summaryValues(group.id, c);
            await db
              .update(callSummaries)
              .set(changes)
              .where(
                and(eq(callSummaries.groupId, group.id), eq(callSummaries.contactId, c.contactId)),
              );
          }
          // Most runs refresh everything; some leave marks (those hours are read raw).
          if (random() < 0.8) await drainChartRollups(db, refresh, NOW_MS);
          const stored = await readBack(group.id, calls);

          const scope = forGroup(db, group.id);
          const charts = [
            ...standardCallCharts(group.id),
            ...Array.from({ length: 12 }, (_, i) => randomChart(random, `random-${i}`)),
          ];
          for (const spec of charts) {
            const window = randomWindow(random, NOW_MS, stored);
            const filters = randomNativeFilters(random);
            const rules =
              readsHistograms(spec) && random() < 0.7
                ? []
                : (RULES[Math.floor(random() * RULES.length)] ?? []);
            const rolled = await pgRollupChart(scope, rules, spec, { ...window, filters }, NOW_MS);
            if (!rolled) continue;
            const raw = await runChart(spec, {
              scope,
              ...window,
              filters,
              rowFilter: DATASETS.calls.rowFilter(rules),
            });
            const what = `${spec.id} ${JSON.stringify({ spec, window, filters, rules, plan: rolled.plan })}`;
            expect(
              answerDifferences(spec, window, filters, rules, stored, rolled.data, raw),
              what,
            ).toEqual([]);
            used.charts++;
            if (rolled.plan.days.length) used.days++;
            if (rolled.plan.hours.length) used.hours++;
            if (rolled.plan.minutes.length) used.minutes++;
            if (rolled.plan.raw.length) used.raw++;
            if (rules.length) used.rules++;
            if (readsHistograms(spec)) used.histograms++;
            if (spec.vizType === 'histogram') used.histogramCharts++;
            expect(rolledMs(rolled.plan)).toBeGreaterThan(0);
          }
        },
      ),
      roundTripParameters(8),
    );
    // The rollups answered charts from day, hour and minute rows and raw edges, with percentiles,
    // histograms and team rules: the property compared them, not just the raw path.
    expect(used.charts).toBeGreaterThan(20);
    for (const [what, n] of Object.entries(used)) expect(n, what).toBeGreaterThan(0);
  }, 180_000);
});
