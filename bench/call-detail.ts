import {
  createBenchDatabase,
  demoAdminHeaders,
  percentile,
  timeGets,
} from './lib/bench-database.ts';
import type { Benchmark, BenchResult, Figure } from './lib/benchmark.ts';
import { demoAgents } from '../apps/server/src/demo/catalogue.ts';
import { generateCall } from '../apps/server/src/demo/generate-call.ts';
import { CallDetailSchema, type IngestLogInput } from '@callsight/shared';

const callSeconds = 3_600;
/** A chatty softphone: one more INFO/WARN line every 4 s besides the call's own lines. */
const extraLogEverySeconds = 4;
const runs = 200;
/** Unmeasured GETs first: the server compiles its hot paths and opens its pool connections. */
const warmup = 30;
/** Seconds per ingestion request, as the collector sends them (its flushIntervalMs). */
const secondsPerBatch = 10;
const targetP95Ms = 30;

/** POSTs one ingestion batch with the API key; anything but 200 is an error. */
async function ingest(baseUrl: string, key: string, kind: string, body: unknown) {
  const res = await fetch(`${baseUrl}/api/ingest/v1/${kind}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify(body),
  });
  if (res.status !== 200)
    throw new Error(
      `POST /api/ingest/v1/${kind} answered ${res.status}: ${(await res.text()).slice(0, 300)}`,
    );
}

async function run(): Promise<BenchResult> {
  const figures: Figure[] = [];
  const failures: string[] = [];
  const bench = await createBenchDatabase('callsight_bench_detail');
  try {
    const { database } = await bench.prepare();
    await database.close();
    const server = await bench.serve();
    try {
      const headers = await demoAdminHeaders(server.baseUrl);
      const created = await fetch(`${server.baseUrl}/api/config/token`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'bench-call-detail' }),
      });
      if (created.status !== 201)
        throw new Error(`POST /api/config/token answered ${created.status}`);
      const { token } = (await created.json()) as { token: string };

      const [agent] = demoAgents();
      if (!agent) throw new Error('no demo agent');
      const startMs = Date.now() - 2 * callSeconds * 1000;
      const call = generateCall({
        contactId: 'bench-one-hour-call',
        agent,
        startMs,
        durationSeconds: callSeconds,
        profile: 'badStretch',
      });
      const chatter: IngestLogInput[] = Array.from(
        { length: callSeconds / extraLogEverySeconds },
        (_, i) => ({
          id: `chatter-${i}`,
          time: startMs + i * extraLogEverySeconds * 1000 + 500,
          level: i % 25 === 0 ? 'WARN' : 'INFO',
          agent: agent.email,
          contactId: call.contactId,
          text:
            i % 25 === 0
              ? `Jitter buffer target raised to ${40 + (i % 7) * 5} ms`
              : `stats: rtt ${(40 + (i % 9)).toFixed(0)} ms, jitter ${(3 + (i % 4)).toFixed(0)} ms, audio level ok`,
        }),
      );
      await ingest(server.baseUrl, token, 'calls', { calls: [call.call] });
      for (let i = 0; i < call.samples.length; i += secondsPerBatch)
        await ingest(server.baseUrl, token, 'samples', {
          samples: call.samples.slice(i, i + secondsPerBatch),
        });
      await ingest(server.baseUrl, token, 'logs', { logs: [...call.logs, ...chatter] });
      await ingest(server.baseUrl, token, 'events', { events: call.events });
      await bench.settle([
        'call_sample_chunks',
        'softphone_logs',
        'telemetry_events',
        'call_summaries',
      ]);

      const url = `/api/viscall2/call/ap-southeast-2/${call.contactId}?includeTelemetry=true`;
      const { ms, bytes, body } = await timeGets(server.baseUrl, url, headers, runs, warmup);
      // The answer is checked as the web app reads it (schema, seconds as rows).
      const parsed = CallDetailSchema.safeParse(body);
      const seconds = parsed.success ? parsed.data.seconds.length : 'not a call detail answer';
      const p95 = percentile(ms, 95);
      figures.push(
        { label: 'seconds answered', value: seconds },
        { label: 'log lines stored', value: call.logs.length + chatter.length },
        { label: 'answer size', value: Math.round(bytes / 1024), unit: 'KiB' },
        { label: `GET call detail p50 (${runs} runs)`, value: percentile(ms, 50), unit: 'ms' },
        { label: 'GET call detail p95', value: p95, unit: 'ms' },
      );
      if (seconds !== callSeconds) failures.push(`answered ${seconds} seconds, not ${callSeconds}`);
      if (bench.kind === 'postgres' && p95 > targetP95Ms)
        failures.push(`call detail p95 ${p95.toFixed(1)} ms is over ${targetP95Ms} ms`);
    } finally {
      await server.stop();
    }
  } finally {
    await bench.drop();
  }
  return { figures, failures };
}

export const callDetailBenchmark: Benchmark = {
  name: 'call-detail',
  description: `GET /api/viscall2/call/{region}/{contactId} of a one-hour call (${callSeconds} seconds sent ${secondsPerBatch} at a time, ${callSeconds / extraLogEverySeconds}+ log lines) ingested through the API into a database of its own; target p95 < ${targetP95Ms} ms on PostgreSQL`,
  run,
};
