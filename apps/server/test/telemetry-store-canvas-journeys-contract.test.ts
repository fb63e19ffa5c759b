import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  normalizeExportRequest,
  zonedDay,
  zonedMidnight,
  type ChartData,
  type ChartSpec,
  type IngestCallInput,
  type TeamCondition,
  type TimeGrain,
} from '@callsight/shared';
import type { TestServer } from './harness.ts';
import { createGroup } from './factories.ts';
import { seededRandom } from './sql/round-trip-support.ts';
import { generateJourneyData } from './support/journeys-contract-data.ts';
import { openContractStores, type ContractClickHouse } from './support/contract-clickhouse.ts';
import { aiSummaries, aiThreads } from '../src/db/schema/index.ts';
import { hasTimeBucket } from '../src/services/canvas/compile-chart.ts';
import { runCanvasChart, type CanvasChartContext } from '../src/services/canvas/run-chart.ts';
import { standardDashboards } from '../src/services/canvas/standard-dashboards.ts';
import type { TelemetryStore } from '../src/services/telemetry-store/telemetry-store.ts';

/**
 * Contract of the canvas journeys datasets over the telemetry store (issue 23, decision CH53):
 * the journeys contract generator's exports (resends that move starts, call links, ties) and the
 * calls they link to, with agent hierarchies and CTR queues, in PostgreSQL and in ClickHouse
 * (chDB, or the server at CLICKHOUSE_URL), and AI summaries in PostgreSQL for some traces; every
 * standard chart over `journeys` and `journey_spans`, and a few naming their other columns,
 * answers alike through runCanvasChart in windows of two time zones, at several grains, for no
 * team and two. CONTRACT_SEED replays another draw.
 */

const SEED = Number(process.env.CONTRACT_SEED ?? 23);
const NOW_MS = Math.floor(Date.now() / 60_000) * 60_000;
const DAY_MS = 86_400_000;
const JOURNEY_DATASETS = ['journeys', 'journey_spans'];

let s: TestServer;
let clickhouse: ContractClickHouse;
let pg: TelemetryStore;
let ch: TelemetryStore;
/** A in both stores with AI summaries for some traces; B A's draw in ClickHouse only, none. */
const ids = { a: '', b: '', e: '' };
let summarised = 0;

/** The generator's calls plus the contacts its traces name (cx.softphone.contact.id), grouped. */
function callsOf(calls: readonly IngestCallInput[], seed: number): IngestCallInput[] {
  const random = seededRandom(seed);
  const first = calls[0];
  if (!first) throw new Error('no calls');
  const contacts = ['c-1', 'c-2', 'c-3', 'c-4', 'c-5'].map((contactId, i) => ({
    ...first,
    contactId,
    startTime: NOW_MS - 2 * 3600_000 - i * 600_000,
    endTime: NOW_MS - 2 * 3600_000 - i * 600_000 + 240_000,
  }));
  return [...calls, ...contacts].map((call, i) => ({
    ...call,
    agentGroups: i % 3 === 2 ? null : [i % 3 === 0 ? 'Sydney CBD' : 'Melbourne', 'Sales', null],
    ctrAttributes: random() < 0.5 ? { queue: random() < 0.5 ? 'sales-au' : 'support' } : null,
  }));
}

/** Summary texts: repeats (so a chart groups them), non-ASCII, longer than the 300 cut. */
function summaryText(i: number): string {
  if (i % 4 === 0) return 'Quick journey, no errors.';
  if (i % 4 === 1) return `Journey ${i}: la file d’attente était longue — ${'é🙂'.repeat(200)}`;
  return `Journey ${i} failed at crm.lookup after ${i * 7} ms. ${'x'.repeat(i * 13)}`;
}

