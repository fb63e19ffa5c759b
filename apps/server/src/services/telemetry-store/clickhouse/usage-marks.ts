import type { CallSummaryRow } from '../../telemetry/call-summaries.ts';
import type { ClickHouseIngestDeps } from './ingest-deps.ts';
import type { BatchSummaries } from './summaries.ts';

/**
 * The starts a batch's writes touched (decision CH38): each written call's new start, the start
 * its stored version had (a moved start leaves its old day too), and a new call's first start
 * (PostgreSQL inserts the row there before its summary moves it). The triggers on PostgreSQL's
 * call_summaries mark the same hours from their transition tables.
 */
export function touchedStarts(
  summaries: BatchSummaries,
  changed: readonly CallSummaryRow[],
  seeds: ReadonlyMap<string, number>,
): Date[] {
  const starts: Date[] = [];
  for (const row of changed) {
    starts.push(row.startTime);
    const before = summaries.before.get(row.contactId);
    if (before) starts.push(new Date(before.startMs));
    const seed = seeds.get(row.contactId);
    if (summaries.created.has(row.contactId) && seed !== undefined) starts.push(new Date(seed));
  }
  return starts;
}

/**
 * Marks those hours dirty in PostgreSQL's usage_dirty once the rows are stored, outside the call
 * locks (nothing inside them queries PostgreSQL, CH12). A failure fails the batch, which the
 * collector sends again; the resend writes and marks again.
 */
export async function markUsage(
  deps: Pick<ClickHouseIngestDeps, 'usageMarks'>,
  groupId: string,
  starts: readonly Date[],
): Promise<void> {
  if (deps.usageMarks && starts.length > 0) await deps.usageMarks(groupId, starts);
}

/**
 * Marks the hours of written calls for usage and for the chart rollups (a summary write of the
 * calls, samples or logs writers); journeys mark usage only.
 */
export async function markCalls(
  deps: Pick<ClickHouseIngestDeps, 'usageMarks' | 'rollupMarks'>,
  groupId: string,
  starts: readonly Date[],
): Promise<void> {
  await markUsage(deps, groupId, starts);
  if (deps.rollupMarks && starts.length > 0) await deps.rollupMarks(groupId, starts);
}
