import { performance } from 'node:perf_hooks';
import pg from 'pg';
import {
  encodeExportTraceRequest,
  type OtlpJsonExportRequest,
  type TraceListPage,
} from '@callsight/shared';
import type { Database } from '../apps/server/src/db/client.ts';
import type { Benchmark, BenchContext, BenchResult, Figure } from './lib/benchmark.ts';
import {
  createBenchDatabase,
  demoAdminHeaders,
  percentile,
  timeGets,
  type BenchDatabase,
} from './lib/bench-database.ts';

/**
 * Journeys (issue 5): OTLP ingest through POST /v1/traces (JSON and protobuf) in spans per
 * second; GET /api/traces/{id} of a 5,000-span journey; and GET /api/traces pages (a filter and
 * a sort) over 1,000,000 traces bulk-loaded with SQL into a database of its own (100,000 on
 * PGlite; BENCH_JOURNEY_TRACES; BENCH_JOURNEY_LIST=false skips it). Targets on PostgreSQL: list p95 < 100 ms, detail p95 < 100 ms.
 */

const envInt = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};
const defaultTraces = { postgres: 1_000_000, pglite: 100_000 } as const;
const spansPerRequest = 1_000;
const ingestRequests = envInt('BENCH_JOURNEY_REQUESTS', 20);
const detailSpans = 5_000;
const runs = 30;
const targetMs = { list: 100, detail: 100 };
const DAY_MS = 86_400_000;

const hex = (n: number, len: number) => n.toString(16).padStart(len, '0');
const ns = (ms: number) => `${BigInt(Math.round(ms)) * 1_000_000n}`;
let traceCounter = 0;

/**
 * A journey of `count` spans: a root, phases of 50 steps each, every step with a child call,
 * attributes as real instrumentation sends them; `offset` numbers its spans for batching.
 */
function bigJourney(traceId: string, count: number, offset = 0, startMs = Date.now() - 3_600_000) {
  const spans: OtlpJsonExportRequest['resourceSpans'][number]['scopeSpans'][number]['spans'] = [];
  const phases = ['cx.ivr', 'cx.queue', 'cx.ai.conversation', 'cx.agent.interaction'];
  for (let i = offset; i < offset + count; i++) {
    const parent = i === 0 ? null : i % 50 === 1 ? 0 : i % 2 === 0 ? i - 1 : i - (i % 50);
    const name =
      i === 0
        ? 'cx.journey'
        : i % 50 === 1
          ? (phases[Math.floor(i / 50) % 4] ?? 'cx.ivr')
          : `step.${i % 7}`;
    spans.push({
      traceId,
      spanId: hex(i + 1, 16),
      ...(parent === null ? {} : { parentSpanId: hex(parent + 1, 16) }),
      name,
      kind: 1,
      startTimeUnixNano: ns(startMs + i * 40),
      endTimeUnixNano: ns(startMs + i * 40 + (i === 0 ? 400_000 : 35)),
      attributes: [
        { key: 'service.name', value: { stringValue: `svc-${i % 5}` } },
        { key: 'cx.platform', value: { stringValue: 'amazon-connect' } },
        { key: 'http.response.status_code', value: { intValue: 200 } },
        { key: 'cx.telephony.quality.mos.avg', value: { doubleValue: 3 + (i % 15) / 10 } },
      ],
      events: i % 10 === 0 ? [{ name: 'checkpoint', timeUnixNano: ns(startMs + i * 40 + 5) }] : [],
      status: { code: i % 97 === 0 ? 2 : 1 },
    });
  }
  return {
    resourceSpans: [
      {
        resource: { attributes: [{ key: 'service.name', value: { stringValue: 'bench' } }] },
        scopeSpans: [{ scope: { name: 'bench' }, spans }],
      },
    ],
  } satisfies OtlpJsonExportRequest;
}

const newTraceId = () =>
  `${hex(++traceCounter, 8)}${hex(Date.now() % 0xffffffff, 8)}${'c'.repeat(16)}`;

