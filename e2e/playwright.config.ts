import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8181);
export const E2E_ADMIN = { email: 'root@callsight.test', password: 'E2e-super-pass-1' };

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
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
  webServer: {
    command: `rm -rf .data-e2e-${port} && node --import tsx apps/server/src/main.ts`,
    cwd: '..',
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      DATA_DIR: `.data-e2e-${port}`,
      LOG_LEVEL: 'warn',
      CALLSIGHT_ADMIN_EMAIL: E2E_ADMIN.email,
      CALLSIGHT_ADMIN_PASSWORD: E2E_ADMIN.password,
      SEED_DEMO: 'true',
      // Specs ingest their own calls: no demo history or live trickle to count around.
      DEMO_TRAFFIC: 'false',
    },
  },
});
