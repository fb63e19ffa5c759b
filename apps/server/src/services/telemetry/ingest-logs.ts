import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  INGEST_LIMITS,
  IngestEventSchema,
  IngestLogSchema,
  type IngestEvent,
  type IngestLog,
  type IngestResult,
} from '@callsight/shared';
import {
  lockCallSummaries,
  refreshAndSaveCallSummaries,
  type CallSummaryRow,
} from './call-summaries.ts';
import { announceCalls, ingestTransaction, type IngestDeps } from './ingest-context.ts';
import { msToTimestamp, queryRows, unnestRows, type UnnestColumn } from '../../db/pg-arrays.ts';
import {
  assertBatchSize,
  assertSomethingValid,
  ingestResult,
  validateBatch,
  type ValidatedBatch,
} from './validate-batch.ts';

/**
 * The stored id of a log line or event: the sender's id when given ("c:" …), otherwise a hash of
 * its content ("h:" …), so that a resent line is stored once either way.
 */
export function storedId(
  givenId: string | null | undefined,
  parts: readonly (string | number | null | undefined)[],
): string {
  if (givenId) return `c:${givenId}`;
  const hash = createHash('sha256');
  for (const part of parts) hash.update(`${part ?? ''}\u0000`);
  return `h:${hash.digest('base64url').slice(0, 32)}`;
}

/** A log line with the id it is stored under. */
export type LogRow = IngestLog & { storedId: string };

/**
 * A logs batch checked (size, each line) and its valid lines under their stored ids, each once:
 * the first step of both stores' log ingestion.
 */
export function checkedLogLines(
  items: readonly unknown[],
  nowMs: number,
): { batch: ValidatedBatch<IngestLog>; lines: LogRow[] } {
  assertBatchSize(items.length, INGEST_LIMITS.maxLogsPerRequest, 'logs');
  const batch = validateBatch(
    items,
    IngestLogSchema,
    (l) => ({ field: 'time', ms: l.time }),
    nowMs,
  );
  assertSomethingValid(batch, items.length, 'logs');
  const unique = new Map<string, LogRow>();
  for (const { value } of batch.valid) {
    const id = storedId(value.id, [
      value.time,
      value.level,
      value.agent,
      value.contactId,
      value.text,
    ]);
    if (!unique.has(id)) unique.set(id, { ...value, storedId: id });
  }
  return { batch, lines: [...unique.values()] };
}

const LOG_COLUMNS: UnnestColumn<LogRow>[] = [
  { name: 'id', type: 'text', value: (l) => l.storedId },
  { name: 't', type: 'float8', value: (l) => l.time },
  { name: 'level', type: 'text', value: (l) => l.level },
  { name: 'agent', type: 'text', value: (l) => l.agent },
  { name: 'c', type: 'text', value: (l) => l.contactId },
  { name: 'body', type: 'text', value: (l) => l.text },
];

/**
 * POST /api/ingest/v1/logs: stores softphone log lines (a resent line is kept once). New ERROR
 * lines of a call count towards its "Softphone Error" tag: the call's summary is updated (or
 * created, so the count is kept for a summary that arrives later) in the same transaction.
 */
