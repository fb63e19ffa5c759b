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
import { insertChunks, loadSeconds, roundAsStored, type SecondsChunk } from './call-samples.ts';
import {
  deriveColumns,
  readQualityInputs,
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

/** The seconds of `batch` not among `stored` (both sorted by time). */
function notStored(batch: readonly CallSecond[], stored: readonly CallSecond[]): CallSecond[] {
  const times = new Set(stored.map((s) => s.timeMs));
  return batch.filter((s) => !times.has(s.timeMs));
}

/** Merges two lists sorted by time. */
function mergeByTime(a: readonly CallSecond[], b: readonly CallSecond[]): CallSecond[] {
  const out: CallSecond[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = a[i];
    const y = b[j];
    if (x && (!y || x.timeMs <= y.timeMs)) {
      out.push(x);
      i++;
    } else if (y) {
      out.push(y);
      j++;
    }
  }
  return out;
}

/**
 * POST /api/ingest/v1/samples: stores the valid seconds of a batch (a resent second is kept once),
 * fills in missing MOS with the E-model, and updates each call's summary in the same transaction.
 * A call's accumulator knows its last stored second: seconds after it are new and are merged
 * into it (the usual case, no read of stored seconds; a crossed batch is retried). A call with a late
 * or resent second reads its stored seconds, drops those already there and is recomputed.
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
  const seeds = new Map<string, number>();
  for (const [contactId, list] of byCall) seeds.set(contactId, list[0]?.timeMs ?? deps.now());
  const binary = isNodePostgres(deps.db);

  const { fresh, created } = await ingestTransaction(deps, async (tx) => {
    const locked = await readQualityInputs(tx, groupId, seeds);
    const chunks: SecondsChunk[] = [];
    const changed: (QualityInputs & DerivedColumns)[] = [];
    const late: QualityInputs[] = [];
    for (const [contactId, seconds] of byCall) {
      const row = locked.rows.get(contactId);
      if (!row) continue;
      const state = qualityStateOf(row);
      if (state && canAppendSeconds(state, seconds)) {
        chunks.push({ contactId, seconds });
        withPlaceholderStart(row, seconds);
        changed.push({ ...row, ...deriveColumns(row, appendSeconds(state, seconds)) });
      } else {
        late.push(row);
      }
    }
    if (late.length > 0) {
      const stored = await loadSeconds(
        tx,
        groupId,
        late.map((r) => r.contactId),
      );
      for (const row of late) {
        const before = stored.get(row.contactId) ?? [];
        const seconds = notStored(byCall.get(row.contactId) ?? [], before);
        if (seconds.length === 0) continue;
        chunks.push({ contactId: row.contactId, seconds });
        const all = mergeByTime(before, seconds);
        withPlaceholderStart(row, all);
        changed.push({ ...row, ...deriveColumns(row, callQualityFromSeconds(all)) });
      }
    }
    await insertChunks(tx, binary, groupId, chunks);
    await saveQualityColumns(tx, binary, groupId, changed);
    return { fresh: chunks.flatMap((c) => c.seconds), created: locked.created };
  });

  announceCalls(deps, groupId, created, seeds);
  if (fresh.length > 0) deps.watchers?.onSeconds(groupId, fresh);
  return ingestResult(batch.valid.length, batch.valid.length - fresh.length, batch.rejected);
}

/** Until its summary arrives, a call starts at its earliest second. */
function withPlaceholderStart(row: QualityInputs, seconds: readonly CallSecond[]) {
  const first = seconds[0];
  if (row.summaryReceivedAt === null && first && first.timeMs < row.startTime.getTime()) {
    row.startTime = new Date(first.timeMs);
  }
}
