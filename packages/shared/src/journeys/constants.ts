/** Journey explorer constants (spec 002 §2.13, §3, §8, §9). */

/** Trace filter fields of spec 002 §9, with the kind of value each holds. */
export const TRACE_FILTER_FIELDS = {
  'cx.platform': 'text',
  'cx.journey.id': 'text',
  'cx.agent.username': 'text',
  'cx.agent.network.ip_address': 'text',
  'cx.softphone.contact.id': 'text',
  'cx.telephony.agent.name': 'text',
  'cx.telephony.call.from.number': 'text',
  'cx.telephony.network.type': 'text',
  'cx.telephony.quality.jitter.avg': 'number',
  'cx.telephony.quality.mos.avg': 'number',
  'cx.telephony.quality.packet_loss': 'number',
  'cx.telephony.quality.rtt.avg': 'number',
  'cx.telephony.talk_time': 'number',
} as const;
export type TraceFilterField = keyof typeof TRACE_FILTER_FIELDS;
export const TRACE_FILTER_FIELD_NAMES = Object.keys(TRACE_FILTER_FIELDS) as TraceFilterField[];

export const TRACE_FILTER_OPERATORS = ['gte', 'lte'] as const;
export type TraceFilterOperator = (typeof TRACE_FILTER_OPERATORS)[number];

/** Trace list paging (spec 002 §9): cursor-based, createddate descending, 10 rows. */
export const TRACE_LIST = {
  pageSize: 10,
  pageSizeOptions: [10, 25, 50, 100],
  maxPageSize: 100,
  /** Matching traces counted exactly up to this many; beyond, the total is a lower bound. */
  totalCap: 10_000,
  sortField: 'createddate',
  defaultSort: '-createddate',
  /** Default range of the list (spec 002 §9: traces Last 7 days). */
  defaultRange: 'now-7d',
} as const;

/** Span-level tabs of the trace page (spec 002 §2.13); unknown ones redirect to detail. */
export const SPAN_TABS = ['detail', 'events', 'insights', 'charts', 'ai-summary', 'logs'] as const;
export type SpanTab = (typeof SPAN_TABS)[number];

/** Slide-out width in percent of the window (spec 002 §2.13). */
export const TRACE_SLIDE_OUT_WIDTH_PERCENT = 65;

/** Journey phase span names (spec 002 §9). */
export const JOURNEY_PHASE_SPAN_NAMES = [
  'cx.ivr',
  'cx.queue',
  'cx.chat',
  'cx.agent.interaction',
  'cx.ai.conversation',
  'cx.platform.handoff',
] as const;
export type JourneyPhaseSpanName = (typeof JOURNEY_PHASE_SPAN_NAMES)[number];

/** The root span name for which the AI summary is generated automatically (spec 002 §4). */
export const JOURNEY_ROOT_SPAN_NAME = 'cx.journey';

/** Attributes naming the call a span belongs to, first found wins (spec 002 §3). */
export const CALL_ID_ATTRIBUTES = ['cx.telephony.call.id', 'call.id'] as const;
/** Attributes naming the service of a span, first found wins (spec 002 §3). */
export const SERVICE_NAME_ATTRIBUTES = ['service.name', 'cx.platform'] as const;
export const UNKNOWN_SERVICE = 'unknown';

const MS = 1;
const SECOND = 1000 * MS;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Timeline constants (spec 002 §9); tick steps in milliseconds, smallest first. */
export const TIMELINE = {
  minLabelSpacingPx: 96,
  indentPxPerDepth: 12,
  maxIndentDepth: 12,
  minBarWidthPercent: 0.2,
  rowHeightPx: 28,
  tickStepsMs: [
    0.1,
    0.2,
    0.5,
    1,
    2,
    5,
    10,
    20,
    50,
    100,
    200,
    500,
    SECOND,
    2 * SECOND,
    5 * SECOND,
    10 * SECOND,
    15 * SECOND,
    30 * SECOND,
    MINUTE,
    2 * MINUTE,
    5 * MINUTE,
    10 * MINUTE,
    15 * MINUTE,
    30 * MINUTE,
    HOUR,
    2 * HOUR,
    3 * HOUR,
    6 * HOUR,
    12 * HOUR,
  ],
} as const;

/** OTLP status codes (status.code) and their names; a missing code is UNSET (spec 002 §3). */
export const SPAN_STATUS_NAMES = ['UNSET', 'OK', 'ERROR'] as const;
export type SpanStatusName = (typeof SPAN_STATUS_NAMES)[number];

/** A span slower than this is flagged (spec 002 §9, insight rule "slow span"). */
export const SLOW_SPAN_MS = 5000;

/**
 * OTLP ingestion limits. Texts beyond their length are kept cut, with truncateText's marker;
 * attributes, events and list values beyond their count are dropped, as OpenTelemetry SDKs do
 * (counts are the SDK's span limits; the SDK leaves value length unlimited, we do not).
 */
export const OTLP_LIMITS = {
  /** Spans per export request. */
  maxSpans: 50_000,
  /** Rejection reasons named in the partial-success message. */
  maxErrorsListed: 10,
  /** Characters of one rejection reason (a refused span's id is quoted shorter still). */
  reasonMaxLength: 300,
  /** Span, event and scope names. */
  nameMaxLength: 1024,
  /** An attribute key. */
  attributeKeyMaxLength: 256,
  /** A string or bytes value (also inside lists), a status message, a scope version. */
  attributeValueMaxLength: 4096,
  /** OpenTelemetry SDK span limits: attributes of a span (and of a resource), events of a span. */
  attributeCountLimit: 128,
  eventCountLimit: 128,
  attributePerEventCountLimit: 128,
  /** Values of one array or key-value list value. */
  listValueCountLimit: 128,
} as const;

/** Texts of spec 002 §5 and §8 (letter for letter) and ours (see docs/decisions.md). */
export const TRACE_TEXTS = {
  noSpans: 'No spans found in trace data',
  invalidStart: (spanId: string) => `Invalid start timestamp for span ${spanId}`,
  invalidEnd: (spanId: string) => `Invalid end timestamp for span ${spanId}`,
  endBeforeStart: (spanId: string) => `Invalid end timestamp for span ${spanId}: before start`,
  invalidEvent: (spanId: string) => `Invalid event timestamp for span ${spanId}`,
  invalidDuration: 'Invalid trace duration',
  noTraces: 'No traces found',
  noTraceData: 'No trace data available',
  noLogs: 'No logs available',
  noSummary: 'No summary available',
  noInsights: 'No insights available for this span',
  noEvents: 'No events found for this span.',
  noData: 'No data Found',
  loadFailed: 'Failed to load trace data',
  logsError: (reason: string) => `Error loading logs: ${reason}`,
  journeyTitle: (traceId: string) => `Journey ID: ${traceId}`,
  openInNewTab: 'Open in new Tab',
  traceNotFound: 'Trace not found',
  spanNotFound: 'Span not found',
  spanNotInTrace: (spanId: string, traceId: string) =>
    `Span ${spanId} not found in trace ${traceId}`,
  notEnabled: 'Journey Explorer is not enabled for this group.',
  badCursor: 'page[cursor] is not a cursor of this list',
  noCall: 'This span is not linked to a call',
} as const;
