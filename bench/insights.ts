import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import {
  AGENT_REGION_NAMES,
  CONNECT_REGION_NAMES,
  JOB_STATUSES,
  type JobState,
} from '@callsight/shared';
import type { Database } from '../apps/server/src/db/client.ts';
import { forGroup } from '../apps/server/src/db/group-scope.ts';
import { gsmMonitors, heartbeatTests } from '../apps/server/src/db/schema/index.ts';
import { Random } from '../apps/server/src/demo/random.ts';
import type { Benchmark, BenchResult, Figure } from './lib/benchmark.ts';
import {
  createBenchDatabase,
  percentile,
  timeGets,
  type BenchDatabase,
} from './lib/bench-database.ts';
import { startServer } from './lib/server.ts';

/**
 * Insights and the status map (issue 19) over 1,000,000 synthetic jobs (BENCH_INSIGHTS_JOBS;
 * 100,000 on PGlite) of one group over a year (BENCH_INSIGHTS_DAYS, 365: some 2,700 jobs a day,
 * a monitor of 7 x 7 regions every 30 minutes and a few hundred heartbeat calls), half monitor
 * runs across the regions, half heartbeat calls, in a database of its own loaded by COPY. Timed
 * through the real HTTP server: the period stats, the insights pages' job list (as the pages ask
 * it: every final status, up to 1,000 jobs, newest first, with the total, in the insights rows'
 * shape: view=insights) over 4 hours and 7 days with and without filters, and the status map's
 * region figures. Target p95 < 50 ms on PostgreSQL.
 */

const defaultJobs = { postgres: 1_000_000, pglite: 100_000 } as const;
const rowsPerCopy = 50_000;
const runsPerQuery = 40;
const targetP95Ms = 50;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const days = Number(process.env.BENCH_INSIGHTS_DAYS ?? 365);
const SPAN_MS = days * DAY_MS;
const SEED = 'insights-bench';
const TARGET_NUMBERS = ['+61290002000', '+61290002001', '+61290002002', '+61290002003'];
const AGENTS = ['Billing Bot', 'Sales Bot', 'ada@example.com', 'bob@example.com', 'cy@example.com'];
const FAILURES: JobState[] = JOB_STATUSES.filter(
  (s) => s !== 'Completed' && s !== 'Poor Call Quality',
);

const COLUMNS = [
  'group_id',
  'kind',
  'monitor_id',
  'heartbeat_id',
  'slot_at',
  'agent_id',
  'agent_type',
  'connect_region',
  'agent_region',
  'from_number',
  'to_number',
  'description',
  'status',
  'created_on',
  'updated_on',
  'started_at',
  'ended_at',
  'cx_score',
  'ax_score',
  'network_score',
  'mos',
  'carrier',
  'tags',
] as const;
const COPY = `COPY synthetic_jobs (${COLUMNS.join(', ')}) FROM STDIN`;

type Cell = string | number | null;
const cell = (v: Cell) => (v === null ? '\\N' : String(v));
const iso = (ms: number) => new Date(ms).toISOString();

interface Sources {
  groupId: string;
  monitors: string[];
  tests: string[];
}

/** A job's outcome: mostly Completed; an impaired agent region (Mumbai) fails and scores worse. */
function outcome(random: Random, impaired: boolean): { status: JobState; scores: Cell[] } {
  const r = random.next();
  const poor = impaired ? 0.25 : 0.05;
  const failed = impaired ? 0.1 : 0.06;
  const status: JobState =
    r < failed ? random.pick(FAILURES) : r < failed + poor ? 'Poor Call Quality' : 'Completed';
  if (status !== 'Completed' && status !== 'Poor Call Quality')
    return { status, scores: [null, null, null, null] };
  const score = (worst: number) => 10 - random.int(0, worst);
  const mos = Math.round(random.between(impaired ? 3.0 : 3.9, 4.4) * 100) / 100;
  return {
    status,
    scores: [
      score(impaired ? 3 : 1),
      score(impaired ? 3 : 1),
      impaired ? 7 - random.int(0, 3) : score(1),
      mos,
    ],
  };
}

