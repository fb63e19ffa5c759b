import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  ChartSpecSchema,
  type ChartFilter,
  type ChartSpecInput,
  type Metric,
  type TeamCondition,
} from '@callsight/shared';
import { forGroup } from '../src/db/group-scope.ts';
import { callSummaries } from '../src/db/schema/index.ts';
import { runChart } from '../src/services/canvas/run-chart.ts';
import { standardDashboards } from '../src/services/canvas/standard-dashboards.ts';
import { DATASETS } from '../src/services/canvas/datasets.ts';
import { chartIntervalMs, TIMESTAMP_COLUMN } from '../src/services/canvas/compile-chart.ts';
import { AppError } from '../src/lib/errors.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { createGroup } from './factories.ts';

/**
 * The dashboard engine's charts (issue 20) against a reference computed in JavaScript: random
 * calls (sizes, orders, nulls, tags, 2001-2099 times) in a group beside another group's, random
 * aggregate charts (metrics, groupby incl. tags, time grains, filters); every answer must match.
 */

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

interface CallRow {
  contactId: string;
  agent: string | null;
  agentIsp: string | null;
  startMs: number;
  mosAvg: number | null;
  durationSeconds: number | null;
  tags: string[];
  rttAvgMs?: number | null;
}

const AGENTS = ['ada', 'bob', 'cy', null] as const;
const ISPS = ['Telstra', 'Telstra Business', 'Optus', null] as const;
const TAGS = ['High Jitter', 'Low MOS', 'Packet Loss'];
const T0 = Date.UTC(2031, 4, 6, 0, 0, 0);
const HOUR = 3_600_000;

const callArb = fc.record({
  agent: fc.constantFrom(...AGENTS),
  agentIsp: fc.constantFrom(...ISPS),
  offsetMs: fc.integer({ min: -2 * HOUR, max: 50 * HOUR }),
  // call_summaries.mos_avg is a real (float4): the values a real holds, so the reference reads
  // what the database stored (a double such as 1.0000000000000002 is stored as 1).
  mosAvg: fc.option(fc.float({ min: 1, max: 4.5, noNaN: true }), { nil: null }),
  durationSeconds: fc.option(fc.integer({ min: 0, max: 3600 }), { nil: null }),
  tags: fc.uniqueArray(fc.constantFrom(...TAGS), { maxLength: 3 }),
});

const metricArb: fc.Arbitrary<Metric> = fc.oneof(
  fc.constant({ aggregate: 'COUNT' as const, label: 'count' }),
  fc.constant({ aggregate: 'COUNT_DISTINCT' as const, column: 'agent', label: 'agents' }),
  fc.record({
    aggregate: fc.constantFrom('SUM', 'AVG', 'MIN', 'MAX', 'P50', 'P95'),
    column: fc.constantFrom('mos_avg', 'duration_seconds'),
    label: fc.constant('value'),
  }),
);

const filterArb: fc.Arbitrary<ChartFilter> = fc.oneof(
  fc.record({
    column: fc.constant('agent'),
    operator: fc.constant('IN' as const),
    value: fc.uniqueArray(fc.constantFrom('ada', 'bob', 'cy', 'zed'), { maxLength: 3 }),
  }),
  fc.record({
    column: fc.constant('mos_avg'),
    operator: fc.constantFrom('>=' as const, '<' as const),
    value: fc.double({ min: 1, max: 4.5, noNaN: true }),
  }),
  fc.record({
    column: fc.constant('tags'),
    operator: fc.constantFrom('==' as const, '!=' as const),
    value: fc.constantFrom(...TAGS),
  }),
  fc.record({
    column: fc.constant('agent_isp'),
    operator: fc.constant('STARTS WITH' as const),
    value: fc.constant('Telstra'),
  }),
  fc.record({
    column: fc.constantFrom('agent', 'mos_avg'),
    operator: fc.constantFrom('IS NULL' as const, 'IS NOT NULL' as const),
  }),
);

const specArb = fc.record({
  vizType: fc.constantFrom('table', 'pie', 'echarts_timeseries_line', 'big_number_total'),
  metrics: fc.array(metricArb, { minLength: 1, maxLength: 2 }),
  groupby: fc.uniqueArray(fc.constantFrom('agent', 'agent_isp', 'tags', 'contact_id'), {
    maxLength: 2,
  }),
  timeGrain: fc.option(fc.constantFrom('PT1M', 'PT15M', 'PT1H', 'P1D', 'P1W'), {
    nil: undefined,
  }),
  filters: fc.array(filterArb, { maxLength: 2 }),
  window: fc.record({
    from: fc.integer({ min: -3 * HOUR, max: 20 * HOUR }),
    hours: fc.integer({ min: 1, max: 60 }),
  }),
});

