import { randomUUID } from 'node:crypto';
import { TRACE_FILTER_FIELD_NAMES, type NormalizedSpan } from '@callsight/shared';
import { chTime } from '../../../db/clickhouse/client.ts';
import type { ClickHouseGroupScope } from '../../../db/clickhouse/group-scope.ts';
import { TRACE_FILTER_COLUMNS } from '../../journeys/filter-columns.ts';
import {
  prepareSpans,
  type SpanRow,
  type StoredSpans,
  type TraceFilterValues,
} from '../../journeys/ingest-traces.ts';
import { underCallLocks, type ClickHouseIngestDeps } from './ingest-deps.ts';
import { markUsage } from './usage-marks.ts';

const FILTER_COLUMNS = TRACE_FILTER_FIELD_NAMES.map((f) => TRACE_FILTER_COLUMNS[f]);

type FilterValue = string | number | null;

interface StoredTrace {
  trace_id: string;
  start_us: string;
  version: string;
  created_ms: string;
  [column: string]: FilterValue;
}

/** What the trace aggregates need of a stored span (FINAL: its last version). */
interface AggregateSpan {
  trace_id: string;
  span_id: string;
  parent_span_id: string | null;
  name: string;
  service_name: string;
  start_ns: string;
  end_ns: string;
  status_code: number;
  insight_count: number;
}

/** DateTime64(6, 'UTC') text of epoch microseconds (chTime's, with the microseconds kept). */
export function chMicroTime(us: bigint): string {
  const ms = us / 1000n;
  const rest = us - ms * 1000n;
  return `${chTime(Number(ms))}${String(rest).padStart(3, '0')}`;
}

let lastVersion = 0;

/** A version above `previous` and every one this process gave: microseconds of the clock. */
function nextVersion(previous: number, nowMs: number): number {
  lastVersion = Math.max(previous + 1, lastVersion + 1, nowMs * 1000);
  return lastVersion;
}

/** The lock key of a trace among the call locks (CH12): its own name space, never a contact's. */
export const traceLockKey = (traceId: string) => `trace:${traceId}`;

const compareNs = (a: string, b: string) => {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
};

/**
 * The aggregates PostgreSQL's upsertTraces computes in SQL, over every stored span of one trace:
 * start and end in microseconds (nanoseconds divided as int8), duration, counts, and the root's
 * service and name (roots first, then the earliest start, then the span id).
 */
export function traceAggregates(spans: readonly AggregateSpan[]) {
  let start = BigInt(spans[0]?.start_ns ?? 0);
  let end = BigInt(spans[0]?.end_ns ?? 0);
  for (const s of spans) {
    const st = BigInt(s.start_ns);
    const en = BigInt(s.end_ns);
    if (st < start) start = st;
    if (en > end) end = en;
  }
  const [root] = [...spans].sort(
    (a, b) =>
      Number(a.parent_span_id !== null) - Number(b.parent_span_id !== null) ||
      compareNs(a.start_ns, b.start_ns) ||
      (a.span_id < b.span_id ? -1 : a.span_id > b.span_id ? 1 : 0),
  );
  return {
    startUs: start / 1000n,
    endUs: end / 1000n,
    durationMs: Number(end - start) / 1e6,
    spanCount: spans.length,
    serviceName: root?.service_name ?? '',
    rootSpanName: root?.name ?? '',
    errorCount: spans.filter((s) => s.status_code === 2).length,
    insightCount: spans.reduce((n, s) => n + s.insight_count, 0),
  };
}

function spanRecord(row: SpanRow, version: number, nowMs: number) {
  const { span } = row;
  return {
    trace_id: span.traceId,
    span_id: span.spanId,
    version,
    start_time: chTime(Number(BigInt(span.startNs) / 1_000_000n)),
    parent_span_id: span.parentSpanId,
    name: span.name,
    kind: span.kind,
    start_ns: span.startNs,
    end_ns: span.endNs,
    duration_ms: row.durationMs,
    service_name: row.serviceName,
    status_code: span.status.code,
    status_message: span.status.message,
    attributes: JSON.stringify(span.attributes),
    events: JSON.stringify(span.events),
    resource_attributes: JSON.stringify(span.resourceAttributes),
    scope_name: span.scopeName,
    scope_version: span.scopeVersion,
    call_id: row.callId,
    insight_count: row.findings.length,
    insights: JSON.stringify(
      row.findings.map((f) => ({
        id: randomUUID(),
        ruleId: f.ruleId,
        insight_type: f.insight_type,
        value_string: f.value_string,
        attributes: f.attributes,
      })),
    ),
    received_at: chTime(nowMs),
  };
}