async function createApiKey(baseUrl: string, headers: Record<string, string>) {
  const res = await fetch(`${baseUrl}/api/config/token`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Journeys bench ${Date.now()}` }),
  });
  if (res.status !== 201) throw new Error(`token answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

async function postTraces(baseUrl: string, key: string, body: string | Uint8Array, proto: boolean) {
  const res = await fetch(`${baseUrl}/v1/traces`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${key}`,
      'content-type': proto ? 'application/x-protobuf' : 'application/json',
    },
    body,
  });
  const text = await res.text();
  if (res.status !== 200)
    throw new Error(`/v1/traces answered ${res.status}: ${text.slice(0, 300)}`);
}

/** Spans per second of `ingestRequests` exports of 1,000 spans, two senders at a time. */
async function ingestRate(baseUrl: string, key: string, proto: boolean): Promise<number> {
  const bodies = Array.from({ length: ingestRequests }, () => {
    const request = bigJourney(newTraceId(), spansPerRequest);
    return proto ? encodeExportTraceRequest(request) : JSON.stringify(request);
  });
  const started = performance.now();
  let next = 0;
  const sender = async () => {
    while (next < bodies.length) {
      const body = bodies[next++];
      if (body !== undefined) await postTraces(baseUrl, key, body, proto);
    }
  };
  await Promise.all([sender(), sender()]);
  return Math.round((ingestRequests * spansPerRequest) / ((performance.now() - started) / 1000));
}

async function ingestAndDetail(ctx: BenchContext, figures: Figure[], failures: string[]) {
  const headers = await demoAdminHeaders(ctx.baseUrl);
  const key = await createApiKey(ctx.baseUrl, headers);
  figures.push(
    {
      label: `OTLP JSON ingest (${ingestRequests} x ${spansPerRequest} spans)`,
      value: await ingestRate(ctx.baseUrl, key, false),
      unit: 'spans/s',
    },
    {
      label: `OTLP protobuf ingest (${ingestRequests} x ${spansPerRequest} spans)`,
      value: await ingestRate(ctx.baseUrl, key, true),
      unit: 'spans/s',
    },
  );
  const traceId = newTraceId();
  for (let offset = 0; offset < detailSpans; offset += spansPerRequest) {
    const part = bigJourney(traceId, spansPerRequest, offset);
    await postTraces(ctx.baseUrl, key, encodeExportTraceRequest(part), true);
  }
  // Wall time at the client, and the server's own time from its Server-Timing header.
  const wall: number[] = [];
  const server: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs + 5; i++) {
    const started = performance.now();
    const res = await fetch(`${ctx.baseUrl}/api/traces/${traceId}`, { headers });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`trace detail answered ${res.status}`);
    if (i < 5) continue;
    wall.push(performance.now() - started);
    server.push(Number(/dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? NaN));
    bytes = text.length;
  }
  wall.sort((a, b) => a - b);
  server.sort((a, b) => a - b);
  const p95 = percentile(server, 95);
  figures.push(
    {
      label: `GET /api/traces/{id}, ${detailSpans} spans (${Math.round(bytes / 1024)} KiB), server`,
      value: `p50 ${percentile(server, 50).toFixed(1)} / p95 ${p95.toFixed(1)}`,
      unit: 'ms',
    },
    {
      label: `  same, at the client (transfer included)`,
      value: `p50 ${percentile(wall, 50).toFixed(1)} / p95 ${percentile(wall, 95).toFixed(1)}`,
      unit: 'ms',
    },
  );
  if (ctx.databaseKind === 'postgres' && !(p95 <= targetMs.detail))
    failures.push(`trace detail server p95 ${p95.toFixed(1)} ms is over ${targetMs.detail} ms`);
}

const PLATFORMS = ['amazon-connect', 'genesys', 'twilio', 'five9'];

/**
 * Bulk-loads `count` traces over 30 days with SQL (generate_series), oldest first as they would
 * arrive, then vacuums and analyzes.
 */
async function load(bench: BenchDatabase, database: Database, groupId: string, count: number) {
  const insert = (from: number, to: number) => `
    insert into journey_traces (group_id, trace_id, start_time, end_time, duration_ms, span_count,
      service_name, root_span_name, platform, journey_id, agent_username, agent_ip,
      softphone_contact_id, telephony_agent_name, call_from_number, network_type, jitter_avg,
      mos_avg, packet_loss, rtt_avg, talk_time, created_at, updated_at)
    select '${groupId}'::uuid, lpad(to_hex(i), 32, '0'),
      now() - ((${count} - i)::float8 / ${count}) * interval '30 days',
      now() - ((${count} - i)::float8 / ${count}) * interval '30 days' + ((i % 600) + 60) * interval '1 second',
      ((i % 600) + 60) * 1000.0, 8 + i % 40, 'cx-orchestrator', 'cx.journey',
      (array['${PLATFORMS.join("','")}'])[1 + i % 4], 'JRN-' || i, 'agent' || (i % 500),
      '10.0.' || (i % 250) || '.' || (i % 200), 'contact-' || i, 'Agent ' || (i % 500),
      '+6129' || lpad((i % 9999999)::text, 7, '0'), (array['wifi','ethernet'])[1 + i % 2],
      (i * 7 % 600) / 10.0, 1 + (i * 13 % 350) / 100.0, (i * 11 % 100) / 10.0, 20 + i * 17 % 400,
      i % 900, now(), now()
    from generate_series(${from}, ${to}) as i`;
  const chunk = 200_000;
  if (bench.kind === 'postgres') {
    const client = new pg.Client({ connectionString: bench.url });
    await client.connect();
    try {
      for (let from = 1; from <= count; from += chunk)
        await client.query(insert(from, Math.min(count, from + chunk - 1)));
      await client.query('vacuum analyze journey_traces');
    } finally {
      await client.end();
    }
    return;
  }
  const pglite = database.db.$client;
  for (let from = 1; from <= count; from += chunk)
    await pglite.query(insert(from, Math.min(count, from + chunk - 1)));
  await pglite.query('vacuum analyze journey_traces');
}

function listQueries(nowMs: number) {
  const window = (days: number) =>
    `filter[start_timestamp][gte]=${new Date(nowMs - days * DAY_MS).toISOString()}&filter[end_timestamp][lte]=${new Date(nowMs).toISOString()}`;
  return [
    { label: '7 days, -createddate (default)', qs: `${window(7)}&page[size]=10&sort=-createddate` },
    {
      label: '7 days, mos <= 2, -createddate',
      qs: `${window(7)}&page[size]=10&sort=-createddate&filter[cx.telephony.quality.mos.avg][lte]=2`,
    },
    {
      label: '30 days, platform = genesys, createddate asc',
      qs: `${window(30)}&page[size]=10&sort=createddate&filter[cx.platform][gte]=genesys&filter[cx.platform][lte]=genesys`,
    },
    {
      label: '30 days, agent = agent42, -createddate',
      qs: `${window(30)}&page[size]=10&filter[cx.agent.username][gte]=agent42&filter[cx.agent.username][lte]=agent42`,
    },
    {
      label: '30 days, rtt >= 400 (rare), -createddate',
      qs: `${window(30)}&page[size]=10&filter[cx.telephony.quality.rtt.avg][gte]=418`,
    },
  ];
}

async function listPages(figures: Figure[], failures: string[]) {
  const bench = await createBenchDatabase('callsight_bench_journeys');
  const count = envInt('BENCH_JOURNEY_TRACES', defaultTraces[bench.kind]);
  try {
    const { database, groupId } = await bench.prepare();
    const started = performance.now();
    try {
      await load(bench, database, groupId, count);
    } finally {
      await database.close();
    }
    figures.push({
      label: `load ${count.toLocaleString('en-US')} traces (SQL + vacuum analyze)`,
      value: (performance.now() - started) / 1000,
      unit: 's',
    });
    const server = await bench.serve();
    try {
      const headers = await demoAdminHeaders(server.baseUrl);
      const all: number[] = [];
      const nowMs = Date.now();
      for (const q of listQueries(nowMs)) {
        const { ms, body } = await timeGets(server.baseUrl, `/api/traces?${q.qs}`, headers, runs);
        all.push(...ms);
        const page = body as TraceListPage;
        const p95 = percentile(ms, 95);
        figures.push({
          label: `${q.label} (total ${page.meta.page.totalRelation === 'gte' ? '>=' : ''}${page.meta.page.total})`,
          value: `p50 ${percentile(ms, 50).toFixed(1)} / p95 ${p95.toFixed(1)}`,
          unit: 'ms',
        });
        if (bench.kind === 'postgres' && p95 > targetMs.list)
          failures.push(`"${q.label}" p95 ${p95.toFixed(1)} ms is over ${targetMs.list} ms`);
        // The next page through the cursor of the first one.
        if (page.links.next) {
          const next = await timeGets(server.baseUrl, page.links.next, headers, runs);
          all.push(...next.ms);
          const nextP95 = percentile(next.ms, 95);
          figures.push({
            label: `  next page by cursor`,
            value: `p50 ${percentile(next.ms, 50).toFixed(1)} / p95 ${nextP95.toFixed(1)}`,
            unit: 'ms',
          });
          if (bench.kind === 'postgres' && nextP95 > targetMs.list)
            failures.push(
              `"${q.label}" next page p95 ${nextP95.toFixed(1)} ms is over ${targetMs.list} ms`,
            );
        }
      }
      all.sort((a, b) => a - b);
      figures.push({
        label: 'all list pages',
        value: `p50 ${percentile(all, 50).toFixed(1)} / p95 ${percentile(all, 95).toFixed(1)}`,
        unit: 'ms',
      });
    } finally {
      await server.stop();
    }
  } finally {
    await bench.drop();
  }
}

async function run(ctx: BenchContext): Promise<BenchResult> {
  const figures: Figure[] = [];
  const failures: string[] = [];
  await ingestAndDetail(ctx, figures, failures);
  // BENCH_JOURNEY_LIST=false skips the (minutes long) million-trace load.
  if (process.env.BENCH_JOURNEY_LIST !== 'false') await listPages(figures, failures);
  return { figures, failures };
}

export const journeysBenchmark: Benchmark = {
  name: 'journeys',
  description: `OTLP /v1/traces ingest (JSON, protobuf) in spans/s; GET /api/traces/{id} of a ${detailSpans.toLocaleString('en-US')}-span journey; GET /api/traces pages with a filter and a sort over ${defaultTraces.postgres.toLocaleString('en-US')} traces on PostgreSQL (${defaultTraces.pglite.toLocaleString('en-US')} on PGlite); targets p95 < 100 ms on PostgreSQL`,
  run,
};
