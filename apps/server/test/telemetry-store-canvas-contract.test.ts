import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CallStatsQuerySchema,
  zonedDay,
  zonedMidnight,
  type ChartData,
  type ChartSpec,
  type TeamCondition,
  type TimeGrain,
} from '@callsight/shared';
import type { TestServer } from './harness.ts';
import { createGroup } from './factories.ts';
import { generateGroupData, type GroupData, type Step } from './support/telemetry-contract-data.ts';
import { openContractStores, type ContractClickHouse } from './support/contract-clickhouse.ts';
import { chartIntervalMs, hasTimeBucket } from '../src/services/canvas/compile-chart.ts';
import { runCanvasChart, type CanvasChartContext } from '../src/services/canvas/run-chart.ts';
import { standardDashboards } from '../src/services/canvas/standard-dashboards.ts';
import { wholeGroup } from '../src/services/telemetry-store/call-scope.ts';
import type { TelemetryStore } from '../src/services/telemetry-store/telemetry-store.ts';

/**
 * Contract of the canvas datasets over the telemetry store (issue 23, decision CH33): the same
 * generated telemetry (nine days, agent hierarchies and CTR attributes) in PostgreSQL and in
 * ClickHouse (chDB, or the server at CLICKHOUSE_URL); every chart of every standard dashboard
 * over calls, seconds and logs answers alike through runCanvasChart, in windows of two time
 * zones, at several grains, with and without a team's conditions. CONTRACT_SEED replays another draw.
 */

const SEED = Number(process.env.CONTRACT_SEED ?? 23);
const NOW_MS = Math.floor(Date.now() / 60_000) * 60_000;
const DAY_MS = 86_400_000;
/** The store's datasets over calls; the journeys ones have their own contract (CH53). */
const CALL_DATASETS = ['calls', 'call_seconds', 'softphone_logs'];

let s: TestServer;
let clickhouse: ContractClickHouse;
let pg: TelemetryStore;
let ch: TelemetryStore;
/** A and B hold the same draw, C another; E nothing. */
const ids = { a: '', b: '', c: '', e: '' };
const draws: { same: GroupData } = { same: { steps: [], contactIds: [], agents: [], isps: [] } };

function send(store: TelemetryStore, groupId: string, step: Step) {
  if (step.kind === 'samples') return store.ingestSamples(groupId, step.items);
  if (step.kind === 'calls') return store.ingestCalls(groupId, step.items);
  return store.ingestLogs(groupId, step.items);
}

beforeAll(async () => {
  ({ s, clickhouse, pg, ch } = await openContractStores(NOW_MS));
  for (const key of ['a', 'b', 'c', 'e'] as const) ids[key] = (await createGroup(s.database.db)).id;
  const options = { spanMs: 9 * DAY_MS, grouping: true };
  const same = generateGroupData(SEED * 211, NOW_MS, options);
  const other = generateGroupData(SEED * 211 + 1, NOW_MS, options);
  draws.same = same;
  // B is A's draw again, in ClickHouse only: the store whose group scoping is under test.
  const loads: [TelemetryStore, string, Step[]][] = [
    [pg, ids.a, same.steps],
    [ch, ids.a, same.steps],
    [ch, ids.b, same.steps],
    [pg, ids.c, other.steps],
    [ch, ids.c, other.steps],
  ];
  // Each group's steps in order per store; the stores and groups side by side.
  await Promise.all(
    loads.map(async ([store, groupId, steps]) => {
      for (const step of steps) await send(store, groupId, step);
    }),
  );
}, 600_000);

afterAll(async () => {
  await clickhouse?.dispose();
  await s?.close();
});

/** Every chart of the standard dashboards over the store's datasets, once each (filter box too). */
function storeCharts(): ChartSpec[] {
  const seen = new Map<string, ChartSpec>();
  for (const d of standardDashboards(ids.a)) {
    const charts = [
      ...(d.filterBox ? [d.filterBox] : []),
      ...d.rows.flatMap((r) => r.cells.filter((c) => !c.placeholder).map((c) => c.chart)),
    ];
    for (const chart of charts)
      if (CALL_DATASETS.includes(chart.datasetId)) seen.set(JSON.stringify(chart), chart);
  }
  return [...seen.values()];
}

