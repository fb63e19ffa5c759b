import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
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
          root: './packages/collector',
          include: ['test/**/*.test.ts'],
          environment: 'jsdom',
          testTimeout: 20000,
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          // The migrated template database that each test file's database is copied from.
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        test: {
          name: 'web',
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
