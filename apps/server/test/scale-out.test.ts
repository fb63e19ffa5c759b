import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXPLORER_PUSH_PAGE,
  type ApiTokenCreated,
  type IngestCallInput,
  type SessionToken,
} from '@callsight/shared';
import { openDatabase, type Database } from '../src/db/client.ts';
import { forGroup } from '../src/db/group-scope.ts';
import {
  heartbeatTests,
  syntheticJobs,
  workflowActionHistory,
  workflowJobs,
} from '../src/db/schema/index.ts';
import { PG_ADMIN_URL, TEST_DB } from './harness.ts';
import { reachable, skipWithout } from './support/peers.ts';
import { PASSWORD, createGroup, createUser } from './factories.ts';

/**
 * Several server processes (issue 23): real `node --import tsx apps/server/src/main.ts`
 * processes on one PostgreSQL database and one Redis. A push published by one reaches a socket
 * of the other (socket.io's Redis adapter), scheduled work runs once across them, and WORKERS=2
 * starts a cluster that stops cleanly. PGlite cannot be shared, so this runs on PostgreSQL only.
 */

const REPO = fileURLToPath(new URL('../../..', import.meta.url));
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** The ports this suite may use (anything it starts listens in this range). */
const PORT_RANGE = [5600, 5699] as const;

// PGlite lives in one process and cannot be shared: these run on PostgreSQL only, where Redis
// is a peer CI must have (skipWithout).
const skipReason =
  TEST_DB !== 'postgres'
    ? 'TEST_DB is not postgres: PGlite lives in one process and cannot be shared'
    : skipWithout(await reachable(REDIS_URL), `Redis at ${REDIS_URL}`)
      ? `Redis is unreachable at ${REDIS_URL}`
      : null;
if (skipReason) console.warn(`scale-out tests skipped: ${skipReason}`);

/** A free port of PORT_RANGE on loopback, starting at a random place (parallel runs). */
async function freePort(taken: Set<number>): Promise<number> {
  const [lo, hi] = PORT_RANGE;
  const span = hi - lo + 1;
  const start = Math.floor(Math.random() * span);
  for (let i = 0; i < span; i++) {
    const port = lo + ((start + i) % span);
    if (taken.has(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) {
      taken.add(port);
      return port;
    }
  }
  throw new Error(`no free port in ${lo}-${hi}`);
}

const taken = new Set<number>();
const ADMIN_EMAIL = 'scale-admin@callsight.local';
const ADMIN_PASSWORD = randomBytes(18).toString('base64url');

/** A server process started from main.ts, its output kept for failure messages. */
interface ServerProcess {
  child: ChildProcess;
  base: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts main.ts on `port`; an `env` entry set to undefined is removed from the environment. */
function startServer(port: number, env: Record<string, string | undefined>): ServerProcess {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'callsight-scale-'));
  const merged: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    CALLSIGHT_ADMIN_EMAIL: ADMIN_EMAIL,
    CALLSIGHT_ADMIN_PASSWORD: ADMIN_PASSWORD,
    REDIS_URL,
    // Queued test calls stay queued: this suite counts jobs, it does not place calls.
    PROBE_CONCURRENCY: '0',
    STT_ENGINE: 'none',
    WORKERS: '1',
    ...env,
  };
  for (const [k, v] of Object.entries(merged)) if (v === undefined) delete merged[k];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: merged,
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  void exited.then(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  return { child, base: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** Resolves once GET /api/health answers 200 (fails when the process exits first). */
async function healthy(server: ServerProcess, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.output()}`);
    const ok = await fetch(`${server.base}/api/health`, { signal: AbortSignal.timeout(2000) })
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no health answer from ${server.base}:\n${server.output()}`);
}

async function stopServer(server: ServerProcess | undefined): Promise<number | null> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return null;
  server.child.kill('SIGTERM');
  const code = await Promise.race([
    server.exited,
    new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 15_000)),
  ]);
  if (code !== 'timeout') return code;
  server.child.kill('SIGKILL');
  await server.exited;
  return null;
}