/** The jobs' rows, oldest first, evenly over the days up to a minute ago. */
function* jobRows(sources: Sources, count: number, nowMs: number): Generator<Cell[]> {
  const random = Random.from(SEED);
  const startMs = nowMs - SPAN_MS;
  const stepMs = (SPAN_MS - 60_000) / count;
  for (let i = 0; i < count; i++) {
    const at = Math.round(startMs + i * stepMs);
    const monitor = i % 2 === 0;
    const connect = monitor ? random.pick(CONNECT_REGION_NAMES) : 'Sydney';
    const agent = monitor ? random.pick(AGENT_REGION_NAMES) : 'Sydney';
    const { status, scores } = outcome(random, agent === 'Mumbai');
    const endedMs = at + random.int(30_000, 70_000);
    yield [
      sources.groupId,
      monitor ? 'monitor' : 'heartbeat',
      monitor ? random.pick(sources.monitors) : null,
      monitor ? null : random.pick(sources.tests),
      iso(at),
      monitor ? `monitor-agent-${agent.toLowerCase().replaceAll(' ', '-')}` : random.pick(AGENTS),
      monitor || random.chance(0.5) ? 'HUMAN_AGENT' : 'VIRTUAL_AGENT',
      connect,
      agent,
      '+61290000300',
      monitor ? '+61290001000' : random.pick(TARGET_NUMBERS),
      monitor ? 'Regions sweep' : 'Heartbeat check',
      status,
      iso(at),
      iso(endedMs),
      iso(at + 1000),
      iso(endedMs),
      ...scores,
      'Telstra',
      '[]',
    ];
  }
}

