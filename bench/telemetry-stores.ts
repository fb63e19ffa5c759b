import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  CALL_DETAIL_LIMITS,
  CallStatsQuerySchema,
  type CallStatsQueryInput,
  type IngestSampleInput,
} from '@callsight/shared';
import type { Database } from '../apps/server/src/db/client.ts';
import type { ClickHouseClient } from '../apps/server/src/db/clickhouse/client.ts';
import { openChdbClickHouseClient } from '../apps/server/src/db/clickhouse/chdb-client.ts';
import { queryRows } from '../apps/server/src/db/pg-arrays.ts';
import { ConcurrencyGate } from '../apps/server/src/services/telemetry/concurrency-gate.ts';
import type { IngestDeps } from '../apps/server/src/services/telemetry/ingest-context.ts';
import { TrailingSummaries } from '../apps/server/src/services/telemetry/trailing-summaries.ts';
import { wholeGroup } from '../apps/server/src/services/telemetry-store/call-scope.ts';
import { clickHouseStoreOn } from '../apps/server/src/services/telemetry-store/open-telemetry-store.ts';
import { postgresTelemetryStore } from '../apps/server/src/services/telemetry-store/postgres-store.ts';
import type { TelemetryStore } from '../apps/server/src/services/telemetry-store/telemetry-store.ts';
import { sql } from 'drizzle-orm';
import type { Benchmark, BenchResult, Figure } from './lib/benchmark.ts';
import { createBenchDatabase, percentile, type BenchDatabase } from './lib/bench-database.ts';

/**
 * The telemetry stores side by side (issue 23): PostgreSQL (DATABASE_URL's server, a bench
 * database of its own; PGlite without it) and ClickHouse in process through chDB, on the same
 * generated data in the same run, through the TelemetryStore interface in this process.
 *
 *  1. ingest: the same sample batches (each the next 10 s of every call of a client, as the
 *     collector flushes) through each store's writer; PostgreSQL through today's ingest service
 *     (its trailing-summary catch-up included in the time), ClickHouse through its writer.
 *  2. bytes on disk of what step 1 stored, per call-hour (3,600 seconds of one call): PostgreSQL
 *     pg_total_relation_size after vacuum; ClickHouse system.parts bytes_on_disk after merges.
 *  3. call detail: one call's summary, seconds and log lines (as GET /api/calls/:id reads them).
 *  4. explorer: BENCH_STORES_CALLS call summaries bulk-loaded into both (identical generated rows:
 *     COPY on PostgreSQL, JSONEachRow inserts on ClickHouse), then pages of the call list.
 *
 * `npm run bench -- stores --store postgres|chdb|both` (default both; or BENCH_STORES_STORE).
 * Sizes: BENCH_STORES_CALLS (explorer summaries, 10,000,000), BENCH_STORES_INGEST_CALLS (calls
 * per client, 1,000), BENCH_STORES_INGEST_CLIENTS (2), BENCH_STORES_CALL_SECONDS (seconds of
 * each ingested call, 360), BENCH_STORES_RUNS (timed runs per query, 20).
 */

type StoreName = 'postgres' | 'chdb';

const envInt = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};

const explorerCalls = envInt('BENCH_STORES_CALLS', 10_000_000);
const ingestClients = envInt('BENCH_STORES_INGEST_CLIENTS', 2);
const callsPerClient = envInt('BENCH_STORES_INGEST_CALLS', 1_000);
const callSeconds = envInt('BENCH_STORES_CALL_SECONDS', 360);
const runs = envInt('BENCH_STORES_RUNS', 20);
const warmupRuns = 3;
/** Seconds of each call per batch: the collector's flush interval. */
const secondsPerBatch = 10;
const DAY_MS = 86_400_000;
const SEED = 2323;
const CH_TABLES = ['call_seconds', 'call_summaries', 'softphone_logs', 'call_aggregates'];
const PG_TABLES = ['call_sample_chunks', 'call_summaries', 'softphone_logs'];

/** --store postgres|chdb|both (or --store=...), else BENCH_STORES_STORE, else both. */
export function selectedStores(argv = process.argv): StoreName[] {
  const at = argv.findIndex((a) => a === '--store' || a.startsWith('--store='));
  const raw =
    at < 0
      ? (process.env.BENCH_STORES_STORE ?? 'both')
      : argv[at]?.includes('=')
        ? argv[at]?.split('=')[1]
        : argv[at + 1];
  if (raw === 'postgres' || raw === 'pg') return ['postgres'];
  if (raw === 'chdb' || raw === 'clickhouse') return ['chdb'];
  if (raw === 'both' || raw === undefined) return ['postgres', 'chdb'];
  throw new Error(`--store must be postgres, chdb or both (got ${raw})`);
}

