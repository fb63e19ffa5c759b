#!/usr/bin/env node
// The README's test command: unit and API tests on PGlite, the API suite again on PostgreSQL
// when one is reachable, then end-to-end tests in headless Chromium against the built app.
// In CI (CI=true) a missing database or browser is a failure, not a skip.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ci = process.env.CI === 'true' || process.env.CI === '1';
const results = [];
/** Every test file's time, by step: the 15 slowest are printed at the end. */
const files = [];
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'callsight-test-'));

/**
 * Runs one step; `report` names the JSON report its runner writes (Vitest's or Playwright's),
 * read afterwards for the step's test counts and its files' times.
 */
function run(label, cmd, args, env = {}, report) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = r.status === 0;
  const result = {
    label,
    status: ok ? 'passed' : 'FAILED',
    seconds: (Date.now() - started) / 1000,
  };
  if (report) Object.assign(result, readReport(label, report));
  results.push(result);
  return ok;
}

/** Counts and per-file times from a Vitest (`kind: 'vitest'`) or Playwright JSON report. */
function readReport(label, { kind, file }) {
  let json;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
  if (kind === 'vitest') {
    for (const t of json.testResults ?? []) {
      files.push({
        step: label,
        file: path.relative(process.cwd(), t.name),
        seconds: (t.endTime - t.startTime) / 1000,
      });
    }
    return {
      tests: {
        passed: json.numPassedTests ?? 0,
        failed: json.numFailedTests ?? 0,
        skipped: (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0),
      },
    };
  }
  const perFile = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const ms = (test.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0);
        perFile.set(spec.file, (perFile.get(spec.file) ?? 0) + ms);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of json.suites ?? []) walk(suite);
  for (const [file, ms] of perFile)
    files.push({ step: label, file: `e2e/${file}`, seconds: ms / 1000 });
  const stats = json.stats ?? {};
  return {
    tests: {
      passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
      failed: stats.unexpected ?? 0,
      skipped: stats.skipped ?? 0,
    },
  };
}

/** Vitest's arguments that add its JSON report beside the console's. */
function vitestReport(name) {
  const file = path.join(reports, `${name}.json`);
  return {
    args: ['--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    report: { kind: 'vitest', file },
  };
}

function skip(label, reason) {
  const status = ci ? 'FAILED' : 'skipped';
  console.log(`\n=== ${label}: ${status} (${reason}) ===`);
  results.push({ label, status: `${status} (${reason})`, seconds: 0 });
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
// Chromium's headless shell (Debian's chromium-headless-shell, .ci/run installs it) draws the same
// pages with about a quarter less CPU than the full browser in headless mode: on two cores that
// is what the browser tests wait on. The full browser when the shell is not there.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium =
  process.env.CHROMIUM_PATH ??
  (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

// Which database runs what (docs/architecture.md, "Tests"): the API suite (apps/server/test)
// runs on PostgreSQL, what production runs; on PGlite run the unit tests and the SQL suite
// (apps/server/test/sql: ingest, round trips, tenant scope), where the two drivers differ. With
// no PostgreSQL outside CI, the whole API suite runs on PGlite instead.
const pg = new URL(pgUrl);
const hasPostgres = await reachable(pg.hostname, Number(pg.port || 5432));
const pgliteRun = vitestReport('pglite');
run(
  hasPostgres ? 'unit and SQL tests (PGlite)' : 'unit and API tests (PGlite)',
  'npx',
  [
    'vitest',
    'run',
    // Folders end with '/': Vitest reads a bare 'packages' as a name filter that matches nothing.
    ...(hasPostgres
      ? [
          'packages/shared/',
          'packages/collector/',
          'apps/web/',
          'apps/server/src/',
          'apps/server/test/sql/',
        ]
      : []),
    ...pgliteRun.args,
  ],
  { TEST_DB: 'pglite' },
  pgliteRun.report,
);

if (hasPostgres) {
  const postgresRun = vitestReport('postgres');
  run(
    'API tests (PostgreSQL)',
    'npx',
    [
      'vitest',
      'run',
      '--project',
      'server',
      '--project',
      'server-realtime',
      'apps/server/test/',
      ...postgresRun.args,
    ],
    { TEST_DB: 'postgres', DATABASE_URL: pgUrl },
    postgresRun.report,
  );
} else {
  skip('API tests (PostgreSQL)', `no PostgreSQL at ${pg.host}`);
}

// Every Vitest file ran in one of the steps above: a filter that misses a folder fails the run.
{
  const listed = spawnSync('npx', ['vitest', 'list', '--filesOnly', '--json'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  /** Every Vitest file, as 'vitest list' finds them; none when it cannot say (a failure). */
  const listedFiles = () => {
    try {
      return JSON.parse(listed.stdout).map((f) => path.relative(process.cwd(), f.file));
    } catch {
      return [];
    }
  };
  const all = listedFiles();
  const ran = new Set(files.map((f) => f.file));
  const missed = all.filter((f) => !ran.has(f));
  const ok = all.length > 0 && missed.length === 0;
  console.log(
    `\n=== every test file ran: ${ok ? 'yes' : 'NO'} (${all.length - missed.length}/${all.length}) ===`,
  );
  for (const f of missed.slice(0, 20)) console.log(`  not run: ${f}`);
  results.push({ label: 'every test file ran', status: ok ? 'passed' : 'FAILED', seconds: 0 });
}

if (fs.existsSync(chromium)) {
  const built = run('build web app', 'npm', ['run', 'build']);
  const e2eReport = path.join(reports, 'e2e.json');
  if (built)
    run(
      'end-to-end tests (Chromium)',
      'npx',
      ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
      { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_FILE: e2eReport },
      { kind: 'playwright', file: e2eReport },
    );
} else {
  skip('end-to-end tests (Chromium)', `no browser at ${chromium}; apt-get install -y chromium`);
}

const failed = results.filter((r) => r.status.startsWith('FAILED'));
const time = (seconds) => {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}m ${String(whole % 60).padStart(2, '0')}s`;
};
console.log('\n=== summary ===');
console.log(
  `${'status'.padEnd(10)} ${'time'.padStart(8)} ${'passed'.padStart(7)} ${'failed'.padStart(7)} ${'skipped'.padStart(8)}  step`,
);
for (const r of results) {
  const t = r.tests;
  console.log(
    `${r.status.padEnd(10)} ${time(r.seconds).padStart(8)} ${String(t?.passed ?? '').padStart(7)} ${String(t?.failed ?? '').padStart(7)} ${String(t?.skipped ?? '').padStart(8)}  ${r.label}`,
  );
}
console.log(
  `${''.padEnd(10)} ${time(results.reduce((sum, r) => sum + r.seconds, 0)).padStart(8)}  in all`,
);
console.log('\n=== 15 slowest test files ===');
for (const f of files.sort((a, b) => b.seconds - a.seconds).slice(0, 15)) {
  console.log(`${time(f.seconds).padStart(8)}  ${f.file}  (${f.step})`);
}
console.log(
  `callsight tests: ${failed.length === 0 ? 'PASSED' : 'FAILED'} (${results.length - failed.length}/${results.length} steps passed)`,
);
process.exit(failed.length === 0 ? 0 : 1);