export async function ingestLogs(
  deps: IngestDeps,
  groupId: string,
  items: readonly unknown[],
): Promise<IngestResult> {
  const { batch, lines: rows } = checkedLogLines(items, deps.now());

  const { inserted, created, starts } = await ingestTransaction(deps, async (tx) => {
    const fresh = rows.length
      ? await queryRows<{ c: string | null; level: string }>(
          tx,
          sql`insert into softphone_logs (group_id, id, ts, level, agent, contact_id, text)
              select ${groupId}::uuid, u.id, ${msToTimestamp('u.t')}, u.level, u.agent, u.c, u.body
              from ${unnestRows(LOG_COLUMNS, rows)}
              on conflict do nothing
              returning contact_id as c, level`,
        )
      : [];
    const newErrors = new Map<string, number>();
    for (const r of fresh)
      if (r.level === 'ERROR' && r.c !== null) newErrors.set(r.c, (newErrors.get(r.c) ?? 0) + 1);
    if (newErrors.size === 0)
      return {
        inserted: fresh.length,
        created: new Set<string>(),
        starts: new Map<string, number>(),
      };

    const seeds = new Map<string, number>();
    for (const l of rows) {
      if (l.level !== 'ERROR' || !l.contactId || !newErrors.has(l.contactId)) continue;
      seeds.set(l.contactId, Math.min(seeds.get(l.contactId) ?? Infinity, l.time));
    }
    const locked = await lockCallSummaries(tx, groupId, seeds);
    const changed: CallSummaryRow[] = [];
    for (const [contactId, count] of newErrors) {
      const row = locked.rows.get(contactId);
      if (!row) continue;
      // A row created here already counted this batch's lines (it counts what is stored).
      if (!locked.created.has(contactId)) row.errorLogCount += count;
      changed.push(row);
    }
    await refreshAndSaveCallSummaries(tx, groupId, changed);
    return { inserted: fresh.length, created: locked.created, starts: seeds };
  });

  announceCalls(deps, groupId, created, starts);
  return ingestResult(batch.valid.length, batch.valid.length - inserted, batch.rejected);
}

type EventRow = IngestEvent & { storedId: string };

const EVENT_COLUMNS: UnnestColumn<EventRow>[] = [
  { name: 'id', type: 'text', value: (e) => e.storedId },
  { name: 't', type: 'float8', value: (e) => e.time },
  { name: 'type', type: 'text', value: (e) => e.type },
  { name: 'agent', type: 'text', value: (e) => e.agent },
  { name: 'c', type: 'text', value: (e) => e.contactId },
  { name: 'data', type: 'jsonb', value: (e) => (e.data == null ? null : JSON.stringify(e.data)) },
];

/** POST /api/ingest/v1/events: stores softphone telemetry events as sent (a resent one is kept once). */
export async function ingestEvents(
  deps: IngestDeps,
  groupId: string,
  items: readonly unknown[],
): Promise<IngestResult> {
  assertBatchSize(items.length, INGEST_LIMITS.maxEventsPerRequest, 'events');
  const batch = validateBatch(
    items,
    IngestEventSchema,
    (e) => ({ field: 'time', ms: e.time }),
    deps.now(),
  );
  assertSomethingValid(batch, items.length, 'events');
  const unique = new Map<string, EventRow>();
  for (const { value } of batch.valid) {
    const id = storedId(value.id, [
      value.time,
      value.type,
      value.agent,
      value.contactId,
      JSON.stringify(value.data ?? null),
    ]);
    if (!unique.has(id)) unique.set(id, { ...value, storedId: id });
  }
  const rows = [...unique.values()];
  const insertedIds = await ingestTransaction(deps, async (tx) => {
    if (rows.length === 0) return new Set<string>();
    const result = await queryRows<{ id: string }>(
      tx,
      sql`insert into telemetry_events (group_id, id, ts, type, agent, contact_id, data)
          select ${groupId}::uuid, u.id, ${msToTimestamp('u.t')}, u.type, u.agent, u.c, u.data
          from ${unnestRows(EVENT_COLUMNS, rows)}
          on conflict do nothing
          returning id`,
    );
    return new Set(result.map((r) => r.id));
  });
  // Only events stored now reach the watchers: a resent event does not fire again.
  deps.watchers?.onEvents(
    groupId,
    rows
      .filter((r) => insertedIds.has(r.storedId))
      .map((r) => ({
        type: r.type,
        contactId: r.contactId ?? null,
        agent: r.agent ?? null,
        timeMs: r.time,
        data: r.data ?? null,
      })),
  );
  return ingestResult(batch.valid.length, batch.valid.length - insertedIds.size, batch.rejected);
}