// ---- the reference ----

/**
 * Buckets are the window's (issue 34): chartIntervalMs at the default points and the spec's grain
 * as the least; sub-day ones count from UTC midnight, longer ones from Monday 3 January 2000.
 */
const DAY_MS = 24 * HOUR;
const ORIGIN_MS = Date.UTC(2000, 0, 3);
const bucketOf = (ms: number, interval: number) =>
  interval < DAY_MS
    ? Math.floor(ms / interval) * interval
    : Math.floor((ms - ORIGIN_MS) / interval) * interval + ORIGIN_MS;

function keep(call: CallRow, f: ChartFilter): boolean {
  const v =
    f.column === 'agent'
      ? call.agent
      : f.column === 'agent_isp'
        ? call.agentIsp
        : f.column === 'mos_avg'
          ? call.mosAvg
          : null;
  switch (f.operator) {
    case 'IS NULL':
      return v === null;
    case 'IS NOT NULL':
      return v !== null;
    case 'IN':
      return v !== null && (f.value as string[]).includes(v as string);
    case '>=':
      return v !== null && (v as number) >= (f.value as number);
    case '<':
      return v !== null && (v as number) < (f.value as number);
    case 'STARTS WITH':
      return typeof v === 'string' && v.startsWith(String(f.value));
    case '==':
      return call.tags.includes(String(f.value));
    case '!=':
      return !call.tags.includes(String(f.value));
    default:
      throw new Error(`no reference for ${f.operator}`);
  }
}

function percentile(values: number[], p: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const at = p * (sorted.length - 1);
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return (sorted[lo] ?? 0) + ((sorted[hi] ?? 0) - (sorted[lo] ?? 0)) * (at - lo);
}

function aggregate(rows: CallRow[], m: Metric): number | null {
  if (m.aggregate === 'COUNT') return rows.length;
  if (m.aggregate === 'COUNT_DISTINCT')
    return new Set(rows.flatMap((r) => (r.agent === null ? [] : [r.agent]))).size;
  const values = rows.flatMap((r) => {
    const v = m.column === 'mos_avg' ? r.mosAvg : r.durationSeconds;
    return v === null ? [] : [v];
  });
  if (!values.length) return null;
  switch (m.aggregate) {
    case 'SUM':
      return values.reduce((a, b) => a + b, 0);
    case 'AVG':
      return values.reduce((a, b) => a + b, 0) / values.length;
    case 'MIN':
      return Math.min(...values);
    case 'MAX':
      return Math.max(...values);
    case 'P50':
      return percentile(values, 0.5);
    case 'P95':
      return percentile(values, 0.95);
    default:
      return null;
  }
}

function reference(
  calls: CallRow[],
  spec: ReturnType<typeof toSpec>,
  fromMs: number,
  toMs: number,
) {
  const timeSeries = spec.vizType === 'echarts_timeseries_line' || spec.timeGrain;
  const grain = chartIntervalMs(spec, new Date(fromMs), new Date(toMs));
  const groups = new Map<string, { key: (string | number | null)[]; rows: CallRow[] }>();
  for (const call of calls) {
    if (call.startMs < fromMs || call.startMs >= toMs) continue;
    if (!spec.filters.every((f) => keep(call, f))) continue;
    let keys: (string | number | null)[][] = [[]];
    if (timeSeries) keys = keys.map((k) => [...k, bucketOf(call.startMs, grain)]);
    for (const g of spec.groupby) {
      if (g === 'tags') keys = keys.flatMap((k) => call.tags.map((t) => [...k, t]));
      else
        keys = keys.map((k) => [
          ...k,
          g === 'agent' ? call.agent : g === 'contact_id' ? call.contactId : call.agentIsp,
        ]);
    }
    for (const key of keys) {
      const id = JSON.stringify(key);
      const group = groups.get(id) ?? { key, rows: [] };
      group.rows.push(call);
      groups.set(id, group);
    }
  }
  // No dimension: one row even over no calls.
  if (!timeSeries && spec.groupby.length === 0 && groups.size === 0)
    groups.set('[]', { key: [], rows: [] });
  const rows = [...groups.values()].map((g) => [
    ...g.key,
    ...spec.metrics.map((m) => aggregate(g.rows, m)),
  ]);
  // A lone row of nulls (an average over nothing) is no data (issue 34).
  return rows.length === 1 && rows[0]?.every((cell) => cell === null) ? [] : rows;
}

