import fs from 'node:fs/promises';
import path from 'node:path';
import type { ClickHouseClient } from './client.ts';
import { renderMigration, type SchemaTarget } from './render-migration.ts';
import { applyRetention } from './retention.ts';

/** The migrations of the ClickHouse telemetry store: NNNN_name.sql, applied in number order. */
export const CLICKHOUSE_MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

const FILE = /^(\d{4})_[a-z0-9_]+\.sql$/;

/** Which migrations are applied; ReplacingMergeTree, so that two starts at once record one row. */
const LEDGER = `CREATE TABLE IF NOT EXISTS schema_migrations {on_cluster}
(
    version UInt32,
    name String,
    applied_at DateTime64(3, 'UTC') DEFAULT now64(3)
)
ENGINE = {replicated}ReplacingMergeTree
ORDER BY version;`;

export interface MigrationFile {
  version: number;
  name: string;
  text: string;
}

/** The migration files of `dir`, in version order. */
export async function readMigrations(dir = CLICKHOUSE_MIGRATIONS_DIR): Promise<MigrationFile[]> {
  const names = (await fs.readdir(dir)).filter((name) => FILE.test(name)).sort();
  return Promise.all(
    names.map(async (name) => ({
      version: Number(name.slice(0, 4)),
      name,
      text: await fs.readFile(path.join(dir, name), 'utf8'),
    })),
  );
}

/**
 * Brings the ClickHouse schema up to date, as the PostgreSQL migrations do at start: the files
 * not recorded in schema_migrations run in order and are recorded; then the retention TTLs are
 * set to `target.retentionDays`. Answers the names applied. Safe to run again, or from two
 * processes at once: every statement is idempotent.
 */
export async function migrateClickHouse(
  client: ClickHouseClient,
  target: SchemaTarget,
  migrations?: readonly MigrationFile[],
): Promise<string[]> {
  for (const statement of renderMigration(LEDGER, target)) await client.command(statement);
  const done = new Set(
    (await client.query<{ version: number }>('SELECT DISTINCT version FROM schema_migrations')).map(
      (r) => Number(r.version),
    ),
  );
  const applied: string[] = [];
  for (const file of migrations ?? (await readMigrations())) {
    if (done.has(file.version)) continue;
    for (const statement of renderMigration(file.text, target)) await client.command(statement);
    await client.insert('schema_migrations', [{ version: file.version, name: file.name }]);
    applied.push(file.name);
  }
  await applyRetention(client, target);
  return applied;
}
