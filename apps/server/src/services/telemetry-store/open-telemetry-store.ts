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
import { usageMarksOn } from '../usage/call-usage.ts';
import { dirtyHours } from '../canvas/rollups/pg-rollup-chart.ts';
import { rollupMarksOn } from '../canvas/rollups/pg-rollup-refresh.ts';
import { callLocksFor } from './clickhouse/call-locks.ts';
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
 * the gate, push, clock, watchers, Network Labelling read from `deps.db`, and the call locks
 * on `deps.db` (advisory on a PostgreSQL server, in process on PGlite; decision CH12).
 */
export async function clickHouseStoreOn(
  client: ClickHouseClient,
  target: SchemaTarget,
  deps: IngestDeps,
): Promise<TelemetryStore> {
  await migrateClickHouse(client, target);
  // Chart rollups on one server only: their refresh deletes rows, which a cluster's Distributed
  // tables cannot (charts there read the raw rows).
  const rollups = !target.cluster;
  return clickHouseTelemetryStore({
    client,
    gate: deps.gate,
    push: deps.push,
    now: deps.now,
    ...(deps.watchers ? { watchers: deps.watchers } : {}),
    networkLabeller: networkLabellerOf(deps.db),
    locks: callLocksFor(deps.db),
    usageMarks: usageMarksOn(deps.db),
    ...(rollups ? { rollupMarks: rollupMarksOn(deps.db) } : {}),
    ...(rollups && deps.chartRollups !== false
      ? {
          rollupReads: {
            dirtyHours: (groupId: string, from: Date, to: Date) =>
              dirtyHours(forGroup(deps.db, groupId), from, to),
            now: deps.now,
          },
        }
      : {}),
  });
}

/**
 * The telemetry store the settings choose, once at boot: ClickHouse when CLICKHOUSE_URL is set
 * (its database created and migrated here, as PostgreSQL's is), else PostgreSQL. `clickHouse`,
 * when given, is used in place of CLICKHOUSE_URL (tests run the app on chDB through it); the
 * store closes it.
 */
export async function openTelemetryStore(
  config: ClickHouseConfig,
  deps: IngestDeps,
  clickHouse?: ClickHouseClient,
): Promise<TelemetryStore> {
  if (!config.CLICKHOUSE_URL && !clickHouse) return postgresTelemetryStore(deps);
  const client =
    clickHouse ??
    (await openNodeClickHouseClient({
      url: config.CLICKHOUSE_URL ?? '',
      database: config.CLICKHOUSE_DATABASE,
      cluster: config.CLICKHOUSE_CLUSTER,
    }));
  try {
    const target = { ...clickHouseTarget(config), database: client.database };
    return await clickHouseStoreOn(client, target, deps);
  } catch (err) {
    await client.close();
    throw err;
  }
}