type SpecInput = typeof specArb extends fc.Arbitrary<infer T> ? T : never;

function toSpec(input: SpecInput) {
  const metrics = input.metrics.map((m, i) => ({ ...m, label: `${m.label}_${i}` }));
  const spec: ChartSpecInput = {
    id: 'c1',
    title: 'Chart',
    vizType: input.vizType,
    datasetId: 'calls',
    metrics,
    groupby: input.groupby,
    filters: input.filters,
    rowLimit: 10_000,
    ...(input.timeGrain ? { timeGrain: input.timeGrain } : {}),
  };
  return ChartSpecSchema.parse(spec);
}

const sortRows = (rows: unknown[][]) =>
  [...rows].sort((a, b) =>
    JSON.stringify(a.slice(0, 3)).localeCompare(JSON.stringify(b.slice(0, 3))),
  );

function expectSameRows(actual: unknown[][], expected: unknown[][], dims: number) {
  const key = (r: unknown[]) => JSON.stringify(r.slice(0, dims));
  expect(sortRows(actual).map(key)).toEqual(sortRows(expected).map(key));
  const byKey = new Map(expected.map((r) => [key(r), r]));
  for (const row of actual) {
    const want = byKey.get(key(row)) ?? [];
    row.slice(dims).forEach((v, i) => {
      const w = want[dims + i];
      if (w === null || w === undefined) expect(v).toBeNull();
      else expect(v as number).toBeCloseTo(w as number, 6);
    });
  }
}

async function insertCalls(groupId: string, calls: CallRow[]) {
  if (!calls.length) return;
  await s.database.db.insert(callSummaries).values(
    forGroup(s.database.db, groupId).rows(
      callSummaries,
      calls.map((c) => ({
        contactId: c.contactId,
        agent: c.agent,
        agentIsp: c.agentIsp,
        startTime: new Date(c.startMs),
        mosAvg: c.mosAvg,
        durationSeconds: c.durationSeconds,
        tags: c.tags,
        rttAvgMs: c.rttAvgMs ?? null,
      })),
    ),
  );
}

