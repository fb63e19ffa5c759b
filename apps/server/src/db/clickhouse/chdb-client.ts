import { parseJsonEachRow, type ClickHouseClient, type ClickHouseParams } from './client.ts';

export interface ChdbOptions {
  /** The data directory: chDB binds one per process (a second Session must use the same path). */
  path: string;
  database: string;
}

/**
 * ClickHouse in process through chDB (the `chdb` package, a devDependency): the engine of the
 * contract tests in CI, where no server runs. Imported only when opened, so production never
 * loads it. Inserts are synchronous here: each one is a stored part when it resolves.
 */
export async function openChdbClickHouseClient(options: ChdbOptions): Promise<ClickHouseClient> {
  const { Session } = await import('chdb');
  const session = new Session(options.path);
  const { database } = options;
  await session.queryAsync(`CREATE DATABASE IF NOT EXISTS ${database}`);
  // The session keeps its current database: unqualified names resolve as on a server client.
  await session.queryAsync(`USE ${database}`);
  const run = (sql: string, params?: ClickHouseParams) =>
    params
      ? session.queryBindAsync(sql, params, { format: 'JSONEachRow' })
      : session.queryAsync(sql, { format: 'JSONEachRow' });
  return {
    database,
    async command(sql: string, params?: ClickHouseParams) {
      await run(sql, params);
    },
    async query<T>(sql: string, params?: ClickHouseParams): Promise<T[]> {
      return parseJsonEachRow<T>((await run(sql, params)).text());
    },
    async insert(table: string, rows: readonly object[]) {
      if (rows.length === 0) return;
      const values = rows.map((row) => JSON.stringify(row)).join('\n');
      await session.insert({ table, values, format: 'JSONEachRow' });
    },
    async close() {
      session.close();
    },
  };
}
