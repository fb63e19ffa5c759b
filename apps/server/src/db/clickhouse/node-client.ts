import { createClient, type ClickHouseSettings } from '@clickhouse/client';
import type { ClickHouseClient, ClickHouseParams } from './client.ts';

export interface NodeClickHouseOptions {
  /** CLICKHOUSE_URL: http(s)://[user:password@]host:port */
  url: string;
  database: string;
  /** CLICKHOUSE_CLUSTER: inserts then go through Distributed tables, synchronously. */
  cluster?: string | undefined;
  requestTimeoutMs?: number;
}

/**
 * Inserts resolve once stored (decision CH4): ClickHouse batches them in its async-insert buffer,
 * flushed by size and time, and answers only after the flush wrote them to a part.
 */
function insertSettings(cluster: string | undefined): ClickHouseSettings {
  return {
    async_insert: 1,
    wait_for_async_insert: 1,
    // Through a Distributed table, the insert is answered once every shard stored its rows.
    ...(cluster ? { distributed_foreground_insert: 1 } : {}),
  };
}

/**
 * A ClickHouse server through the official HTTP client; creates the database first (a client
 * bound to a database that does not exist is refused by the server).
 */
export async function openNodeClickHouseClient(
  options: NodeClickHouseOptions,
): Promise<ClickHouseClient> {
  const { url, database, cluster } = options;
  const common = {
    url,
    request_timeout: options.requestTimeoutMs ?? 60_000,
    // A batch's contact ids can be long: past 4 kB the parameters travel in the body.
    use_multipart_params_auto: true,
  };
  const bootstrap = createClient({ ...common, database: 'default' });
  try {
    const onCluster = cluster ? ` ON CLUSTER ${cluster}` : '';
    await bootstrap.command({ query: `CREATE DATABASE IF NOT EXISTS ${database}${onCluster}` });
  } finally {
    await bootstrap.close();
  }
  const client = createClient({ ...common, database });
  const settings = insertSettings(cluster);
  return {
    database,
    async command(sql: string, params?: ClickHouseParams) {
      await client.command({ query: sql, ...(params ? { query_params: params } : {}) });
    },
    async query<T>(sql: string, params?: ClickHouseParams): Promise<T[]> {
      const result = await client.query({
        query: sql,
        format: 'JSONEachRow',
        ...(params ? { query_params: params } : {}),
      });
      return result.json<T>();
    },
    async insert(table: string, rows: readonly object[]) {
      if (rows.length === 0) return;
      await client.insert({
        table,
        values: [...rows],
        format: 'JSONEachRow',
        clickhouse_settings: settings,
      });
    },
    close: () => client.close(),
  };
}
