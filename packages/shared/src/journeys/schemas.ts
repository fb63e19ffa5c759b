/**
 * API contract of the journey explorer (spec 002 §3, §7.5): traces in OpenTelemetry's OTLP JSON
 * shape (resourceSpans → scopeSpans → spans), the trace list page, span insights, span logs and
 * insight rule descriptions. Trace and span ids are lowercase hex; times are unix nanoseconds
 * as decimal strings, exactly as OTLP JSON carries them.
 */
import { z } from 'zod';
import { TRACE_FILTER_FIELDS, TRACE_LIST, type TraceFilterField } from './constants.ts';

/**
 * Doubles that JSON cannot write as numbers: OTLP JSON (the proto3 JSON mapping) writes them as
 * these texts, and they are stored and answered so (from JSON or protobuf alike).
 */
export const NON_FINITE_DOUBLES = ['Infinity', '-Infinity', 'NaN'] as const;
export type NonFiniteDouble = (typeof NON_FINITE_DOUBLES)[number];

/** OTLP AnyValue (one of its fields is set); nested arrays and key-value lists allowed. */
export interface OtlpAnyValue {
  stringValue?: string | undefined;
  boolValue?: boolean | undefined;
  intValue?: number | string | undefined;
  doubleValue?: number | NonFiniteDouble | undefined;
  bytesValue?: string | undefined;
  arrayValue?: { values: OtlpAnyValue[] } | undefined;
  kvlistValue?: { values: OtlpKeyValue[] } | undefined;
}
export interface OtlpKeyValue {
  key: string;
  value: OtlpAnyValue;
}

export const OtlpAnyValueSchema: z.ZodType<OtlpAnyValue> = z.lazy(() =>
  z.object({
    stringValue: z.string().optional(),
    boolValue: z.boolean().optional(),
    intValue: z.union([z.number(), z.string()]).optional(),
    doubleValue: z.union([z.number(), z.enum(NON_FINITE_DOUBLES)]).optional(),
    bytesValue: z.string().optional(),
    arrayValue: z.object({ values: z.array(OtlpAnyValueSchema) }).optional(),
    kvlistValue: z.object({ values: z.array(OtlpKeyValueSchema) }).optional(),
  }),
);
export const OtlpKeyValueSchema: z.ZodType<OtlpKeyValue> = z.lazy(() =>
  z.object({ key: z.string(), value: OtlpAnyValueSchema }),
);

const NanosSchema = z.string().regex(/^\d+$/);

export const SpanEventSchema = z.object({
  name: z.string(),
  timeUnixNano: NanosSchema,
  attributes: z.array(OtlpKeyValueSchema),
});
export type SpanEvent = z.infer<typeof SpanEventSchema>;

/** A stored span as GET /api/traces/{traceId} answers it: OTLP fields plus callId and insight count. */
export const SpanSchema = z.object({
  traceId: z.string(),
  spanId: z.string(),
  parentSpanId: z.string().optional(),
  name: z.string(),
  kind: z.number().int(),
  startTimeUnixNano: NanosSchema,
  endTimeUnixNano: NanosSchema,
  attributes: z.array(OtlpKeyValueSchema),
  events: z.array(SpanEventSchema),
  status: z.object({ code: z.number().int(), message: z.string().optional() }),
  /** The contact id of the call the span names (cx.telephony.call.id or call.id), or null. */
  callId: z.string().nullable(),
  /** Whether that call is stored in the group (its charts and logs can be shown). */
  callLinked: z.boolean(),
  insightsCount: z.number().int(),
});
export type Span = z.infer<typeof SpanSchema>;

export const TraceSchema = z.object({
  traceId: z.string(),
  resourceSpans: z.array(
    z.object({
      resource: z.object({ attributes: z.array(OtlpKeyValueSchema) }),
      scopeSpans: z.array(
        z.object({
          scope: z.object({ name: z.string(), version: z.string().optional() }),
          spans: z.array(SpanSchema),
        }),
      ),
    }),
  ),
});
export type Trace = z.infer<typeof TraceSchema>;

/** One row of the trace list (spec 002 §3); duration in milliseconds. */
export const TraceListRowSchema = z.object({
  traceId: z.string(),
  startTime: z.iso.datetime(),
  serviceName: z.string(),
  spanCount: z.number().int(),
  duration: z.number(),
});
export type TraceListRow = z.infer<typeof TraceListRowSchema>;

export const TraceListPageSchema = z.object({
  data: z.array(TraceListRowSchema),
  meta: z.object({
    page: z.object({
      total: z.number().int(),
      /** 'gte' when more traces match than were counted (TRACE_LIST.totalCap). */
      totalRelation: z.enum(['eq', 'gte']),
      size: z.number().int(),
    }),
  }),
  /** Relative URLs of the neighbouring pages, each carrying its page[cursor]; null at an end. */
  links: z.object({ next: z.string().nullable(), prev: z.string().nullable() }),
});
export type TraceListPage = z.infer<typeof TraceListPageSchema>;

export interface TraceFieldFilter {
  field: TraceFilterField;
  op: 'gte' | 'lte';
  value: string | number;
}