function* copyChunks(rows: Generator<Cell[]>): Generator<string> {
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

/** Three monitors and three heartbeat tests, not scheduled (the server runs no job meanwhile). */
async function createSources(database: Database, groupId: string): Promise<Sources> {
  const scope = forGroup(database.db, groupId);
  const monitors = await database.db
    .insert(gsmMonitors)
    .values(
      [1, 2, 3].map((n) =>
        scope.row(gsmMonitors, {
          description: `Bench monitor ${n}`,
          connectRegions: [...CONNECT_REGION_NAMES],
          agentRegions: [...AGENT_REGION_NAMES],
          scheduleMinutes: 30,
          active: false,
        }),
      ),
    )
    .returning({ id: gsmMonitors.id });
  const tests = await database.db
    .insert(heartbeatTests)
    .values(
      [1, 2, 3].map((n) =>
        scope.row(heartbeatTests, {
          description: `Bench test ${n}`,
          agentType: 'VIRTUAL_AGENT',
          agentIds: ['Billing Bot'],
          sourcePhoneNumber: '+61290000300',
          targetPhoneNumber: TARGET_NUMBERS[0] ?? '',
          scheduleMinutes: 15,
          active: false,
        }),
      ),
    )
    .returning({ id: heartbeatTests.id });
  return { groupId, monitors: monitors.map((m) => m.id), tests: tests.map((t) => t.id) };
}

/** Loads the rows by COPY: node-postgres with pg-copy-streams, or PGlite's /dev/blob. */
async function load(bench: BenchDatabase, database: Database, rows: Generator<Cell[]>) {
  if (bench.kind === 'postgres') {
    const client = new pg.Client({ connectionString: bench.url });
    await client.connect();
    try {
      for (const text of copyChunks(rows))
        await pipeline(Readable.from([text]), client.query(copyFrom(COPY)));
    } finally {
      await client.end();
    }
    return;
  }
  const pglite = database.db.$client;
  for (const text of copyChunks(rows))
    await pglite.query(COPY.replace('STDIN', `'/dev/blob'`), [], { blob: new Blob([text]) });
  await pglite.query('analyze synthetic_jobs');
}

/** The requests timed, as the insights pages and the status page send them. */
function requests(nowMs: number) {
  const window = (ms: number) => `fromTime=${iso(nowMs - ms)}&toTime=now&timezone=UTC`;
  const statuses = `status=${encodeURIComponent(JOB_STATUSES.join(','))}`;
  const list = `size=1000&${statuses}&view=insights`;
  const hb = '/api/gsm/heartbeat/jobs';
  const gsm = '/api/gsm/monitors/jobs';
  const numbers = `targetPhoneNumber=${encodeURIComponent(TARGET_NUMBERS.slice(0, 2).join(','))}`;
  const regions = `connectRegions=${encodeURIComponent('Sydney,London')}`;
  return [
    { label: 'period stats, heartbeat, 4 h (default)', url: `${hb}/stats` },
    {
      label: 'period stats, heartbeat, 7 d, agentType + numbers',
      url: `${hb}/stats?${window(7 * DAY_MS)}&agentType=HUMAN_AGENT&${numbers}`,
    },
    {
      label: 'period stats, monitors, 4 h, 2 regions',
      url: `${gsm}/stats?${window(4 * HOUR_MS)}&${regions}`,
    },
    { label: 'period stats, monitors, 7 d', url: `${gsm}/stats?${window(7 * DAY_MS)}` },
    { label: 'insights list, heartbeat, 4 h', url: `${hb}?${window(4 * HOUR_MS)}&${list}` },
    {
      label: 'insights list, heartbeat, 4 h, agentType + numbers',
      url: `${hb}?${window(4 * HOUR_MS)}&${list}&agentType=VIRTUAL_AGENT&${numbers}`,
    },
    { label: 'insights list, heartbeat, 7 d', url: `${hb}?${window(7 * DAY_MS)}&${list}` },
    {
      label: 'insights list, heartbeat, 7 d, agentType + numbers',
      url: `${hb}?${window(7 * DAY_MS)}&${list}&agentType=VIRTUAL_AGENT&${numbers}`,
    },
    {
      label: 'insights list, monitors, 4 h, 2 regions',
      url: `${gsm}?${window(4 * HOUR_MS)}&${list}&${regions}`,
    },
    {
      label: 'insights list, monitors, 7 d, 2 regions',
      url: `${gsm}?${window(7 * DAY_MS)}&${list}&${regions}`,
    },
    { label: 'status map regions, monitors, 4 h (default)', url: `${gsm}/regions` },
    { label: 'status map regions, monitors, 24 h', url: `${gsm}/regions?${window(DAY_MS)}` },
    { label: 'status map regions, monitors, 7 d', url: `${gsm}/regions?${window(7 * DAY_MS)}` },
  ];
}

const countOf = (body: unknown): string => {
  if (Array.isArray(body)) return `${body.length} jobs`;
  if (typeof body !== 'object' || body === null) return '?';
  if ('regions' in body && Array.isArray(body.regions)) return `${body.regions.length} regions`;
  if (
    'current' in body &&
    typeof body.current === 'object' &&
    body.current &&
    'count' in body.current
  )
    return `${String(body.current.count)} jobs`;
  return '?';
};

async function run(): Promise<BenchResult> {
  const figures: Figure[] = [];
  const failures: string[] = [];
  const bench = await createBenchDatabase('callsight_bench_insights');
  const kind = bench.kind;
  const count = Number(process.env.BENCH_INSIGHTS_JOBS ?? defaultJobs[kind]);
  try {
    const { database, groupId } = await bench.prepare();
    const nowMs = Date.now();
    const loadStarted = performance.now();
    try {
      const sources = await createSources(database, groupId);
      await load(bench, database, jobRows(sources, count, nowMs));
    } finally {
      await database.close();
    }
    await bench.settle(['synthetic_jobs']);
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    figures.push(
      { label: `jobs (${days} days, half monitor, half heartbeat)`, value: count },
      { label: 'load: generate + COPY + vacuum analyze', value: loadSeconds.toFixed(1), unit: 's' },
      { label: 'load: jobs/s', value: Math.round(count / loadSeconds) },
    );

    // A super user of our own (monitor routes are theirs); no scheduler or probe running meanwhile.
    const admin = {
      email: 'bench-insights@callsight.local',
      password: randomBytes(18).toString('base64url'),
    };
    const server = await startServer({
      ...(bench.kind === 'postgres' ? { DATABASE_URL: bench.url } : { DATA_DIR: bench.dataDir }),
      CALLSIGHT_ADMIN_EMAIL: admin.email,
      CALLSIGHT_ADMIN_PASSWORD: admin.password,
      SYNTHETIC_SCHEDULER: 'false',
      PROBE_CONCURRENCY: '0',
    });
    try {
      const login = await fetch(`${server.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(admin),
      });
      if (login.status !== 200) throw new Error(`login answered ${login.status}`);
      const { accessToken } = (await login.json()) as { accessToken: string };
      const headers = { authorization: `Bearer ${accessToken}`, 'x-group-id': groupId };
      const all: number[] = [];
      for (const q of requests(nowMs)) {
        const { ms, body, bytes } = await timeGets(server.baseUrl, q.url, headers, runsPerQuery);
        if (!Array.isArray(body) && typeof body === 'object' && body && 'error' in body)
          throw new Error(`${q.label}: ${JSON.stringify(body)}`);
        all.push(...ms);
        const p95 = percentile(ms, 95);
        figures.push({
          label: `${q.label} (${countOf(body)}, ${Math.round(bytes / 1024)} kB)`,
          value: `p50 ${percentile(ms, 50).toFixed(1)} / p95 ${p95.toFixed(1)}`,
          unit: 'ms',
        });
        if (kind === 'postgres' && p95 > targetP95Ms)
          failures.push(`"${q.label}" p95 ${p95.toFixed(1)} ms is over ${targetP95Ms} ms`);
      }
      all.sort((a, b) => a - b);
      figures.push({
        label: 'all requests',
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

export const insightsBenchmark: Benchmark = {
  name: 'insights',
  description: `GSM and heartbeat insights and the status map over ${defaultJobs.postgres.toLocaleString('en-US')} synthetic jobs on PostgreSQL (${defaultJobs.pglite.toLocaleString('en-US')} on PGlite; BENCH_INSIGHTS_JOBS): period stats, the insights job list (4 h, 7 d, filters), region figures; target p95 < ${targetP95Ms} ms on PostgreSQL`,
  run,
};
