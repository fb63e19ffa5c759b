#!/usr/bin/env node
// The README's test command: unit and API tests on PGlite, the API suite again on PostgreSQL
// when one is reachable, then end-to-end tests in headless Chromium against the built app.
// In CI (CI=true) a missing database or browser is a failure, not a skip.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

const ci = process.env.CI === 'true' || process.env.CI === '1';
const results = [];

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = r.status === 0;
  results.push({ label, status: ok ? 'passed' : 'FAILED' });
  return ok;
}

function skip(label, reason) {
  const status = ci ? 'FAILED' : 'skipped';
  console.log(`\n=== ${label}: ${status} (${reason}) ===`);
  results.push({ label, status: `${status} (${reason})` });
}

function reachable(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1500 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

const pgUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

run('unit and API tests (PGlite)', 'npx', ['vitest', 'run'], { TEST_DB: 'pglite' });

const pg = new URL(pgUrl);
if (await reachable(pg.hostname, Number(pg.port || 5432))) {
  run('API tests (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'server'], {
    TEST_DB: 'postgres',
    DATABASE_URL: pgUrl,
  });
} else {
  skip('API tests (PostgreSQL)', `no PostgreSQL at ${pg.host}`);
}

if (fs.existsSync(chromium)) {
  const built = run('build web app', 'npm', ['run', 'build']);
  if (built)
    run(
      'end-to-end tests (Chromium)',
      'npx',
      ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
      { CHROMIUM_PATH: chromium },
    );
} else {
  skip('end-to-end tests (Chromium)', `no browser at ${chromium}; apt-get install -y chromium`);
}

const failed = results.filter((r) => r.status.startsWith('FAILED'));
console.log('\n=== summary ===');
for (const r of results) console.log(`${r.status.padEnd(10)} ${r.label}`);
console.log(
  `callsight tests: ${failed.length === 0 ? 'PASSED' : 'FAILED'} (${results.length - failed.length}/${results.length} steps passed)`,
);
process.exit(failed.length === 0 ? 0 : 1);
