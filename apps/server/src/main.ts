import cluster, { type Worker } from 'node:cluster';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { DEMO_PASSWORD } from '@callsight/shared';
import { loadConfig, type AppConfig } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { ensureJwtSecret, seedFirstStart } from './db/bootstrap.ts';
import { initialAdminPath, readInitialAdmin } from './services/auth/initial-admin.ts';
import { listDemoAccounts } from './services/users/demo-accounts.ts';

type Say = (msg: string) => void;

/**
 * PostgreSQL session advisory lock keys (decisions S17, S18): processes started together
 * migrate and seed one at a time, and one process runs the demo traffic.
 */
const STARTUP_LOCK_KEY = '7303202301';
const DEMO_TRAFFIC_LOCK_KEY = '7303202302';
/** How long the primary waits for its workers to stop before killing them. */
const WORKER_STOP_TIMEOUT_MS = 30_000;
/** A worker that stopped after it had started is started again after this pause. */
const WORKER_RESTART_DELAY_MS = 1000;
/** The primary tells each worker its place (0 … WORKERS-1); worker 0 runs the demo traffic. */
const WORKER_INDEX_ENV = 'CALLSIGHT_WORKER_INDEX';

interface LockHolder {
  /** Ends the lock's session, which releases the lock. */
  release(): Promise<void>;
}

/**
 * A session advisory lock on a connection of its own, held until released (or until the process
 * or its connection dies). `wait`: waits for it; otherwise answers null when another holds it.
 */
async function advisoryLock(url: string, key: string, wait: boolean): Promise<LockHolder | null> {
  const client = new pg.Client({ connectionString: url });
  // A dropped connection drops the lock with it; nothing else depends on this client.
  client.on('error', () => undefined);
  await client.connect();
  const release = () => client.end().catch(() => undefined);
  try {
    if (wait) {
      await client.query('select pg_advisory_lock($1::bigint)', [key]);
      return { release };
    }
    const { rows } = await client.query<{ locked: boolean }>(
      'select pg_try_advisory_lock($1::bigint) as locked',
      [key],
    );
    if (rows[0]?.locked) return { release };
  } catch (err) {
    await release();
    throw err;
  }
  await release();
  return null;
}

/**
 * Opens the database (applying migrations), seeds first-start data when `seed`, and answers the
 * token signing secret. On PostgreSQL this runs under the start-up lock: processes started at
 * once migrate and seed in turn, and the later ones find the work done.
 */
async function prepareDatabase(
  config: AppConfig,
  say: Say,
  seed: boolean,
): Promise<{ database: Database; secret: string }> {
  const lock = config.DATABASE_URL
    ? await advisoryLock(config.DATABASE_URL, STARTUP_LOCK_KEY, true)
    : null;
  try {
    const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
    try {
      if (seed) await seedFirstStart(database.db, config, say);
      const secret = await ensureJwtSecret(database.db, config.JWT_SECRET);
      return { database, secret };
    } catch (err) {
      await database.close();
      throw err;
    }
  } finally {
    await lock?.release();
  }
}

/**
 * The one line that says Callsight can be used (issue 33): its address and whom to sign in as,
 * the demo's Group Admin while the demo accounts exist, else the generated super user's file.
 */
async function readyLine(
  config: AppConfig,
  database: Database,
  port: number,
  demoLoaded: boolean,
): Promise<string> {
  const at = `Callsight is ready at http://localhost:${port} (database: ${database.kind})`;
  // Without the accounts (a failed query) the line still says where Callsight is.
  const { accounts } = await listDemoAccounts(database.db).catch(() => ({ accounts: [] }));
  // The Group Admin sees the most; any demo account left will do.
  const demo = accounts.find((a) => a.role === 'admin') ?? accounts[0];
  const data = demoLoaded ? ': demo data loaded' : '';
  if (demo) return `${at}${data}; sign in as ${demo.email} (password ${DEMO_PASSWORD})`;
  const admin = readInitialAdmin(config.DATA_DIR);
  const file = initialAdminPath(config.DATA_DIR);
  if (admin && file) return `${at}${data}; sign in as ${admin.email} with the password in ${file}`;
  return `${at}${data}`;
}

/**
 * One server process: the whole product, or one worker of WORKERS (then `worker` is its place
 * and the primary has migrated and seeded). Listens, and stops gracefully on SIGINT/SIGTERM.
 */
