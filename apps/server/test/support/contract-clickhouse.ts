import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ClickHouseClient } from '../../src/db/clickhouse/client.ts';
import { openChdbClickHouseClient } from '../../src/db/clickhouse/chdb-client.ts';
import { openNodeClickHouseClient } from '../../src/db/clickhouse/node-client.ts';

/** The ClickHouse of the contract test: a real server when CLICKHOUSE_URL is set, else chDB. */
export interface ContractClickHouse {
  client: ClickHouseClient;
  engine: 'server' | 'chdb';
  dispose(): Promise<void>;
}

/** A fresh database on CLICKHOUSE_URL's server (dropped afterwards), or chDB in a temporary folder. */
export async function openContractClickHouse(): Promise<ContractClickHouse> {
  const database = `callsight_contract_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const url = process.env.CLICKHOUSE_URL;
  if (url) {
    const client = await openNodeClickHouseClient({ url, database });
    return {
      client,
      engine: 'server',
      async dispose() {
        await client.command(`DROP DATABASE IF EXISTS ${database}`);
        await client.close();
      },
    };
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'callsight-chdb-'));
  const client = await openChdbClickHouseClient({ path: dir, database });
  return {
    client,
    engine: 'chdb',
    async dispose() {
      await client.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