/** The week before NOW in a time zone: from its midnight 7 days ago to tomorrow's midnight. */
function localWeek(timeZone: string): { from: Date; to: Date } {
  const [y, m, d] = zonedDay(new Date(NOW_MS - 7 * DAY_MS), timeZone)
    .split('-')
    .map(Number);
  return {
    from: zonedMidnight(y ?? 0, m ?? 1, d ?? 1, timeZone),
    to: zonedMidnight(y ?? 0, m ?? 1, (d ?? 1) + 8, timeZone),
  };
}

const TEAMS: Record<string, TeamCondition[]> = {
  none: [],
  sydneySites: [{ type: 'group1', operator: 'startsWith', value: 'Sydney' }],
  auSales: [
    { type: 'attributes', field: 'queue', operator: 'equals', value: 'sales-au' },
    { type: 'group2', operator: 'equals', value: 'Sales' },
  ],
  salesQueues: [{ type: 'attributes', field: 'queue', operator: 'startsWith', value: 'sales' }],
};

/** Numbers equal; fractions (averages, percentiles) to 9 significant digits (summation order). */
function expectSame(actual: ChartData, expected: ChartData, what: string) {
  expect(actual.columns, what).toEqual(expected.columns);
  expect(actual.truncated, what).toBe(expected.truncated);
  expect(actual.intervalMs, what).toBe(expected.intervalMs);
  expect(actual.rows.length, what).toBe(expected.rows.length);
  expected.rows.forEach((row, i) => {
    const got = actual.rows[i] ?? [];
    row.forEach((cell, j) => {
      const value = got[j];
      const at = `${what} row ${i} column ${j}: ${JSON.stringify(got)} vs ${JSON.stringify(row)}`;
      if (typeof cell === 'number' && typeof value === 'number' && !Number.isInteger(cell))
        expect(Math.abs(value - cell), at).toBeLessThanOrEqual(
          1e-9 * Math.max(Math.abs(cell), Math.abs(value)),
        );
      else expect(value, at).toEqual(cell);
    });
  });
}

/** Whether a chart counts anything: a cell that is neither null nor zero. */
const counts = (data: ChartData) =>
  data.rows.some((row) => row.some((cell) => cell !== null && cell !== 0));

async function both(groupId: string, spec: ChartSpec, ctx: CanvasChartContext) {
  const [expected, actual] = await Promise.all([
    runCanvasChart(pg, s.database.db, groupId, spec, ctx),
    runCanvasChart(ch, s.database.db, groupId, spec, ctx),
  ]);
  return { expected, actual };
}

/** The chart's own grain (none: the window's buckets) and others when it has a time axis. */
function grainsOf(spec: ChartSpec): (TimeGrain | undefined)[] {
  if (!hasTimeBucket(spec)) return [undefined];
  return [...new Set<TimeGrain | undefined>([spec.timeGrain, 'PT15M', 'PT1H', 'P1D', 'P1W'])];
}

/** The 15 minutes holding the most call starts of a draw (a window that cuts minutes). */
function busiest15Minutes(steps: readonly Step[]): { from: Date; to: Date } {
  const starts = steps
    .flatMap((step) => (step.kind === 'calls' ? step.items.map((c) => Number(c.startTime)) : []))
    .sort((a, b) => a - b);
  let best = starts[0] ?? NOW_MS;
  let most = 0;
  starts.forEach((start, i) => {
    const within = starts.slice(i).filter((t) => t < start + 13 * 60_000).length;
    if (within > most) [best, most] = [start, within];
  });
  const from = best - 61_234;
  return { from: new Date(from), to: new Date(from + 15 * 60_000) };
}

