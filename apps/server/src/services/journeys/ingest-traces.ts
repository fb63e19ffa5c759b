import { sql } from 'drizzle-orm';
import {
  CALL_ID_ATTRIBUTES,
  SERVICE_NAME_ATTRIBUTES,
  TRACE_FILTER_FIELDS,
  TRACE_FILTER_FIELD_NAMES,
  UNKNOWN_SERVICE,
  attributesToRecord,
  evaluateInsights,
  firstTextAttribute,
  numberAttribute,
  type AttributeValue,
  type InsightFinding,
  type NormalizedSpan,
} from '@callsight/shared';
import type { Db } from '../../db/client.ts';
import type { DbOrTx } from '../../db/client.ts';
import { isNodePostgres, unnestRows, type UnnestColumn } from '../../db/pg-arrays.ts';
import { TRACE_FILTER_COLUMNS } from './filter-columns.ts';

/** A span as stored: its derived columns and the insights the rules find on it. */
export interface SpanRow {
  span: NormalizedSpan;
  durationMs: number;
  serviceName: string;
  callId: string | null;
  findings: InsightFinding[];
}

const SPAN_COLUMNS: UnnestColumn<SpanRow>[] = [
  { name: 'trace_id', type: 'text', value: (r) => r.span.traceId },
  { name: 'span_id', type: 'text', value: (r) => r.span.spanId },
  { name: 'parent', type: 'text', value: (r) => r.span.parentSpanId },
  { name: 'name', type: 'text', value: (r) => r.span.name },
  { name: 'kind', type: 'int2', value: (r) => r.span.kind },
  { name: 'start_ns', type: 'text', value: (r) => r.span.startNs },
  { name: 'end_ns', type: 'text', value: (r) => r.span.endNs },
  { name: 'duration_ms', type: 'float8', value: (r) => r.durationMs },
  { name: 'service', type: 'text', value: (r) => r.serviceName },
  { name: 'status_code', type: 'int2', value: (r) => r.span.status.code },
  { name: 'status_message', type: 'text', value: (r) => r.span.status.message },
  { name: 'attrs', type: 'text', value: (r) => JSON.stringify(r.span.attributes) },
  { name: 'events', type: 'text', value: (r) => JSON.stringify(r.span.events) },
  { name: 'res', type: 'text', value: (r) => JSON.stringify(r.span.resourceAttributes) },
  { name: 'scope_name', type: 'text', value: (r) => r.span.scopeName },
  { name: 'scope_version', type: 'text', value: (r) => r.span.scopeVersion },
  { name: 'call_id', type: 'text', value: (r) => r.callId },
  { name: 'insights', type: 'int4', value: (r) => r.findings.length },
];

/** One insight a rule found on a span of the batch. */
export interface InsightRow {
  traceId: string;
  spanId: string;
  finding: InsightFinding;
}

const INSIGHT_COLUMNS: UnnestColumn<InsightRow>[] = [
  { name: 'trace_id', type: 'text', value: (r) => r.traceId },
  { name: 'span_id', type: 'text', value: (r) => r.spanId },
  { name: 'rule_id', type: 'text', value: (r) => r.finding.ruleId },
  { name: 'insight_type', type: 'text', value: (r) => r.finding.insight_type },
  { name: 'value_string', type: 'text', value: (r) => r.finding.value_string },
  { name: 'attrs', type: 'jsonb', value: (r) => JSON.stringify(r.finding.attributes) },
];

/** A trace's filter columns (journey_traces names) as one batch's spans carry them. */
export type TraceFilterValues = { traceId: string } & Record<string, string | number | null>;

function filterValue(
  record: Record<string, AttributeValue>,
  field: keyof typeof TRACE_FILTER_FIELDS,
): string | number | null {
  return TRACE_FILTER_FIELDS[field] === 'number'
    ? numberAttribute(record, field)
    : firstTextAttribute(record, [field]);
}

