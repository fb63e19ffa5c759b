import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const startTimeoutMs = 60_000;
const stopTimeoutMs = 5_000;
/** Lines of server output kept to explain a failed start. */
const keptOutputLines = 40;

export interface RunningServer {
  baseUrl: string;
  /** As the server reports it on /api/health: 'pglite' or 'postgres'. */
  databaseKind: string;
  /** The last lines the server printed (a cluster's start line, say). */
  output(): string[];
  /** Stops the server (SIGTERM, then SIGKILL) and removes its temporary data directory. */
  stop(): Promise<void>;
}

/** Asks the OS for a free TCP port on the loopback interface. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port > 0 ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

/** The Node flags `npm start` runs the server with (package.json): the bench measures it as run. */
function startFlags(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const match = /\bnode ((?:--\S+ )*)--import tsx apps\/server\/src\/main\.ts/.exec(
    pkg.scripts.start,
  );
  if (!match) throw new Error(`package.json start script not understood: ${pkg.scripts.start}`);
  return (match[1] ?? '').split(' ').filter(Boolean);
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Starts `apps/server/src/main.ts` as a child process on a free port with a fresh temporary
 * DATA_DIR (DATABASE_URL, when set, passes through) and resolves once /api/health answers 200.
 * `overrides` win over both (a benchmark's own database, say).
 */
export async function startServer(overrides: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'callsight-bench-'));
  // An explicit PORT (a benchmark keeping to a port range) wins over a free one.
  const port = overrides.PORT ? Number(overrides.PORT) : await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(...chunk.toString().split('\n').filter(Boolean));
    output.splice(0, Math.max(0, output.length - keptOutputLines));
  };

  // BENCH_SERVER_NODE_ARGS: extra Node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=prof".
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(
    process.execPath,
    [...startFlags(), ...nodeArgs, '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'true',
        // Benchmarks load their own data: no demo history or live calls competing with them.
        DEMO_TRAFFIC: 'false',
        // A known super user keeps the server from printing a generated password.
        CALLSIGHT_ADMIN_EMAIL: 'bench-admin@callsight.local',
        CALLSIGHT_ADMIN_PASSWORD: randomBytes(18).toString('base64url'),
        ...overrides,
      },
    },
  );
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // BENCH_SERVER_OUTPUT=<file>: the server's whole output there too (--trace-gc, say).
  const copyTo = process.env.BENCH_SERVER_OUTPUT;
  if (copyTo) {
    const file = fs.createWriteStream(copyTo);
    child.stdout?.pipe(file);
    child.stderr?.pipe(file);
  }

  // Last resort if this process exits without calling stop() (uncaught error, process.exit).
  const killOnExit = () => {
    child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  // Ctrl-C or a kill, also while the server is still starting: stop it, then exit as signalled.
  const stopOnSignal = (signal: NodeJS.Signals) => {
    console.error(`\n${signal} received, stopping the server`);
    void stop().finally(() => process.exit(128 + os.constants.signals[signal]));
  };
  process.once('exit', killOnExit);
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);

  const stop = async () => {
    process.off('exit', killOnExit);
    process.off('SIGINT', stopOnSignal);
    process.off('SIGTERM', stopOnSignal);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const stopped = await Promise.race([
        exited(child).then(() => true),
        delay(stopTimeoutMs).then(() => false),
      ]);
      if (!stopped) {
        child.kill('SIGKILL');
        await exited(child);
      }
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const databaseKind = await waitForHealth(baseUrl, child);
    return { baseUrl, databaseKind, output: () => [...output], stop };
  } catch (error) {
    await stop();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${reason}\n--- server output (last lines) ---\n${output.join('\n')}`, {
      cause: error,
    });
  }
}

/** Polls /api/health until it answers 200; fails when the child exits or time runs out. */
async function waitForHealth(baseUrl: string, child: ChildProcess): Promise<string> {
  const deadline = Date.now() + startTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited during start (code ${child.exitCode ?? child.signalCode})`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) {
        const body: unknown = await response.json();
        const kind =
          typeof body === 'object' && body !== null && 'database' in body
            ? body.database
            : undefined;
        return typeof kind === 'string' ? kind : 'unknown';
      }
    } catch {
      // Not listening yet.
    }
    await delay(200);
  }
  throw new Error(`server did not answer GET /api/health within ${startTimeoutMs / 1000} s`);
}
