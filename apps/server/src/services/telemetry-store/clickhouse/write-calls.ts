import {
  INGEST_LIMITS,
  IngestCallSchema,
  type IngestCall,
  type IngestResult,
} from '@callsight/shared';
import { chForGroup } from '../../../db/clickhouse/group-scope.ts';
import type { CallSummaryRow } from '../../telemetry/call-summaries.ts';
import { applyOrigin, type CallOrigin } from '../../telemetry/call-origin.ts';
import { applySummary } from '../../telemetry/ingest-calls.ts';
import { announceCalls } from '../../telemetry/ingest-context.ts';
import {
  assertBatchSize,
  assertSomethingValid,
  ingestResult,
  validateBatch,
} from '../../telemetry/validate-batch.ts';
import { refreshAndSave, underCallLocks, type ClickHouseIngestDeps } from './ingest-deps.ts';
import { summariesOf } from './summaries.ts';
import { markCalls, touchedStarts } from './usage-marks.ts';

const noLabel = () => null;

/**
 * POST /api/ingest/v1/calls on ClickHouse: as ingestCalls (the last summary of a contact in a
 * batch wins, the agent's network labelled, tags and score derived again, our own test calls
 * marked by `origin`), each changed call saved as a new version of its row.
 */
export async function writeCalls(
  deps: ClickHouseIngestDeps,
  groupId: string,
  items: readonly unknown[],
  origin: CallOrigin = {},
): Promise<IngestResult> {
  assertBatchSize(items.length, INGEST_LIMITS.maxCallsPerRequest, 'calls');
  const batch = validateBatch(
    items,
    IngestCallSchema,
    (c) => ({ field: 'startTime', ms: c.startTime }),
    deps.now(),
  );
  assertSomethingValid(batch, items.length, 'calls');
  const latest = new Map<string, IngestCall>();
  for (const { value } of batch.valid) latest.set(value.contactId, value);
  const seeds = new Map([...latest].map(([id, call]) => [id, call.startTime]));
  const scope = chForGroup(deps.client, groupId);
  const nowMs = deps.now();

  const { created, changed, starts } = await deps.gate.run(async () => {
    // Read from PostgreSQL before the locks (advisoryCallLocks: no query of the pool inside).
    const labelOf = deps.networkLabeller ? await deps.networkLabeller(groupId) : noLabel;
    return underCallLocks(deps, groupId, latest.keys(), () => save(labelOf));
  });

  async function save(labelOf: (ip: string) => string | null) {
    const summaries = await summariesOf(scope, seeds, nowMs);
    const changed: CallSummaryRow[] = [];
    for (const [contactId, call] of latest) {
      const row = summaries.rows.get(contactId);
      if (!row) continue;
      const label =
        (call.agentLocalIPAddress ? labelOf(call.agentLocalIPAddress) : null) ??
        (call.agentExternalIPAddress ? labelOf(call.agentExternalIPAddress) : null);
      applySummary(row, call, label, nowMs);
      applyOrigin(row, origin);
      changed.push(row);
    }
    await refreshAndSave(scope, summaries, changed, nowMs);
    const starts = touchedStarts(summaries, changed, seeds);
    return { created: summaries.created, changed, starts };
  }

  await markCalls(deps, groupId, starts);
  announceCalls(deps, groupId, created, seeds);
  deps.watchers?.onCallSummaries(groupId, changed);
  return ingestResult(batch.valid.length, batch.valid.length - latest.size, batch.rejected);
}