describe('charts of the calls dataset', () => {
  it('answer what a reference computes over the same calls, in the group only', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(callArb, { maxLength: 60 }),
        fc.array(callArb, { maxLength: 10 }),
        specArb,
        async (mine, others, input) => {
          const group = await createGroup(s.database.db, {});
          const other = await createGroup(s.database.db, {});
          const rows = (list: typeof mine, prefix: string): CallRow[] =>
            list.map((c, i) => ({ ...c, contactId: `${prefix}-${i}`, startMs: T0 + c.offsetMs }));
          const calls = rows(mine, 'c');
          await insertCalls(group.id, calls);
          await insertCalls(other.id, rows(others, 'o'));
          const spec = toSpec(input);
          const fromMs = T0 + input.window.from;
          const toMs = fromMs + input.window.hours * HOUR;
          const data = await runChart(spec, {
            scope: forGroup(s.database.db, group.id),
            from: new Date(fromMs),
            to: new Date(toMs),
          });
          const timeSeries = spec.vizType === 'echarts_timeseries_line' || spec.timeGrain;
          const dims = (timeSeries ? 1 : 0) + spec.groupby.length;
          expect(data.columns.map((c) => c.name)).toEqual([
            ...(timeSeries ? [TIMESTAMP_COLUMN] : []),
            ...spec.groupby,
            ...spec.metrics.map((m) => m.label),
          ]);
          expect(data.truncated).toBe(false);
          expectSameRows(data.rows, reference(calls, spec, fromMs, toMs), dims);
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);

  it('cut at the row limit and say so', async () => {
    const group = await createGroup(s.database.db, {});
    await insertCalls(
      group.id,
      ['ada', 'bob', 'cy'].map((agent, i) => ({
        contactId: `l-${i}`,
        agent,
        agentIsp: null,
        startMs: T0 + i * 1000,
        mosAvg: 4 - i,
        durationSeconds: 60,
        tags: [],
      })),
    );
    const data = await runChart(
      ChartSpecSchema.parse({
        id: 'top',
        title: 'Top agents by MOS',
        vizType: 'table',
        datasetId: 'calls',
        metrics: [{ aggregate: 'AVG', column: 'mos_avg', label: 'MOS' }],
        groupby: ['agent'],
        orderBy: { label: 'MOS', desc: true },
        rowLimit: 2,
      }),
      { scope: forGroup(s.database.db, group.id), from: new Date(T0), to: new Date(T0 + HOUR) },
    );
    expect(data.rows).toEqual([
      ['ada', 4],
      ['bob', 3],
    ]);
    expect(data.truncated).toBe(true);
  });

  it('bin histograms, draw box plots and list filter values', async () => {
    const group = await createGroup(s.database.db, {});
    const mos = [1, 2, 2.5, 3, 4, 5];
    await insertCalls(
      group.id,
      mos.map((m, i) => ({
        contactId: `h-${i}`,
        agent: i < 3 ? 'ada' : 'bob',
        agentIsp: i % 2 ? 'Optus' : 'Telstra',
        startMs: T0 + i * 1000,
        mosAvg: m,
        durationSeconds: 60,
        tags: i === 0 ? ['Low MOS'] : [],
      })),
    );
    const ctx = {
      scope: forGroup(s.database.db, group.id),
      from: new Date(T0),
      to: new Date(T0 + HOUR),
    };
    const chart = (input: Partial<ChartSpecInput>) =>
      runChart(
        ChartSpecSchema.parse({
          id: 'x',
          title: 'x',
          datasetId: 'calls',
          vizType: 'table',
          ...input,
        }),
        ctx,
      );

    const histogram = await chart({
      vizType: 'histogram',
      histogram: { column: 'mos_avg', bins: 4 },
    });
    expect(histogram.columns.map((c) => c.name)).toEqual(['bin_start', 'bin_end', 'count']);
    // Bins of 1 from 1 to 5; the highest value falls in the last bin.
    expect(histogram.rows).toEqual([
      [1, 2, 1],
      [2, 3, 2],
      [3, 4, 1],
      [4, 5, 2],
    ]);

    const box = await chart({
      vizType: 'box_plot',
      groupby: ['agent'],
      metrics: [{ aggregate: 'AVG', column: 'mos_avg', label: 'MOS' }],
    });
    expect(box.columns.map((c) => c.name)).toEqual(['agent', 'min', 'q1', 'median', 'q3', 'max']);
    expect(box.rows).toEqual([
      ['ada', 1, 1.5, 2, 2.25, 2.5],
      ['bob', 3, 3.5, 4, 4.5, 5],
    ]);

    const values = await chart({ vizType: 'filter_box', groupby: ['agent_isp', 'tags'] });
    expect(values.rows).toEqual([
      ['agent_isp', 'Optus'],
      ['agent_isp', 'Telstra'],
      ['tags', 'Low MOS'],
    ]);
  });

  it('refuse columns and operators the dataset does not have, naming the field', async () => {
    const group = await createGroup(s.database.db, {});
    const ctx = {
      scope: forGroup(s.database.db, group.id),
      from: new Date(T0),
      to: new Date(T0 + HOUR),
    };
    const refused = async (input: Partial<ChartSpecInput>) => {
      const spec = ChartSpecSchema.parse({
        id: 'x',
        title: 'x',
        vizType: 'table',
        datasetId: 'calls',
        ...input,
      });
      const err = await runChart(spec, ctx).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      return (err as AppError).fields;
    };
    expect(await refused({ groupby: ['password_hash'] })).toEqual({
      'groupby.0': 'password_hash is not a column of the Calls dataset',
    });
    expect(await refused({ metrics: [{ aggregate: 'AVG', column: 'agent', label: 'a' }] })).toEqual(
      {
        'metrics.0': 'AVG needs a number column; agent is not one',
      },
    );
    expect(
      await refused({
        filters: [{ column: 'mos_avg', operator: '>=', value: 'high; drop table x' }],
      }),
    ).toEqual({ 'filters.0.value': 'must be a number' });
    expect(await refused({ filters: [{ column: 'tags', operator: '>', value: 'x' }] })).toEqual({
      'filters.0.operator': '> does not apply to a list of tags',
    });
    // The schema itself keeps anything but identifiers out of column names.
    expect(
      ChartSpecSchema.safeParse({
        id: 'x',
        title: 'x',
        vizType: 'table',
        datasetId: 'calls',
        groupby: ['agent) from users --'],
      }).success,
    ).toBe(false);
    // Still one table: nothing was dropped.
    await s.database.db.execute(sql`select count(*) from call_summaries`);
  });

  it('run every chart of the standard dashboards, with the native filters', async () => {
    const group = await createGroup(s.database.db, {});
    await insertCalls(
      group.id,
      Array.from({ length: 30 }, (_, i) => ({
        contactId: `s-${i}`,
        agent: ['ada', 'bob', null][i % 3] ?? null,
        agentIsp: ['Telstra', 'Optus'][i % 2] ?? null,
        startMs: T0 + i * HOUR,
        mosAvg: i % 5 ? 1 + (i % 35) / 10 : null,
        durationSeconds: 30 + i,
        tags: i % 4 ? [] : ['Low MOS'],
        // Every chart has values to show (an average over only nulls is no data).
        rttAvgMs: 20 + i,
      })),
    );
    const dashboards = standardDashboards(group.id);
    expect(dashboards.map((d) => d.id)).toContain(`default_${group.id}`);
    expect(dashboards.map((d) => d.id)).toContain(`${group.id}_Technology-CallOverview`);
    let charts = 0;
    for (const dashboard of dashboards)
      for (const row of dashboard.rows)
        for (const { chart } of row.cells) {
          // The other datasets' charts are run over their data in canvas-datasets.test.ts.
          if (chart.datasetId !== 'calls') continue;
          for (const filters of [
            [],
            [{ column: 'agent', operator: 'IN' as const, value: ['ada'] }],
          ]) {
            const data = await runChart(chart, {
              scope: forGroup(s.database.db, group.id),
              from: new Date(T0 - HOUR),
              to: new Date(T0 + 40 * HOUR),
              filters,
            });
            expect(data.columns.length, `${dashboard.title}: ${chart.title}`).toBeGreaterThan(0);
            expect(data.rows.length, `${dashboard.title}: ${chart.title}`).toBeGreaterThan(0);
          }
          charts += 1;
        }
    expect(charts).toBeGreaterThan(30);
  });

  it("keep a team's members to the calls its conditions allow, in every chart", async () => {
    const group = await createGroup(s.database.db, {});
    const scope = forGroup(s.database.db, group.id);
    const rows = [
      { id: 'a', groups: ['Sales', 'Sales-North'], attrs: { queue: 'VIP' } },
      { id: 'b', groups: ['Sales', 'Sales-South'], attrs: { queue: 'Standard' } },
      { id: 'c', groups: ['Support', 'Support-North'], attrs: { queue: 'VIP' } },
      { id: 'd', groups: [], attrs: null },
    ];
    await s.database.db.insert(callSummaries).values(
      scope.rows(
        callSummaries,
        rows.map((r, i) => ({
          contactId: r.id,
          agent: 'ada',
          startTime: new Date(T0 + i * 1000),
          agentGroup1: r.groups[0] ?? null,
          agentGroup2: r.groups[1] ?? null,
          ctrAttributes: r.attrs,
        })),
      ),
    );
    const spec = ChartSpecSchema.parse({
      id: 'ids',
      title: 'Calls',
      vizType: 'table',
      datasetId: 'calls',
      groupby: ['contact_id'],
      metrics: [{ aggregate: 'COUNT', label: 'n' }],
      orderBy: { label: 'contact_id', desc: false },
    });
    const idsFor = async (conditions: TeamCondition[]) => {
      const dataset = DATASETS.calls;
      if (!dataset) throw new Error('no calls dataset');
      const data = await runChart(spec, {
        scope,
        from: new Date(T0),
        to: new Date(T0 + HOUR),
        rowFilter: dataset.rowFilter(conditions),
      });
      return data.rows.map((r) => r[0]);
    };
    expect(await idsFor([])).toEqual(['a', 'b', 'c', 'd']);
    expect(await idsFor([{ type: 'group1', operator: 'equals', value: 'Sales' }])).toEqual([
      'a',
      'b',
    ]);
    expect(await idsFor([{ type: 'group2', operator: 'startsWith', value: 'Sales-N' }])).toEqual([
      'a',
    ]);
    expect(
      await idsFor([{ type: 'attributes', field: 'queue', operator: 'equals', value: 'VIP' }]),
    ).toEqual(['a', 'c']);
    expect(
      await idsFor([
        { type: 'attributes', field: 'queue', operator: 'equals', value: 'VIP' },
        { type: 'group1', operator: 'equals', value: 'Support' },
      ]),
    ).toEqual(['c']);
    // A value is data, never SQL.
    expect(await idsFor([{ type: 'group1', operator: 'equals', value: "x' or '1'='1" }])).toEqual(
      [],
    );
  });
});
