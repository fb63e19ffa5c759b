import { hostname } from 'node:os';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { PushPublisher } from '../../push/push-server.ts';
import { STT_NOT_INSTALLED_LOG } from '../../adapters/stt/index.ts';
import { ProbePool } from './probe-pool.ts';
import { jobFinisher, type AgentTelemetryIngest, type FinishJob } from './results.ts';
import { SyntheticScheduler } from './scheduler.ts';
import { createInProcessProbe, type InProcessProbe } from './test-call-runner.ts';

type Log = {
  info(msg: string): void;
  warn(msg: string): void;
  error(obj: unknown, msg?: string): void;
};

/** The synthetic tests of this process: its scheduler and its in-process probe. */
export interface SyntheticRuntime {
  /** The in-process probe's contact centre and recordings (remote probes use them too). */
  probe: InProcessProbe;
  /** Writes a job's result and its agent telemetry (the in-process probe's and remote ones'). */
  finish: FinishJob;
  /** Queue what is due now and let the probe take it (after a create). */
  wake(): void;
  /** The in-process probe places no call until `done` settles (queued jobs wait). */
  holdCallsUntil(done: Promise<unknown>): void;
  start(): void;
  stop(): Promise<void>;
}

/**
 * Logs one line (STT_NOT_INSTALLED_LOG) when the probe's speech-to-text engine is not installed:
 * said at start rather than found in a report, where test calls show no transcription (issue 33).
 */
export async function sayWhenSpeechToTextMissing(
  probe: Pick<InProcessProbe, 'speechToText'>,
  log: Pick<Log, 'warn' | 'error'>,
): Promise<void> {
  try {
    if ((await probe.speechToText()).notInstalled) log.warn(STT_NOT_INSTALLED_LOG);
  } catch (err) {
    log.error(err, 'the speech-to-text engine could not be checked');
  }
}

/**
 * Wires the scheduler (SYNTHETIC_SCHEDULER) and the in-process probe (PROBE_CONCURRENCY test
 * calls at once, leaving PROBE_REMOTE_REGIONS to remote probes) of the process (issue 18).
 */
export function createSynthetic(opts: {
  config: AppConfig;
  db: Db;
  push: Pick<PushPublisher, 'publish'>;
  /** Where a human agent's softphone telemetry is ingested (the collector's path). */
  ingest?: AgentTelemetryIngest;
  log: Log;
}): SyntheticRuntime {
  const { config, db, push, log } = opts;
  const probe = createInProcessProbe(config, log);
  const finish = jobFinisher({ db, push, log, ...(opts.ingest ? { ingest: opts.ingest } : {}) });
  const pool =
    config.PROBE_CONCURRENCY > 0
      ? new ProbePool({
          db,
          push,
          log,
          run: probe.run,
          finish,
          probeId: `${hostname()}:${process.pid}`,
          concurrency: config.PROBE_CONCURRENCY,
          remoteRegions: config.PROBE_REMOTE_REGIONS,
        })
      : null;
  const scheduler = config.SYNTHETIC_SCHEDULER
    ? new SyntheticScheduler({ db, log, onQueued: () => pool?.wake() })
    : null;
  return {
    probe,
    finish,
    wake() {
      void scheduler?.tick().then(() => pool?.wake());
    },
    holdCallsUntil(done) {
      pool?.holdUntil(done);
    },
    start() {
      scheduler?.start();
      pool?.start();
      if (pool) void sayWhenSpeechToTextMissing(probe, log);
    },
    async stop() {
      scheduler?.stop();
      await pool?.stop();
      await probe.close();
    },
  };
}
