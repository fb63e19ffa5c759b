import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ClickHouseClient } from '../../src/db/clickhouse/client.ts';
import { openChdbClickHouseClient } from '../../src/db/clickhouse/chdb-client.ts';
import { openNodeClickHouseClient } from '../../src/db/clickhouse/node-client.ts';
import { ConcurrencyGate } from '../../src/services/telemetry/concurrency-gate.ts';
import type { IngestDeps } from '../../src/services/telemetry/ingest-context.ts';
import { clickHouseStoreOn } from '../../src/services/telemetry-store/open-telemetry-store.ts';
import { postgresTelemetryStore } from '../../src/services/telemetry-store/postgres-store.ts';
import type { TelemetryStore } from '../../src/services/telemetry-store/telemetry-store.ts';
import { startTestServer, type TestServer } from '../harness.ts';

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

/** The two stores a contract test compares, on one test server and one ClickHouse. */
export interface ContractStores {
  s: TestServer;
  clickhouse: ContractClickHouse;
  pg: TelemetryStore;
  ch: TelemetryStore;
}

/**
 * A test server (TEST_DB's PostgreSQL) and a ClickHouse (openContractClickHouse), with a store on
 * each sharing the same ingest deps, their clock stopped at `nowMs`. The caller disposes of the
 * ClickHouse, then closes the server.
 */
export async function openContractStores(nowMs: number): Promise<ContractStores> {
  const s = await startTestServer();
  const clickhouse = await openContractClickHouse();
  const deps: IngestDeps = {
    db: s.database.db,
    gate: new ConcurrencyGate(4, 1000, 600_000),
    push: { publish: () => {} },
    now: () => nowMs,
  };
  const pg = postgresTelemetryStore(deps);
  const ch = await clickHouseStoreOn(
    clickhouse.client,
    { database: clickhouse.client.database, retentionDays: 395 },
    deps,
  );
  return { s, clickhouse, pg, ch };
}
