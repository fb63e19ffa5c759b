// Runs the benchmarks against one server started on a fresh database:
//   npm run bench               all of them
//   npm run bench -- auth       those whose name contains "auth"
import os from 'node:os';
import { authRoundtrip } from './auth-roundtrip.ts';
import { configCatalogue } from './config-catalogue.ts';
import { ingestBenchmark } from './ingest.ts';
import { explorerBenchmark } from './explorer.ts';
import { callDetailBenchmark } from './call-detail.ts';
import { journeysBenchmark } from './journeys.ts';
import { workflowsBenchmark } from './workflows.ts';
import { campaignsBenchmark } from './campaigns.ts';
import { syntheticBenchmark } from './synthetic.ts';
import { insightsBenchmark } from './insights.ts';
import { canvasBenchmark } from './canvas.ts';
import { billingBenchmark } from './billing.ts';
import { scaleOutBenchmark } from './scale-out.ts';
import { telemetryStoresBenchmark } from './telemetry-stores.ts';
import { audioAnalyticsBenchmark } from './audio-analytics.ts';
import type { Benchmark, BenchResult } from './lib/benchmark.ts';
import { formatTable } from './lib/format.ts';
import { startServer, type RunningServer } from './lib/server.ts';

/** Every benchmark, in the order they run. Add new ones here. */
const benchmarks: Benchmark[] = [
  authRoundtrip,
  configCatalogue,
  ingestBenchmark,
  explorerBenchmark,
  callDetailBenchmark,
  journeysBenchmark,
  workflowsBenchmark,
  campaignsBenchmark,
  syntheticBenchmark,
  insightsBenchmark,
  canvasBenchmark,
  billingBenchmark,
  scaleOutBenchmark,
  telemetryStoresBenchmark,
  audioAnalyticsBenchmark,
];

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

function select(filters: string[]): Benchmark[] {
  if (filters.length === 0) return benchmarks;
  const wanted = filters.map((f) => f.toLowerCase());
  return benchmarks.filter((b) => wanted.some((w) => b.name.includes(w)));
}

const databaseText = (kind: string) =>
  kind === 'pglite' ? 'pglite (embedded, fresh temporary DATA_DIR)' : `${kind} (DATABASE_URL)`;

function machineTable(server: RunningServer) {
  const cpus = os.cpus();
  const memoryGiB = os.totalmem() / 1024 ** 3;
  return formatTable(
    [
      {
        label: 'cpus',
        value: `${os.availableParallelism()} x ${cpus[0]?.model.trim() ?? 'unknown'}`,
      },
      { label: 'memory', value: `${memoryGiB.toFixed(1)} GiB` },
      { label: 'node', value: `${process.version} (${process.platform} ${process.arch})` },
      { label: 'database', value: databaseText(server.databaseKind) },
    ],
    'left',
  );
}

async function main(): Promise<number> {
  const selected = select(process.argv.slice(2));
  if (selected.length === 0) {
    console.error(`No benchmark matches "${process.argv.slice(2).join(' ')}".`);
    console.error(`Available: ${benchmarks.map((b) => b.name).join(', ')}`);
    return 1;
  }

  console.log('Callsight benchmarks: starting the server...');
  const server = await startServer();

  const outcomes: { name: string; failures: string[] }[] = [];
  try {
    console.log(`\nmachine\n${machineTable(server)}`);
    for (const benchmark of selected) {
      console.log(`\n${benchmark.name}: ${benchmark.description}`);
      let result: BenchResult;
      try {
        result = await benchmark.run({
          baseUrl: server.baseUrl,
          databaseKind: server.databaseKind,
        });
      } catch (error) {
        result = { figures: [], failures: [`threw: ${errorText(error)}`] };
      }
      if (result.figures.length > 0) console.log(formatTable(result.figures));
      for (const failure of result.failures) console.log(`  FAILED: ${failure}`);
      outcomes.push({ name: benchmark.name, failures: result.failures });
    }
  } finally {
    await server.stop();
  }

  console.log('\nsummary');
  console.log(
    formatTable(
      outcomes.map((o) => ({ label: o.name, value: o.failures.length === 0 ? 'ok' : 'FAILED' })),
      'left',
    ),
  );
  return outcomes.every((o) => o.failures.length === 0) ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`bench: ${errorText(error)}`);
    process.exit(1);
  },
);
