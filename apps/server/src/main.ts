import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { ensureJwtSecret, seedFirstStart } from './db/bootstrap.ts';
import { buildApp } from './app.ts';
import { startDemoTraffic } from './demo/index.ts';

/** Reads config once, opens the database (migrating it), seeds first-run data and listens. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const say = (msg: string) => console.log(`[callsight] ${msg}`);
  await seedFirstStart(database.db, config, say);
  const secret = await ensureJwtSecret(database.db, config.JWT_SECRET);
  const { app, ctx } = await buildApp(config, database, secret);
  await app.listen({ port: config.PORT, host: config.HOST });
  say(`Callsight is running on http://localhost:${config.PORT} (database: ${database.kind})`);
  const demo =
    config.SEED_DEMO && config.DEMO_TRAFFIC
      ? await startDemoTraffic({
          db: database.db,
          push: ctx.push,
          watchers: ctx.workflows.engine,
          settings: {
            historyDays: config.DEMO_HISTORY_DAYS,
            callsPerDay: config.DEMO_CALLS_PER_DAY,
          },
          log: say,
        })
      : null;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`${signal} received, shutting down`);
    await demo?.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