async function readStoredTraces(scope: ClickHouseGroupScope, traceIds: readonly string[]) {
  const rows = await scope.query<StoredTrace>(
    `SELECT trace_id, toString(toUnixTimestamp64Micro(start_time)) AS start_us, version,
       toUnixTimestamp64Milli(created_at) AS created_ms, ${FILTER_COLUMNS.join(', ')}
     FROM journey_traces FINAL
     WHERE group_id = {group_id:UUID} AND trace_id IN {trace_ids:Array(String)}
     SETTINGS use_skip_indexes_if_final = 1`,
    { trace_ids: [...traceIds] },
  );
  return new Map(rows.map((r) => [r.trace_id, r]));
}

async function readAggregateSpans(scope: ClickHouseGroupScope, traceIds: readonly string[]) {
  const rows = await scope.query<AggregateSpan>(
    `SELECT trace_id, span_id, parent_span_id, name, service_name, toString(start_ns) AS start_ns,
       toString(end_ns) AS end_ns, status_code, insight_count
     FROM journey_spans FINAL
     WHERE group_id = {group_id:UUID} AND trace_id IN {trace_ids:Array(String)}`,
    { trace_ids: [...traceIds] },
  );
  const byTrace = new Map<string, AggregateSpan[]>();
  for (const r of rows) {
    const list = byTrace.get(r.trace_id) ?? [];
    list.push({ ...r, status_code: Number(r.status_code), insight_count: Number(r.insight_count) });
    byTrace.set(r.trace_id, list);
  }
  return byTrace;
}

function traceRecord(
  batch: TraceFilterValues,
  stored: StoredTrace | undefined,
  spans: readonly AggregateSpan[],
  version: number,
  nowMs: number,
) {
  const a = traceAggregates(spans);
  const filters: Record<string, FilterValue> = {};
  // As PostgreSQL's coalesce(stored, batch): the first export that carried a field keeps it.
  for (const column of FILTER_COLUMNS) filters[column] = stored?.[column] ?? batch[column] ?? null;
  return {
    start_time: chMicroTime(a.startUs),
    trace_id: batch.traceId,
    version,
    is_deleted: 0,
    end_time: chMicroTime(a.endUs),
    duration_ms: a.durationMs,
    span_count: a.spanCount,
    service_name: a.serviceName,
    root_span_name: a.rootSpanName,
    error_count: a.errorCount,
    insight_count: a.insightCount,
    ...filters,
    created_at: chTime(stored ? Number(stored.created_ms) : nowMs),
    updated_at: chTime(nowMs),
  };
}

/**
 * Stores one export's valid spans on ClickHouse (decision CH24), as storeSpans does on
 * PostgreSQL: each span a new version (a resent one replaces the stored one, insights included),
 * then every touched trace's row recomputed from all its stored spans, under a lock per trace
 * (CH12's call locks). Spans are written first: a batch failing in between is not acknowledged,
 * and its resend recomputes the trace from every span.
 */
export async function writeSpans(
  deps: ClickHouseIngestDeps,
  scope: ClickHouseGroupScope,
  spans: readonly NormalizedSpan[],
): Promise<StoredSpans> {
  if (spans.length === 0) return { spanCount: 0, traceCount: 0, insightCount: 0 };
  const { rows, insightRows, traces } = prepareSpans(spans);
  const traceIds = traces.map((t) => t.traceId);
  // The usage hours the written traces held, before and after (decision CH55).
  const starts: Date[] = [];
  await underCallLocks(deps, scope.groupId, traceIds.map(traceLockKey), async () => {
    const nowMs = deps.now();
    const stored = await readStoredTraces(scope, traceIds);
    const previous = Math.max(0, ...[...stored.values()].map((t) => Number(t.version)));
    const version = nextVersion(previous, nowMs);
    await scope.insert(
      'journey_spans',
      rows.map((row) => spanRecord(row, version, nowMs)),
    );
    const stats = await readAggregateSpans(scope, traceIds);
    const records: object[] = [];
    for (const batch of traces) {
      const before = stored.get(batch.traceId);
      const record = traceRecord(batch, before, stats.get(batch.traceId) ?? [], version, nowMs);
      records.push(record);
      starts.push(new Date(`${record.start_time.slice(0, 23).replace(' ', 'T')}Z`));
      if (before) starts.push(new Date(Number(BigInt(before.start_us) / 1000n)));
      if (before && chMicroTime(BigInt(before.start_us)) !== record.start_time)
        records.push({
          ...record,
          start_time: chMicroTime(BigInt(before.start_us)),
          is_deleted: 1,
        });
    }
    await scope.insert('journey_traces', records);
  });
  await markUsage(deps, scope.groupId, starts);
  return { spanCount: rows.length, traceCount: traces.length, insightCount: insightRows.length };
}