async function until<T>(what: string, read: () => Promise<T | undefined>, ms = 30_000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function signInAt(base: string, email: string, password = PASSWORD): Promise<SessionToken> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in at ${base}: ${res.status} ${await res.text()}`);
  return (await res.json()) as SessionToken;
}

function connectSocket(base: string, token: string): Promise<Socket> {
  const socket = io(base, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => reject(err));
  });
}

describe('start-up refusals', () => {
  const refusal = async (env: Record<string, string | undefined>) => {
    const server = startServer(await freePort(taken), env);
    const code = await server.exited;
    return { code, output: server.output() };
  };

  it('refuses WORKERS > 1 on the embedded PGlite database, naming WORKERS and DATABASE_URL', async () => {
    const { code, output } = await refusal({ WORKERS: '2', DATABASE_URL: undefined });
    expect(code).toBe(1);
    expect(output).toMatch(/WORKERS: WORKERS=2 needs PostgreSQL: set DATABASE_URL/);
  });

  it('refuses WORKERS > 1 without REDIS_URL', async () => {
    const { code, output } = await refusal({
      WORKERS: '2',
      DATABASE_URL: PG_ADMIN_URL,
      REDIS_URL: undefined,
    });
    expect(code).toBe(1);
    expect(output).toMatch(/WORKERS=2 needs REDIS_URL/);
    expect(output).not.toMatch(/needs PostgreSQL/);
  });
});

describe.skipIf(skipReason !== null)(
  `two server processes on one database and one Redis${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    const name = `callsight_scale_${randomUUID().replaceAll('-', '')}`;
    let databaseUrl = '';
    let a: ServerProcess | undefined;
    let b: ServerProcess | undefined;
    let database: Database | undefined;
    let hooks: http.Server | undefined;
    const sockets: Socket[] = [];

    const db = () => {
      if (!database) throw new Error('database not open');
      return database.db;
    };
    const servers = () => {
      if (!a || !b) throw new Error('servers not started');
      return { a, b };
    };

    beforeAll(async () => {
      await adminQuery(`create database ${name}`);
      const url = new URL(PG_ADMIN_URL);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
      // Both start at once on the empty database: the start-up lock has them migrate in turn.
      const env = { DATABASE_URL: databaseUrl };
      a = startServer(await freePort(taken), env);
      b = startServer(await freePort(taken), env);
      await Promise.all([healthy(a), healthy(b)]);
      database = await openDatabase({ url: databaseUrl, dataDir: 'memory://' });
    }, 120_000);

    afterAll(async () => {
      for (const socket of sockets) socket.close();
      hooks?.close();
      await Promise.all([stopServer(a), stopServer(b)]);
      await database?.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    }, 60_000);

    it('runs one migration and one first-start seed for both processes', async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const supers = await client.query('select email from users where is_super');
        expect(supers.rows).toEqual([{ email: ADMIN_EMAIL }]);
        const firstGroups = await client.query('select count(*)::int as n from groups');
        expect(firstGroups.rows[0]).toEqual({ n: 1 });
        // Each migration applied once, though both processes migrated the empty database.
        const files = fs
          .readdirSync(path.join(REPO, 'apps/server/src/db/migrations'))
          .filter((f) => f.endsWith('.sql'));
        const migrations = await client.query<{ n: number; d: number }>(
          'select count(*)::int as n, count(distinct hash)::int as d from drizzle.__drizzle_migrations',
        );
        expect(migrations.rows[0]).toEqual({ n: files.length, d: files.length });
      } finally {
        await client.end();
      }
    });

    it('refuses to start when Redis cannot be reached, naming REDIS_URL', async () => {
      // A port of the range nothing listens on: the connection is refused.
      const closed = await freePort(taken);
      const server = startServer(await freePort(taken), {
        DATABASE_URL: databaseUrl,
        REDIS_URL: `redis://:hidden@127.0.0.1:${closed}`,
      });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(
        `Could not connect to Redis at REDIS_URL=redis://:***@127.0.0.1:${closed}`,
      );
      expect(server.output()).not.toContain('hidden');
    });

    it('delivers a push published by one process to a socket connected to the other', async () => {
      const { a, b } = servers();
      const group = await createGroup(db());
      const admin = await createUser(db(), { groups: [group], role: 'admin' });
      // Signed in at B; the token holds at A too (one signing secret in the database).
      const session = await signInAt(b.base, admin.email);
      const headers = {
        authorization: `Bearer ${session.accessToken}`,
        'x-group-id': group.id,
        'content-type': 'application/json',
      };
      const atB = await connectSocket(b.base, session.accessToken);
      const atA = await connectSocket(a.base, session.accessToken);
      sockets.push(atA, atB);
      const gotB: { page: string; data: unknown }[] = [];
      const gotA: { page: string; data: unknown }[] = [];
      atB.on('message', (m: { page: string; data: unknown }) => gotB.push(m));
      atA.on('message', (m: { page: string; data: unknown }) => gotA.push(m));
      await atB.emitWithAck('subscribeToPage', EXPLORER_PUSH_PAGE);
      await atA.emitWithAck('subscribeToPage', EXPLORER_PUSH_PAGE);

      const created = await fetch(`${a.base}/api/config/token`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'Collector' }),
      });
      expect(created.status).toBe(201);
      const key = ((await created.json()) as ApiTokenCreated).token;

      // The new call is ingested at A: A announces it, B's socket hears it through Redis.
      const contactId = `scale-${randomUUID().slice(0, 8)}`;
      const call: IngestCallInput = {
        contactId,
        agent: 'agent-scale',
        startTime: Date.now() - 60_000,
        endTime: Date.now(),
      };
      const ingested = await fetch(`${a.base}/api/ingest/v1/calls`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ calls: [call] }),
      });
      expect(ingested.status).toBe(200);
      await until('the push at B', async () => (gotB.length > 0 ? true : undefined), 10_000);
      expect(gotB).toEqual([
        {
          page: EXPLORER_PUSH_PAGE,
          data: { type: 'call', startTime: new Date(call.startTime).toISOString() },
        },
      ]);
      // Once each: A's own socket too, and not twice through Redis.
      await until('the push at A', async () => (gotA.length > 0 ? true : undefined), 10_000);
      await new Promise((r) => setTimeout(r, 500));
      expect(gotA).toHaveLength(1);
      expect(gotB).toHaveLength(1);
    });

    it('queues each Run Once heartbeat test once, though both schedulers find it due', async () => {
      const group = await createGroup(db(), { heartbeat: true });
      const scope = forGroup(db(), group.id);
      const count = 30;
      // Due in a moment: both processes' schedulers (a tick every 250 ms) see them due together.
      const dueAt = new Date(Date.now() + 1500);
      const tests = await db()
        .insert(heartbeatTests)
        .values(
          scope.rows(
            heartbeatTests,
            Array.from({ length: count }, (_, i) => ({
              description: `Scale ${i}`,
              agentType: 'VIRTUAL_AGENT',
              agentIds: ['agent-once'],
              sourcePhoneNumber: '+61290000300',
              targetPhoneNumber: '+61290002000',
              scheduleMinutes: 0,
              nextRun: dueAt,
            })),
          ),
        )
        .returning({ id: heartbeatTests.id });
      expect(tests).toHaveLength(count);

      const done = await until('every test to have run', async () => {
        const rows = await db()
          .select({ nextRun: heartbeatTests.nextRun, lastRun: heartbeatTests.lastRun })
          .from(heartbeatTests)
          .where(scope.owns(heartbeatTests));
        return rows.every((r) => r.nextRun === null && r.lastRun !== null) ? rows : undefined;
      });
      expect(done).toHaveLength(count);
      // A second run would come within a tick or two: give it time to show.
      await new Promise((r) => setTimeout(r, 1500));
      const jobs = await db()
        .select({ heartbeatId: syntheticJobs.heartbeatId, status: syntheticJobs.status })
        .from(syntheticJobs)
        .where(scope.owns(syntheticJobs));
      expect(jobs).toHaveLength(count);
      expect(new Set(jobs.map((j) => j.heartbeatId))).toEqual(new Set(tests.map((t) => t.id)));
      expect(jobs.every((j) => j.status === 'Queued')).toBe(true);
    });

    it('runs each due workflow job once across the two processes', async () => {
      const hits: string[] = [];
      hooks = http.createServer((req, res) => {
        hits.push(req.url ?? '');
        // A slow receiver: jobs stay in flight, so both processes' queues take some.
        setTimeout(() => res.writeHead(200).end('ok'), 100);
      });
      const hookPort = await freePort(taken);
      await new Promise<void>((resolve) => hooks?.listen(hookPort, '127.0.0.1', resolve));

      const group = await createGroup(db());
      const scope = forGroup(db(), group.id);
      const count = 40;
      const workflowId = randomUUID();
      const jobs = await db()
        .insert(workflowJobs)
        .values(
          scope.rows(
            workflowJobs,
            Array.from({ length: count }, (_, i) => ({
              workflowId,
              payload: {
                workflowId,
                workflowName: 'Scale-out',
                application: 'Callsight',
                trigger: 'test',
                action: {
                  type: 'invoke-webhook',
                  url: `http://127.0.0.1:${hookPort}/hook/${i}`,
                  method: 'post',
                  body: '{}',
                },
                contactId: `scale-${i}`,
                agent: null,
                breach: { metric: 'mos', value: 1, threshold: 3 },
                fields: {},
                firedAt: new Date().toISOString(),
              },
            })),
          ),
        )
        .returning({ id: workflowJobs.id });
      expect(jobs).toHaveLength(count);

      const history = await until('every job recorded', async () => {
        const rows = await db()
          .select({ jobId: workflowActionHistory.jobId, result: workflowActionHistory.result })
          .from(workflowActionHistory)
          .where(scope.owns(workflowActionHistory));
        return rows.length >= count ? rows : undefined;
      });
      // A job run twice would show as a second webhook call and a second history row.
      await new Promise((r) => setTimeout(r, 2500));
      expect(hits).toHaveLength(count);
      expect(new Set(hits).size).toBe(count);
      const again = await db()
        .select({ jobId: workflowActionHistory.jobId })
        .from(workflowActionHistory)
        .where(scope.owns(workflowActionHistory));
      expect(again).toHaveLength(count);
      expect(new Set(history.map((h) => h.jobId))).toEqual(new Set(jobs.map((j) => j.id)));
      expect(history.every((h) => h.result === 'success')).toBe(true);
      const states = await db()
        .select({ status: workflowJobs.status, attempts: workflowJobs.attempts })
        .from(workflowJobs)
        .where(scope.owns(workflowJobs));
      expect(states.every((s) => s.status === 'done' && s.attempts === 1)).toBe(true);
    });
  },
);

