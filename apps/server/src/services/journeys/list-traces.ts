import { sql, type SQL } from 'drizzle-orm';
import { TRACE_LIST, type TraceListQuery, type TraceListRow } from '@callsight/shared';
import { journeyTraces as t } from '../../db/schema/index.ts';
import type { GroupScope } from '../../db/group-scope.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { TRACE_FILTER_COLUMNS } from './filter-columns.ts';

export interface TraceListResult {
  data: TraceListRow[];
  total: number;
  totalRelation: 'eq' | 'gte';
  size: number;
  nextCursor: string | null;
  prevCursor: string | null;
}

/**
 * Counts the matching traces up to `cap`, newest first. The order matters: traces are stored as
 * they arrive, so without it PostgreSQL may count "the last 7 days" by a sequential scan that
 * reads every older trace before the first match.
 */
async function countTraces(scope: GroupScope, filters: SQL[], cap: number) {
  const matching = scope.db
    .select({ one: sql`1`.as('one') })
    .from(t)
    .where(scope.owns(t, ...filters))
    .orderBy(sql`${t.startTime} desc`)
    .limit(cap + 1)
    .as('c');
  const [row] = await scope.db.select({ n: sql<number>`count(*)::int` }).from(matching);
  const n = Number(row?.n ?? 0);
  return n > cap
    ? { total: cap, totalRelation: 'gte' as const }
    : { total: n, totalRelation: 'eq' as const };
}

/**
 * One page of the group's journeys (spec 002 §7.5): the time window on the trace's start and
 * end, the field filters, sorted by createddate (the trace's start, then its id) with keyset
 * cursors, so pages stay the same while new traces arrive. Reads journey_traces only.
 */
export async function listTraces(
  scope: GroupScope,
  query: TraceListQuery,
  /** The caller's team rules through the journey's call (DATASETS.journeys), or null. */
  rowFilter: SQL | null = null,
): Promise<TraceListResult> {
  const where: SQL[] = rowFilter ? [rowFilter] : [];
  if (query.startGte)
    where.push(sql`${t.startTime} >= ${query.startGte.toISOString()}::timestamptz`);
  if (query.endLte) where.push(sql`${t.endTime} <= ${query.endLte.toISOString()}::timestamptz`);
  for (const f of query.filters) {
    const column = sql.raw(`"journey_traces"."${TRACE_FILTER_COLUMNS[f.field]}"`);
    const op = sql.raw(f.op === 'gte' ? '>=' : '<=');
    where.push(
      typeof f.value === 'number'
        ? sql`${column} ${op} ${f.value}::float8`
        : sql`${column} ${op} ${f.value}::text`,
    );
  }

  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const desc = query.sortDirection === 'desc';
  // Reading backwards (a "before" cursor) walks the index the other way, then flips the page.
  const backwards = cursor?.dir === 'before';
  const ascending = desc === backwards;
  const keyset = cursor
    ? sql`(${t.startTime}, ${t.traceId}) ${sql.raw(ascending ? '>' : '<')} ('epoch'::timestamptz + ${cursor.startUs}::int8 * interval '1 microsecond', ${cursor.traceId}::text)`
    : undefined;
  const order = sql.raw(ascending ? 'asc' : 'desc');

  const [rows, counted] = await Promise.all([
    scope.db
      .select({
        trace_id: t.traceId,
        start_us: sql<string>`((extract(epoch from ${t.startTime}) * 1000000)::int8)::text`,
        start_time: sql<string>`to_char(${t.startTime} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
        service_name: t.serviceName,
        span_count: t.spanCount,
        duration_ms: t.durationMs,
      })
      .from(t)
      .where(scope.owns(t, ...where, keyset))
      .orderBy(sql`${t.startTime} ${order}`, sql`${t.traceId} ${order}`)
      .limit(query.size + 1),
    countTraces(scope, where, TRACE_LIST.totalCap),
  ]);
  const more = rows.length > query.size;
  const page = rows.slice(0, query.size);
  if (backwards) page.reverse();
  const first = page[0];
  const last = page[page.length - 1];
  const hasNext = backwards ? cursor !== null : more;
  const hasPrev = backwards ? more : cursor !== null;
  return {
    data: page.map((r) => ({
      traceId: r.trace_id,
      startTime: r.start_time,
      serviceName: r.service_name,
      spanCount: Number(r.span_count),
      duration: Number(r.duration_ms),
    })),
    total: counted.total,
    totalRelation: counted.totalRelation,
    size: query.size,
    nextCursor:
      hasNext && last
        ? encodeCursor({ dir: 'after', startUs: last.start_us, traceId: last.trace_id })
        : null,
    prevCursor:
      hasPrev && first
        ? encodeCursor({ dir: 'before', startUs: first.start_us, traceId: first.trace_id })
        : null,
  };
}
