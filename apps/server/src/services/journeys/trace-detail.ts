import { asc, eq, sql } from 'drizzle-orm';
import { TRACE_TEXTS, insightRuleById, type Insight, type SpanLogs } from '@callsight/shared';
import { journeyInsights, journeySpans, softphoneLogs } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { GroupScope } from '../../db/group-scope.ts';
import { queryRows } from '../../db/pg-arrays.ts';

interface ScopeRow {
  resource: string;
  scope_name: string;
  scope_version: string | null;
  spans: string;
}

/**
 * GET /api/traces/{traceId}: every stored span of the group's trace in OTLP's shape (TraceSchema),
 * grouped by resource and scope, each with its linked call and insight count; 404 when the group
 * has none. PostgreSQL writes each span's JSON around the stored json text and joins them per
 * scope: a 5,000-span journey is megabytes, and row-by-row parsing would cost more than the query.
 */
export async function getTraceJson(scope: GroupScope, traceId: string): Promise<string> {
  const id = traceId.toLowerCase();
  const rows = await queryRows<ScopeRow>(
    scope.db,
    sql`with spans as (
          select s.resource_attributes::text as resource, s.scope_name, s.scope_version,
            s.start_ns, s.span_id,
            '{"traceId":' || to_json(s.trace_id)::text || ',"spanId":' || to_json(s.span_id)::text
            || coalesce(',"parentSpanId":' || to_json(s.parent_span_id)::text, '')
            || ',"name":' || to_json(s.name)::text || ',"kind":' || s.kind
            || ',"startTimeUnixNano":"' || s.start_ns || '","endTimeUnixNano":"' || s.end_ns
            || '","attributes":' || s.attributes::text || ',"events":' || s.events::text
            || ',"status":{"code":' || s.status_code
            || coalesce(',"message":' || to_json(s.status_message)::text, '') || '}'
            || ',"callId":' || coalesce(to_json(s.call_id)::text, 'null')
            || ',"callLinked":' || (s.call_id is not null and exists (select 1 from call_summaries c
                 where c.group_id = s.group_id and c.contact_id = s.call_id))::text
            || ',"insightsCount":' || s.insight_count || '}' as span
          from journey_spans s
          where s.group_id = ${scope.groupId}::uuid and s.trace_id = ${id})
        select resource, scope_name, scope_version,
          string_agg(span, ',' order by start_ns, span_id) as spans
        from spans
        group by resource, scope_name, scope_version
        order by min(start_ns), resource, scope_name, scope_version nulls first`,
  );
  if (rows.length === 0) throw notFound(TRACE_TEXTS.traceNotFound);
  const resources = new Map<string, string[]>();
  for (const r of rows) {
    const scope = r.scope_version
      ? `{"name":${JSON.stringify(r.scope_name)},"version":${JSON.stringify(r.scope_version)}}`
      : `{"name":${JSON.stringify(r.scope_name)}}`;
    const scopes = resources.get(r.resource) ?? [];
    scopes.push(`{"scope":${scope},"spans":[${r.spans}]}`);
    resources.set(r.resource, scopes);
  }
  const resourceSpans = [...resources].map(
    ([attributes, scopes]) =>
      `{"resource":{"attributes":${attributes}},"scopeSpans":[${scopes.join(',')}]}`,
  );
  return `{"traceId":${JSON.stringify(id)},"resourceSpans":[${resourceSpans.join(',')}]}`;
}

async function findSpan(scope: GroupScope, traceId: string, spanId: string) {
  const [span] = await scope.db
    .select({ callId: journeySpans.callId })
    .from(journeySpans)
    .where(
      scope.owns(
        journeySpans,
        eq(journeySpans.traceId, traceId.toLowerCase()),
        eq(journeySpans.spanId, spanId.toLowerCase()),
      ),
    )
    .limit(1);
  if (!span) throw notFound(TRACE_TEXTS.spanNotFound);
  return span;
}

/** GET /api/traces/{traceId}/spans/{spanId}/insights: the insights recorded on the span. */
export async function getSpanInsights(
  scope: GroupScope,
  traceId: string,
  spanId: string,
): Promise<Insight[]> {
  await findSpan(scope, traceId, spanId);
  const rows = await scope.db
    .select()
    .from(journeyInsights)
    .where(
      scope.owns(
        journeyInsights,
        eq(journeyInsights.traceId, traceId.toLowerCase()),
        eq(journeyInsights.spanId, spanId.toLowerCase()),
      ),
    )
    .orderBy(asc(journeyInsights.createdAt), asc(journeyInsights.ruleId));
  return rows.map((r) => {
    const rule = insightRuleById(r.ruleId);
    return {
      id: r.id,
      traceId: r.traceId,
      spanId: r.spanId,
      insight_type: r.insightType,
      value_string: r.valueString,
      attributes: r.attributes,
      config: {
        name: rule?.name ?? r.ruleId,
        description: rule?.description ?? '',
        ruleType: rule?.ruleType ?? r.insightType,
      },
      createdAt: r.createdAt.toISOString(),
    };
  });
}

/** Log lines answered per span: a call's softphone log is rarely longer. */
export const MAX_SPAN_LOGS = 1000;

/** GET /api/traces/{traceId}/spans/{spanId}/logs: the softphone logs of the span's call. */
export async function getSpanLogs(
  scope: GroupScope,
  traceId: string,
  spanId: string,
): Promise<SpanLogs> {
  const { callId } = await findSpan(scope, traceId, spanId);
  if (!callId) return { callId: null, data: [] };
  const rows = await scope.db
    .select()
    .from(softphoneLogs)
    .where(scope.owns(softphoneLogs, eq(softphoneLogs.contactId, callId)))
    .orderBy(asc(softphoneLogs.ts), asc(softphoneLogs.id))
    .limit(MAX_SPAN_LOGS);
  return {
    callId,
    data: rows.map((r) => ({
      time: r.ts.toISOString(),
      level: r.level,
      agent: r.agent,
      contactId: r.contactId,
      text: r.text,
    })),
  };
}