/** A small deterministic generator (mulberry32): the same batches for both stores. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round = (v: number, decimals: number) => Number(v.toFixed(decimals));

/**
 * One batch: the next 10 s of each of a client's calls, every second as the collector sends it
 * (inbound MOS from the softphone, packets and loss both ways, audio levels, RTT, jitter, CPU
 * and memory each second, agent status), with noise so that compression meets real values.
 */
function batchSamples(client: number, batch: number, startMs: number): IngestSampleInput[] {
  const next = random(SEED + client * 100_003 + batch);
  const out: IngestSampleInput[] = [];
  for (let call = 0; call < callsPerClient; call++) {
    for (let k = 0; k < secondsPerBatch; k++) {
      const second = batch * secondsPerBatch + k;
      const bad = next() < 0.03;
      const inPackets = 50 - (next() < 0.1 ? 1 : 0);
      const outPackets = 50 - (next() < 0.1 ? 1 : 0);
      out.push({
        contactId: `stores-${client}-${call}`,
        timestamp: startMs + second * 1000 + (call % 1000),
        inbound: {
          mos: round(bad ? 2.8 + next() * 0.6 : 4.1 + next() * 0.3, 2),
          packetsCount: inPackets,
          packetsLost: bad ? Math.floor(next() * 6) : 0,
          audioLevel: round(next() * 0.3, 4),
        },
        outbound: {
          packetsCount: outPackets,
          packetsLost: bad ? Math.floor(next() * 4) : 0,
          audioLevel: round(next() * 0.25, 4),
        },
        rttMs: Math.round(bad ? 250 + next() * 150 : 30 + (call % 40) + next() * 15),
        jitterMs: round(bad ? 25 + next() * 20 : 1 + next() * 6, 1),
        cpuAvailablePercent: Math.round(40 + next() * 50),
        memoryUsedPercent: Math.round(50 + (call % 30) + next() * 5),
        agentStatus: second % 300 < 20 ? 'On Hold' : 'Talk',
      });
    }
  }
  return out;
}

/** An opened store and what the bench needs of it beside the interface. */
interface OpenStore {
  name: StoreName;
  store: TelemetryStore;
  /** After a write: anything the store defers (PostgreSQL's trailing summaries). */
  afterIngest(): Promise<void>;
  /** Per table: bytes on disk and rows, after the store's own housekeeping. */
  tableBytes(): Promise<Map<string, { bytes: number; rows: number }>>;
  /** Bulk-loads `count` explorer summaries (the same generator for both). */
  bulkLoad(bulk: BulkLoad): Promise<void>;
  close(): Promise<void>;
}

function gate() {
  return new ConcurrencyGate(4, 1000, 600_000);
}

