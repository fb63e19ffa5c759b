import {
  appendSecondsInPlace,
  callQualityFromSeconds,
  canAppendSeconds,
  type CallQualityState,
  type CallSecond,
  type IngestResult,
} from '@callsight/shared';
import { chForGroup, type ClickHouseGroupScope } from '../../../db/clickhouse/group-scope.ts';
import type { SecondsChunk } from '../../telemetry/call-samples.ts';
import {
  deriveColumns,
  qualityStateOf,
  type CallSummaryRow,
} from '../../telemetry/call-summaries.ts';
import { announceCalls } from '../../telemetry/ingest-context.ts';
import {
  mergeByTime,
  notStored,
  prepareSamples,
  withPlaceholderStart,
  type PreparedSamples,
} from '../../telemetry/ingest-samples.ts';
import { ingestResult } from '../../telemetry/validate-batch.ts';
import type { PackedSeconds } from '../../telemetry/packed-seconds.ts';
import { underCallLocks, type ClickHouseIngestDeps } from './ingest-deps.ts';
import { insertSeconds, loadSeconds, storedTimesAfter } from './seconds.ts';
import { saveSummaries, summariesOf } from './summaries.ts';
import { markCalls, touchedStarts } from './usage-marks.ts';

/** What a batch stores: its new seconds per call, and the summaries they change. */
interface Planned {
  chunks: SecondsChunk[];
  changed: CallSummaryRow[];
}

/**
 * Per call, whether seconds are stored after those its accumulator counts (`lastMs`; a new call:
 * before its first second here). Normally none: a batch stores its seconds, then its summaries.
 */
async function unsummarised(
  scope: ClickHouseGroupScope,
  packed: PackedSeconds,
  states: ReadonlyMap<string, CallQualityState | null>,
): Promise<Set<string>> {
  const bounds = new Map<string, number>();
  packed.contactIds.forEach((contactId, call) => {
    bounds.set(contactId, states.get(contactId)?.lastMs ?? packed.firstMs(call) - 1);
  });
  const since = Math.min(...bounds.values());
  const stored = await storedTimesAfter(scope, [...bounds.keys()], since);
  const found = new Set<string>();
  for (const [contactId, times] of stored) {
    const bound = bounds.get(contactId) ?? Infinity;
    if (times.some((t) => t > bound)) found.add(contactId);
  }
  return found;
}

/**
 * The calls whose new seconds all follow their accumulator's last one are appended to it (the
 * usual case); the others (late or resent seconds, an unreadable accumulator, seconds stored by a
 * batch whose summaries were not) read their stored seconds, keep only the new ones and are
 * recomputed from all of them. The same functions as ingestSamples.
 */
async function plan(
  scope: ClickHouseGroupScope,
  packed: PackedSeconds,
  rows: ReadonlyMap<string, CallSummaryRow>,
): Promise<Planned> {
  const chunks: SecondsChunk[] = [];
  const changed: CallSummaryRow[] = [];
  const late = new Map<string, CallSecond[]>();
  const states = new Map<string, CallQualityState | null>();
  for (const [contactId, row] of rows) states.set(contactId, qualityStateOf(row));
  const behind = await unsummarised(scope, packed, states);
  for (let call = 0; call < packed.calls; call++) {
    const contactId = packed.contactIds[call] ?? '';
    const row = rows.get(contactId);
    if (!row) continue;
    const seconds = packed.seconds(call);
    const state = states.get(contactId) ?? null;
    if (state && canAppendSeconds(state, seconds) && !behind.has(contactId)) {
      chunks.push({ contactId, seconds });
      withPlaceholderStart(row, seconds);
      changed.push(Object.assign(row, deriveColumns(row, appendSecondsInPlace(state, seconds))));
    } else {
      late.set(contactId, seconds);
    }
  }
  const stored = await loadSeconds(scope, [...late.keys()]);
  for (const [contactId, batch] of late) {
    const row = rows.get(contactId);
    const before = stored.get(contactId) ?? [];
    const seconds = notStored(batch, before);
    if (!row || (seconds.length === 0 && !behind.has(contactId))) continue;
    if (seconds.length > 0) chunks.push({ contactId, seconds });
    const all = mergeByTime(before, seconds);
    withPlaceholderStart(row, all);
    changed.push(Object.assign(row, deriveColumns(row, callQualityFromSeconds(all))));
  }
  return { chunks, changed };
}

async function store(
  deps: ClickHouseIngestDeps,
  groupId: string,
  { seconds: packed, accepted, rejected }: PreparedSamples,
): Promise<IngestResult> {
  const scope = chForGroup(deps.client, groupId);
  const seeds = new Map<string, number>();
  packed.contactIds.forEach((contactId, call) => seeds.set(contactId, packed.firstMs(call)));
  const nowMs = deps.now();
  const { chunks, created, starts } = await deps.gate.run(() =>
    underCallLocks(deps, groupId, seeds.keys(), async () => {
      const summaries = await summariesOf(scope, seeds, nowMs);
      const planned = await plan(scope, packed, summaries.rows);
      // Seconds first, then the summaries that count them: a batch that fails between the two is
      // not acknowledged, and the next batch of those calls finds the seconds (unsummarised).
      await insertSeconds(scope, planned.chunks);
      await saveSummaries(scope, summaries, planned.changed, nowMs);
      const starts = touchedStarts(summaries, planned.changed, seeds);
      return { chunks: planned.chunks, created: summaries.created, starts };
    }),
  );
  await markCalls(deps, groupId, starts);
  announceCalls(deps, groupId, created, seeds);
  const fresh = chunks.reduce((n, c) => n + c.seconds.length, 0);
  if (fresh > 0) deps.watchers?.onSeconds(groupId, () => chunks.flatMap((c) => c.seconds));
  return ingestResult(accepted, accepted - fresh, rejected);
}

/**
 * POST /api/ingest/v1/samples on ClickHouse: the batch is validated and derived by the same code
 * as ingestSamples (so the summaries equal PostgreSQL's), and answered once stored.
 */
export function writeSamples(
  deps: ClickHouseIngestDeps,
  groupId: string,
  items: readonly unknown[],
): Promise<IngestResult> {
  let prepared: PreparedSamples;
  try {
    prepared = prepareSamples(items, deps.now());
  } catch (err) {
    return Promise.reject(err instanceof Error ? err : new Error(String(err)));
  }
  return store(deps, groupId, prepared);
}
