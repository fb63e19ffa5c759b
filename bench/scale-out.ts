import net from 'node:net';
import { bulkSummaryRows } from '../apps/server/src/demo/bulk-summaries.ts';
import type { Benchmark, BenchResult, Figure } from './lib/benchmark.ts';
import { createBenchDatabase, demoAdminHeaders } from './lib/bench-database.ts';
import { describeNon2xx, runLoad } from './lib/load.ts';
import { startServer, type RunningServer } from './lib/server.ts';
import { load } from './explorer.ts';

/**
 * Several server processes (issue 23): the explorer's call list (GET /api/calls/stats, its
 * default view) under 50 concurrent connections for a fixed time, against one server process
 * and then against WORKERS=2 on the same PostgreSQL database (push through Redis).
 */

/** Calls loaded: BENCH_SCALE_CALLS, else 20,000 over 30 days. */
const defaultCalls = 20_000;
const connections = 50;
/** Seconds measured per layout (BENCH_SCALE_SECONDS), after an unmeasured warm-up. */
const defaultSeconds = 20;
const warmupSeconds = 5;
/** The bench's servers listen in this range (PORT), one port per layout. */
const PORTS = [5690, 5691] as const;
const DAY_MS = 86_400_000;
const SEED = 232323;
const CALL_LIST = '/api/calls/stats?size=10&sortColumn=timestamp';

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379), timeout: 1500 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for the cluster primary's line saying every worker listens. */
async function allWorkersListening(server: RunningServer, workers: number): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (!server.output().some((line) => line.includes(`with ${workers} server processes`))) {
    if (Date.now() > deadline) throw new Error(`not all ${workers} workers listened in 120 s`);
    await delay(200);
  }
}

/** One layout: warm-up, then `seconds` of load; answers its figures and failures. */
async function measure(
  label: string,
  server: RunningServer,
  seconds: number,
): Promise<{ figures: Figure[]; failures: string[] }> {
  const headers = await demoAdminHeaders(server.baseUrl);
  const requests = [{ method: 'GET' as const, path: CALL_LIST, headers }];
  await runLoad({ url: server.baseUrl, connections, duration: warmupSeconds, requests });
  const result = await runLoad({
    url: server.baseUrl,
    title: label,
    connections,
    duration: seconds,
    requests,
  });
  const failures: string[] = [];
  if (result.non2xx > 0)
    failures.push(`${label}: ${result.non2xx} non-2xx answers (${describeNon2xx(result)})`);
  if (result.errors > 0)
    failures.push(`${label}: ${result.errors} connection errors (${result.timeouts} timeouts)`);
  return {
    figures: [
      { label: `${label}: requests/s (mean)`, value: result.requests.average },
      { label: `${label}: latency p50`, value: result.latency.p50, unit: 'ms' },
      { label: `${label}: latency p99`, value: result.latency.p99, unit: 'ms' },
      { label: `${label}: requests`, value: result.requests.total },
    ],
    failures,
  };
}

async function run(): Promise<BenchResult> {
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (!process.env.DATABASE_URL)
    return {
      figures: [
        { label: 'skipped', value: 'needs PostgreSQL (DATABASE_URL): PGlite is one process' },
      ],
      failures: [],
    };
  if (!(await reachable(redisUrl)))
    return { figures: [{ label: 'skipped', value: `no Redis at ${redisUrl}` }], failures: [] };

  const figures: Figure[] = [];
  const failures: string[] = [];
  const count = Number(process.env.BENCH_SCALE_CALLS ?? defaultCalls);
  const seconds = Number(process.env.BENCH_SCALE_SECONDS ?? defaultSeconds);
  const bench = await createBenchDatabase('callsight_bench_scale');
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
    try {
      await load(bench, database, generated.rows());
    } finally {
      await database.close();
    }
    await bench.settle(['call_summaries']);
    figures.push(
      { label: 'calls (summaries over 30 days)', value: count },
      { label: 'request', value: `GET ${CALL_LIST}` },
      { label: 'connections / seconds per layout', value: `${connections} / ${seconds}` },
    );

    const layouts = [
      { label: '1 process', workers: 1, port: PORTS[0] },
      { label: 'WORKERS=2', workers: 2, port: PORTS[1] },
    ];
    for (const layout of layouts) {
      let server: RunningServer;
      try {
        server = await startServer({
          DATABASE_URL: bench.url,
          REDIS_URL: redisUrl,
          WORKERS: String(layout.workers),
          PORT: String(layout.port),
        });
      } catch (error) {
        // The other layout's figures still count; this one says why it has none.
        failures.push(`${layout.label}: ${error instanceof Error ? error.message : String(error)}`);
        continue;
      }
      try {
        if (layout.workers > 1) await allWorkersListening(server, layout.workers);
        const measured = await measure(layout.label, server, seconds);
        figures.push(...measured.figures);
        failures.push(...measured.failures);
      } finally {
        await server.stop();
      }
    }
  } finally {
    await bench.drop();
  }
  return { figures, failures };
}

export const scaleOutBenchmark: Benchmark = {
  name: 'scale-out',
  description: `GET /api/calls/stats (explorer's default view) over ${defaultCalls.toLocaleString('en-US')} calls (BENCH_SCALE_CALLS), ${connections} connections for ${defaultSeconds} s (BENCH_SCALE_SECONDS): one server process, then WORKERS=2; PostgreSQL and Redis only`,
  run,
};
