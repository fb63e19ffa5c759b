import type { ClickHouseClient } from './client.ts';
import type { SchemaTarget } from './render-migration.ts';

/** The tables with a retention TTL and the time column it counts from (as in their migrations). */
export const RETENTION_TABLES = [
  { table: 'call_seconds', column: 't' },
  { table: 'call_summaries', column: 'start_time' },
  { table: 'softphone_logs', column: 'ts' },
  { table: 'call_aggregates', column: 'last_t' },
  { table: 'call_usage', column: 'start_time' },
  { table: 'journey_spans', column: 'start_time' },
  { table: 'journey_traces', column: 'start_time' },
  { table: 'call_rollups', column: 'bucket' },
] as const;

const TTL_DAYS = /\bTTL toDateTime\((\w+)\) \+ toIntervalDay\((\d+)\)/;

/** A table's retention in days as its engine states it (null: no TTL of that form). */
export function retentionDaysOf(engineFull: string): number | null {
  const match = TTL_DAYS.exec(engineFull);
  return match ? Number(match[2]) : null;
}

/**
 * Sets each table's TTL to `target.retentionDays` where it differs (CLICKHOUSE_RETENTION_DAYS
 * changed since the tables were created); answers the tables changed. ClickHouse then drops the
 * parts past the new retention in the background.
 */
export async function applyRetention(
  client: ClickHouseClient,
  target: SchemaTarget,
): Promise<string[]> {
  const suffix = target.cluster ? '_local' : '';
  const onCluster = target.cluster ? ` ON CLUSTER ${target.cluster}` : '';
  const rows = await client.query<{ name: string; engine_full: string }>(
    `SELECT name, engine_full FROM system.tables
     WHERE database = currentDatabase() AND name IN {names:Array(String)}`,
    { names: RETENTION_TABLES.map((r) => r.table + suffix) },
  );
  const changed: string[] = [];
  for (const { table, column } of RETENTION_TABLES) {
    const row = rows.find((r) => r.name === table + suffix);
    if (!row || retentionDaysOf(row.engine_full) === target.retentionDays) continue;
    await client.command(
      `ALTER TABLE ${table}${suffix}${onCluster}
       MODIFY TTL toDateTime(${column}) + toIntervalDay(${target.retentionDays})`,
    );
    changed.push(table);
  }
  return changed;
}
