import {
  TRACE_LIST,
  TRACE_TEXTS,
  attributesToRecord,
  insightRuleById,
  type AiSpanInput,
  type OtlpKeyValue,
  type Insight,
  type SpanLogs,
  type TraceListQuery,
} from '@callsight/shared';
import { chMs, chTime, type ClickHouseParams } from '../../../db/clickhouse/client.ts';
import type { ClickHouseGroupScope } from '../../../db/clickhouse/group-scope.ts';
import { notFound } from '../../../lib/errors.ts';
import { statusName } from '../../ai-summary/journey-spans.ts';
import { traceHolds, type CallHold } from '../../call-detail/call-holds.ts';
import { decodeCursor, encodeCursor } from '../../journeys/cursor.ts';
import { TRACE_FILTER_COLUMNS } from '../../journeys/filter-columns.ts';
import type { TraceListResult } from '../../journeys/list-traces.ts';
import { MAX_SPAN_LOGS } from '../../journeys/trace-detail.ts';
import type { ChRowFilter } from './canvas-datasets.ts';
import { countUpTo } from './count-up-to.ts';

interface TraceListRecord {
  trace_id: string;
  start_us: string;
  service_name: string;
  span_count: number;
  duration_ms: number;
}

/** ISO text in milliseconds of epoch microseconds, as PostgreSQL's to_char(... 'MS') cuts them. */
const isoOfMicros = (us: string) => new Date(Number(BigInt(us) / 1000n)).toISOString();

/**
 * One page of the group's journeys from `journey_traces FINAL` (decision CH24), as listTraces
 * answers it on PostgreSQL: the same window, filters, keyset cursors and capped count.
 * `rowFilter`: the caller's team rules through each journey's call (chRowFilter('journeys', ...)):
 * a journey of another team's call, or of no call, is not listed nor counted.
 */
