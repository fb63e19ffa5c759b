import type { Db } from '../db/client.ts';
import { forGroup } from '../db/group-scope.ts';
import type { PushPublisher } from '../push/push-server.ts';
import { ConcurrencyGate } from '../services/telemetry/concurrency-gate.ts';
import type { IngestDeps } from '../services/telemetry/ingest-context.ts';
import { postgresTelemetryStore } from '../services/telemetry-store/postgres-store.ts';
import type { TelemetryStore } from '../services/telemetry-store/telemetry-store.ts';
import type { WatcherHook } from '../services/workflows/engine.ts';
import { demoAgents } from './catalogue.ts';
import { ensureDemoNetworkLabels, findDemoGroupId } from './demo-group.ts';
import { seedDemoJourneys } from './journeys.ts';
import { LiveTraffic } from './live-traffic.ts';
import { seedDemoHistory, type HistoryProgress } from './seed-history.ts';
import { seedDemoUsageHistory, seedDemoUsageHistoryInStore } from './usage-history.ts';

/** Seed of the demo contact centre: the same agents and calls on every installation. */
export const DEMO_SEED = 20240601;
const STEP_MS = 1_000;
const ARRIVAL_SECONDS = [20, 60] as const;

export interface DemoTrafficSettings {
  historyDays: number;
  callsPerDay: number;
}

export interface DemoTraffic {
  /** Resolves when the history is in place (at once when it was filled on an earlier start). */
  history: Promise<void>;
  /** Stops the trickle, ends the calls in progress and waits for the last write. */
  stop(): Promise<void>;
}

const thousands = (n: number) => n.toLocaleString('en-US');

function progressLine(p: HistoryProgress, startedMs: number) {
  const seconds = ((Date.now() - startedMs) / 1000).toFixed(0);
  return `Demo history for the last ${p.days} days: day ${p.daysDone}/${p.days}, ${thousands(p.counts.calls)} calls, ${thousands(p.counts.samples)} seconds of stats (${seconds} s)`;
}

/**
 * Demo mode: fills the demo group's history on first start (in the background, with a progress
 * line) and keeps a live trickle of calls while the server runs. Answers null without a demo group.
 */
export async function startDemoTraffic(opts: {
  db: Db;
  push: Pick<PushPublisher, 'publish'>;
  /** The workflow engine: demo watchers fire on the live calls (never on the seeded history). */
  watchers?: WatcherHook;
  /**
   * The app's store: the demo journeys go to it, and in ClickHouse mode the calls too (history,
   * earlier months and live traffic; decision CH58); PostgreSQL when not given.
   */
  telemetry?: TelemetryStore;
  settings: DemoTrafficSettings;
  log: (msg: string) => void;
}): Promise<DemoTraffic | null> {
  const { db, settings, log } = opts;
  const groupId = await findDemoGroupId(db);
  if (!groupId) return null;
  const scope = forGroup(db, groupId);
  await ensureDemoNetworkLabels(scope);
  const agents = demoAgents(DEMO_SEED);
  // Its own gate: demo writes never take the places of real collectors' batches.
  const gate = new ConcurrencyGate(1, 1_000, 10 * 60_000);
  const deps: IngestDeps = { db, gate, push: opts.push, now: Date.now };
  const liveDeps: IngestDeps = opts.watchers ? { ...deps, watchers: opts.watchers } : deps;
  // PostgreSQL mode writes as before (the ingest services on the demo's deps); ClickHouse mode
  // through the store's writers under the demo's gate, the history's quiet.
  const store = opts.telemetry?.kind === 'clickhouse' ? opts.telemetry : null;
  const live = new LiveTraffic(
    liveDeps,
    groupId,
    { seed: DEMO_SEED, agents, arrivalSeconds: ARRIVAL_SECONDS },
    store?.writer({ gate }),
  );
  const historyWriter = store?.writer({ gate, quiet: true });

  let stopped = false;
  const startedMs = Date.now();
  const interactive = process.stdout.isTTY;
  let lastLoggedDay = 0;
  const history = seedDemoHistory(
    deps,
    groupId,
    { seed: DEMO_SEED, agents, days: settings.historyDays, callsPerDay: settings.callsPerDay },
    {
      stopped: () => stopped,
      progress: (p) => {
        if (interactive) process.stdout.write(`\r[callsight] ${progressLine(p, startedMs)}`);
        else if (p.daysDone === p.days || p.daysDone - lastLoggedDay >= 5) {
          lastLoggedDay = p.daysDone;
          log(progressLine(p, startedMs));
        }
      },
    },
    historyWriter,
  ).then(
    async (counts) => {
      if (interactive && counts) process.stdout.write('\n');
      if (counts && !stopped)
        log(
          `Demo history stored: ${thousands(counts.calls)} calls in ${((Date.now() - startedMs) / 1000).toFixed(1)} s`,
        );
      // Journeys end in stored calls, so they are seeded once the history is in place.
      if (stopped) return;
      // The months before the detailed history, for the Usage page and billing.
      await (
        store && historyWriter
          ? seedDemoUsageHistoryInStore(
              store,
              historyWriter,
              groupId,
              agents.map((a) => a.email),
              settings.historyDays,
            )
          : seedDemoUsageHistory(
              scope,
              agents.map((a) => a.email),
              settings.historyDays,
            )
      ).catch((err: unknown) =>
        log(`Demo usage history failed: ${err instanceof Error ? err.message : String(err)}`),
      );
      return seedDemoJourneys(
        db,
        opts.telemetry ?? postgresTelemetryStore(deps),
        groupId,
        DEMO_SEED,
      ).then(
        () => undefined,
        (err: unknown) =>
          log(`Demo journeys failed: ${err instanceof Error ? err.message : String(err)}`),
      );
    },
    (err: unknown) =>
      log(`Demo history failed: ${err instanceof Error ? err.message : String(err)}`),
  );

  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = live
      .step(Date.now())
      .catch((err: unknown) =>
        log(`Demo traffic step failed: ${err instanceof Error ? err.message : String(err)}`),
      )
      .finally(() => {
        running = null;
      });
  }, STEP_MS);
  timer.unref();

  return {
    history,
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      await running;
      await history;
      await live.hangUpAll(Date.now()).catch(() => {});
    },
  };
}
