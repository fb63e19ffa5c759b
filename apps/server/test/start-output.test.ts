import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '@callsight/shared';

/**
 * What `npm start` prints (issue 33 §3): one ready line, after the demo data is in place, and
 * no request lines at the default LOG_LEVEL. Real `node --import tsx apps/server/src/main.ts`
 * processes on PGlite in a fresh DATA_DIR, listening on a free port (PORT=0).
 */

const REPO = fileURLToPath(new URL('../../..', import.meta.url));
const READY = /Callsight is ready at (http:\/\/localhost:\d+)/;

/** A fresh start migrates a new database and, with the demo, seeds it: slow on busy CI cores. */
const START_MS = 90_000;

interface Started {
  output: () => string;
  /** Resolves with the ready line's address; fails when the process exits first or START_MS pass. */
  ready: Promise<string>;
  stop(): Promise<void>;
}

const running: Started[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
});

function start(env: Record<string, string>): Started {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'callsight-start-'));
  // Only the system's variables: none of the run's (DATABASE_URL, LOG_LEVEL, admin password …)
  // reaches the server, which starts as on a new user's machine.
  const system = Object.fromEntries(
    ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ'].flatMap((k) => {
      const v = process.env[k];
      return v === undefined ? [] : [[k, v]];
    }),
  );
  const childEnv: NodeJS.ProcessEnv = {
    ...system,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // Queued test calls stay queued and nothing is transcribed: this suite reads the console.
    PROBE_CONCURRENCY: '0',
    SYNTHETIC_SCHEDULER: 'false',
    STT_ENGINE: 'none',
    USAGE_ROLLUP_INTERVAL_MS: '0',
    MARKETPLACE_BILLING_JOB: 'false',
    ...env,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: childEnv,
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<string>((resolve, reject) => {
    const onData = (d: Buffer) => {
      output += d.toString();
      const url = READY.exec(output)?.[1];
      if (url) resolve(url);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => reject(new Error(`server exited before its ready line:\n${output}`)));
    setTimeout(
      () => reject(new Error(`no ready line in ${START_MS} ms:\n${output}`)),
      START_MS,
    ).unref();
  });
  // A failure is reported by the test that awaits it.
  ready.catch(() => undefined);
  const started: Started = {
    output: () => output,
    ready,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(killer);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  running.push(started);
  return started;
}

/** The console's lines, without the progress line's carriage-return updates. */
const lines = (output: string) => output.split(/[\r\n]+/).filter((l) => l.trim() !== '');

describe('npm start: the console', () => {
  it(
    'prints one ready line once the demo data is in place, and no request lines',
    async () => {
      const server = start({ SEED_DEMO: 'true', DEMO_HISTORY_DAYS: '2', DEMO_CALLS_PER_DAY: '4' });
      const url = await server.ready;
      // Requests at the default level leave no line on the console.
      for (const p of ['/api/health', '/api/no-such-route', '/'])
        await fetch(new URL(p, url.replace('localhost', '127.0.0.1')));
      await new Promise((r) => setTimeout(r, 300));

      const out = lines(server.output());
      const readyAt = out.findIndex((l) => READY.test(l));
      expect(out.filter((l) => READY.test(l))).toHaveLength(1);
      // The ready line comes after every line about the demo data, and names a demo account.
      const lastDemo = out.findLastIndex((l) => /Demo (history|usage|journeys)/.test(l));
      expect(lastDemo).toBeGreaterThanOrEqual(0);
      expect(readyAt).toBeGreaterThan(lastDemo);
      expect(out[readyAt]).toContain('demo data loaded');
      expect(out[readyAt]).toContain(DEMO_PASSWORD);
      // No earlier line claims the server is ready or running.
      expect(
        out.slice(0, readyAt).filter((l) => /is (ready|running)|history ready/i.test(l)),
      ).toEqual([]);
      expect(out.filter((l) => /incoming request|request completed/.test(l))).toEqual([]);
    },
    2 * START_MS,
  );

  it(
    'without demo data, prints one ready line once it listens',
    async () => {
      const server = start({ SEED_DEMO: 'false' });
      const url = await server.ready;
      const res = await fetch(new URL('/api/health', url.replace('localhost', '127.0.0.1')));
      expect(res.status).toBe(200);
      const out = lines(server.output());
      const ready = out.filter((l) => READY.test(l));
      expect(ready).toHaveLength(1);
      // Whom to sign in as: the super user, whose generated password is in DATA_DIR.
      expect(ready[0]).toMatch(
        /sign in as admin@localhost with the password in .*initial-admin\.txt/,
      );
      expect(out.filter((l) => /is running/.test(l))).toEqual([]);
    },
    2 * START_MS,
  );
});
