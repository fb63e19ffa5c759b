import {
  appendSecondsInPlace,
  callQualityFromSeconds,
  canAppendSeconds,
  INGEST_LIMITS,
  IngestSampleSchema,
  isPlainValidSample,
  toCallSecond,
  type CallSecond,
  type IngestRejectedItem,
  type IngestResult,
} from '@callsight/shared';
import type { DbOrTx } from '../../db/client.ts';
import {
  chunkInsert,
  loadSeconds,
  roundAsStored,
  runChunkInsert,
  type SecondsChunk,
} from './call-samples.ts';
import {
  deriveColumns,
  mustRefreshShown,
  qualityStateOf,
  qualityUpdate,
  readQualityInputs,
  runQualityUpdate,
  stateUpdate,
  type DerivedColumns,
  type LockedSummaries,
  type QualityInputs,
} from './call-summaries.ts';
import { announceCalls, ingestTransaction, type IngestDeps } from './ingest-context.ts';
import { PackedSeconds } from './packed-seconds.ts';
import { isNodePostgres } from '../../db/pg-arrays.ts';
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
export function notStored(
  batch: readonly CallSecond[],
  stored: readonly CallSecond[],
): CallSecond[] {
  const times = new Set(stored.map((s) => s.timeMs));
  return batch.filter((s) => !times.has(s.timeMs));
}

