import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import {
  BULK_SUMMARY_COLUMNS,
  bulkSummaryRows,
  type BulkSummaryRow,
} from '../apps/server/src/demo/bulk-summaries.ts';
import type { Database } from '../apps/server/src/db/client.ts';
import type { Benchmark, BenchResult, Figure } from './lib/benchmark.ts';
import {
  createBenchDatabase,
  demoAdminHeaders,
  percentile,
  timeGets,
  type BenchDatabase,
} from './lib/bench-database.ts';

/** Calls loaded: BENCH_EXPLORER_CALLS, else 1,000,000 on PostgreSQL and 100,000 on PGlite. */
const defaultCalls = { postgres: 1_000_000, pglite: 100_000 } as const;
const rowsPerCopy = 50_000;
const runsPerQuery = 40;
/** The target holds on PostgreSQL; PGlite figures are reported only. */
const targetP95Ms = 50;
const DAY_MS = 86_400_000;
const SEED = 424242;

const cell = (v: string | number | null) =>
  v === null
    ? '\\N'
    : typeof v === 'number'
      ? String(v)
      : v.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n');

function* copyChunks(rows: Generator<BulkSummaryRow>): Generator<string> {
  let lines: string[] = [];
  for (const row of rows) {
    lines.push(row.map(cell).join('\t'));
    if (lines.length >= rowsPerCopy) {
      yield `${lines.join('\n')}\n`;
      lines = [];
    }
  }
  if (lines.length > 0) yield `${lines.join('\n')}\n`;
}

const COPY = `COPY call_summaries (${BULK_SUMMARY_COLUMNS.join(', ')}) FROM STDIN`;

/** Loads the rows by COPY: node-postgres with pg-copy-streams, or PGlite's /dev/blob. */
export async function load(
  bench: BenchDatabase,
  database: Database,
  rows: Generator<BulkSummaryRow>,
) {
  if (bench.kind === 'postgres') {
    const client = new pg.Client({ connectionString: bench.url });
    await client.connect();
    try {
      for (const text of copyChunks(rows))
        await pipeline(Readable.from([text]), client.query(copyFrom(COPY)));
      await client.query('analyze call_summaries');
    } finally {
      await client.end();
    }
    return;
  }
  const pglite = database.db.$client;
  for (const text of copyChunks(rows))
    await pglite.query(COPY.replace('STDIN', `'/dev/blob'`), [], { blob: new Blob([text]) });
  await pglite.query('analyze call_summaries');
}

const timeText = (ms: number) => new Date(ms).toISOString().slice(0, 19);

/** The pages timed: the explorer's default view and filtered, sorted ones over longer windows. */
function queries(nowMs: number, agent: string, isp: string) {
  const window = (days: number) =>
    `fromTime=${timeText(nowMs - days * DAY_MS)}&toTime=${timeText(nowMs)}&timezone=UTC`;
  return [
    { label: 'last 4 h, newest first (default)', qs: 'size=10&sortColumn=timestamp' },
    {
      label: '7 days, agent=, newest first',
      qs: `${window(7)}&size=10&agent=${encodeURIComponent(agent)}`,
    },
    {
      label: '30 days, mos <= 3.5, by mos asc',
      qs: `${window(30)}&size=10&mosFrom=0&mosTo=3.5&sortColumn=mos&sortDirection=asc`,
    },
    {
      label: '7 days, agentISP=, jitter >= 30, by jitter',
      qs: `${window(7)}&size=10&agentISP=${encodeURIComponent(isp)}&jitterFrom=30&jitterTo=999999&sortColumn=jitter`,
    },
    {
      label: '24 h, by duration desc, page 11',
      qs: `${window(1)}&size=10&from=100&sortColumn=durationSeconds`,
    },
    { label: '30 days, newest first', qs: `${window(30)}&size=10` },
  ];
}

async function run(): Promise<BenchResult> {
  const figures: Figure[] = [];
  const failures: string[] = [];
  const bench = await createBenchDatabase('callsight_bench');
  const kind = bench.kind;
  const count = Number(process.env.BENCH_EXPLORER_CALLS ?? defaultCalls[kind]);
  try {
    const { database, groupId } = await bench.prepare();
    const nowMs = Date.now();
    const generated = bulkSummaryRows({
      seed: SEED,
      groupId,
      count,
      fromMs: nowMs - 30 * DAY_MS,
      toMs: nowMs,
    });
    const loadStarted = performance.now();
    try {
      await load(bench, database, generated.rows());
    } finally {
      await database.close();
    }
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    figures.push(
      { label: 'calls (summaries over 30 days)', value: count },
      { label: 'load: generate + COPY + analyze', value: loadSeconds, unit: 's' },
      { label: 'load: calls/s', value: Math.round(count / loadSeconds) },
    );

    const server = await bench.serve();
    try {
      const headers = await demoAdminHeaders(server.baseUrl);
      const first = generated.rows().next().value;
      const agent = String(first?.[2] ?? '');
      const isp = String(first?.[8] ?? '');
      const all: number[] = [];
      for (const q of queries(nowMs, agent, isp)) {
        const { ms, body } = await timeGets(
          server.baseUrl,
          `/api/calls/stats?${q.qs}`,
          headers,
          runsPerQuery,
        );
        all.push(...ms);
        const total =
          typeof body === 'object' && body && 'total' in body ? Number(body.total) : NaN;
        const p95 = percentile(ms, 95);
        figures.push({
          label: `${q.label} (total ${total})`,
          value: `p50 ${percentile(ms, 50).toFixed(1)} / p95 ${p95.toFixed(1)}`,
          unit: 'ms',
        });
        if (kind === 'postgres' && p95 > targetP95Ms)
          failures.push(`"${q.label}" p95 ${p95.toFixed(1)} ms is over ${targetP95Ms} ms`);
      }
      all.sort((a, b) => a - b);
      figures.push({
        label: 'all pages',
        value: `p50 ${percentile(all, 50).toFixed(1)} / p95 ${percentile(all, 95).toFixed(1)}`,
        unit: 'ms',
      });
    } finally {
      await server.stop();
    }
  } finally {
    await bench.drop();
  }
  return { figures, failures };
}

export const explorerBenchmark: Benchmark = {
  name: 'explorer',
  description: `GET /api/calls/stats: filtered, sorted pages of 10 over ${defaultCalls.postgres.toLocaleString('en-US')} call summaries on PostgreSQL (${defaultCalls.pglite.toLocaleString('en-US')} on PGlite; BENCH_EXPLORER_CALLS) in a database of its own; target p95 < ${targetP95Ms} ms on PostgreSQL`,
  run,
};