async function openPostgres(bench: BenchDatabase, database: Database): Promise<OpenStore> {
  const base: IngestDeps = {
    db: database.db,
    gate: gate(),
    push: { publish: () => {} },
    now: Date.now,
  };
  const trailing = new TrailingSummaries(base);
  const deps: IngestDeps = { ...base, trailing };
  return {
    name: 'postgres',
    store: postgresTelemetryStore(deps),
    afterIngest: async () => {
      await trailing.refreshIdle(0);
    },
    async tableBytes() {
      await bench.settle(PG_TABLES);
      const out = new Map<string, { bytes: number; rows: number }>();
      for (const table of PG_TABLES) {
        const [row] = await queryRows<{ bytes: string; rows: string }>(
          database.db,
          sql.raw(
            `select pg_total_relation_size('${table}') as bytes, (select count(*) from ${table}) as rows`,
          ),
        );
        out.set(table, { bytes: Number(row?.bytes ?? 0), rows: Number(row?.rows ?? 0) });
      }
      return out;
    },
    async bulkLoad(bulk) {
      // The secondary indexes are dropped for the load and built once after it: kept up row by
      // row, the eight of them made 10,000,000 calls a ~45 minute load here (decision CH47).
      const indexes = await queryRows<{ name: string; definition: string }>(
        database.db,
        sql`select indexrelid::regclass::text as name, pg_get_indexdef(indexrelid) as definition
            from pg_index i where indrelid = 'call_summaries'::regclass
              and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
      );
      await database.db.execute(sql`alter table call_summaries disable trigger user`);
      for (const index of indexes) await database.db.execute(sql.raw(`drop index ${index.name}`));
      try {
        for (let i = 0; i < bulk.count; i += BULK_STEP) {
          await database.db.execute(bulkInsert(bulk, i, Math.min(bulk.count, i + BULK_STEP)));
          if (i > 0 && i % (4 * BULK_STEP) === 0) console.log(`    postgres: ${i} loaded`);
        }
      } finally {
        for (const index of indexes) await database.db.execute(sql.raw(index.definition));
        await database.db.execute(sql`alter table call_summaries enable trigger user`);
      }
      await bench.settle(['call_summaries']);
    },
    // The database is the run's: closed once, after every store.
    close: async () => {},
  };
}

/** Explorer summaries loaded per statement. */
const BULK_STEP = 500_000;
const ISPS = ['Telstra', 'Optus', 'TPG', 'Comcast', 'Verizon', 'Spectrum', 'Vodafone', 'BT'];
const AGENTS = 1_000;

/** What both stores load for the explorer: `count` calls of a group over 30 days to `nowMs`. */
interface BulkLoad {
  groupId: string;
  count: number;
  nowMs: number;
  postgresUrl: string | undefined;
}

/**
 * Calls i..end of the explorer load, generated by PostgreSQL in start order (setseed: the same
 * rows every run): 1,000 agents, 8 ISPs, 0-900 s, MOS 2.5-4.4, jitter, RTT and loss spread.
 */
function bulkInsert(bulk: BulkLoad, i: number, end: number) {
  const fromS = (bulk.nowMs - 30 * DAY_MS) / 1000;
  const stepS = (30 * DAY_MS) / 1000 / bulk.count;
  const isps = `{${ISPS.join(',')}}`;
  return sql`
    with seeded as (select setseed(${(i / bulk.count) * 0.9}))
    insert into call_summaries (
      group_id, contact_id, agent, direction, start_time, end_time, ended_by, agent_isp,
      browser_name, browser_version, network_type, sample_count, first_sample_at, last_sample_at,
      summary_received_at, duration_seconds, mos_avg, mos_min, mos_inbound_avg, mos_outbound_avg,
      jitter_avg_ms, jitter_max_ms, rtt_avg_ms, rtt_max_ms, packets_count, packets_lost,
      packets_lost_fraction, cpu_available_min_percent, memory_used_max_percent, error_log_count,
      score, tags, insights
    )
    select ${bulk.groupId}::uuid, 'bulk-' || lpad(g::text, 9, '0'),
      'agent' || (hashint4(g) & 1023) % ${AGENTS} || '@bench.example', 'INBOUND',
      s.st, s.st + s.d * interval '1 second',
      case when random() < 0.6 then 'CUSTOMER' else 'AGENT' end,
      (${isps}::text[])[1 + floor(random() * ${ISPS.length})::int], 'Chrome', '126.0', 'ethernet',
      s.d, s.st, s.st + s.d * interval '1 second', s.st + s.d * interval '1 second', s.d,
      s.mos, s.mos - random() * 0.8, s.mos, s.mos - random() * 0.2,
      s.jitter, s.jitter * (1 + random() * 3), s.rtt, s.rtt * (1 + random() * 2),
      s.d * 100, floor(s.d * 100 * s.loss)::bigint, s.loss, 20 + random() * 70,
      40 + random() * 50, (random() < 0.05)::int, round((s.mos * 2)::numeric, 1)::real,
      case when s.mos < 3.5 then '{"poor-mos"}'::text[] else '{}'::text[] end, '[]'::jsonb
    from seeded, generate_series(${i}::int, ${end - 1}::int) g
    cross join lateral (
      select to_timestamp(${fromS}::float8 + (g + random()) * ${stepS}::float8) as st,
        floor(random() * 901)::int as d, 2.5 + random() * 1.9 as mos,
        2 + random() * 28 as jitter, 20 + random() * 280 as rtt, random() * 0.03 as loss
    ) s`;
}

/** The bulk columns ClickHouse copies. */
const CH_BULK_COLUMNS = [
  'group_id',
  'contact_id',
  'agent',
  'direction',
  'start_time',
  'end_time',
  'ended_by',
  'agent_isp',
  'browser_name',
  'browser_version',
  'network_type',
  'sample_count',
  'first_sample_at',
  'last_sample_at',
  'summary_received_at',
  'duration_seconds',
  'mos_avg',
  'mos_min',
  'mos_inbound_avg',
  'mos_outbound_avg',
  'jitter_avg_ms',
  'jitter_max_ms',
  'rtt_avg_ms',
  'rtt_max_ms',
  'packets_count',
  'packets_lost',
  'packets_lost_fraction',
  'cpu_available_min_percent',
  'memory_used_max_percent',
  'error_log_count',
  'score',
  'tags',
  'insights',
];
const CH_TIMES = new Set([
  'start_time',
  'end_time',
  'first_sample_at',
  'last_sample_at',
  'summary_received_at',
]);
const chCast = (column: string) =>
  CH_TIMES.has(column)
    ? `toDateTime64(${column}, 3, 'UTC')`
    : column === 'insights'
      ? 'toString(insights)'
      : column === 'group_id'
        ? 'toUUID(toString(group_id))'
        : column;

async function openChdb(deps: IngestDeps): Promise<OpenStore> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'callsight-bench-chdb-'));
  const client: ClickHouseClient = await openChdbClickHouseClient({
    path: dir,
    database: 'callsight_bench_stores',
  });
  const store = await clickHouseStoreOn(
    client,
    { database: client.database, retentionDays: 395 },
    { ...deps, gate: gate() },
  );
  return {
    name: 'chdb',
    store,
    afterIngest: async () => {},
    async tableBytes() {
      // As a running server ends up after its background merges (the bench cannot wait for them).
      for (const table of CH_TABLES) await client.command(`OPTIMIZE TABLE ${table} FINAL`);
      const rows = await client.query<{ table: string; bytes: string; rows: string }>(
        `SELECT table, sum(bytes_on_disk) AS bytes, sum(rows) AS rows FROM system.parts
         WHERE database = {db:String} AND active GROUP BY table`,
        { db: client.database },
      );
      return new Map(
        rows.map((r) => [r.table, { bytes: Number(r.bytes), rows: Number(r.rows) }] as const),
      );
    },
    async bulkLoad(bulk) {
      // The very rows PostgreSQL holds, read by ClickHouse's postgresql() table function.
      const url = bulk.postgresUrl;
      if (!url) throw new Error('the chDB explorer load copies from PostgreSQL (DATABASE_URL)');
      const pgUrl = new URL(url);
      const source = `postgresql('${pgUrl.hostname}:${pgUrl.port || 5432}', '${pgUrl.pathname.slice(1)}', 'call_summaries', '${decodeURIComponent(pgUrl.username)}', '${decodeURIComponent(pgUrl.password)}')`;
      await client.command(
        `INSERT INTO call_summaries (${CH_BULK_COLUMNS.join(', ')}, version, is_deleted, created_at, updated_at)
         SELECT ${CH_BULK_COLUMNS.map(chCast).join(', ')}, 1, 0, now64(3), now64(3)
         FROM ${source} WHERE contact_id LIKE 'bulk-%'`,
      );
      await client.command('OPTIMIZE TABLE call_summaries FINAL');
    },
    async close() {
      await store.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

const ms = (sorted: readonly number[], p: number) => percentile(sorted, p).toFixed(1);

/** Runs `fn` warmupRuns + runs times; answers the timed runs' ms, sorted. */
async function timed(fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < warmupRuns; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out.sort((a, b) => a - b);
}

const timeText = (msValue: number) => new Date(msValue).toISOString().slice(0, 19);

/** The explorer pages timed: the default view, a sort column, a filter, a deep page. */
function explorerQueries(nowMs: number, agent: string) {
  const window = (days: number) => ({
    fromTime: timeText(nowMs - days * DAY_MS),
    toTime: timeText(nowMs),
    timezone: 'UTC',
    size: 10,
  });
  const list: { label: string; input: CallStatsQueryInput }[] = [
    { label: '24 h, newest first (default)', input: window(1) },
    {
      label: '7 days, by MOS asc',
      input: { ...window(7), sortColumn: 'mos', sortDirection: 'asc' },
    },
    { label: '7 days, agent =', input: { ...window(7), agent } },
    {
      label: '30 days, MOS <= 3.5, by jitter',
      input: { ...window(30), mosFrom: 0, mosTo: 3.5, sortColumn: 'jitter' },
    },
    {
      label: '24 h, by duration, page 101 (from 1,000)',
      input: { ...window(1), sortColumn: 'durationSeconds', from: 1000 },
    },
  ];
  return list.map((q) => ({ label: q.label, query: CallStatsQuerySchema.parse(q.input) }));
}

/** A row of the side-by-side table: one column per store. */
function sideBySide(
  label: string,
  stores: readonly StoreName[],
  values: Partial<Record<StoreName, string>>,
  unit?: string,
): Figure {
  const value = stores.map((s) => (values[s] ?? '-').padStart(16)).join('');
  return unit ? { label, value, unit } : { label, value };
}

async function run(): Promise<BenchResult> {
  const figures: Figure[] = [];
  const failures: string[] = [];
  const names = selectedStores();
  const bench = await createBenchDatabase('callsight_bench_stores');
  const opened: OpenStore[] = [];
  const row = (label: string, values: Partial<Record<StoreName, string>>, unit?: string) =>
    figures.push(sideBySide(label, names, values, unit));
  let openedDatabase: Database | undefined;
  try {
    const { database, groupId } = await bench.prepare();
    openedDatabase = database;
    const pgDeps: IngestDeps = {
      db: database.db,
      gate: gate(),
      push: { publish: () => {} },
      now: Date.now,
    };
    if (names.includes('postgres')) opened.push(await openPostgres(bench, database));
    if (names.includes('chdb')) opened.push(await openChdb(pgDeps));
    row(
      'store',
      Object.fromEntries(
        opened.map((o) => [o.name, o.name === 'postgres' ? `${bench.kind}` : 'chdb']),
      ),
    );

    // 1. Ingest: the same batches, one store after the other.
    const batches = Math.ceil(callSeconds / secondsPerBatch);
    const startMs = Date.now() - 2 * DAY_MS;
    const perBatch = callsPerClient * secondsPerBatch;
    const total = ingestClients * batches * perBatch;
    console.log(
      `  ingest: ${ingestClients} clients x ${batches} batches of ${perBatch.toLocaleString('en-US')} samples (${(total / 3600).toFixed(0)} call-hours)`,
    );
    const samples = Array.from({ length: ingestClients }, (_, c) =>
      Array.from({ length: batches }, (_, b) => batchSamples(c, b, startMs)),
    );
    const rates: Partial<Record<StoreName, string>> = {};
    const batchP95: Partial<Record<StoreName, string>> = {};
    const before = new Map<StoreName, Map<string, { bytes: number; rows: number }>>();
    for (const o of opened) {
      before.set(o.name, await o.tableBytes());
      const latencies: number[] = [];
      const started = performance.now();
      await Promise.all(
        samples.map(async (perClient) => {
          for (const batch of perClient) {
            const t = performance.now();
            const result = await o.store.ingestSamples(groupId, batch);
            latencies.push(performance.now() - t);
            if (result.accepted !== batch.length || result.duplicates !== 0)
              throw new Error(`${o.name}: stored ${result.accepted} of ${batch.length}`);
          }
        }),
      );
      await o.afterIngest();
      const seconds = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      rates[o.name] = Math.round(total / seconds).toLocaleString('en-US');
      batchP95[o.name] = ms(latencies, 95);
      console.log(`  ${o.name}: ingested ${total} samples in ${seconds.toFixed(1)} s`);
    }
    row(`ingest samples/s (${total.toLocaleString('en-US')} samples)`, rates);
    row(`ingest p95 per batch of ${perBatch.toLocaleString('en-US')}`, batchP95, 'ms');

    // 2. Bytes on disk of what ingest stored, per call-hour.
    const callHours = total / 3600;
    const calls = ingestClients * callsPerClient;
    const perHour: Partial<Record<StoreName, string>> = {};
    const secondsPerHour: Partial<Record<StoreName, string>> = {};
    const perCall: Partial<Record<StoreName, string>> = {};
    const perSecond: Partial<Record<StoreName, string>> = {};
    for (const o of opened) {
      const after = await o.tableBytes();
      const was = before.get(o.name) ?? new Map<string, { bytes: number; rows: number }>();
      const grown = (table: string) =>
        (after.get(table)?.bytes ?? 0) - (was.get(table)?.bytes ?? 0);
      const secondsTable = o.name === 'postgres' ? 'call_sample_chunks' : 'call_seconds';
      const all = [...after.keys()].reduce((sum, t) => sum + grown(t), 0);
      const summaries = grown('call_summaries');
      perHour[o.name] = Math.round(all / callHours).toLocaleString('en-US');
      secondsPerHour[o.name] = Math.round(
        (grown(secondsTable) + grown('call_aggregates')) / callHours,
      ).toLocaleString('en-US');
      perCall[o.name] = Math.round(summaries / calls).toLocaleString('en-US');
      perSecond[o.name] = ((all - summaries) / total).toFixed(2);
      console.log(
        `  ${o.name} tables: ${[...after].map(([t, v]) => `${t} ${v.rows} rows ${v.bytes} B`).join(', ')}`,
      );
    }
    row(`bytes on disk per call-hour (${callSeconds} s calls, all tables)`, perHour, 'B');
    row('  of which seconds (+ aggregates)', secondsPerHour, 'B');
    row('bytes per call-second (seconds tables)', perSecond, 'B');
    row('bytes per call summary', perCall, 'B');

    // 3. Call detail: summary, seconds and log lines of one call, at once as the route reads.
    const detail: Partial<Record<StoreName, string>> = {};
    for (const o of opened) {
      let secondsRead = 0;
      const times = await timed(async () => {
        const contactId = `stores-0-${Math.floor(Math.random() * callsPerClient)}`;
        const [summary, seconds] = await Promise.all([
          o.store.callSummary(wholeGroup(groupId), contactId),
          o.store.callSeconds(wholeGroup(groupId), contactId, CALL_DETAIL_LIMITS.maxSeconds),
          o.store.callLogs(wholeGroup(groupId), contactId, CALL_DETAIL_LIMITS.maxLogs),
        ]);
        if (!summary) throw new Error(`${o.name}: no summary of ${contactId}`);
        secondsRead = seconds.length;
      });
      if (secondsRead !== batches * secondsPerBatch)
        failures.push(`${o.name}: call detail read ${secondsRead} seconds`);
      detail[o.name] = `${ms(times, 50)} / ${ms(times, 95)}`;
    }
    row(`call detail p50 / p95 (${batches * secondsPerBatch} s call)`, detail, 'ms');

    // 4. Explorer over bulk-loaded summaries (identical rows in both).
    const nowMs = Date.now();
    const bulk: BulkLoad = { groupId, count: explorerCalls, nowMs, postgresUrl: bench.url };
    const loads: Partial<Record<StoreName, string>> = {};
    // ClickHouse copies PostgreSQL's rows: PostgreSQL loads first even when only chDB is timed.
    if (!names.includes('postgres')) {
      const pgOnly = await openPostgres(bench, database);
      await pgOnly.bulkLoad(bulk);
    }
    for (const o of opened) {
      const started = performance.now();
      await o.bulkLoad(bulk);
      const seconds = (performance.now() - started) / 1000;
      loads[o.name] = `${seconds.toFixed(0)} s`;
      console.log(`  ${o.name}: loaded ${explorerCalls} summaries in ${seconds.toFixed(1)} s`);
    }
    row(`explorer load of ${explorerCalls.toLocaleString('en-US')} calls (incl. settle)`, loads);
    const agent = 'agent7@bench.example';
    const all = new Map<StoreName, number[]>();
    for (const q of explorerQueries(nowMs, agent)) {
      const values: Partial<Record<StoreName, string>> = {};
      const totals: string[] = [];
      for (const o of opened) {
        let total = 0;
        const times = await timed(async () => {
          total = (await o.store.listCallStats(wholeGroup(groupId), q.query, new Date(nowMs)))
            .total;
        });
        totals.push(`${o.name} ${total}`);
        all.set(o.name, [...(all.get(o.name) ?? []), ...times]);
        values[o.name] = `${ms(times, 50)} / ${ms(times, 95)}`;
      }
      const [a, b] = totals.map((t) => t.split(' ')[1]);
      if (totals.length === 2 && a !== b) failures.push(`${q.label}: totals differ (${totals})`);
      row(`explorer ${q.label} p50 / p95`, values, 'ms');
    }
    const overall: Partial<Record<StoreName, string>> = {};
    for (const [name, times] of all)
      overall[name] = ms(
        times.sort((x, y) => x - y),
        95,
      );
    row('explorer all pages p95', overall, 'ms');
  } finally {
    for (const o of opened.reverse()) await o.close().catch(() => {});
    await openedDatabase?.close().catch(() => {});
    await bench.drop();
  }
  return { figures, failures };
}

export const telemetryStoresBenchmark: Benchmark = {
  name: 'stores',
  description: `telemetry stores side by side (--store postgres|chdb|both): ingest samples/s through each store's writer, bytes on disk per call-hour, call detail and explorer p95 over ${explorerCalls.toLocaleString('en-US')} calls (BENCH_STORES_CALLS), same generated data`,
  run,
};
