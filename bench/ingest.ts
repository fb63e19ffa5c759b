import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import {
  AGENT_STATUS_CHART_VALUES,
  mosFromNetwork,
  packetLossPercent,
  type IngestSampleInput,
} from '@callsight/shared';
import { openDatabase } from '../apps/server/src/db/client.ts';
import type { Benchmark, BenchContext, BenchResult, Figure } from './lib/benchmark.ts';
import { startServer } from './lib/server.ts';

/**
 * Ingest throughput: POST /api/ingest/v1/samples through HTTP with an API key (validation, MOS,
 * the per-second insert and each call's summary update, committed before the answer), against
 * the same rows loaded with COPY FROM STDIN into call_sample_chunks (the fastest way into PostgreSQL;
 * it writes no summary). On PostgreSQL and on PGlite: the run's own server, plus a PGlite server of
 * its own when the run is on PostgreSQL, and on PostgreSQL again without the chart rollups (their
 * triggers off, no refresh) and without the usage marks either (issue 34: what each costs). Knobs:
 * INGEST_BENCH_CLIENTS, INGEST_BENCH_BATCHES, INGEST_BENCH_CALLS (calls per client; each batch
 * carries the next seconds of each), INGEST_BENCH_PGLITE=false to skip the extra PGlite leg,
 * INGEST_BENCH_WITHOUT=false to skip the legs without rollups, INGEST_BENCH_ROUNDS to alternate
 * the PostgreSQL legs several times (this machine's figures vary by ±20 % from run to run).
 */

const envInt = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};

const samplesPerBatch = 10_000;
/** Concurrent senders (a collector relay per site, say), each with its own calls. */
const clients = envInt('INGEST_BENCH_CLIENTS', 4);
const callsPerClient = envInt('INGEST_BENCH_CALLS', 1_000);
const secondsPerCall = Math.max(1, Math.floor(samplesPerBatch / callsPerClient));
const batchesPerClient = {
  postgres: envInt('INGEST_BENCH_BATCHES', 10),
  pglite: envInt('INGEST_BENCH_BATCHES', 3),
};
/** Rounds of the PostgreSQL legs (with, without rollups, without usage marks), alternated. */
const rounds = envInt('INGEST_BENCH_ROUNDS', 1);
/** A goal printed beside the figure, not a gate: the bench fails only on errors or lost samples. */
const GOAL_SAMPLES_PER_SECOND = 100_000;
const demoAdmin = { email: 'admin@demo.callsight.local', password: 'Callsight-demo-1' };
const maxRetries = 50;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Signs in as the demo admin and creates an API key of their group through the API. */
async function createApiKey(baseUrl: string): Promise<{ key: string; groupId: string }> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(demoAdmin),
  });
  if (login.status !== 200)
    throw new Error(`login answered ${login.status}: ${await login.text()}`);
  const session = (await login.json()) as { accessToken: string; claims: { groupId: string } };
  const created = await fetch(`${baseUrl}/api/config/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${session.accessToken}`,
      'x-group-id': session.claims.groupId,
    },
    body: JSON.stringify({ name: `bench-ingest-${Date.now()}` }),
  });
  if (created.status !== 201)
    throw new Error(`POST /api/config/token answered ${created.status}: ${await created.text()}`);
  const { token } = (await created.json()) as { token: string };
  return { key: token, groupId: session.claims.groupId };
}

/**
 * The samples of one batch: the next seconds of each of the client's calls. A realistic mix:
 * inbound MOS sent by the softphone, outbound MOS left for the server's E-model, CPU every few
 * seconds, a few bad seconds.
 */
function batchSamples(
  prefix: string,
  client: number,
  batch: number,
  startMs: number,
): IngestSampleInput[] {
  const out: IngestSampleInput[] = [];
  for (let call = 0; call < callsPerClient; call++) {
    for (let k = 0; k < secondsPerCall; k++) {
      const second = batch * secondsPerCall + k;
      const bad = (call + second) % 37 === 0;
      out.push({
        contactId: `${prefix}-${client}-${call}`,
        timestamp: startMs + second * 1000,
        inbound: {
          mos: bad ? 3.1 : 4.3,
          packetsCount: 50,
          packetsLost: bad ? 3 : 0,
          audioLevel: 0.12,
        },
        outbound: { packetsCount: 50, packetsLost: bad ? 2 : 0, audioLevel: 0.08 },
        rttMs: bad ? 320 : 45 + (call % 20),
        jitterMs: bad ? 38 : 3 + (second % 4),
        cpuAvailablePercent: k % 5 === 0 ? 60 : null,
        agentStatus: 'Talk',
      });
    }
  }
  return out;
}

