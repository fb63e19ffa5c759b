import { applyOrigin, type CallOrigin } from './call-origin.ts';
import {
  createNetworkLabeller,
  INGEST_LIMITS,
  IngestCallSchema,
  type IngestCall,
  type IngestResult,
} from '@callsight/shared';
import { getNetworkLabels } from '../network-labels/network-labels.ts';
import { forGroup } from '../../db/group-scope.ts';
import {
  lockCallSummaries,
  refreshAndSaveCallSummaries,
  type CallSummaryRow,
} from './call-summaries.ts';
import { announceCalls, ingestTransaction, type IngestDeps } from './ingest-context.ts';
import {
  assertBatchSize,
  assertSomethingValid,
  ingestResult,
  validateBatch,
} from './validate-batch.ts';

/** Copies a summary onto its row: every field is replaced, so a resent summary changes nothing. */
export function applySummary(
  row: CallSummaryRow,
  call: IngestCall,
  networkLabel: string | null,
  nowMs: number,
) {
  row.agent = call.agent;
  row.direction = call.direction ?? null;
  row.startTime = new Date(call.startTime);
  row.endTime = call.endTime == null ? null : new Date(call.endTime);
  row.endedBy = call.endedBy ?? null;
  row.disconnectReason = call.disconnectReason ?? null;
  row.agentIsp = call.agentISP ?? null;
  row.agentLocalIp = call.agentLocalIPAddress ?? null;
  row.agentExternalIp = call.agentExternalIPAddress ?? null;
  row.browserName = call.browser?.name ?? null;
  row.browserVersion = call.browser?.version ?? null;
  row.agentCountry = call.agentCountry ?? null;
  row.agentRegion = call.agentRegion ?? null;
  row.networkType = call.networkType ?? null;
  row.networkLabel = networkLabel;
  row.holdIntervals =
    call.holdIntervals?.map((h) => ({ start: h.start, end: h.end ?? null })) ?? null;
  row.sipResponseCode = call.sipResponseCode ?? null;
  const groups = call.agentGroups ?? [];
  row.agentGroup1 = groups[0] ?? null;
  row.agentGroup2 = groups[1] ?? null;
  row.agentGroup3 = groups[2] ?? null;
  row.agentGroup4 = groups[3] ?? null;
  row.agentGroup5 = groups[4] ?? null;
  row.ctrAttributes = call.ctrAttributes ?? null;
  row.summaryReceivedAt ??= new Date(nowMs);
}

/**
 * POST /api/ingest/v1/calls: creates or replaces call summaries (the last one of a contact in a
 * batch wins), labels the agent's network with the group's Network Labelling list (local address
 * first, then the external one; first matching range wins) and re-derives tags and score.
 */
export async function ingestCalls(
  deps: IngestDeps,
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

  const { created, changed } = await ingestTransaction(deps, async (tx) => {
    const labelOf = createNetworkLabeller((await getNetworkLabels(forGroup(tx, groupId))).ipMap);
    const locked = await lockCallSummaries(tx, groupId, seeds);
    const changed: CallSummaryRow[] = [];
    for (const [contactId, call] of latest) {
      const row = locked.rows.get(contactId);
      if (!row) continue;
      const label =
        (call.agentLocalIPAddress ? labelOf(call.agentLocalIPAddress) : null) ??
        (call.agentExternalIPAddress ? labelOf(call.agentExternalIPAddress) : null);
      applySummary(row, call, label, deps.now());
      applyOrigin(row, origin);
      changed.push(row);
    }
    await refreshAndSaveCallSummaries(tx, groupId, changed);
    return { created: locked.created, changed };
  });

  deps.trailing?.caughtUp(
    groupId,
    changed.map((row) => row.contactId),
  );
  announceCalls(deps, groupId, created, seeds);
  deps.watchers?.onCallSummaries(groupId, changed);
  // A summary replaces the stored one: only repeats of a contact within the batch are duplicates.
  return ingestResult(batch.valid.length, batch.valid.length - latest.size, batch.rejected);
}