/** Merges two lists sorted by time. */
export function mergeByTime(a: readonly CallSecond[], b: readonly CallSecond[]): CallSecond[] {
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

/** A validated batch, ready to store: its new seconds packed per call, and what was refused. */
export interface PreparedSamples {
  seconds: PackedSeconds;
  accepted: number;
  rejected: IngestRejectedItem[];
}

/** Validates a batch and packs its seconds (synchronous: the request's objects die here). */
export function prepareSamples(items: readonly unknown[], nowMs: number): PreparedSamples {
  assertBatchSize(items.length, INGEST_LIMITS.maxSamplesPerRequest, 'samples');
  const batch = validateBatch(
    items,
    IngestSampleSchema,
    (s) => ({ field: 'timestamp', ms: s.timestamp }),
    nowMs,
    isPlainValidSample,
  );
  assertSomethingValid(batch, items.length, 'samples');
  const byCall = secondsByCall(batch.valid.map(({ value }) => roundAsStored(toCallSecond(value))));
  return {
    seconds: new PackedSeconds(byCall),
    accepted: batch.valid.length,
    rejected: batch.rejected,
  };
}

/**
 * POST /api/ingest/v1/samples: stores the valid seconds of a batch (a resent second is kept once),
 * fills in missing MOS with the E-model, and updates each call's summary in the same transaction.
 * A call's accumulator knows its last stored second: seconds after it are new and are merged
 * into it (the usual case, no read of stored seconds; a crossed batch is retried). A call with a late
 * or resent second reads its stored seconds, drops those already there and is recomputed.
 * Not an async function: the request's items are validated and packed at once, and are not kept
 * while the batch waits on the database (see PackedSeconds).
 */
export function ingestSamples(
  deps: IngestDeps,
  groupId: string,
  items: readonly unknown[],
): Promise<IngestResult> {
  let prepared: PreparedSamples;
  try {
    prepared = prepareSamples(items, deps.now());
  } catch (err) {
    return Promise.reject(err instanceof Error ? err : new Error(String(err)));
  }
  return storeSamples(deps, groupId, prepared);
}

/**
 * What a batch's transaction stored: the calls whose seconds were all new, the rest's new seconds,
 * and the calls of which only the accumulator was written (their shown columns trail).
 */
interface Stored {
  appended: number[];
  lateFresh: CallSecond[];
  created: Set<string>;
  trailing: string[];
  refreshed: string[];
}

async function storeSamples(
  deps: IngestDeps,
  groupId: string,
  { seconds: packed, accepted, rejected }: PreparedSamples,
): Promise<IngestResult> {
  const seeds = new Map<string, number>();
  packed.contactIds.forEach((contactId, call) => seeds.set(contactId, packed.firstMs(call)));
  const binary = isNodePostgres(deps.db);
  const mayTrail = deps.trailing !== undefined;

  const stored = await ingestTransaction(deps, async (tx): Promise<Stored> => {
    // Only plans are kept past this point: the rows and their accumulators die young.
    const { writes, appended, late, created, trailing, refreshed } = planAppends(
      binary,
      mayTrail,
      groupId,
      packed,
      await readQualityInputs(tx, groupId, seeds),
    );
    let lateFresh: CallSecond[] = [];
    if (late.length > 0) {
      const before = await loadSeconds(
        tx,
        groupId,
        late.map((r) => r.contactId),
      );
      const planned = planLate(binary, groupId, packed, late, before);
      writes.push(...planned.writes);
      lateFresh = planned.fresh;
      refreshed.push(...planned.refreshed);
    }
    for (const write of writes) await write(tx);
    return { appended, lateFresh, created, trailing, refreshed };
  });

  deps.trailing?.caughtUp(groupId, stored.refreshed);
  deps.trailing?.trail(groupId, stored.trailing);
  announceCalls(deps, groupId, stored.created, seeds);
  let freshCount = stored.lateFresh.length;
  for (const call of stored.appended) freshCount += packed.secondsCount(call);
  if (freshCount > 0)
    deps.watchers?.onSeconds(groupId, () =>
      stored.appended.flatMap((call) => packed.seconds(call)).concat(stored.lateFresh),
    );
  return ingestResult(accepted, accepted - freshCount, rejected);
}

/** A statement built while planning, run later in the batch's transaction. */
type Write = (tx: DbOrTx) => Promise<void>;

/**
 * The writes of chunks and summaries (built now, so that no object of them waits on the database):
 * `changed` rows get their shown columns rewritten, `stateOnly` rows only their accumulator.
 */
function writesOf(
  binary: boolean,
  groupId: string,
  chunks: readonly SecondsChunk[],
  changed: readonly (QualityInputs & DerivedColumns)[],
  stateOnly: readonly QualityInputs[] = [],
): Write[] {
  const writes: Write[] = [];
  const insert = chunkInsert(binary, groupId, chunks);
  if (insert) writes.push((tx) => runChunkInsert(tx, insert));
  for (const update of [
    qualityUpdate(binary, groupId, changed),
    stateUpdate(binary, groupId, stateOnly),
  ]) {
    if (update) writes.push((tx) => runQualityUpdate(tx, update));
  }
  return writes;
}

/**
 * The usual case: calls whose new seconds all follow their last stored one are appended to their
 * accumulator. Calls that cannot be (a late or resent second, an unreadable accumulator) are
 * answered as `late`. With `mayTrail`, a call whose shown columns need no refresh yet
 * (mustRefreshShown) gets only its accumulator written, and is answered in `trailing`.
 */
function planAppends(
  binary: boolean,
  mayTrail: boolean,
  groupId: string,
  packed: PackedSeconds,
  { rows, created }: LockedSummaries<QualityInputs>,
): {
  writes: Write[];
  appended: number[];
  late: QualityInputs[];
  created: Set<string>;
  trailing: string[];
  refreshed: string[];
} {
  const chunks: SecondsChunk[] = [];
  const changed: (QualityInputs & DerivedColumns)[] = [];
  const stateOnly: QualityInputs[] = [];
  const appended: number[] = [];
  const late: QualityInputs[] = [];
  for (let call = 0; call < packed.calls; call++) {
    const contactId = packed.contactIds[call] ?? '';
    const row = rows.get(contactId);
    if (!row) continue;
    const seconds = packed.seconds(call);
    const state = qualityStateOf(row);
    if (state && canAppendSeconds(state, seconds)) {
      chunks.push({ contactId, seconds });
      const startBefore = row.startTime.getTime();
      withPlaceholderStart(row, seconds);
      const derived = deriveColumns(row, appendSecondsInPlace(state, seconds));
      if (!mayTrail || mustRefreshShown(row, startBefore, derived)) {
        // Object.assign, not a spread: spreading 1,000 rows of ~30 fields cost ~10-20 ms a batch.
        changed.push(Object.assign(row, derived));
      } else {
        row.qualityState = derived.qualityState;
        stateOnly.push(row);
      }
      appended.push(call);
    } else {
      late.push(row);
    }
  }
  return {
    writes: writesOf(binary, groupId, chunks, changed, stateOnly),
    appended,
    late,
    created,
    trailing: stateOnly.map((r) => r.contactId),
    refreshed: changed.map((r) => r.contactId),
  };
}

/** Late calls: their seconds not stored yet are merged with the stored ones and recomputed. */
function planLate(
  binary: boolean,
  groupId: string,
  packed: PackedSeconds,
  late: readonly QualityInputs[],
  stored: ReadonlyMap<string, CallSecond[]>,
): { writes: Write[]; fresh: CallSecond[]; refreshed: string[] } {
  const chunks: SecondsChunk[] = [];
  const changed: (QualityInputs & DerivedColumns)[] = [];
  const callOf = new Map(packed.contactIds.map((contactId, call) => [contactId, call]));
  for (const row of late) {
    const before = stored.get(row.contactId) ?? [];
    const seconds = notStored(packed.seconds(callOf.get(row.contactId) ?? -1), before);
    if (seconds.length === 0) continue;
    chunks.push({ contactId: row.contactId, seconds });
    const all = mergeByTime(before, seconds);
    withPlaceholderStart(row, all);
    changed.push(Object.assign(row, deriveColumns(row, callQualityFromSeconds(all))));
  }
  return {
    writes: writesOf(binary, groupId, chunks, changed),
    fresh: chunks.flatMap((c) => c.seconds),
    refreshed: changed.map((r) => r.contactId),
  };
}

/** Until its summary arrives, a call starts at its earliest second. */
export function withPlaceholderStart(row: QualityInputs, seconds: readonly CallSecond[]) {
  const first = seconds[0];
  if (row.summaryReceivedAt === null && first && first.timeMs < row.startTime.getTime()) {
    row.startTime = new Date(first.timeMs);
  }
}
