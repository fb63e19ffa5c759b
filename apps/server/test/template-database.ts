/**
 * The migrated template database (issue 32): migrations run once per test run, and each test
 * file's database is a copy of the result. PGlite: a data directory dumped once (dumpDataDir)
 * to a file that each copy loads (loadDataDir). PostgreSQL: a database migrated once that each
 * copy is made from with CREATE DATABASE … TEMPLATE. openDatabase still runs the migrator on
 * each copy, which finds nothing to apply: a stale template cannot go unnoticed.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrationsFolder, openDatabase } from '../src/db/client.ts';

/** What the migrations folder holds, as a short hash: a changed migration makes a new template. */
export function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(fs.readFileSync(full));
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
}

/** Where the PGlite template of these migrations is dumped. */
export function pgliteTemplatePath(): string {
  return path.join(os.tmpdir(), `callsight-pglite-template-${migrationsHash()}.tar`);
}

/** The PostgreSQL template database of these migrations. */
export function postgresTemplateName(): string {
  return `callsight_template_${migrationsHash()}`;
}

/** Dumps a migrated PGlite data directory once (kept across runs while migrations are equal). */
export async function preparePgliteTemplate(): Promise<string> {
  const file = pgliteTemplatePath();
  if (fs.existsSync(file)) return file;
  const database = await openDatabase({ dataDir: 'memory://' });
  if (!database.dumpDataDir) throw new Error('PGlite can dump its data directory');
  const dump = await database.dumpDataDir();
  await database.close();
  // Written aside then renamed: a parallel run never loads half a file.
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, file);
  return file;
}

/** Creates and migrates the PostgreSQL template once (kept across runs while migrations are equal). */
export async function preparePostgresTemplate(adminUrl: string): Promise<string> {
  const name = postgresTemplateName();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // Both server projects' global setups may arrive at once: one makes it, the other waits.
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    const found = await admin.query('select datistemplate from pg_database where datname = $1', [
      name,
    ]);
    if (found.rows[0]?.datistemplate === true) return name;
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString(), dataDir: 'memory://' });
    await database.close();
    // Marked a template only once migrated, so a run cut short leaves none that is half done.
    await admin.query(`alter database ${name} is_template true allow_connections false`);
    return name;
  } finally {
    await admin.end();
  }
}

/** A new database copied from the template; retried while another copy is being made from it. */
export async function createFromTemplate(
  admin: pg.Client,
  name: string,
  template: string,
): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`create database ${name} template ${template}`);
      return;
    } catch (error) {
      const busy = error instanceof Error && /being accessed by other users/.test(error.message);
      if (!busy || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Loads the PGlite template's dump, for openDatabase({ template }). */
export function loadPgliteTemplate(file: string): Blob {
  return new Blob([fs.readFileSync(file)]);
}
