import { asc, eq } from 'drizzle-orm';
import {
  LOG_LEVELS,
  type CallDetailLog,
  type CallDetailTelemetryEvent,
  type LogLevel,
} from '@callsight/shared';
import { softphoneLogs, telemetryEvents } from '../../db/schema/index.ts';
import type { GroupScope } from '../../db/group-scope.ts';

/** A list in search-hit form; fetched with one row more than the limit to tell a cut list. */
export interface Hits<T> {
  hits: {
    total: { value: number; relation: 'eq' | 'gte' };
    hits: { _id: string; _source: T }[];
  };
}

/** Search-hit form of up to `limit` rows (`rows` holds at most limit + 1). */
export function toHits<R, T>(
  rows: readonly R[],
  limit: number,
  id: (row: R) => string,
  source: (row: R) => T,
): Hits<T> {
  const kept = rows.slice(0, limit);
  return {
    hits: {
      total: { value: kept.length, relation: rows.length > limit ? 'gte' : 'eq' },
      hits: kept.map((r) => ({ _id: id(r), _source: source(r) })),
    },
  };
}

const isLevel = (v: string): v is LogLevel => (LOG_LEVELS as readonly string[]).includes(v);

/** The call's softphone log lines in time order, by the (group, contact, ts) index. */
export async function readCallLogs(
  scope: GroupScope,
  contactId: string,
  limit: number,
): Promise<Hits<CallDetailLog>> {
  // Only the columns the answer needs: group and contact are the filter's (a one-hour call's
  // lines are ~30 % smaller on the wire without them).
  const rows = await scope.db
    .select({
      id: softphoneLogs.id,
      ts: softphoneLogs.ts,
      level: softphoneLogs.level,
      agent: softphoneLogs.agent,
      text: softphoneLogs.text,
    })
    .from(softphoneLogs)
    .where(scope.owns(softphoneLogs, eq(softphoneLogs.contactId, contactId)))
    .orderBy(asc(softphoneLogs.ts), asc(softphoneLogs.id))
    .limit(limit + 1);
  return toHits(
    rows,
    limit,
    (r) => r.id,
    (r) => ({
      time: r.ts.toISOString(),
      // Ingestion stores only the three levels; anything else reads as INFO rather than failing.
      level: isLevel(r.level) ? r.level : 'INFO',
      agent: r.agent,
      contactId,
      text: r.text,
    }),
  );
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The call's telemetry events in time order, by the (group, contact, ts) index. */
export async function readCallTelemetry(
  scope: GroupScope,
  contactId: string,
  limit: number,
): Promise<Hits<CallDetailTelemetryEvent>> {
  const rows = await scope.db
    .select()
    .from(telemetryEvents)
    .where(scope.owns(telemetryEvents, eq(telemetryEvents.contactId, contactId)))
    .orderBy(asc(telemetryEvents.ts), asc(telemetryEvents.id))
    .limit(limit + 1);
  return toHits(
    rows,
    limit,
    (r) => r.id,
    (r) => ({
      time: r.ts.toISOString(),
      type: r.type,
      agent: r.agent,
      contactId: r.contactId,
      data: isRecord(r.data) ? r.data : null,
    }),
  );
}

/** An empty hit list (telemetry not asked for). */
export function noHits<T>(): Hits<T> {
  return { hits: { total: { value: 0, relation: 'eq' }, hits: [] } };
}