/** The stored measures' columns, in MEASURES order (chunk arrays and per-second rows alike). */
const MEASURE_COLUMNS =
  'in_mos, in_packets, in_lost, in_audio_level, out_mos, out_packets, out_lost, ' +
  'out_audio_level, rtt_ms, jitter_ms, cpu_available_percent, memory_used_percent, ' +
  'agent_status, mos_computed';
const COPY_COLUMNS = `group_id, contact_id, start_ts, end_ts, seconds, offsets_ms, ${MEASURE_COLUMNS}`;

/** Each stored measure of a sample, in MEASURE_COLUMNS order: computed MOS included. */
const MEASURES: ((s: IngestSampleInput) => number | null | undefined)[] = [
  (s) => s.inbound?.mos,
  (s) => s.inbound?.packetsCount,
  (s) => s.inbound?.packetsLost,
  (s) => s.inbound?.audioLevel,
  (s) =>
    mosFromNetwork({
      rttMs: s.rttMs ?? 0,
      jitterMs: s.jitterMs ?? 0,
      packetLossPercent:
        packetLossPercent(s.outbound?.packetsCount ?? null, s.outbound?.packetsLost ?? null) ?? 0,
    }),
  (s) => s.outbound?.packetsCount,
  (s) => s.outbound?.packetsLost,
  (s) => s.outbound?.audioLevel,
  (s) => s.rttMs,
  (s) => s.jitterMs,
  (s) => s.cpuAvailablePercent,
  (s) => s.memoryUsedPercent,
  (s) => (s.agentStatus ? AGENT_STATUS_CHART_VALUES[s.agentStatus] : null),
  () => 2,
];

const element = (v: number | string | null | undefined) =>
  v === null || v === undefined ? 'NULL' : String(v);
const arrayText = (values: readonly (number | null | undefined)[]) =>
  `{${values.map(element).join(',')}}`;

/**
 * The same rows as COPY text: the chunk row the server stores for each call of the batch (its
 * seconds' measures as arrays), computed MOS included.
 */