beforeAll(async () => {
  ({ s, clickhouse, pg, ch } = await openContractStores(NOW_MS));
  for (const key of ['a', 'b', 'e'] as const) ids[key] = (await createGroup(s.database.db)).id;
  const data = generateJourneyData(SEED * 53, NOW_MS, 60);
  const calls = callsOf(data.calls, SEED * 53 + 1);
  const loads: [TelemetryStore, string][] = [
    [pg, ids.a],
    [ch, ids.a],
    [ch, ids.b],
  ];
  await Promise.all(
    loads.map(async ([store, groupId]) => {
      await store.ingestCalls(groupId, calls);
      for (const request of data.exports)
        await store.storeSpans(groupId, normalizeExportRequest(request).spans);
    }),
  );
  // AI summaries of every third trace of A (and of one trace no store has), in PostgreSQL only.
  const [thread] = await s.database.db
    .insert(aiThreads)
    .values({ groupId: ids.a, kind: 'summary' })
    .returning();
  if (!thread) throw new Error('no thread');
  const traced = data.traceIds.filter((_, i) => i % 3 === 0);
  summarised = traced.length;
  await s.database.db.insert(aiSummaries).values(
    [...traced, 'f'.repeat(32)].map((traceId, i) => ({
      groupId: ids.a,
      traceId,
      threadId: thread.id,
      response: summaryText(i),
      engine: 'builtin',
    })),
  );
}, 600_000);

afterAll(async () => {
  await clickhouse?.dispose();
  await s?.close();
});

