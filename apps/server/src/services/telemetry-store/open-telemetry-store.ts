import { createNetworkLabeller } from '@callsight/shared';
import type { AppConfig } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { ClickHouseClient } from '../../db/clickhouse/client.ts';
import { migrateClickHouse } from '../../db/clickhouse/migrate.ts';
import { openNodeClickHouseClient } from '../../db/clickhouse/node-client.ts';
import type { SchemaTarget } from '../../db/clickhouse/render-migration.ts';
import { forGroup } from '../../db/group-scope.ts';
import { getNetworkLabels } from '../network-labels/network-labels.ts';
import type { IngestDeps } from '../telemetry/ingest-context.ts';
import { clickHouseTelemetryStore } from './clickhouse-store.ts';
import { postgresTelemetryStore } from './postgres-store.ts';
import type { TelemetryStore } from './telemetry-store.ts';

type ClickHouseConfig = Pick<
  AppConfig,
  'CLICKHOUSE_URL' | 'CLICKHOUSE_DATABASE' | 'CLICKHOUSE_CLUSTER' | 'CLICKHOUSE_RETENTION_DAYS'
>;

/** The schema target of the ClickHouse settings. */
export function clickHouseTarget(config: ClickHouseConfig): SchemaTarget {
  return {
    database: config.CLICKHOUSE_DATABASE,
    cluster: config.CLICKHOUSE_CLUSTER,
    retentionDays: config.CLICKHOUSE_RETENTION_DAYS,
  };
}

/** A group's Network Labelling, read from PostgreSQL where the settings live. */
export function networkLabellerOf(db: DbOrTx) {
  return async (groupId: string) =>
    createNetworkLabeller((await getNetworkLabels(forGroup(db, groupId))).ipMap);
}

/**
 * The ClickHouse store on `client` (migrated first), with PostgreSQL's ingest dependencies:
 * the gate, push, clock, watchers, and Network Labelling read from `deps.db`.
 */
export async function clickHouseStoreOn(
  client: ClickHouseClient,
  target: SchemaTarget,
  deps: IngestDeps,
): Promise<TelemetryStore> {
  await migrateClickHouse(client, target);
  return clickHouseTelemetryStore({
    client,
    gate: deps.gate,
    push: deps.push,
    now: deps.now,
    ...(deps.watchers ? { watchers: deps.watchers } : {}),
    networkLabeller: networkLabellerOf(deps.db),
  });
}

/**
 * The telemetry store the settings choose, once at boot: ClickHouse when CLICKHOUSE_URL is set
 * (its database created and migrated here, as PostgreSQL's is), else PostgreSQL.
 */
export async function openTelemetryStore(
  config: ClickHouseConfig,
  deps: IngestDeps,
): Promise<TelemetryStore> {
  if (!config.CLICKHOUSE_URL) return postgresTelemetryStore(deps);
  const client = await openNodeClickHouseClient({
    url: config.CLICKHOUSE_URL,
    database: config.CLICKHOUSE_DATABASE,
    cluster: config.CLICKHOUSE_CLUSTER,
  });
  try {
    return await clickHouseStoreOn(client, clickHouseTarget(config), deps);
  } catch (err) {
    await client.close();
    throw err;
  }
}
