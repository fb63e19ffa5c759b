import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Workers per project of one group (Vitest refuses a group whose projects differ): every core.
 * Without it, a project without isolation gets a single worker.
 */
const WORKERS = Math.max(2, availableParallelism());

/** Test files named so measure call quality from real-time audio (docs/architecture.md, "Tests"). */
const REALTIME = '**/*.realtime.test.ts';

/** What both server projects share. */
const server = {
  root: './apps/server',
  environment: 'node',
  // The migrated template database that each test file's database is copied from.
  globalSetup: ['./test/global-setup.ts'],
  // Files share their worker's module cache (each still opens its own database): importing
  // the server once per worker rather than once per file. Measured in issue 32.
  isolate: false,
  maxWorkers: WORKERS,
  testTimeout: 30000,
  hookTimeout: 60000,
} as const;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          maxWorkers: WORKERS,
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // Property tests over large inputs take ~1 s alone and several on two busy cores.
          testTimeout: 20000,
        },
      },
      {
        test: {
          name: 'collector',
          maxWorkers: WORKERS,
          root: './packages/collector',
          include: ['test/**/*.test.ts'],
          environment: 'jsdom',
          testTimeout: 20000,
        },
      },
      {
        test: {
          name: 'server',
          ...server,
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [REALTIME],
        },
      },
      {
        // Test calls whose score is measured from real-time audio: they run after every other
        // file, one at a time, so that no other test starves their media of CPU.
        test: {
          name: 'server-realtime',
          ...server,
          include: [REALTIME],
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'web',
          maxWorkers: WORKERS,
          // Worker threads start faster than forked processes: 182 s against 199 s for this
          // project on two cores (issue 32). Isolation stays: its files mock modules.
          pool: 'threads',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          // MUI dialogs in jsdom: the longest wizard tests take ~20 s on two busy cores (CI).
          testTimeout: 60000,
        },
      },
    ],
  },
});