/** Per trace of the batch: each filter field's value on the earliest span that carries it. */
function traceFilterValues(
  rows: readonly SpanRow[],
  records: Map<SpanRow, Record<string, AttributeValue>>,
) {
  const byTrace = new Map<string, TraceFilterValues>();
  const sorted = [...rows].sort((a, b) =>
    a.span.startNs.length !== b.span.startNs.length
      ? a.span.startNs.length - b.span.startNs.length
      : a.span.startNs < b.span.startNs
        ? -1
        : a.span.startNs > b.span.startNs
          ? 1
          : 0,
  );
  for (const row of sorted) {
    let values = byTrace.get(row.span.traceId);
    if (!values) {
      values = { traceId: row.span.traceId };
      for (const field of TRACE_FILTER_FIELD_NAMES) values[TRACE_FILTER_COLUMNS[field]] = null;
      byTrace.set(row.span.traceId, values);
    }
    const record = records.get(row) ?? {};
    for (const field of TRACE_FILTER_FIELD_NAMES) {
      const column = TRACE_FILTER_COLUMNS[field];
      if (values[column] !== null) continue;
      values[column] = filterValue(record, field);
    }
  }
  return [...byTrace.values()];
}

const TRACE_COLUMNS: UnnestColumn<TraceFilterValues>[] = [
  { name: 'trace_id', type: 'text', value: (r) => r.traceId },
  ...TRACE_FILTER_FIELD_NAMES.map((field): UnnestColumn<TraceFilterValues> => ({
    name: TRACE_FILTER_COLUMNS[field],
    type: TRACE_FILTER_FIELDS[field] === 'number' ? 'float8' : 'text',
    value: (r) => r[TRACE_FILTER_COLUMNS[field]],
  })),
];

/** What one export's spans store, derived once for both telemetry stores (no database read). */
export interface PreparedSpans {
  rows: SpanRow[];
  insightRows: InsightRow[];
  /** Per trace of the batch: each filter field's value on the earliest span that carries it. */
  traces: TraceFilterValues[];
}

/**
 * The columns, insights and per-trace filter values of one export's spans, as both stores store
 * them (the ClickHouse writer runs this too, so the rows are equal by construction).
 */
export function prepareSpans(spans: readonly NormalizedSpan[]): PreparedSpans {
  const records = new Map<SpanRow, Record<string, AttributeValue>>();
  const rows: SpanRow[] = spans.map((span) => {
    const attributes = attributesToRecord(span.attributes);
    const durationMs = Number(BigInt(span.endNs) - BigInt(span.startNs)) / 1e6;
    const serviceName =
      firstTextAttribute(attributes, SERVICE_NAME_ATTRIBUTES) ??
      firstTextAttribute(attributesToRecord(span.resourceAttributes), SERVICE_NAME_ATTRIBUTES) ??
      UNKNOWN_SERVICE;
    const findings = evaluateInsights({
      name: span.name,
      durationMs,
      statusCode: span.status.code,
      statusMessage: span.status.message,
      attributes,
    });
    const row = {
      span,
      durationMs,
      serviceName,
      callId: firstTextAttribute(attributes, CALL_ID_ATTRIBUTES),
      findings,
    };
    records.set(row, attributes);
    return row;
  });
  const insightRows: InsightRow[] = rows.flatMap((r) =>
    r.findings.map((finding) => ({ traceId: r.span.traceId, spanId: r.span.spanId, finding })),
  );
  const traces = traceFilterValues(rows, records);

  return { rows, insightRows, traces };
}

/** What one export stored: spans written and insights recorded. */
export interface StoredSpans {
  spanCount: number;
  traceCount: number;
  insightCount: number;
}

/**
 * Stores the valid spans of one OTLP export for a group in one transaction: spans (a resent one
 * replaces the stored one), the insights the rules find on each (re-evaluated on resend), and the
 * aggregates of every trace touched, recomputed from all its stored spans.
 */
