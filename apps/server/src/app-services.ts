import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.ts';
import type { Db } from './db/client.ts';
import type { ClickHouseClient } from './db/clickhouse/client.ts';
import type { PushPublisher } from './push/push-server.ts';
import { createEventBridgeAdapter } from './adapters/eventbridge/index.ts';
import type { EventBridgeAdapter } from './adapters/eventbridge/eventbridge-adapter.ts';
import { createLlmAdapter } from './adapters/llm/index.ts';
import type { LlmAdapter } from './adapters/llm/llm-adapter.ts';
import { createWorkflows, type Workflows } from './services/workflows/index.ts';
import { ConcurrencyGate } from './services/telemetry/concurrency-gate.ts';
import type { IngestDeps } from './services/telemetry/ingest-context.ts';
import { TrailingSummaries } from './services/telemetry/trailing-summaries.ts';
import { openTelemetryStore } from './services/telemetry-store/open-telemetry-store.ts';
import type { TelemetryStore } from './services/telemetry-store/telemetry-store.ts';
import { createCampaignDialling, type CampaignDialling } from './services/campaigns/dialling.ts';
import { createSynthetic, type SyntheticRuntime } from './services/synthetic/runtime.ts';
import { startUsageRollup, type UsageRollupJob } from './services/usage/rollup.ts';
import {
  startChartRollups,
  type ChartRollupJob,
} from './services/canvas/rollups/pg-rollup-refresh.ts';
import { createMeteringAdapter } from './adapters/marketplace-metering/index.ts';
import type { MeteringAdapter } from './adapters/marketplace-metering/metering-adapter.ts';
import { startBillingJob, type BillingJob } from './services/billing/billing-run.ts';

/** The ingestion path of this process: its write gate and the trailing calls' catch-up. */
export interface Ingest {
  gate: ConcurrencyGate;
  trailing: TrailingSummaries;
  /** What the ingest services run with (the gate, the trailing calls, the watchers, push). */
  deps: IngestDeps;
}

/** The adapters and engines built once per process and handed to the routes that need them. */
export interface AppServices {
  /** OpenAI-compatible chat model of the copilot and AI summaries; null: built-in engines. */
  llm: LlmAdapter | null;
  eventBridge: EventBridgeAdapter;
  workflows: Workflows;
  ingest: Ingest;
  /**
   * Where call seconds, summaries and softphone logs are written and read: PostgreSQL, or
   * ClickHouse with CLICKHOUSE_URL (opened and migrated once per process, closed on stop).
   */
  telemetry: TelemetryStore;
  /** Campaign runs: the run engine, the SIP dialler and the built-in answering endpoint. */
  campaigns: CampaignDialling;
  /** Synthetic tests: the scheduler and the in-process probe. */
  synthetic: SyntheticRuntime;
  /** Where monthly usage is metered; shared by the billing job and the marketplace routes. */
  marketplaceMetering: MeteringAdapter;
  /** Starts background work (after the server is ready). */
  start(): void;
  stop(): Promise<void>;
}

/** Builds every adapter, engine and queue of the process from config: the one wiring place. */
export async function buildAppServices(opts: {
  config: AppConfig;
  db: Db;
  push: Pick<PushPublisher, 'publish'>;
  log: FastifyBaseLogger;
  /** A ClickHouse client in place of CLICKHOUSE_URL's (tests: chDB); the store closes it. */
  clickHouse?: ClickHouseClient | undefined;
}): Promise<AppServices> {
  const { config, db, push, log } = opts;
  const eventBridge = createEventBridgeAdapter(config, db);
  const workflows = createWorkflows({
    config,
    db,
    push,
    log,
    eventBridge,
    // The store opens below (its writers feed the watchers); actions run after start.
    callSummary: (groupId, contactId) => telemetry.callSummary(groupId, contactId),
  });
  const gate = new ConcurrencyGate(
    config.INGEST_MAX_CONCURRENT_WRITES,
    config.INGEST_MAX_QUEUED_WRITES,
    config.INGEST_QUEUE_TIMEOUT_MS,
  );
  const base: IngestDeps = {
    db,
    gate,
    push,
    now: Date.now,
    watchers: workflows.engine,
    chartRollups: config.CHART_ROLLUPS,
  };
  const trailing = new TrailingSummaries(base, log);
  const campaigns = createCampaignDialling({ config, db, log });
  const ingestDeps: IngestDeps = { ...base, trailing };
  const telemetry = await openTelemetryStore(config, ingestDeps, opts.clickHouse);
  const synthetic = createSynthetic({
    config,
    db,
    push,
    log,
    ingest: { deps: ingestDeps, store: telemetry },
  });
  let usageRollup: UsageRollupJob | null = null;
  let chartRollups: ChartRollupJob | null = null;
  const marketplaceMetering = createMeteringAdapter(config, log);
  let billingJob: BillingJob | null = null;
  return {
    llm: createLlmAdapter(config),
    eventBridge,
    workflows,
    ingest: { gate, trailing, deps: ingestDeps },
    telemetry,
    campaigns,
    synthetic,
    marketplaceMetering,
    start: () => {
      trailing.start();
      campaigns.start();
      synthetic.start();
      if (config.USAGE_ROLLUP_INTERVAL_MS > 0)
        usageRollup = startUsageRollup(db, log, config.USAGE_ROLLUP_INTERVAL_MS, telemetry);
      if (config.CHART_ROLLUP_INTERVAL_MS > 0)
        chartRollups = startChartRollups(
          db,
          telemetry.refreshChartRollups,
          base.now,
          log,
          config.CHART_ROLLUP_INTERVAL_MS,
        );
      if (config.MARKETPLACE_BILLING_JOB)
        billingJob = startBillingJob(db, marketplaceMetering, log);
    },
    async stop() {
      await billingJob?.stop();
      await chartRollups?.stop();
      await usageRollup?.stop();
      await synthetic.stop();
      await campaigns.stop();
      await trailing.stop();
      await workflows.stop();
      await telemetry.close();
    },
  };
}
