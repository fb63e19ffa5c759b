import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Db = ReturnType<typeof drizzlePglite<typeof schema>>;

/** Database handle or an open transaction: services write inside their caller's transaction. */
export type DbOrTx = Pick<Db, 'insert' | 'select' | 'update' | 'delete' | 'execute'>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball (the test suite's template database). */
  dumpDataDir?(): Promise<Blob>;
}

export const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

/**
 * Opens the database: PostgreSQL through node-postgres when a URL is given, otherwise embedded
 * PGlite in dataDir ('memory://' for an in-memory one). Applies migrations before returning.
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir: string;
  /** PGlite in memory: start from this dumped data directory instead of an empty one. */
  template?: Blob;
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // An idle connection closed by the server (restart, failover) must not crash the process;
    // the pool replaces it on next use.
    pool.on('error', (err) => console.error('PostgreSQL idle connection error:', err.message));
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    // Both drivers expose the same query builder; the PGlite type is the one we name.
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  const dir = opts.dataDir === 'memory://' ? undefined : path.resolve(opts.dataDir, 'pglite');
  if (dir) fs.mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir, opts.template && !dir ? { loadDataDir: opts.template } : {});
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}
