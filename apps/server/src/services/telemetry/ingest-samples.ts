import {
  appendSeconds,
  callQualityFromSeconds,
  canAppendSeconds,
  INGEST_LIMITS,
  IngestSampleSchema,
  isPlainValidSample,
  toCallSecond,
  type CallSecond,
  type IngestResult,
} from '@callsight/shared';
import { insertSamples, loadSeconds, roundAsStored, secondKey } from './call-samples.ts';
import {
  deriveColumns,
  lockQualityInputs,
  qualityStateOf,
  saveQualityColumns,
  type DerivedColumns,
  type QualityInputs,
} from './call-summaries.ts';
import { announceCalls, ingestTransaction, type IngestDeps } from './ingest-context.ts';
import { isNodePostgres } from './pg-arrays.ts';
import {
  assertBatchSize,
  assertSomethingValid,
  ingestResult,
  validateBatch,
} from './validate-batch.ts';

/**
 * The batch's seconds per call, each call's in time order with one second per time (a repeat
 * within the batch is dropped here and counts as a duplicate).
 */
function secondsByCall(seconds: readonly CallSecond[]): Map<string, CallSecond[]> {
  const byCall = new Map<string, CallSecond[]>();
  for (const second of seconds) {
    const list = byCall.get(second.contactId);
    if (list) list.push(second);
    else byCall.set(second.contactId, [second]);
  }
  for (const list of byCall.values()) {
    let sorted = true;
    for (let i = 1; i < list.length && sorted; i++)
      sorted = (list[i - 1]?.timeMs ?? 0) < (list[i]?.timeMs ?? 0);
    if (sorted) continue;
    list.sort((a, b) => a.timeMs - b.timeMs);
    let kept = 0;
    for (const s of list) if (kept === 0 || list[kept - 1]?.timeMs !== s.timeMs) list[kept++] = s;
    list.length = kept;
  }
  return byCall;
}

/**
 * POST /api/ingest/v1/samples: stores the valid seconds of a batch (a resent second is kept once),
 * fills in missing MOS with the E-model, and updates each call's summary in the same transaction:
 * seconds later than the call's last one are merged into its accumulator; a late or out-of-order
 * second makes that call's summary be recomputed from all its stored seconds.
 */
export async function ingestSamples(
  deps: IngestDeps,
  groupId: string,
  items: readonly unknown[],
): Promise<IngestResult> {
  assertBatchSize(items.length, INGEST_LIMITS.maxSamplesPerRequest, 'samples');
  const batch = validateBatch(
    items,
    IngestSampleSchema,
    (s) => ({ field: 'timestamp', ms: s.timestamp }),
    deps.now(),
    isPlainValidSample,
  );
  assertSomethingValid(batch, items.length, 'samples');

  const byCall = secondsByCall(batch.valid.map(({ value }) => roundAsStored(toCallSecond(value))));
  const seconds: CallSecond[] = [];
  const seeds = new Map<string, number>();
  for (const [contactId, list] of byCall) {
    for (const s of list) seconds.push(s);
    seeds.set(contactId, list[0]?.timeMs ?? deps.now());
  }
  const binary = isNodePostgres(deps.db);

  const { inserted, created } = await ingestTransaction(deps, async (tx) => {
    const locked = await lockQualityInputs(tx, groupId, seeds);
    const stored = await insertSamples(tx, binary, groupId, seconds);

    const changed: (QualityInputs & DerivedColumns)[] = [];
    const rescan: QualityInputs[] = [];
    for (const [contactId, list] of byCall) {
      const row = locked.rows.get(contactId);
      if (!row) continue;
      const { keys } = stored;
      const fresh = keys ? list.filter((s) => keys.has(secondKey(contactId, s.timeMs))) : list;
      if (fresh.length === 0) continue;
      const state = qualityStateOf(row);
      if (state && canAppendSeconds(state, fresh)) {
        withPlaceholderStart(row, fresh);
        changed.push({ ...row, ...deriveColumns(row, appendSeconds(state, fresh)) });
      } else {
        rescan.push(row);
      }
    }
    if (rescan.length > 0) {
      const all = await loadSeconds(
        tx,
        groupId,
        rescan.map((r) => r.contactId),
      );
      for (const row of rescan) {
        const list = all.get(row.contactId) ?? [];
        withPlaceholderStart(row, list);
        changed.push({ ...row, ...deriveColumns(row, callQualityFromSeconds(list)) });
      }
    }
    await saveQualityColumns(tx, binary, groupId, changed);
    return { inserted: stored.count, created: locked.created };
  });

  announceCalls(deps, groupId, created, seeds);
  deps.watchers?.onSeconds(groupId, seconds);
  return ingestResult(batch.valid.length, batch.valid.length - inserted, batch.rejected);
}

/** Until its summary arrives, a call starts at its earliest second. */
function withPlaceholderStart(row: QualityInputs, seconds: readonly CallSecond[]) {
  const first = seconds[0];
  if (row.summaryReceivedAt === null && first && first.timeMs < row.startTime.getTime()) {
    row.startTime = new Date(first.timeMs);
  }
}
