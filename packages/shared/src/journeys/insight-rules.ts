import { formatDurationMs } from '../common/duration.ts';
import { JOURNEY_PHASE_SPAN_NAMES, JOURNEY_ROOT_SPAN_NAME, SLOW_SPAN_MS } from './constants.ts';
import { numberAttribute, type AttributeValue } from './attributes.ts';
import type { InsightRule } from './schemas.ts';

/** What a rule reads of a span. */
export interface InsightSpanInput {
  name: string;
  durationMs: number;
  /** OTLP status code: 0 unset, 1 ok, 2 error. */
  statusCode: number;
  statusMessage: string | null;
  attributes: Record<string, AttributeValue>;
}

/** An insight a rule found on a span, before it is stored. */
export interface InsightFinding {
  ruleId: string;
  insight_type: string;
  value_string: string;
  attributes: Record<string, string | number | boolean | null>;
}

interface RuleDefinition extends InsightRule {
  evaluate(span: InsightSpanInput): Omit<InsightFinding, 'ruleId' | 'insight_type'> | null;
}

const TELEPHONY_PREFIX = 'cx.telephony.';
const PHASES: ReadonlySet<string> = new Set(JOURNEY_PHASE_SPAN_NAMES);

/**
 * Spans whose length is the customer's time, not a slowness: the journey itself, its phases
 * (the queue has its own rule) and the call legs (their length is the talk time).
 */
const longByNature = (span: InsightSpanInput) =>
  span.name === JOURNEY_ROOT_SPAN_NAME ||
  PHASES.has(span.name) ||
  span.name.startsWith('cx.telephony');
const isTelephony = (span: InsightSpanInput) =>
  span.name.startsWith('cx.telephony') ||
  Object.keys(span.attributes).some((k) => k.startsWith(TELEPHONY_PREFIX));

/** Thresholds of the built-in rules (docs/decisions.md, Journeys). */
export const INSIGHT_THRESHOLDS = {
  slowSpanMs: SLOW_SPAN_MS,
  poorMos: 3.5,
  longQueueMs: 60_000,
  highJitterMs: 30,
  highRttMs: 300,
  highPacketLossPercent: 3,
} as const;

function above(key: string, limit: number, unit: string, label: string) {
  return (span: InsightSpanInput) => {
    if (!isTelephony(span)) return null;
    const value = numberAttribute(span.attributes, key);
    if (value === null || value <= limit) return null;
    return { value_string: `${label} ${value}${unit}`, attributes: { [key]: value, limit } };
  };
}

const RULES: RuleDefinition[] = [
  {
    id: 'slow-span',
    name: 'Slow span',
    description: `The step took longer than ${SLOW_SPAN_MS / 1000} s (journey phases and call legs excluded).`,
    ruleType: 'duration',
    evaluate: (span) =>
      span.durationMs > INSIGHT_THRESHOLDS.slowSpanMs && !longByNature(span)
        ? {
            value_string: `Took ${formatDurationMs(span.durationMs)}`,
            attributes: { durationMs: span.durationMs, limitMs: INSIGHT_THRESHOLDS.slowSpanMs },
          }
        : null,
  },
  {
    id: 'failed-status',
    name: 'Failed step',
    description: 'The span ended with an error status.',
    ruleType: 'status',
    evaluate: (span) =>
      span.statusCode === 2
        ? {
            value_string: span.statusMessage || 'Status ERROR',
            attributes: { 'status.code': 'ERROR' },
          }
        : null,
  },
  {
    id: 'poor-mos',
    name: 'Poor call quality',
    description: `The call's average MOS was below ${INSIGHT_THRESHOLDS.poorMos}.`,
    ruleType: 'telephony.mos',
    evaluate: (span) => {
      if (!isTelephony(span)) return null;
      const mos = numberAttribute(span.attributes, 'cx.telephony.quality.mos.avg');
      if (mos === null || mos >= INSIGHT_THRESHOLDS.poorMos) return null;
      return {
        value_string: `MOS ${mos.toFixed(2)}`,
        attributes: { 'cx.telephony.quality.mos.avg': mos, limit: INSIGHT_THRESHOLDS.poorMos },
      };
    },
  },
  {
    id: 'long-queue',
    name: 'Long queue time',
    description: `The customer waited in queue longer than ${INSIGHT_THRESHOLDS.longQueueMs / 1000} s.`,
    ruleType: 'queue.duration',
    evaluate: (span) => {
      const waitedMs =
        numberAttribute(span.attributes, 'cx.queue.wait_time_ms') ??
        (span.name === 'cx.queue' ? span.durationMs : null);
      if (waitedMs === null || waitedMs <= INSIGHT_THRESHOLDS.longQueueMs) return null;
      return {
        value_string: `Queued ${formatDurationMs(waitedMs)}`,
        attributes: { waitedMs, limitMs: INSIGHT_THRESHOLDS.longQueueMs },
      };
    },
  },
  {
    id: 'high-jitter',
    name: 'High jitter',
    description: `Average jitter above ${INSIGHT_THRESHOLDS.highJitterMs} ms on the call.`,
    ruleType: 'telephony.jitter',
    evaluate: above(
      'cx.telephony.quality.jitter.avg',
      INSIGHT_THRESHOLDS.highJitterMs,
      ' ms',
      'Jitter',
    ),
  },
  {
    id: 'high-rtt',
    name: 'High round-trip time',
    description: `Average round-trip time above ${INSIGHT_THRESHOLDS.highRttMs} ms on the call.`,
    ruleType: 'telephony.rtt',
    evaluate: above('cx.telephony.quality.rtt.avg', INSIGHT_THRESHOLDS.highRttMs, ' ms', 'RTT'),
  },
  {
    id: 'high-packet-loss',
    name: 'High packet loss',
    description: `More than ${INSIGHT_THRESHOLDS.highPacketLossPercent}% of the call's packets were lost.`,
    ruleType: 'telephony.packet_loss',
    evaluate: above(
      'cx.telephony.quality.packet_loss',
      INSIGHT_THRESHOLDS.highPacketLossPercent,
      '%',
      'Packet loss',
    ),
  },
];

/** The built-in insight rules (name, description, ruleType), as GET /api/v1/insights lists them. */
export const INSIGHT_RULES: readonly InsightRule[] = RULES.map(
  ({ id, name, description, ruleType }) => ({ id, name, description, ruleType }),
);

/** Runs every rule on one span; the findings in rule order. */
export function evaluateInsights(span: InsightSpanInput): InsightFinding[] {
  const out: InsightFinding[] = [];
  for (const rule of RULES) {
    const found = rule.evaluate(span);
    if (found) out.push({ ruleId: rule.id, insight_type: rule.id, ...found });
  }
  return out;
}

/** The rule of an id, or undefined. */
export function insightRuleById(id: string): InsightRule | undefined {
  return INSIGHT_RULES.find((r) => r.id === id);
}
