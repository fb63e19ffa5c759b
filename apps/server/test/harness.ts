import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig, type AppConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { ensureJwtSecret } from '../src/db/bootstrap.ts';
import { buildApp, type BuildAppOptions } from '../src/app.ts';
import type { App, AppContext } from '../src/app-context.ts';
import { createFromTemplate, loadPgliteTemplate } from './template-database.ts';

/** Which database the suite runs on: set by scripts/test.mjs (pglite by default). */
export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
export const PG_ADMIN_URL =
  process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestServer {
  app: App;
  ctx: AppContext;
  database: Database;
  config: AppConfig;
  /** The PostgreSQL database's URL (a second process may connect to it); none on PGlite. */
  databaseUrl?: string;
  close(): Promise<void>;
}

let pgliteTemplate: Blob | undefined;

/**
 * A fresh database on the test database (TEST_DB), copied from the run's migrated template
 * (global-setup.ts): a new PostgreSQL database, or an in-memory PGlite loaded from the dump.
 */
export async function openTestDatabase(): Promise<{
  database: Database;
  databaseUrl?: string;
  drop(): Promise<void>;
}> {
  if (TEST_DB === 'postgres') {
    const name = `callsight_test_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    try {
      await createFromTemplate(admin, name, inject('postgresTemplate'));
    } finally {
      await admin.end();
    }
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    const databaseUrl = url.toString();
    return {
      database: await openDatabase({ url: databaseUrl, dataDir: 'memory://' }),
      databaseUrl,
      async drop() {
        const c = new pg.Client({ connectionString: PG_ADMIN_URL });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  pgliteTemplate ??= loadPgliteTemplate(inject('pgliteTemplate'));
  return {
    database: await openDatabase({ dataDir: 'memory://', template: pgliteTemplate }),
    drop: async () => {},
  };
}

/**
 * A fresh database (in-memory PGlite or a new PostgreSQL database) with a built app on it;
 * `options.clickHouse` runs its telemetry store on that ClickHouse (chDB) instead.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: BuildAppOptions = {},
): Promise<TestServer> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATA_DIR: 'memory://',
    // Tests drain the usage marks themselves (drainUsage), so no pass runs between snapshots.
    USAGE_ROLLUP_INTERVAL_MS: '0',
    // Tests refresh the chart rollups themselves (drainChartRollups).
    CHART_ROLLUP_INTERVAL_MS: '0',
    // Tests bill explicitly (runMonthlyBilling or POST /marketplace/billing/run).
    MARKETPLACE_BILLING_JOB: 'false',
    ...env,
  });
  const { database, databaseUrl, drop: dropDatabase } = await openTestDatabase();
  const secret = await ensureJwtSecret(database.db, config.JWT_SECRET);
  const { app, ctx } = await buildApp(config, database, secret, options);
  await app.ready();
  return {
    app,
    ctx,
    database,
    config,
    ...(databaseUrl ? { databaseUrl } : {}),
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
    },
  };
}