export async function storeSpans(
  db: Db,
  groupId: string,
  spans: readonly NormalizedSpan[],
): Promise<StoredSpans> {
  if (spans.length === 0) return { spanCount: 0, traceCount: 0, insightCount: 0 };
  const binary = isNodePostgres(db);
  const { rows, insightRows, traces } = prepareSpans(spans);

  await db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into journey_spans (group_id, trace_id, span_id, parent_span_id, name, kind,
            start_ns, end_ns, duration_ms, service_name, status_code, status_message, attributes,
            events, resource_attributes, scope_name, scope_version, call_id, insight_count)
          select ${groupId}::uuid, u.trace_id, u.span_id, u.parent, u.name, u.kind,
            u.start_ns::int8, u.end_ns::int8, u.duration_ms, u.service, u.status_code,
            u.status_message, u.attrs::json, u.events::json, u.res::json, u.scope_name, u.scope_version, u.call_id,
            u.insights
          from ${unnestRows(SPAN_COLUMNS, rows, 'u', binary)}
          on conflict (group_id, trace_id, span_id) do update set
            parent_span_id = excluded.parent_span_id, name = excluded.name, kind = excluded.kind,
            start_ns = excluded.start_ns, end_ns = excluded.end_ns,
            duration_ms = excluded.duration_ms, service_name = excluded.service_name,
            status_code = excluded.status_code, status_message = excluded.status_message,
            attributes = excluded.attributes, events = excluded.events,
            resource_attributes = excluded.resource_attributes, scope_name = excluded.scope_name,
            scope_version = excluded.scope_version, call_id = excluded.call_id,
            insight_count = excluded.insight_count, received_at = now()`,
    );
    await replaceInsights(tx, groupId, rows, insightRows, binary);
    await upsertTraces(tx, groupId, traces, binary);
  });
  return { spanCount: rows.length, traceCount: traces.length, insightCount: insightRows.length };
}

async function replaceInsights(
  tx: DbOrTx,
  groupId: string,
  rows: readonly SpanRow[],
  insightRows: readonly InsightRow[],
  binary: boolean,
) {
  const keys: UnnestColumn<SpanRow>[] = [
    { name: 'trace_id', type: 'text', value: (r) => r.span.traceId },
    { name: 'span_id', type: 'text', value: (r) => r.span.spanId },
  ];
  await tx.execute(
    sql`delete from journey_insights i using ${unnestRows(keys, rows, 'k', binary)}
        where i.group_id = ${groupId}::uuid and i.trace_id = k.trace_id and i.span_id = k.span_id`,
  );
  if (insightRows.length === 0) return;
  await tx.execute(
    sql`insert into journey_insights (group_id, trace_id, span_id, rule_id, insight_type,
          value_string, attributes)
        select ${groupId}::uuid, u.trace_id, u.span_id, u.rule_id, u.insight_type, u.value_string,
          u.attrs
        from ${unnestRows(INSIGHT_COLUMNS, insightRows, 'u', binary)}
        on conflict (group_id, trace_id, span_id, rule_id) do nothing`,
  );
}

async function upsertTraces(
  tx: DbOrTx,
  groupId: string,
  traces: readonly TraceFilterValues[],
  binary: boolean,
) {
  const filterColumns = TRACE_FILTER_FIELD_NAMES.map((f) => TRACE_FILTER_COLUMNS[f]);
  const list = sql.raw(filterColumns.join(', '));
  const fromF = sql.raw(filterColumns.map((c) => `f.${c}`).join(', '));
  const keep = sql.raw(
    filterColumns.map((c) => `${c} = coalesce(journey_traces.${c}, excluded.${c})`).join(', '),
  );
  await tx.execute(
    sql`insert into journey_traces (group_id, trace_id, start_time, end_time, duration_ms,
          span_count, service_name, root_span_name, error_count, insight_count, ${list})
        select s.group_id, s.trace_id,
          'epoch'::timestamptz + (min(s.start_ns) / 1000) * interval '1 microsecond',
          'epoch'::timestamptz + (max(s.end_ns) / 1000) * interval '1 microsecond',
          (max(s.end_ns) - min(s.start_ns))::float8 / 1e6,
          count(*)::int,
          (array_agg(s.service_name order by (s.parent_span_id is null) desc, s.start_ns, s.span_id))[1],
          (array_agg(s.name order by (s.parent_span_id is null) desc, s.start_ns, s.span_id))[1],
          (count(*) filter (where s.status_code = 2))::int,
          sum(s.insight_count)::int,
          ${fromF}
        from ${unnestRows(TRACE_COLUMNS, traces, 'f', binary)}
        join journey_spans s on s.group_id = ${groupId}::uuid and s.trace_id = f.trace_id
        group by s.group_id, s.trace_id, ${fromF}
        on conflict (group_id, trace_id) do update set
          start_time = excluded.start_time, end_time = excluded.end_time,
          duration_ms = excluded.duration_ms, span_count = excluded.span_count,
          service_name = excluded.service_name, root_span_name = excluded.root_span_name,
          error_count = excluded.error_count, insight_count = excluded.insight_count,
          ${keep}, updated_at = now()`,
  );
}