describe(
  `canvas datasets contract (PostgreSQL ↔ ClickHouse on ${process.env.CLICKHOUSE_URL ? 'a server' : 'chDB'})`,
  { timeout: 180_000 },
  () => {
    it('reads calls, seconds and logs of the standard dashboards', () => {
      const datasets = new Set(storeCharts().map((c) => c.datasetId));
      expect([...datasets].sort()).toEqual([...CALL_DATASETS].sort());
    });

    for (const timeZone of ['UTC', 'Asia/Kolkata']) {
      it(`answers every chart alike over a week in ${timeZone}, at several grains and for teams`, async () => {
        const window = localWeek(timeZone);
        let rows = 0;
        for (const chart of storeCharts()) {
          for (const timeGrain of grainsOf(chart)) {
            const spec = timeGrain ? { ...chart, timeGrain } : chart;
            // Every team at the chart's own grain; no team and one at the others.
            const teams = Object.entries(TEAMS).filter(
              ([team]) => timeGrain === chart.timeGrain || team === 'none' || team === 'auSales',
            );
            for (const [team, rules] of teams) {
              const ctx = { ...window, rules, timeZone };
              const { expected, actual } = await both(ids.a, spec, ctx);
              expectSame(actual, expected, `${chart.id} ${timeGrain ?? ''} ${team}`);
              rows += expected.rows.length;
            }
          }
        }
        // Not a comparison of empty answers.
        expect(rows).toBeGreaterThan(1000);
      });
    }

    it("answers alike over 15 minutes by the minute, and over 30 days by the viewer's days", async () => {
      const minutes = busiest15Minutes(draws.same.steps);
      const month = { from: new Date(NOW_MS - 30 * DAY_MS), to: new Date(NOW_MS) };
      const cases = [
        { what: '15 minutes', ...minutes, timeZone: 'UTC', points: [100, 4], interval: 60_000 },
        // 30 days in 30 points: the viewer's days (18:30 UTC in Kolkata); in 100: 12 hours.
        {
          what: '30 days',
          ...month,
          timeZone: 'Asia/Kolkata',
          points: [30, 100],
          interval: DAY_MS,
        },
        { what: '30 days', ...month, timeZone: 'America/New_York', points: [30], interval: DAY_MS },
      ];
      let answered = 0;
      for (const { what, from, to, timeZone, points, interval } of cases)
        for (const chart of storeCharts())
          for (const maxDataPoints of hasTimeBucket(chart) ? points : [undefined]) {
            const intervalMs = maxDataPoints
              ? chartIntervalMs(chart, from, to, maxDataPoints)
              : undefined;
            const ctx: CanvasChartContext = { from, to, rules: [], timeZone, intervalMs };
            const at = `${what} ${timeZone} ${maxDataPoints ?? ''} ${chart.id}`;
            const { expected, actual } = await both(ids.a, chart, ctx);
            expectSame(actual, expected, at);
            if (counts(expected)) answered++;
            if (!intervalMs) continue;
            expect(expected.intervalMs, at).toBe(intervalMs);
            // The chart's own bucket at the first width (a grain may make it coarser).
            if (maxDataPoints === points[0] && !chart.timeGrain)
              expect(intervalMs, at).toBe(interval);
            const day = new Intl.DateTimeFormat('en-GB', {
              timeZone,
              hour: '2-digit',
              minute: '2-digit',
              hourCycle: 'h23',
            });
            for (const row of expected.rows) {
              const start = Number(row[0]);
              // Each bucket holds the window's rows: it starts before the window ends, and ends after it starts.
              expect(start, at).toBeLessThan(to.getTime());
              expect(start + intervalMs, at).toBeGreaterThan(from.getTime() - 3_600_000);
              if (intervalMs >= DAY_MS) expect(day.format(new Date(start)), at).toBe('00:00');
              else expect(start % 60_000, at).toBe(0);
            }
          }
      // Not a comparison of empty answers.
      expect(answered).toBeGreaterThan(storeCharts().length);
    });

    it('answers alike in a window that cuts buckets, under the native filters', async () => {
      const ctx: CanvasChartContext = {
        from: new Date(NOW_MS - 2 * DAY_MS - 5_400_000),
        to: new Date(NOW_MS - DAY_MS + 1_234),
        filters: [
          { column: 'agent', operator: 'IN', value: ['agent01', 'agent03', 'agent06'] },
          { column: 'agent_isp', operator: 'IN', value: ['ispalpha', 'ispgamma'] },
        ],
        rules: TEAMS.sydneySites ?? [],
      };
      let answered = 0;
      for (const chart of storeCharts()) {
        const { expected, actual } = await both(ids.c, chart, ctx);
        expectSame(actual, expected, chart.id);
        if (counts(expected)) answered++;
      }
      // Not a comparison of empty answers: most charts count something in the window.
      expect(answered).toBeGreaterThan(storeCharts().length / 2);
    });

    it("never counts another group's calls", async () => {
      const window = { ...localWeek('UTC'), rules: [] };
      const calls = storeCharts().find((c) => c.id === 'calls' && c.datasetId === 'calls');
      if (!calls) throw new Error('no Calls chart');
      // The explorer's count of the group's calls in the window (its own contract test).
      const listed = await pg.listCallStats(
        wholeGroup(ids.a),
        CallStatsQuerySchema.parse({
          fromTime: window.from.toISOString().slice(0, 19),
          toTime: new Date(window.to.getTime() - 1).toISOString().slice(0, 19),
          size: 1,
        }),
        new Date(NOW_MS),
      );
      expect(listed.total).toBeGreaterThan(0);
      for (const store of [pg, ch]) {
        const count = await runCanvasChart(store, s.database.db, ids.a, calls, window);
        expect(count.rows, store.kind).toEqual([[listed.total]]);
      }
      // B holds the very same telemetry in ClickHouse: its charts answer A's, not twice A's.
      let answered = 0;
      for (const chart of storeCharts()) {
        const [a, b, e] = await Promise.all(
          [ids.a, ids.b, ids.e].map((g) => runCanvasChart(ch, s.database.db, g, chart, window)),
        );
        expect(b, chart.id).toEqual(a);
        if (a && counts(a)) answered++;
        // A group with no telemetry counts nothing.
        for (const row of e?.rows ?? [])
          expect(
            row.every((cell) => cell === null || cell === 0),
            chart.id,
          ).toBe(true);
      }
      // Every chart of A counts something (B's equal answers are not two empty ones).
      expect(answered).toBe(storeCharts().length);
    });

    it("opens a call from an embed only within the team's conditions, on both stores", async () => {
      const window = { ...localWeek('UTC'), rules: [] };
      const table = (await both(ids.a, lowestScoring(), window)).expected;
      const contactIds = table.rows.map((r) => String(r[0]));
      expect(contactIds.length).toBeGreaterThan(5);
      for (const [team, rules] of Object.entries(TEAMS)) {
        const chart = { ...lowestScoring(), rowLimit: 1000 };
        const inTeam = new Set(
          (await both(ids.a, chart, { ...window, rules })).expected.rows.map((r) => String(r[0])),
        );
        for (const contactId of contactIds) {
          const [p, c] = await Promise.all([
            pg.callPassesRules({ groupId: ids.a, rules }, contactId),
            ch.callPassesRules({ groupId: ids.a, rules }, contactId),
          ]);
          expect([p, c], `${team} ${contactId}`).toEqual([inTeam.has(contactId), p]);
          // With no rules, a call of another group does not pass either.
          expect(await ch.callPassesRules({ groupId: ids.e, rules }, contactId)).toBe(false);
        }
        const passing = contactIds.filter((id) => inTeam.has(id)).length;
        if (rules.length) expect(passing, team).toBeLessThan(contactIds.length);
      }
    });
  },
);

/** A table of calls by contact id (one row per call), as Lowest-scoring calls. */
function lowestScoring(): ChartSpec {
  const chart = storeCharts().find(
    (c) => c.datasetId === 'calls' && c.vizType === 'table' && c.groupby[0] === 'contact_id',
  );
  if (!chart) throw new Error('no table of calls by contact id');
  return { ...chart, rowLimit: 40 };
}
