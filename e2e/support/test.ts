import { test as base } from '@playwright/test';
import { e2eServerUrl } from '../playwright.config.ts';

export * from '@playwright/test';

/**
 * Playwright's `test`, with each parallel worker on its own server and data directory
 * (playwright.config.ts starts one per worker): specs run side by side without sharing state.
 * `serverURL` is worker-scoped so that `beforeAll` hooks can open API contexts on it.
 */
export const test = base.extend<object, { serverURL: string }>({
  serverURL: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures it needs from this pattern
    async ({}, use, workerInfo) => use(e2eServerUrl(workerInfo.parallelIndex)),
    { scope: 'worker' },
  ],
  baseURL: async ({ serverURL }, use) => use(serverURL),
});
