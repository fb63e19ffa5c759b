import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8181);
/**
 * Browser tests run on this many workers, each with its own server and data directory
 * (support/test.ts points each worker at its own): spec files run side by side, the tests
 * within a file one after another.
 */
const workers = Number(process.env.E2E_WORKERS ?? 2);
/** The server of the worker with this parallel index. */
export const e2eServerUrl = (parallelIndex: number) => `http://localhost:${port + parallelIndex}`;
export const E2E_ADMIN = { email: 'root@callsight.test', password: 'E2e-super-pass-1' };

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers,
  projects: [
    { name: 'browser', testIgnore: '**/*.realtime.spec.ts' },
    {
      // Specs that wait on test calls scored from real-time audio run last, one at a time,
      // so that no other spec starves their media of CPU (docs/architecture.md, "Tests").
      name: 'browser-realtime',
      testMatch: '**/*.realtime.spec.ts',
      dependencies: ['browser'],
      workers: 1,
    },
  ],
  // A flaky test is a defect to fix, not to retry.
  retries: 0,
  timeout: 90_000,
  // Sign-in hashes with argon2 and pages load real data: on a busy 2-core machine 5 s is too short.
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: '../test-results',
  use: {
    baseURL: `http://localhost:${port}`,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: Array.from({ length: workers }, (_, i) => {
    const workerPort = port + i;
    return {
      command: `rm -rf .data-e2e-${workerPort} && node --import tsx apps/server/src/main.ts`,
      cwd: '..',
      url: `${e2eServerUrl(i)}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(workerPort),
        DATA_DIR: `.data-e2e-${workerPort}`,
        LOG_LEVEL: 'warn',
        CALLSIGHT_ADMIN_EMAIL: E2E_ADMIN.email,
        CALLSIGHT_ADMIN_PASSWORD: E2E_ADMIN.password,
        SEED_DEMO: 'true',
        // Specs ingest their own calls: no demo history or live trickle to count around.
        DEMO_TRAFFIC: 'false',
        // Tokyo's test-call jobs wait for a remote probe: a spec claims them through the probe
        // API and posts their results (synthetic-seams.spec.ts), so no call is placed for them.
        PROBE_REMOTE_REGIONS: 'Tokyo',
      },
    };
  }),
});
