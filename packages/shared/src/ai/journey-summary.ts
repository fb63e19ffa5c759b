import { ACCESS, type Permission } from '../access/permissions.ts';
import { formatDurationMs, formatDurationSeconds } from '../common/duration.ts';
import { AI_PROMPT_LIMITS, ROOT_JOURNEY_SPAN_NAME } from './constants.ts';

/**
 * Who may do what with a journey's AI summary. Spec 002 §6 names no rule; each regeneration is a
 * new (paid, once a model is configured) model call, so only admins and super users regenerate.
 * Readers read it and make the first one (automatic on the root span, or Generate summary).
 */
export const AI_SUMMARY_ACCESS = {
  read: ACCESS.viewerAdminSuper,
  generate: ACCESS.viewerAdminSuper,
  regenerate: ACCESS.adminSuper,
} as const satisfies Record<string, readonly Permission[]>;

/** Our texts for the AI summary calls (not in the spec's catalogue). */
export const AI_SUMMARY_ACCESS_TEXTS = {
  regenerateForbidden: 'Only Group Admins and super users can regenerate an AI summary.',
} as const;

/** The little of a span the summarizer needs; the trace store maps its rows onto it. */
export interface AiSpanInput {
  spanId: string;
  parentSpanId: string | null;
  name: string;
  serviceName: string | null;
  startTimeMs: number;
  endTimeMs: number;
  /** OTLP status: 'OK', 'ERROR' or 'UNSET'. */
  statusCode: string | null;
  statusMessage?: string | null;
  attributes: Record<string, unknown>;
}

/** What spec 002 §9 puts in a journey prompt, picked from the spans. */
export interface JourneyDigest {
  traceId: string;
  spanCount: number;
  services: string[];
  startMs: number;
  durationMs: number;
  channel: string | null;
  platform: string | null;
  /** The first 20 spans in timeline order (start time; on a tie the longer, enclosing span first). */
  timeline: (AiSpanInput & { offsetMs: number; durationMs: number; slow: boolean })[];
  /** Spans named cx.telephony* (not spans that merely carry cx.telephony.* attributes). */
  telephony: AiSpanInput[];
  /** Spans named cx.agent*. */
  agent: AiSpanInput[];
  /** Leaf spans (no child span) over 5 s: a parent's time is its children's, so it is not flagged. */
  slow: (AiSpanInput & { durationMs: number })[];
  failed: AiSpanInput[];
}

// By name only: the root journey span carries trace-wide cx.telephony.* attributes (the caller's
// number) but is no telephony span.
const isTelephony = (s: AiSpanInput) => s.name.startsWith('cx.telephony');
const isAgent = (s: AiSpanInput) => s.name.startsWith('cx.agent');