/** Every standard chart over the journeys datasets, and some naming their other columns. */
function journeyCharts(): ChartSpec[] {
  const seen = new Map<string, ChartSpec>();
  for (const d of standardDashboards(ids.a)) {
    const charts = [
      ...(d.filterBox ? [d.filterBox] : []),
      ...d.rows.flatMap((r) => r.cells.filter((c) => !c.placeholder).map((c) => c.chart)),
    ];
    for (const chart of charts)
      if (JOURNEY_DATASETS.includes(chart.datasetId)) seen.set(JSON.stringify(chart), chart);
  }
  const base = { metrics: [], groupby: [], filters: [], rowLimit: 1000 };
  const extra: ChartSpec[] = [
    {
      ...base,
      id: 'x-journeys-by-summary',
      title: 'Journeys by summary start',
      datasetId: 'journeys',
      vizType: 'table',
      groupby: ['summary', 'root_span_name'],
      filters: [{ column: 'summary', operator: 'STARTS WITH', value: 'Journey' }],
      metrics: [
        { aggregate: 'COUNT', label: 'Journeys' },
        { aggregate: 'MAX', column: 'insight_count', label: 'Insights' },
      ],
    },
    {
      ...base,
      id: 'x-journey-starts',
      title: 'Journeys by start',
      datasetId: 'journeys',
      vizType: 'table',
      groupby: ['trace_id', 'start_time', 'agent', 'network_type', 'outcome'],
      metrics: [
        { aggregate: 'SUM', column: 'span_count', label: 'Steps' },
        { aggregate: 'MIN', column: 'mos_avg', label: 'MOS' },
        { aggregate: 'P95', column: 'duration_seconds', label: 'Duration' },
      ],
      rowLimit: 40,
    },
    {
      ...base,
      id: 'x-span-minutes',
      title: 'Steps per 15 minutes',
      datasetId: 'journey_spans',
      vizType: 'echarts_timeseries_line',
      timeGrain: 'PT15M',
      groupby: ['status'],
      metrics: [
        { aggregate: 'COUNT', label: 'Steps' },
        { aggregate: 'P50', column: 'duration_ms', label: 'Median (ms)' },
      ],
    },
    {
      ...base,
      id: 'x-span-durations',
      title: 'Step durations',
      datasetId: 'journey_spans',
      vizType: 'histogram',
      histogram: { column: 'duration_ms', bins: 12 },
    },
    {
      ...base,
      id: 'x-span-starts',
      title: 'Steps by start',
      datasetId: 'journey_spans',
      vizType: 'table',
      groupby: ['trace_id', 'start_time', 'name'],
      metrics: [{ aggregate: 'MAX', column: 'insight_count', label: 'Insights' }],
      rowLimit: 60,
    },
  ];
  return [...seen.values(), ...extra];
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
  sydney: [{ type: 'group1', operator: 'startsWith', value: 'Sydney' }],
  salesQueue: [
    { type: 'attributes', field: 'queue', operator: 'equals', value: 'sales-au' },
    { type: 'group2', operator: 'equals', value: 'Sales' },
  ],
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

function chartById(id: string): ChartSpec {
  const chart = journeyCharts().find((c) => c.id === id);
  if (!chart) throw new Error(`no chart ${id}`);
  return chart;
}

const count = (data: ChartData) => Number(data.rows[0]?.[0] ?? 0);

describe(
  `canvas journeys datasets contract (PostgreSQL ↔ ClickHouse on ${process.env.CLICKHOUSE_URL ? 'a server' : 'chDB'})`,
  { timeout: 180_000 },
  () => {
    it('covers both journeys datasets and the AI-summary columns', () => {
      const charts = journeyCharts();
      expect([...new Set(charts.map((c) => c.datasetId))].sort()).toEqual(
        [...JOURNEY_DATASETS].sort(),
      );
      const named = new Set(
        charts.flatMap((c) => [...c.groupby, ...c.filters.map((f) => f.column)]),
      );
      expect(named.has('summarized') && named.has('summary')).toBe(true);
    });

    for (const timeZone of ['UTC', 'Asia/Kolkata']) {
      it(`answers every chart alike over a week in ${timeZone}, at several grains and for teams`, async () => {
        const window = localWeek(timeZone);
        let rows = 0;
        for (const chart of journeyCharts()) {
          for (const timeGrain of grainsOf(chart)) {
            const spec = timeGrain ? { ...chart, timeGrain } : chart;
            const teams = Object.entries(TEAMS).filter(
              ([team]) => timeGrain === chart.timeGrain || team !== 'sydney',
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
        expect(rows).toBeGreaterThan(300);
      });
    }

    it('answers alike in a window that cuts buckets, under the native filters', async () => {
      const ctx: CanvasChartContext = {
        from: new Date(NOW_MS - 3 * DAY_MS - 5_400_000),
        to: new Date(NOW_MS - DAY_MS + 1_234),
        filters: [{ column: 'agent', operator: 'IN', value: ['ava.nguyen', 'mia.santos'] }],
        rules: [],
      };
      let answered = 0;
      for (const chart of journeyCharts()) {
        const { expected, actual } = await both(ids.a, chart, ctx);
        expectSame(actual, expected, chart.id);
        if (counts(expected)) answered++;
      }
      // Not a comparison of empty answers: most charts count something in the window.
      expect(answered).toBeGreaterThan(journeyCharts().length / 2);
    });

    it("applies a team's rules through the journey's call, and shows the group's summaries", async () => {
      const window = { ...localWeek('UTC'), rules: [] };
      const journeys = chartById('journeys');
      for (const store of [pg, ch]) {
        const all = count(await runCanvasChart(store, s.database.db, ids.a, journeys, window));
        for (const [team, rules] of Object.entries(TEAMS).filter(([, r]) => r.length)) {
          const inTeam = count(
            await runCanvasChart(store, s.database.db, ids.a, journeys, { ...window, rules }),
          );
          expect(inTeam, `${store.kind} ${team}`).toBeGreaterThan(0);
          expect(inTeam, `${store.kind} ${team}`).toBeLessThan(all);
        }
        const pie = await runCanvasChart(
          store,
          s.database.db,
          ids.a,
          chartById('journeys-summarised'),
          window,
        );
        expect(Object.fromEntries(pie.rows.map((r) => [r[0], r[1]])), store.kind).toEqual({
          Summarised: summarised,
          'Not summarised': all - summarised,
        });
      }
    });

    it("never counts another group's journeys or summaries", async () => {
      const window = { ...localWeek('UTC'), rules: [] };
      let compared = 0;
      let answered = 0;
      for (const chart of journeyCharts()) {
        const [a, b, e] = await Promise.all(
          [ids.a, ids.b, ids.e].map((g) => runCanvasChart(ch, s.database.db, g, chart, window)),
        );
        if (!a || !b || !e) throw new Error('three answers');
        // B holds A's very journeys in ClickHouse but none of A's AI summaries.
        if (chart.groupby.includes('summarized'))
          expect(
            b.rows.map((r) => r[0]),
            chart.id,
          ).toEqual(['Not summarised']);
        else if (
          chart.groupby.includes('summary') ||
          chart.filters.some((f) => f.column.startsWith('summar'))
        )
          expect(b.rows, chart.id).toEqual([]);
        // Equal but for the last bits of averages (summation order).
        else {
          expectSame(b, a, chart.id);
          compared++;
          if (counts(a)) answered++;
        }
        for (const row of e.rows)
          expect(
            row.every((cell) => cell === null || cell === 0),
            chart.id,
          ).toBe(true);
      }
      // Every chart compared between A and B counts something (not two empty answers).
      expect(compared).toBeGreaterThan(5);
      expect(answered).toBe(compared);
    });
  },
);