function copyText(groupId: string, samples: readonly IngestSampleInput[], prefix: string): string {
  const byCall = new Map<string, IngestSampleInput[]>();
  for (const s of samples) {
    const list = byCall.get(s.contactId);
    if (list) list.push(s);
    else byCall.set(s.contactId, [s]);
  }
  const lines: string[] = [];
  for (const [contactId, list] of byCall) {
    const t0 = Number(list[0]?.timestamp);
    const t1 = Number(list.at(-1)?.timestamp);
    lines.push(
      [
        groupId,
        `${prefix}${contactId}`,
        new Date(t0).toISOString(),
        new Date(t1).toISOString(),
        String(list.length),
        arrayText(list.map((s) => Number(s.timestamp) - t0)),
        ...MEASURES.map((measure) => arrayText(list.map(measure))),
      ].join('\t'),
    );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * For comparison only: the same seconds as one row each, in the per-second table the issue
 * describes (and call_samples was until chunks, decisions.md P1), keyed (group, contact, second).
 */
const PER_SECOND_TABLE = 'bench_per_second_rows';
const PER_SECOND_COLUMNS = `group_id, contact_id, ts, ${MEASURE_COLUMNS}`;
const PER_SECOND_DDL = `create table ${PER_SECOND_TABLE} (
  group_id uuid not null, contact_id text not null, ts timestamptz not null, in_mos real,
  in_packets integer, in_lost integer, in_audio_level real, out_mos real, out_packets integer,
  out_lost integer, out_audio_level real, rtt_ms real, jitter_ms real,
  cpu_available_percent real, memory_used_percent real, agent_status smallint,
  mos_computed smallint not null default 0, primary key (group_id, contact_id, ts))`;

const field = (v: number | null | undefined) => (v === null || v === undefined ? '\\N' : String(v));

/** The same seconds as COPY text of the per-second table: one line per sample. */
function perSecondText(groupId: string, samples: readonly IngestSampleInput[]): string {
  const lines = samples.map((s) =>
    [
      groupId,
      s.contactId,
      new Date(Number(s.timestamp)).toISOString(),
      ...MEASURES.map((measure) => field(measure(s))),
    ].join('\t'),
  );
  return `${lines.join('\n')}\n`;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * One kept-alive connection per client through node:http: fetch's web streams cost the bench
 * process several times node:http's CPU per 2.6 MB body, on the cores the server and PostgreSQL
 * share with it (decisions.md, ingest benchmark client).
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: clients });

/** One POST: its status and body text. */
function post(url: URL, headers: Record<string, string>, body: Uint8Array) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-length': String(body.length) } },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(parts).toString() }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** POSTs one batch, retrying after 429 (the server's back-pressure) as a collector would. */
async function send(
  baseUrl: string,
  key: string,
  body: Uint8Array,
  expected: number,
  retries: { count: number },
): Promise<void> {
  const url = new URL('/api/ingest/v1/samples', baseUrl);
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${key}` };
  for (let attempt = 0; ; attempt++) {
    const { status, text } = await post(url, headers, body);
    if (status === 200) {
      const result = JSON.parse(text) as { accepted: number; duplicates: number };
      if (result.accepted !== expected || result.duplicates !== 0)
        throw new Error(`stored ${result.accepted - result.duplicates} of ${expected}`);
      return;
    }
    if (status === 429 && attempt < maxRetries) {
      retries.count++;
      await new Promise((r) => setTimeout(r, 200));
      continue;
    }
    throw new Error(`POST /api/ingest/v1/samples answered ${status}: ${text.slice(0, 300)}`);
  }
}

/** What one database's leg measured. */
interface Leg {
  database: string;
  samples: number;
  httpSeconds: number;
  httpRate: number;
  latencies: number[];
  retries: number;
  copyRate: number | null;
  copyNote: string;
  /** COPY of the same seconds as one row each (PostgreSQL only; for comparison, no target). */
  perSecondCopyRate: number | null;
}

type Batches = IngestSampleInput[][][];

const CHUNKS_COPY = `COPY call_sample_chunks (${COPY_COLUMNS}) FROM STDIN`;

/** COPY FROM STDIN through node-postgres, one connection per client, in the server's database. */
async function copyToPostgres(url: string, statement: string, texts: string[][]): Promise<number> {
  const connections = await Promise.all(
    texts.map(async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    }),
  );
  try {
    const started = performance.now();
    await Promise.all(
      texts.map(async (perClient, i) => {
        const client = connections[i];
        if (!client) return;
        for (const text of perClient) {
          await pipeline(Readable.from([text]), client.query(copyFrom(statement)));
        }
      }),
    );
    return (performance.now() - started) / 1000;
  } finally {
    await Promise.all(connections.map((c) => c.end()));
  }
}

/**
 * COPY ... FROM '/dev/blob' into a PGlite of the bench's own (a temporary directory, the same
 * migrations): the server's PGlite lives in its process, and PGlite serves one query at a time.
 */
async function copyToPglite(texts: string[][]): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'callsight-bench-copy-'));
  const database = await openDatabase({ dataDir });
  try {
    const client = database.db.$client;
    const started = performance.now();
    for (const perClient of texts) {
      for (const text of perClient) {
        await client.query(`COPY call_sample_chunks (${COPY_COLUMNS}) FROM '/dev/blob'`, [], {
          blob: new Blob([text]),
        });
      }
    }
    return (performance.now() - started) / 1000;
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** HTTP, then COPY of the same rows (other contact ids), on one server's database. */
async function runLeg(baseUrl: string, database: string): Promise<Leg> {
  const onPostgres = database === 'postgres';
  const batches = onPostgres ? batchesPerClient.postgres : batchesPerClient.pglite;
  const { key, groupId } = await createApiKey(baseUrl);
  const prefix = `bench-${randomUUID().slice(0, 8)}`;
  const startMs = Date.now() - 2 * 60 * 60 * 1000;

  // Bodies are built before the clock starts: the client's JSON work is not the server's.
  const samples: Batches = Array.from({ length: clients }, (_, c) =>
    Array.from({ length: batches }, (_, b) => batchSamples(prefix, c, b, startMs)),
  );
  // As UTF-8 bytes: the client encoding megabytes of text per request would steal the server's CPU.
  const bodies = samples.map((perClient) =>
    perClient.map((batch) => Buffer.from(JSON.stringify({ samples: batch }))),
  );
  const perBatch = callsPerClient * secondsPerCall;
  const warmup = batchSamples(`${prefix}-warmup`, 0, 0, startMs);
  await send(baseUrl, key, Buffer.from(JSON.stringify({ samples: warmup })), perBatch, {
    count: 0,
  });

  const total = clients * batches * perBatch;
  const latencies: number[] = [];
  const retries = { count: 0 };
  const started = performance.now();
  await Promise.all(
    bodies.map(async (perClient) => {
      for (const body of perClient) {
        const t = performance.now();
        await send(baseUrl, key, body, perBatch, retries);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const httpSeconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const leg: Leg = {
    database,
    samples: total,
    httpSeconds,
    httpRate: total / httpSeconds,
    latencies,
    retries: retries.count,
    copyRate: null,
    copyNote: '',
    perSecondCopyRate: null,
  };

  const texts = samples.map((perClient) =>
    perClient.map((batch) => copyText(groupId, batch, 'copy-')),
  );
  const url = process.env.DATABASE_URL;
  if (onPostgres && !url) {
    leg.copyNote = 'skipped (needs DATABASE_URL)';
    return leg;
  }
  try {
    const seconds =
      onPostgres && url ? await copyToPostgres(url, CHUNKS_COPY, texts) : await copyToPglite(texts);
    leg.copyRate = total / seconds;
    leg.copyNote =
      onPostgres && url
        ? `${clients} connections, COPY FROM STDIN`
        : "bench's own PGlite, COPY FROM '/dev/blob'";
    if (onPostgres && url) leg.perSecondCopyRate = await copyPerSecondRows(url, samples, groupId);
  } finally {
    if (onPostgres && url) await cleanUp(url, groupId, prefix);
  }
  return leg;
}

/** COPY of the same seconds into a per-second table of the bench's own, dropped afterwards. */
async function copyPerSecondRows(url: string, samples: Batches, groupId: string): Promise<number> {
  const texts = samples.map((perClient) => perClient.map((batch) => perSecondText(groupId, batch)));
  const total = samples.flat(2).length;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`drop table if exists ${PER_SECOND_TABLE}`);
    await admin.query(PER_SECOND_DDL);
    const seconds = await copyToPostgres(
      url,
      `COPY ${PER_SECOND_TABLE} (${PER_SECOND_COLUMNS}) FROM STDIN`,
      texts,
    );
    return total / seconds;
  } finally {
    await admin.query(`drop table if exists ${PER_SECOND_TABLE}`);
    await admin.end();
  }
}

/** The PostgreSQL run writes into DATABASE_URL's database: remove its rows. */
async function cleanUp(url: string, groupId: string, prefix: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `delete from call_sample_chunks where group_id = $1 and (contact_id like $2 or contact_id like $3)`,
      [groupId, `${prefix}-%`, `copy-${prefix}-%`],
    );
    await client.query(`delete from call_summaries where group_id = $1 and contact_id like $2`, [
      groupId,
      `${prefix}-%`,
    ]);
    // What autovacuum does in a running system (it is off on this machine): without it, each
    // run leaves its rows dead and the next runs write into ever larger tables.
    await client.query('vacuum call_sample_chunks, call_summaries');
  } finally {
    await client.end();
  }
}

const rate = (v: number | null) => (v === null ? '-' : Math.round(v).toLocaleString('en-US'));

function legFigures(leg: Leg): Figure[] {
  const d = leg.database;
  return [
    { label: `${d}: HTTP samples`, value: leg.samples },
    { label: `${d}: HTTP time`, value: leg.httpSeconds, unit: 's' },
    { label: `${d}: HTTP batch latency p50`, value: percentile(leg.latencies, 50), unit: 'ms' },
    { label: `${d}: HTTP batch latency p95`, value: percentile(leg.latencies, 95), unit: 'ms' },
    { label: `${d}: HTTP 429 answers retried`, value: leg.retries },
    { label: `${d}: COPY`, value: leg.copyNote },
  ];
}

/** One line per database: both rates and their ratio, then COPY of per-second rows for comparison. */
function comparison(legs: readonly Leg[]): Figure[] {
  const header: Figure = {
    label: 'database',
    value: `${'HTTP samples/s'.padStart(15)} ${'COPY samples/s'.padStart(15)} ${'HTTP/COPY'.padStart(10)}`,
  };
  const share = (http: number, copy: number | null) =>
    copy ? `${Math.round((http / copy) * 100)} %` : '-';
  return [
    header,
    ...legs.map((leg) => ({
      label: leg.database,
      value: `${rate(leg.httpRate).padStart(15)} ${rate(leg.copyRate).padStart(15)} ${share(leg.httpRate, leg.copyRate).padStart(10)}`,
    })),
    ...legs
      .filter((leg) => leg.perSecondCopyRate !== null)
      .map((leg) => ({
        label: `${leg.database}: COPY of one row per second (no target)`,
        value: `${rate(leg.perSecondCopyRate)} samples/s, HTTP ${share(leg.httpRate, leg.perSecondCopyRate)}`,
      })),
  ];
}

/** The triggers on call_summaries that mark hours: the chart rollups', then the usage rollup's. */
const ROLLUP_TRIGGERS = [
  'call_summaries_rollup_ins',
  'call_summaries_rollup_upd',
  'call_summaries_rollup_del',
];
const USAGE_TRIGGERS = ['call_summaries_usage_ins', 'call_summaries_usage_upd'];
const WITHOUT: [string, string[]][] = [
  ['postgres, no chart rollups', ROLLUP_TRIGGERS],
  ['postgres, no rollups nor usage marks', [...ROLLUP_TRIGGERS, ...USAGE_TRIGGERS]],
];

/** Turns triggers of call_summaries off or on (the bench's database is its own). */
async function setTriggers(url: string, names: readonly string[], on: boolean) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const name of names)
      await client.query(`alter table call_summaries ${on ? 'enable' : 'disable'} trigger ${name}`);
  } finally {
    await client.end();
  }
}

async function run({ baseUrl, databaseKind }: BenchContext): Promise<BenchResult> {
  const failures: string[] = [];
  const figures: Figure[] = [
    {
      label: 'clients x batches x samples',
      value: `${clients} x ${databaseKind === 'postgres' ? batchesPerClient.postgres : batchesPerClient.pglite} x ${callsPerClient * secondsPerCall}`,
    },
    {
      label: 'each batch',
      value: `${secondsPerCall} s of each of ${callsPerClient} calls`,
    },
  ];
  const legs: Leg[] = [];
  try {
    for (let round = 1; round <= rounds; round++) {
      const suffix = rounds > 1 ? ` #${round}` : '';
      legs.push({ ...(await runLeg(baseUrl, databaseKind)), database: `${databaseKind}${suffix}` });
      const url = process.env.DATABASE_URL;
      if (databaseKind === 'postgres' && url && process.env.INGEST_BENCH_WITHOUT !== 'false') {
        // The same writes without the chart rollups (issue 34): their triggers off and no refresh
        // running; then without the usage marks too, to tell each one's cost apart.
        for (const [name, triggers] of WITHOUT) {
          await setTriggers(url, triggers, false);
          const server = await startServer({ CHART_ROLLUP_INTERVAL_MS: '0' });
          try {
            legs.push({ ...(await runLeg(server.baseUrl, 'postgres')), database: name + suffix });
          } catch (error) {
            failures.push(`${name} leg failed: ${errorText(error)}`);
          } finally {
            await server.stop();
            await setTriggers(url, triggers, true);
          }
        }
      }
    }
    if (databaseKind === 'postgres' && process.env.INGEST_BENCH_PGLITE !== 'false') {
      const server = await startServer({ DATABASE_URL: undefined });
      try {
        legs.push(await runLeg(server.baseUrl, 'pglite'));
      } catch (error) {
        failures.push(`PGlite leg failed: ${errorText(error)}`);
      } finally {
        await server.stop();
      }
    }
  } finally {
    agent.destroy();
  }
  for (const leg of legs) figures.push(...legFigures(leg));
  figures.push(...comparison(legs));

  const pgLeg = legs.find((l) => l.database.startsWith('postgres') && !l.database.includes(','));
  if (pgLeg) {
    const met = pgLeg.httpRate >= GOAL_SAMPLES_PER_SECOND ? 'met' : 'not met';
    figures.push({
      label: 'goal: HTTP ingest on PostgreSQL',
      value: `${rate(GOAL_SAMPLES_PER_SECOND)} samples/s, ${met} (a goal, not a gate)`,
    });
  }
  return { figures, failures };
}

export const ingestBenchmark: Benchmark = {
  name: 'ingest',
  description: `POST /api/ingest/v1/samples with an API key, ${clients} concurrent clients, batches of ${samplesPerBatch}; the same rows by COPY; PostgreSQL and PGlite`,
  run,
};
