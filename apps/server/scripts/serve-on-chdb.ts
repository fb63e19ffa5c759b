/**
 * A developer's tool (not the product's start): the whole app with its telemetry store on chDB,
 * the ClickHouse engine in process (the `chdb` devDependency), so ClickHouse mode can be tried
 * and clicked through without a ClickHouse server. PostgreSQL settings are as for `npm start`
 * (PGlite in DATA_DIR, or DATABASE_URL); chDB keeps its data in DATA_DIR/chdb.
 *
 *   npm run build && DATA_DIR=./data-chdb node --import tsx apps/server/scripts/serve-on-chdb.ts
 *
 * Production reads CLICKHOUSE_URL and never loads chDB (decision CH13).
 */
import path from 'node:path';
import { loadConfig } from '../src/config.ts';
import { ensureJwtSecret, seedFirstStart } from '../src/db/bootstrap.ts';
import { openDatabase } from '../src/db/client.ts';
import { openChdbClickHouseClient } from '../src/db/clickhouse/chdb-client.ts';

const say = (msg: string) => console.log(`[callsight on chDB] ${msg}`);
const config = loadConfig(process.env);
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
await seedFirstStart(database.db, config, say);
const secret = await ensureJwtSecret(database.db, config.JWT_SECRET);
const chdbDir = path.resolve(
  config.DATA_DIR.startsWith('memory://') ? './data-chdb' : config.DATA_DIR,
  'chdb',
);
const clickHouse = await openChdbClickHouseClient({
  path: chdbDir,
  database: config.CLICKHOUSE_DATABASE,
});
const { buildApp } = await import('../src/app.ts');
const { app, ctx } = await buildApp(config, database, secret, { clickHouse });
await app.listen({ port: config.PORT, host: config.HOST });
say(`running on http://localhost:${config.PORT} (telemetry store: ${ctx.telemetry.kind})`);

let demo: { stop(): Promise<void> } | null = null;
if (config.SEED_DEMO && config.DEMO_TRAFFIC) {
  const { startDemoTraffic } = await import('../src/demo/index.ts');
  demo = await startDemoTraffic({
    db: database.db,
    push: ctx.push,
    watchers: ctx.workflows.engine,
    telemetry: ctx.telemetry,
    settings: { historyDays: config.DEMO_HISTORY_DAYS, callsPerDay: config.DEMO_CALLS_PER_DAY },
    log: say,
  });
}

const stop = async () => {
  await demo?.stop();
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