describe.skipIf(skipReason !== null)(
  `WORKERS=2${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    const name = `callsight_scale_${randomUUID().replaceAll('-', '')}`;
    let server: ServerProcess | undefined;

    afterAll(async () => {
      await stopServer(server);
      await adminQuery(`drop database if exists ${name} with (force)`);
    }, 60_000);

    it('starts a primary with two workers sharing the port, and stops them all on SIGTERM', async () => {
      await adminQuery(`create database ${name}`);
      const url = new URL(PG_ADMIN_URL);
      url.pathname = `/${name}`;
      server = startServer(await freePort(taken), {
        DATABASE_URL: url.toString(),
        WORKERS: '2',
      });
      const started = server;
      await until(
        'both workers to listen',
        async () => (/with 2 server processes/.test(started.output()) ? true : undefined),
        90_000,
      ).catch((err: unknown) => {
        throw new Error(`${String(err)}\n${started.output()}`);
      });
      await healthy(started);
      const session = await signInAt(started.base, ADMIN_EMAIL, ADMIN_PASSWORD);
      expect(session.accessToken).toBeTruthy();
      expect(started.output()).toContain('Push shared across processes through Redis');

      expect(await stopServer(started)).toBe(0);
      expect(started.output()).toMatch(/SIGTERM received, stopping the workers/);
    }, 120_000);
  },
);