export async function listTraces(
  scope: ClickHouseGroupScope,
  query: TraceListQuery,
  rowFilter: ChRowFilter | null = null,
): Promise<TraceListResult> {
  const where = ['group_id = {group_id:UUID}'];
  const params: ClickHouseParams = {};
  if (rowFilter) {
    where.push(rowFilter.sql);
    Object.assign(params, rowFilter.params);
  }
  if (query.startGte) {
    where.push("start_time >= {start_gte:DateTime64(3, 'UTC')}");
    params.start_gte = chTime(query.startGte.getTime());
  }
  if (query.endLte) {
    where.push("end_time <= {end_lte:DateTime64(3, 'UTC')}");
    params.end_lte = chTime(query.endLte.getTime());
  }
  query.filters.forEach((f, i) => {
    const type = typeof f.value === 'number' ? 'Float64' : 'String';
    where.push(`${TRACE_FILTER_COLUMNS[f.field]} ${f.op === 'gte' ? '>=' : '<='} {f${i}:${type}}`);
    params[`f${i}`] = f.value;
  });
  const condition = where.join(' AND ');

  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const backwards = cursor?.dir === 'before';
  const ascending = (query.sortDirection === 'desc') === backwards;
  const order = ascending ? 'ASC' : 'DESC';
  const keyset = cursor
    ? ` AND (start_time, trace_id) ${ascending ? '>' : '<'}
        (fromUnixTimestamp64Micro({cursor_us:Int64}, 'UTC'), {cursor_trace:String})`
    : '';
  const [rows, counted] = await Promise.all([
    scope.query<TraceListRecord>(
      `SELECT trace_id, toString(toUnixTimestamp64Micro(start_time)) AS start_us, service_name,
         span_count, duration_ms
       FROM journey_traces FINAL
       WHERE ${condition}${keyset}
       ORDER BY start_time ${order}, trace_id ${order}
       LIMIT {size:UInt32}`,
      {
        ...params,
        size: query.size + 1,
        ...(cursor ? { cursor_us: cursor.startUs, cursor_trace: cursor.traceId } : {}),
      },
    ),
    countUpTo(scope, 'journey_traces FINAL', condition, params, TRACE_LIST.totalCap),
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
      startTime: isoOfMicros(r.start_us),
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

interface DetailSpan {
  span_id: string;
  parent_span_id: string | null;
  name: string;
  kind: number;
  start_ns: string;
  end_ns: string;
  attributes: string;
  events: string;
  status_code: number;
  status_message: string | null;
  resource_attributes: string;
  scope_name: string;
  scope_version: string | null;
  call_id: string | null;
  insight_count: number;
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const compareNs = (a: string, b: string) => {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
};

/** The contact ids among `ids` that have a call summary in the group (a span's linked call). */
async function linkedCalls(scope: ClickHouseGroupScope, ids: readonly string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await scope.query<{ contact_id: string }>(
    `SELECT DISTINCT contact_id FROM call_summaries FINAL
     WHERE group_id = {group_id:UUID} AND contact_id IN {ids:Array(String)}
     SETTINGS use_skip_indexes_if_final = 1`,
    { ids: [...ids] },
  );
  return new Set(rows.map((r) => r.contact_id));
}

/**
 * GET /api/traces/{traceId} on ClickHouse: the JSON text getTraceJson builds on PostgreSQL, from
 * the same stored texts in the same order (scopes by their first span, then resource and scope
 * name; spans by start and id); 404 when the group has no span of the trace.
 */
export async function traceJson(scope: ClickHouseGroupScope, traceId: string): Promise<string> {
  const id = traceId.toLowerCase();
  const spans = await scope.query<DetailSpan>(
    `SELECT span_id, parent_span_id, name, kind, toString(start_ns) AS start_ns,
       toString(end_ns) AS end_ns, attributes, events, status_code, status_message,
       resource_attributes, scope_name, scope_version, call_id, insight_count
     FROM journey_spans FINAL
     WHERE group_id = {group_id:UUID} AND trace_id = {trace_id:String}
     ORDER BY start_ns, span_id`,
    { trace_id: id },
  );
  if (spans.length === 0) throw notFound(TRACE_TEXTS.traceNotFound);
  const linked = await linkedCalls(scope, [
    ...new Set(spans.flatMap((s) => (s.call_id === null ? [] : [s.call_id]))),
  ]);
  const groups = new Map<string, { first: DetailSpan; texts: string[] }>();
  for (const s of spans) {
    const key = JSON.stringify([s.resource_attributes, s.scope_name, s.scope_version]);
    const group = groups.get(key) ?? { first: s, texts: [] };
    group.texts.push(
      `{"traceId":${JSON.stringify(id)},"spanId":${JSON.stringify(s.span_id)}` +
        (s.parent_span_id === null ? '' : `,"parentSpanId":${JSON.stringify(s.parent_span_id)}`) +
        `,"name":${JSON.stringify(s.name)},"kind":${Number(s.kind)}` +
        `,"startTimeUnixNano":"${s.start_ns}","endTimeUnixNano":"${s.end_ns}"` +
        `,"attributes":${s.attributes},"events":${s.events}` +
        `,"status":{"code":${Number(s.status_code)}` +
        (s.status_message === null ? '' : `,"message":${JSON.stringify(s.status_message)}`) +
        `},"callId":${s.call_id === null ? 'null' : JSON.stringify(s.call_id)}` +
        `,"callLinked":${s.call_id !== null && linked.has(s.call_id)}` +
        `,"insightsCount":${Number(s.insight_count)}}`,
    );
    groups.set(key, group);
  }
  const ordered = [...groups.values()].sort(
    (a, b) =>
      compareNs(a.first.start_ns, b.first.start_ns) ||
      compareText(a.first.resource_attributes, b.first.resource_attributes) ||
      compareText(a.first.scope_name, b.first.scope_name) ||
      compareText(a.first.scope_version ?? '', b.first.scope_version ?? ''),
  );
  const resources = new Map<string, string[]>();
  for (const { first, texts } of ordered) {
    const scopeText = first.scope_version
      ? `{"name":${JSON.stringify(first.scope_name)},"version":${JSON.stringify(first.scope_version)}}`
      : `{"name":${JSON.stringify(first.scope_name)}}`;
    const scopes = resources.get(first.resource_attributes) ?? [];
    scopes.push(`{"scope":${scopeText},"spans":[${texts.join(',')}]}`);
    resources.set(first.resource_attributes, scopes);
  }
  const resourceSpans = [...resources].map(
    ([attributes, scopes]) =>
      `{"resource":{"attributes":${attributes}},"scopeSpans":[${scopes.join(',')}]}`,
  );
  return `{"traceId":${JSON.stringify(id)},"resourceSpans":[${resourceSpans.join(',')}]}`;
}

interface SpanInsightRecord {
  call_id: string | null;
  insights: string;
  received_ms: string;
}

interface StoredInsight {
  id: string;
  ruleId: string;
  insight_type: string;
  value_string: string;
  attributes: Insight['attributes'];
}

async function findSpan(scope: ClickHouseGroupScope, traceId: string, spanId: string) {
  const [span] = await scope.query<SpanInsightRecord>(
    `SELECT call_id, insights, toUnixTimestamp64Milli(received_at) AS received_ms
     FROM journey_spans FINAL
     WHERE group_id = {group_id:UUID} AND trace_id = {trace_id:String} AND span_id = {span_id:String}
     LIMIT 1`,
    { trace_id: traceId.toLowerCase(), span_id: spanId.toLowerCase() },
  );
  if (!span) throw notFound(TRACE_TEXTS.spanNotFound);
  return span;
}

/** The insights recorded on a span, as getSpanInsights answers them (recorded together: by rule). */
export async function spanInsights(
  scope: ClickHouseGroupScope,
  traceId: string,
  spanId: string,
): Promise<Insight[]> {
  const span = await findSpan(scope, traceId, spanId);
  const createdAt = new Date(chMs(span.received_ms)).toISOString();
  const stored = JSON.parse(span.insights) as StoredInsight[];
  return stored
    .sort((a, b) => compareText(a.ruleId, b.ruleId))
    .map((r) => {
      const rule = insightRuleById(r.ruleId);
      return {
        id: r.id,
        traceId: traceId.toLowerCase(),
        spanId: spanId.toLowerCase(),
        insight_type: r.insight_type,
        value_string: r.value_string,
        attributes: r.attributes,
        config: {
          name: rule?.name ?? r.ruleId,
          description: rule?.description ?? '',
          ruleType: rule?.ruleType ?? r.insight_type,
        },
        createdAt,
      };
    });
}

interface SpanLogRecord {
  ts_ms: string;
  level: string;
  agent: string;
  contact_id: string | null;
  text: string;
}

/** The softphone log lines of the span's call, from ClickHouse's softphone_logs (as getSpanLogs). */
export async function spanLogs(
  scope: ClickHouseGroupScope,
  traceId: string,
  spanId: string,
): Promise<SpanLogs> {
  const { call_id: callId } = await findSpan(scope, traceId, spanId);
  if (!callId) return { callId: null, data: [] };
  const rows = await scope.query<SpanLogRecord>(
    `SELECT toUnixTimestamp64Milli(ts) AS ts_ms, level, agent, contact_id, text
     FROM softphone_logs FINAL
     WHERE group_id = {group_id:UUID} AND contact_id = {contact_id:String}
     ORDER BY ts, id LIMIT {limit:UInt32}
     SETTINGS use_skip_indexes_if_final = 1`,
    { contact_id: callId, limit: MAX_SPAN_LOGS },
  );
  return {
    callId,
    data: rows.map((r) => ({
      time: new Date(chMs(r.ts_ms)).toISOString(),
      level: r.level,
      agent: r.agent,
      contactId: r.contact_id,
      text: r.text,
    })),
  };
}

interface SummarySpan {
  span_id: string;
  parent_span_id: string | null;
  name: string;
  service_name: string;
  start_ns: string;
  end_ns: string;
  status_code: number;
  status_message: string | null;
  attributes: string;
}

/** A journey's spans as the AI summary reads them (readJourneySpans on PostgreSQL). */
export async function journeySpans(
  scope: ClickHouseGroupScope,
  traceId: string,
): Promise<AiSpanInput[]> {
  const rows = await scope.query<SummarySpan>(
    `SELECT span_id, parent_span_id, name, service_name, toString(start_ns) AS start_ns,
       toString(end_ns) AS end_ns, status_code, status_message, attributes
     FROM journey_spans FINAL
     WHERE group_id = {group_id:UUID} AND trace_id = {trace_id:String}
     ORDER BY start_ns, span_id`,
    { trace_id: traceId },
  );
  return rows.map((r) => ({
    spanId: r.span_id,
    parentSpanId: r.parent_span_id,
    name: r.name,
    serviceName: r.service_name,
    startTimeMs: Number(BigInt(r.start_ns) / 1_000_000n),
    endTimeMs: Number(BigInt(r.end_ns) / 1_000_000n),
    statusCode: statusName(Number(r.status_code)),
    statusMessage: r.status_message,
    attributes: attributesToRecord(JSON.parse(r.attributes) as OtlpKeyValue[]),
  }));
}

/** Whether the group has the trace (its row), or with `spanId` that span of it. */
export async function hasJourney(
  scope: ClickHouseGroupScope,
  traceId: string,
  spanId?: string,
): Promise<boolean> {
  const rows =
    spanId === undefined
      ? await scope.query(
          `SELECT 1 FROM journey_traces FINAL
           WHERE group_id = {group_id:UUID} AND trace_id = {trace_id:String} LIMIT 1
           SETTINGS use_skip_indexes_if_final = 1`,
          { trace_id: traceId },
        )
      : await scope.query(
          `SELECT 1 FROM journey_spans FINAL
           WHERE group_id = {group_id:UUID} AND trace_id = {trace_id:String}
             AND span_id = {span_id:String} LIMIT 1`,
          { trace_id: traceId, span_id: spanId },
        );
  return rows.length > 0;
}

/** The holds of the journey spans linked to a call (readTraceHolds on PostgreSQL). */
export async function callTraceHolds(
  scope: ClickHouseGroupScope,
  contactId: string,
): Promise<CallHold[]> {
  const rows = await scope.query<{ events: string; end_ns: string }>(
    `SELECT events, toString(end_ns) AS end_ns FROM journey_spans FINAL
     WHERE group_id = {group_id:UUID} AND call_id = {contact_id:String}
     SETTINGS use_skip_indexes_if_final = 1`,
    { contact_id: contactId },
  );
  return traceHolds(
    rows.map((r) => ({
      events: JSON.parse(r.events) as Parameters<typeof traceHolds>[0][number]['events'],
      endNs: BigInt(r.end_ns),
    })),
  );
}
