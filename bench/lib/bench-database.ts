import fs from 'node:fs';
import os from 'node:os';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { openDatabase, type Database } from '../../apps/server/src/db/client.ts';
import { ensureDemoData } from '../../apps/server/src/db/bootstrap.ts';
import { findDemoGroupId } from '../../apps/server/src/demo/demo-group.ts';
import { startServer, type RunningServer } from './server.ts';

/**
 * A database of a benchmark's own, apart from the one `npm run bench` serves: a new PostgreSQL
 * database next to DATABASE_URL's (dropped at the end), or a temporary PGlite directory.
 */
export interface BenchDatabase {
  kind: 'postgres' | 'pglite';
  /** PostgreSQL: the bench database's URL. */
  url?: string;
  /** PGlite: the DATA_DIR holding it. */
  dataDir?: string;
  /** Migrates it and seeds the demo customer; answers the open database and the demo group id. */
  prepare(): Promise<{ database: Database; groupId: string }>;
  /** A server on this database (demo data seeded, no demo traffic); `env` adds settings. */
  serve(env?: NodeJS.ProcessEnv): Promise<RunningServer>;
  /**
   * PostgreSQL: after a load, does what autovacuum and the checkpointer would do in a running
   * system (vacuum analyze of `tables`, then a checkpoint), so that the timings that follow
   * measure reads, not the write-back of the load. PGlite: nothing (the server holds it open).
   */
  settle(tables: readonly string[]): Promise<void>;
  drop(): Promise<void>;
}

const execFileAsync = promisify(execFile);

async function adminQuery(adminUrl: string, text: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Creates (afresh) the bench database `name` on DATABASE_URL's server, or a PGlite directory.
 * `reuse`: a PostgreSQL database of that name kept by an earlier run (BENCH_KEEP_DATABASE) is kept.
 */
export async function createBenchDatabase(name: string, reuse = false): Promise<BenchDatabase> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
  const adminUrl = process.env.DATABASE_URL;
  const prepare = async (opts: { url?: string; dataDir: string }) => {
    const database = await openDatabase(opts);
    await ensureDemoData(database.db, () => {});
    const groupId = await findDemoGroupId(database.db);
    if (!groupId) throw new Error('demo group not seeded');
    return { database, groupId };
  };
  if (adminUrl) {
    if (!reuse) {
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
      await adminQuery(adminUrl, `create database ${name}`);
    }
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const dbUrl = url.toString();
    return {
      kind: 'postgres',
      url: dbUrl,
      prepare: () => prepare({ url: dbUrl, dataDir: 'memory://' }),
      serve: (env = {}) => startServer({ ...env, DATABASE_URL: dbUrl }),
      settle: async (tables) => {
        await adminQuery(dbUrl, `vacuum (analyze) ${tables.join(', ')}`);
        await adminQuery(dbUrl, 'checkpoint');
      },
      // BENCH_KEEP_DATABASE=1 keeps it for a look afterwards (psql, EXPLAIN).
      drop: async () => {
        if (!process.env.BENCH_KEEP_DATABASE)
          await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
      },
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  return {
    kind: 'pglite',
    dataDir,
    prepare: () => prepare({ dataDir }),
    serve: (env = {}) => startServer({ ...env, DATA_DIR: dataDir }),
    settle: async () => {},
    drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

const demoAdmin = { email: 'admin@demo.callsight.local', password: 'Callsight-demo-1' };

/** Headers of the demo admin's session (access token and group). */
export async function demoAdminHeaders(baseUrl: string): Promise<Record<string, string>> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(demoAdmin),
  });
  if (login.status !== 200)
    throw new Error(`login answered ${login.status}: ${await login.text()}`);
  const session = (await login.json()) as { accessToken: string; claims: { groupId: string } };
  return { authorization: `Bearer ${session.accessToken}`, 'x-group-id': session.claims.groupId };
}

const getTimer = fileURLToPath(new URL('./get-timer.mjs', import.meta.url));

/**
 * Times `runs` sequential GETs of each URL after `warmup` unmeasured ones; answers sorted ms.
 * The GETs are sent by a small process of their own (get-timer.mjs, node:http on one kept-alive
 * connection): timed from this process, its own garbage collection added 5-7 ms to the slowest
 * call detail GETs, and fetch's streams 1-3 ms to each.
 */
export async function timeGets(
  baseUrl: string,
  url: string,
  headers: Record<string, string>,
  runs: number,
  warmup = 5,
): Promise<{ ms: number[]; bytes: number; body: unknown }> {
  const spec = JSON.stringify({ url: new URL(url, baseUrl).href, headers, runs, warmup });
  const { stdout } = await execFileAsync(process.execPath, [getTimer, spec], {
    maxBuffer: 256 * 1024 * 1024,
  });
  const timed = JSON.parse(stdout) as { ms: number[]; bytes: number; body: string };
  return {
    ms: timed.ms.sort((a, b) => a - b),
    bytes: timed.bytes,
    body: JSON.parse(timed.body) as unknown,
  };
}

/** The p-th percentile of sorted values. */
export const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
