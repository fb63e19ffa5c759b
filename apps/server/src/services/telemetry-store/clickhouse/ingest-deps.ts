import type { ClickHouseClient } from '../../../db/clickhouse/client.ts';
import type { ClickHouseGroupScope } from '../../../db/clickhouse/group-scope.ts';
import { callQualityFromSeconds } from '@callsight/shared';
import type { PushPublisher } from '../../../push/push-server.ts';
import type { ConcurrencyGate } from '../../telemetry/concurrency-gate.ts';
import {
  qualityStateOf,
  refreshDerived,
  type CallSummaryRow,
} from '../../telemetry/call-summaries.ts';
import type { WatcherHook } from '../../workflows/engine.ts';
import type { UsageMarks } from '../../usage/call-usage.ts';
import type { CallLocks } from './call-locks.ts';
import type { ChRollupReads } from './rollup-chart.ts';
import { loadSeconds } from './seconds.ts';
import { saveSummaries, type BatchSummaries } from './summaries.ts';

/** What the ClickHouse writer needs: as IngestDeps, with the client in place of the database. */
export interface ClickHouseIngestDeps {
  client: ClickHouseClient;
  gate: ConcurrencyGate;
  push: Pick<PushPublisher, 'publish'>;
  now: () => number;
  watchers?: WatcherHook;
  /** The group's Network Labelling (kept in PostgreSQL): an address's label, or null. */
  networkLabeller?: (groupId: string) => Promise<(ip: string) => string | null>;
  /** Serialises a call's read-compute-write across batches and processes (CH12); none: unlocked. */
  locks?: CallLocks;
  /** Marks the usage hours of written calls dirty in PostgreSQL (CH38); none: no usage kept. */
  usageMarks?: UsageMarks;
  /** Marks the chart rollups' hours of written calls in PostgreSQL (issue 34); none: no rollups. */
  rollupMarks?: UsageMarks;
  /** Charts read the rollups through these (the marks and a clock); none: raw rows only. */
  rollupReads?: ChRollupReads;
}

/** Runs a batch's read-compute-write of its calls under their locks (when the deps have any). */
export function underCallLocks<T>(
  deps: Pick<ClickHouseIngestDeps, 'locks'>,
  groupId: string,
  contactIds: Iterable<string>,
  work: () => Promise<T>,
): Promise<T> {
  return deps.locks ? deps.locks.withCalls(groupId, contactIds, work) : work();
}

/**
 * Re-derives rows after a change of their summary fields or error count and saves their new
 * version (as refreshAndSaveCallSummaries); an unreadable accumulator is rebuilt from the seconds.
 */
export async function refreshAndSave(
  scope: ClickHouseGroupScope,
  summaries: BatchSummaries,
  rows: readonly CallSummaryRow[],
  nowMs: number,
): Promise<void> {
  const unreadable = rows.filter((r) => qualityStateOf(r) === null).map((r) => r.contactId);
  const seconds = await loadSeconds(scope, unreadable);
  for (const row of rows) {
    refreshDerived(
      row,
      qualityStateOf(row) ?? callQualityFromSeconds(seconds.get(row.contactId) ?? []),
    );
  }
  await saveSummaries(scope, summaries, rows, nowMs);
}
