import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { PushPublisher } from '../../push/push-server.ts';
import { createAgentPushAdapter } from '../../adapters/agent-push/agent-push.ts';
import type { EventBridgeAdapter } from '../../adapters/eventbridge/index.ts';
import { createWebhookAdapter } from '../../adapters/http/webhook-adapter.ts';
import { createMailAdapter, type MailAdapter } from '../../adapters/mail/index.ts';
import { createSlackAdapter } from '../../adapters/slack/slack-adapter.ts';
import { startWorkflowQueue, type WorkflowQueue } from '../../jobs/workflow-queue.ts';
import { createWatcherEngine, type WatcherEngine } from './engine.ts';
import { runAction, type ActionDeps } from './run-action.ts';
import type { WatcherDeps } from './watchers.ts';

/** The workflow engine of this process: evaluation, the action queue and the adapters. */
export interface Workflows {
  engine: WatcherEngine;
  queue: WorkflowQueue;
  watcherDeps: WatcherDeps;
  mail: MailAdapter;
  /** The engine's clock (tests move it past the cool-down). */
  clock: { now: () => number };
  stop(): Promise<void>;
}

/** Builds the action adapters (from config), the watcher engine and the queue worker. */
export function createWorkflows(opts: {
  config: AppConfig;
  db: Db;
  push: Pick<PushPublisher, 'publish'>;
  log: FastifyBaseLogger;
  eventBridge: EventBridgeAdapter;
  /** Action templates' call fields from the telemetry store (decision CH41). */
  callSummary?: ActionDeps['callSummary'];
}): Workflows {
  const { config, db, log } = opts;
  const retry = { attempts: config.WORKFLOW_ACTION_MAX_ATTEMPTS, backoffMs: 500 };
  const webhook = createWebhookAdapter({ timeoutMs: config.WORKFLOW_ACTION_TIMEOUT_MS, retry });
  const mail = createMailAdapter(config, db);
  const actionDeps: ActionDeps = {
    webhook,
    slack: createSlackAdapter(webhook),
    mail,
    agentPush: createAgentPushAdapter(opts.push),
    eventBridge: opts.eventBridge,
    retry,
    ...(opts.callSummary ? { callSummary: opts.callSummary } : {}),
  };
  const leaseMs = 5 * 60_000;
  const queue = startWorkflowQueue({
    db,
    log,
    run: (scope, payload) => runAction(actionDeps, scope, payload),
    concurrency: 16,
    pollMs: 2000,
    leaseMs,
    cooldownMs: config.WORKFLOW_COOLDOWN_SECONDS * 1000,
    finishedJobRetentionMs: 7 * 24 * 3_600_000,
  });
  const clock = { now: () => Date.now() };
  const engine = createWatcherEngine({
    db,
    log,
    cooldownMs: config.WORKFLOW_COOLDOWN_SECONDS * 1000,
    cacheTtlMs: 30_000,
    now: () => clock.now(),
    queue,
    leaseMs,
  });
  log.info({ mail: mail.kind }, 'workflow actions ready');
  return {
    engine,
    queue,
    watcherDeps: { db, onChange: (groupId) => engine.invalidate(groupId) },
    mail,
    clock,
    async stop() {
      await engine.settled();
      await queue.stop();
      mail.close();
    },
  };
}