/** The trace list query, once parsed. */
export interface TraceListQuery {
  size: number;
  cursor: string | undefined;
  startGte: Date | undefined;
  endLte: Date | undefined;
  sortDirection: 'asc' | 'desc';
  filters: TraceFieldFilter[];
}

const FILTER_KEY = /^filter\[([^\]]+)\]\[(gte|lte)\]$/;

const timeParam = (value: string): Date | null => {
  const asNumber = /^\d+$/.test(value) ? Number(value) : NaN;
  const date = Number.isFinite(asNumber) ? new Date(asNumber) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/**
 * GET /api/traces query (spec 002 §7.5): page[size], page[cursor], filter[start_timestamp][gte],
 * filter[end_timestamp][lte] (ISO or epoch ms), filter[{field}][gte|lte] on the spec 9 fields and
 * sort=[-]createddate. Unknown parameters and fields are refused by name.
 */
export const TraceListQuerySchema = z
  .record(z.string(), z.union([z.string(), z.array(z.string())]))
  .transform((raw, ctx): TraceListQuery => {
    const out: TraceListQuery = {
      size: TRACE_LIST.pageSize,
      cursor: undefined,
      startGte: undefined,
      endLte: undefined,
      sortDirection: 'desc',
      filters: [],
    };
    const fail = (key: string, message: string) => {
      ctx.addIssue({ code: 'custom', path: [key], message });
    };
    for (const [key, rawValue] of Object.entries(raw)) {
      const value = (Array.isArray(rawValue) ? rawValue.at(-1) : rawValue)?.trim() ?? '';
      if (key === 'page[size]') {
        const n = Number(value);
        if (!Number.isInteger(n) || n < 1 || n > TRACE_LIST.maxPageSize)
          fail(key, `page[size] must be a whole number from 1 to ${TRACE_LIST.maxPageSize}`);
        else out.size = n;
      } else if (key === 'page[cursor]') {
        if (value) out.cursor = value;
      } else if (key === 'sort') {
        if (value === 'createddate') out.sortDirection = 'asc';
        else if (value === '-createddate') out.sortDirection = 'desc';
        else fail(key, 'sort must be createddate or -createddate');
      } else if (key === 'filter[start_timestamp][gte]' || key === 'filter[end_timestamp][lte]') {
        const date = timeParam(value);
        if (!date) fail(key, `${key} must be an ISO date-time or epoch milliseconds`);
        else if (key.startsWith('filter[start')) out.startGte = date;
        else out.endLte = date;
      } else {
        const match = FILTER_KEY.exec(key);
        const field = match?.[1];
        const op = match?.[2];
        if (!field || (op !== 'gte' && op !== 'lte') || !(field in TRACE_FILTER_FIELDS)) {
          fail(key, `Unknown parameter ${key}`);
          continue;
        }
        const typed = field as TraceFilterField;
        if (value === '') continue;
        if (TRACE_FILTER_FIELDS[typed] === 'number') {
          const n = Number(value);
          // A value that does not parse as a number is ignored (spec 002 §5, list filters).
          if (Number.isFinite(n)) out.filters.push({ field: typed, op, value: n });
        } else {
          out.filters.push({ field: typed, op, value: value.slice(0, 500) });
        }
      }
    }
    return out;
  });

/** An insight rule as configured (spec 002 §3, insight config). */
export const InsightRuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  ruleType: z.string(),
});
export type InsightRule = z.infer<typeof InsightRuleSchema>;

export const InsightRuleListSchema = z.object({ data: z.array(InsightRuleSchema) });
export type InsightRuleList = z.infer<typeof InsightRuleListSchema>;

/** A recorded insight of one span (spec 002 §3). */
export const InsightSchema = z.object({
  id: z.string(),
  traceId: z.string(),
  spanId: z.string(),
  insight_type: z.string(),
  value_string: z.string(),
  attributes: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  config: z.object({ name: z.string(), description: z.string(), ruleType: z.string() }),
  createdAt: z.iso.datetime(),
});
export type Insight = z.infer<typeof InsightSchema>;

export const SpanInsightsSchema = z.object({ data: z.array(InsightSchema) });
export type SpanInsights = z.infer<typeof SpanInsightsSchema>;

/** The softphone logs of the call a span is linked to (empty when none). */
export const SpanLogsSchema = z.object({
  callId: z.string().nullable(),
  data: z.array(
    z.object({
      time: z.iso.datetime(),
      level: z.string(),
      agent: z.string(),
      contactId: z.string().nullable(),
      text: z.string(),
    }),
  ),
});
export type SpanLogs = z.infer<typeof SpanLogsSchema>;

/** Path parameters of trace and span routes. */
export const TraceParamsSchema = z.object({ traceId: z.string().min(1).max(64) });
export const SpanParamsSchema = TraceParamsSchema.extend({ spanId: z.string().min(1).max(32) });

/** OTLP ExportTraceServiceResponse in JSON (partialSuccess only when something was rejected). */
export const OtlpExportResponseSchema = z.object({
  partialSuccess: z
    .object({ rejectedSpans: z.union([z.number(), z.string()]), errorMessage: z.string() })
    .optional(),
});
export type OtlpExportResponse = z.infer<typeof OtlpExportResponseSchema>;