function text(value: unknown): string | null {
  if (typeof value === 'string' && value.trim()) return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

function firstAttribute(spans: AiSpanInput[], key: string): string | null {
  for (const s of spans) {
    const v = text(s.attributes[key]);
    if (v) return v;
  }
  return null;
}

/** Picks the spans of spec 002 §9 from a trace: timeline, telephony, agent, slow and failed. */
export function digestJourney(traceId: string, spans: readonly AiSpanInput[]): JourneyDigest {
  const ordered = [...spans].sort(
    (a, b) =>
      a.startTimeMs - b.startTimeMs ||
      b.endTimeMs - a.endTimeMs ||
      a.spanId.localeCompare(b.spanId),
  );
  const startMs = ordered.length ? Math.min(...ordered.map((s) => s.startTimeMs)) : 0;
  const endMs = ordered.length ? Math.max(...ordered.map((s) => s.endTimeMs)) : 0;
  const parents = new Set(ordered.map((s) => s.parentSpanId));
  const withTimes = ordered.map((s) => {
    const durationMs = Math.max(0, s.endTimeMs - s.startTimeMs);
    return {
      ...s,
      offsetMs: s.startTimeMs - startMs,
      durationMs,
      slow: !parents.has(s.spanId) && durationMs > AI_PROMPT_LIMITS.slowSpanMs,
    };
  });
  return {
    traceId,
    spanCount: spans.length,
    services: [...new Set(ordered.map((s) => s.serviceName).filter((s): s is string => !!s))],
    startMs,
    durationMs: endMs - startMs,
    channel: firstAttribute(ordered, 'cx.channel'),
    platform: firstAttribute(ordered, 'cx.platform'),
    timeline: withTimes.slice(0, AI_PROMPT_LIMITS.timelineEvents),
    telephony: ordered.filter(isTelephony).slice(0, AI_PROMPT_LIMITS.telephonySpans),
    agent: ordered.filter(isAgent).slice(0, AI_PROMPT_LIMITS.agentSpans),
    slow: withTimes.filter((s) => s.slow),
    failed: ordered.filter((s) => s.statusCode === 'ERROR'),
  };
}

type Detail = [key: string, label: string, format?: (value: number) => string];

const twoDecimals = (v: number) => v.toFixed(2);
const withUnit = (unit: string) => (v: number) => `${Math.round(v * 10) / 10}${unit}`;
/** cx.telephony.queue_time and talk_time are seconds (the trace filter's unit). */
const seconds = (v: number) => formatDurationSeconds(v);

const TELEPHONY_KEYS: Detail[] = [
  ['cx.telephony.call.id', 'call'],
  ['cx.telephony.direction', 'direction'],
  ['cx.telephony.agent.name', 'agent'],
  ['cx.telephony.network.type', 'network'],
  ['cx.telephony.quality.mos.avg', 'MOS', twoDecimals],
  ['cx.telephony.mos', 'MOS', twoDecimals],
  ['cx.telephony.quality.jitter.avg', 'jitter', withUnit(' ms')],
  ['cx.telephony.quality.rtt.avg', 'RTT', withUnit(' ms')],
  ['cx.telephony.quality.packet_loss', 'packet loss', withUnit('%')],
  ['cx.telephony.queue_time', 'queue time', seconds],
  ['cx.telephony.talk_time', 'talk time', seconds],
  ['cx.telephony.disconnect_reason', 'disconnect reason'],
];
const AGENT_KEYS: Detail[] = [
  ['cx.agent.username', 'agent'],
  ['cx.agent.id', 'agent id'],
  ['cx.agent.status', 'status'],
];

function details(span: AiSpanInput, keys: Detail[]): string {
  const labels = new Set<string>();
  const found: string[] = [];
  for (const [key, label, format] of keys) {
    if (labels.has(label)) continue;
    const raw = span.attributes[key];
    const number = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : NaN;
    const v = format && Number.isFinite(number) && raw !== '' ? format(number) : text(raw);
    if (!v) continue;
    labels.add(label);
    found.push(`${label} ${v}`);
  }
  return found.length ? ` (${found.join(', ')})` : '';
}

/** What the summaries call slow, said in each of them (spec 002 §9's 5 s, for leaf spans). */
export const SLOW_SPAN_RULE = 'we flag leaf spans, those without child spans, over 5 s';

/**
 * The built-in summarizer: a readable narrative of a journey from its spans, following spec 002
 * §9 (first 20 timeline events, up to 3 telephony and 3 agent spans, slow leaf spans over 5 s).
 */
export function summarizeJourney(traceId: string, spans: readonly AiSpanInput[]): string {
  if (spans.length === 0) return 'No summary available';
  const d = digestJourney(traceId, spans);
  const root = spans.find((s) => s.name === ROOT_JOURNEY_SPAN_NAME) ?? d.timeline[0];
  const where = [
    d.channel ? `${d.channel} journey` : 'journey',
    d.platform ? `on ${d.platform}` : null,
  ]
    .filter(Boolean)
    .join(' ');
  const services = d.services.length
    ? ` from ${d.services.length === 1 ? '1 service' : `${d.services.length} services`} (${d.services.join(', ')})`
    : '';
  const outcome = d.failed.length
    ? `${d.failed.length === 1 ? '1 span' : `${d.failed.length} spans`} failed: ${d.failed
        .slice(0, 3)
        .map((s) => (s.statusMessage ? `${s.name} (${s.statusMessage})` : s.name))
        .join(', ')}.`
    : 'No span reported an error.';
  const paragraphs: string[] = [
    `This ${where} (${root?.name ?? 'journey'}) lasted ${formatDurationMs(d.durationMs)} across ${
      d.spanCount === 1 ? '1 span' : `${d.spanCount} spans`
    }${services}. ${outcome}`,
  ];

  const timelineTitle =
    d.spanCount > d.timeline.length
      ? `Timeline (first ${d.timeline.length} of ${d.spanCount} events):`
      : 'Timeline:';
  paragraphs.push(
    [
      timelineTitle,
      ...d.timeline.map(
        (s) =>
          `- +${formatDurationMs(s.offsetMs)} ${s.name}${s.serviceName ? ` [${s.serviceName}]` : ''} took ${formatDurationMs(
            s.durationMs,
          )}${s.slow ? ' (slow)' : ''}${s.statusCode === 'ERROR' ? ' (error)' : ''}`,
      ),
    ].join('\n'),
  );
  if (d.telephony.length) {
    paragraphs.push(
      `Telephony: ${d.telephony.map((s) => `${s.name}${details(s, TELEPHONY_KEYS)}`).join('; ')}.`,
    );
  }
  if (d.agent.length) {
    paragraphs.push(
      `Agent: ${d.agent.map((s) => `${s.name}${details(s, AGENT_KEYS)}`).join('; ')}.`,
    );
  }
  paragraphs.push(
    d.slow.length
      ? `Slow spans (${SLOW_SPAN_RULE}): ${d.slow.map((s) => `${s.name} (${formatDurationMs(s.durationMs)})`).join(', ')}.`
      : `No slow spans (${SLOW_SPAN_RULE}).`,
  );
  return paragraphs.join('\n\n');
}

/** The prompt the LLM path sends: the same digest as JSON lines, with spec 002 §9's selection. */
export function buildJourneyPrompt(traceId: string, spans: readonly AiSpanInput[]): string {
  const d = digestJourney(traceId, spans);
  const line = (s: AiSpanInput & { offsetMs?: number; durationMs?: number; slow?: boolean }) =>
    JSON.stringify({
      name: s.name,
      service: s.serviceName,
      offset: s.offsetMs === undefined ? undefined : formatDurationMs(s.offsetMs),
      duration: formatDurationMs(s.durationMs ?? s.endTimeMs - s.startTimeMs),
      slow: s.slow || undefined,
      status: s.statusCode,
      attributes: s.attributes,
    });
  return [
    `Summarize this customer journey (trace ${traceId}) for a contact-centre supervisor in a few short paragraphs:`,
    'what happened, where time was spent, quality or agent issues, and what to look at next.',
    `It lasted ${formatDurationMs(d.durationMs)} across ${d.spanCount} spans; services: ${d.services.join(', ') || 'unknown'}.`,
    `Timeline (first ${d.timeline.length} events):`,
    ...d.timeline.map(line),
    `Telephony spans (up to 3):`,
    ...d.telephony.map(line),
    `Agent spans (up to 3):`,
    ...d.agent.map(line),
    `Slow spans (${SLOW_SPAN_RULE}): ${d.slow.map((s) => `${s.name} (${formatDurationMs(s.durationMs)})`).join(', ') || 'none'}.`,
    `Failed spans: ${d.failed.map((s) => s.name).join(', ') || 'none'}.`,
  ].join('\n');
}