async function runServer(config: AppConfig, worker: number | null): Promise<void> {
  const say: Say =
    worker === null
      ? (msg) => console.log(`[callsight] ${msg}`)
      : (msg) => console.log(`[callsight worker ${worker}] ${msg}`);
  const { database, secret } = await prepareDatabase(config, say, worker === null);
  // Loaded here, not at the top: a cluster primary never builds the app.
  const { buildApp } = await import('./app.ts');
  const { app, ctx } = await buildApp(config, database, secret);
  // Demo traffic: in one process only (worker 0 of a cluster, and the lock's holder among
  // processes sharing a PostgreSQL database). Test calls measure real-time audio, so the
  // in-process probe places none while this process seeds the demo history.
  const demoHere = config.SEED_DEMO && config.DEMO_TRAFFIC && (worker ?? 0) === 0;
  let historySettled: () => void = () => {};
  if (demoHere) ctx.synthetic.holdCallsUntil(new Promise<void>((r) => (historySettled = r)));
  if (config.REDIS_URL)
    await ctx.push.shareThroughRedis(config.REDIS_URL, { info: say, warn: say });
  await app.listen({ port: config.PORT, host: config.HOST });
  // The port listened on: PORT=0 takes any free one.
  const { port } = app.server.address() as AddressInfo;
  let stopping = false;
  // Said once: after the demo data when this process loads it (worker 0 of a cluster), else by
  // a lone process once it listens (a cluster's primary says it once all its workers listen).
  const announce = async (demoLoaded: boolean) => {
    if (stopping) return;
    say(await readyLine(config, database, port, demoLoaded));
  };
  let announced = false;

  let demo: { stop(): Promise<void> } | null = null;
  if (demoHere) {
    const lock = config.DATABASE_URL
      ? await advisoryLock(config.DATABASE_URL, DEMO_TRAFFIC_LOCK_KEY, false)
      : null;
    if (config.DATABASE_URL && !lock) {
      historySettled();
      say('Demo traffic runs in another server process of this database');
    } else {
      const { startDemoTraffic } = await import('./demo/index.ts');
      const traffic = await startDemoTraffic({
        db: database.db,
        push: ctx.push,
        watchers: ctx.workflows.engine,
        telemetry: ctx.telemetry,
        settings: {
          historyDays: config.DEMO_HISTORY_DAYS,
          callsPerDay: config.DEMO_CALLS_PER_DAY,
        },
        log: say,
      });
      void (traffic?.history ?? Promise.resolve()).finally(historySettled);
      if (traffic) {
        announced = true;
        // The history's chain reports its own failures and settles; the line's own failure too.
        void traffic.history
          .then(() => announce(true))
          .catch((err: unknown) => say(`No ready line: ${String(err)}`));
      }
      if (!traffic) await lock?.release();
      else
        demo = {
          async stop() {
            await traffic.stop();
            await lock?.release();
          },
        };
    }
  }

  if (worker === null && !announced) await announce(false);

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`${signal} received, shutting down`);
    await demo?.stop();
    // Closes push too (its Redis clients), then the background work (app.ts's onClose hooks).
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/**
 * WORKERS > 1 (issue 23): this process migrates and seeds once, then forks WORKERS server
 * processes sharing PORT (node:cluster hands them the connections). A worker that stops is
 * started again; one that stops before it listens ends the start. SIGINT/SIGTERM stop them all.
 */
async function runPrimary(config: AppConfig): Promise<void> {
  const say: Say = (msg) => console.log(`[callsight] ${msg}`);
  say(`Starting ${config.WORKERS} server processes (WORKERS=${config.WORKERS})`);
  const { database } = await prepareDatabase(config, say, true);
  await database.close();

  const listened = new Set<number>();
  let announced = false;
  let stopping = false;

  const shutdown = async (reason: string, code: number) => {
    if (stopping) return;
    stopping = true;
    say(`${reason}, stopping the workers`);
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    const killer = setTimeout(() => {
      for (const w of workers) if (!w.isDead()) w.process.kill('SIGKILL');
    }, WORKER_STOP_TIMEOUT_MS);
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve) => {
            if (w.isDead()) return resolve();
            w.once('exit', () => resolve());
            w.process.kill('SIGTERM');
          }),
      ),
    );
    clearTimeout(killer);
    process.exit(code);
  };

  const fork = (index: number) => {
    const worker = cluster.fork({ [WORKER_INDEX_ENV]: String(index) });
    worker.on('listening', () => {
      if (listened.has(index)) return;
      listened.add(index);
      if (announced) say(`Worker ${index} is listening again`);
      else if (listened.size === config.WORKERS) {
        announced = true;
        const processes = `${config.WORKERS} server processes (database: postgres, push across processes: Redis)`;
        // With the demo, worker 0 says the ready line once the demo data is in place.
        say(
          config.SEED_DEMO && config.DEMO_TRAFFIC
            ? `Listening on http://localhost:${config.PORT} with ${processes}; worker 0 is loading the demo data`
            : `Callsight is ready at http://localhost:${config.PORT} with ${processes}`,
        );
      }
    });
    worker.on('exit', (code, signal) => {
      if (stopping) return;
      const how = signal ?? `code ${code}`;
      if (!listened.has(index)) {
        void shutdown(`Worker ${index} stopped during its start (${how})`, 1);
        return;
      }
      listened.delete(index);
      say(`Worker ${index} stopped (${how}); starting another`);
      setTimeout(() => {
        if (!stopping) fork(index);
      }, WORKER_RESTART_DELAY_MS);
    });
  };
  for (let i = 0; i < config.WORKERS; i++) fork(i);
  process.on('SIGINT', () => void shutdown('SIGINT received', 0));
  process.on('SIGTERM', () => void shutdown('SIGTERM received', 0));
}

/** Reads config once and starts: one server process, or a cluster of WORKERS. */
async function main() {
  const config = loadConfig();
  // A worker of ours (not of another cluster manager: those start as whole processes).
  const index = process.env[WORKER_INDEX_ENV];
  if (cluster.isWorker && index !== undefined) return runServer(config, Number(index));
  if (config.WORKERS > 1) return runPrimary(config);
  return runServer(config, null);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
