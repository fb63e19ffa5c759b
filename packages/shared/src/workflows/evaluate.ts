/**
 * Watcher evaluation (pure): compiles a watcher into a rule once, then checks seconds, call
 * summaries and telemetry events against it. The server keeps compiled rules per group in memory
 * so that checking a batch costs a few comparisons per second and rule.
 */
import { findTrigger, type TriggerKind } from './constants.ts';
import type { ConditionValue } from './validation.ts';

/** A watcher ready to check: its trigger kind and condition values resolved. */
export interface WatcherRule {
  id: string;
  kind: TriggerKind;
  /** Number conditions: the threshold, compared with <= (MOS) or >= (the rest). */
  threshold: number;
  /** Quality triggers: 'second' checks every second, 'call' the averages of a summary. */
  scope: 'second' | 'call';
  options: Readonly<Record<string, ConditionValue>>;
}

/** What a second offers to the quality triggers. */
export interface SecondMeasures {
  contactId: string;
  timeMs: number;
  mos: number | null;
  packetLossPercent: number | null;
  jitterMs: number | null;
  rttMs: number | null;
}

/** What a call summary offers (averages over the call so far). */
export interface CallMeasures {
  contactId: string;
  agent: string | null;
  direction: string | null;
  endTimeMs: number | null;
  mos: number | null;
  packetLossPercent: number | null;
  jitterMs: number | null;
  rttMs: number | null;
  /** True when the call carries a quality warning tag. */
  poorQuality: boolean;
}

/** A telemetry event (agent readiness test, agent issue reported). */
export interface EventMeasures {
  type: string;
  contactId: string | null;
  agent: string | null;
  timeMs: number;
  data: Readonly<Record<string, unknown>> | null;
}

/** Why a rule fired: the measure, its value and the threshold, for the action's fields. */
export interface Breach {
  metric: string;
  value: number | string | null;
  threshold: number | string | null;
}

/** Event types the event triggers listen to (POST /api/ingest/v1/events `type`). */
export const WATCHED_EVENT_TYPES = {
  readinessTest: 'agent-readiness-test',
  issueReported: 'agent-issue-reported',
} as const;

const QUALITY_KINDS = new Set<TriggerKind>(['mos', 'packet-loss', 'jitter', 'latency']);

/** True for the four quality triggers. */
export function isQualityKind(kind: TriggerKind): boolean {
  return QUALITY_KINDS.has(kind);
}

/** Compiles a stored watcher; null when its trigger is not in the catalogue (nothing to check). */
export function compileRule(watcher: {
  id: string;
  trigger: string;
  triggerThreshold: Readonly<Record<string, ConditionValue>>;
}): WatcherRule | null {
  const trigger = findTrigger(watcher.trigger);
  if (!trigger) return null;
  const values: Record<string, ConditionValue> = {};
  for (const c of trigger.triggerConditions)
    values[c.field] = watcher.triggerThreshold[c.field] ?? c.defaultThreshold;
  const threshold = typeof values.threshold === 'number' ? values.threshold : Number.NaN;
  return {
    id: watcher.id,
    kind: trigger.kind,
    threshold,
    scope: values.scope === 'call' ? 'call' : 'second',
    options: values,
  };
}

function qualityBreach(
  kind: TriggerKind,
  threshold: number,
  m: Pick<SecondMeasures, 'mos' | 'packetLossPercent' | 'jitterMs' | 'rttMs'>,
): Breach | null {
  switch (kind) {
    case 'mos':
      // MOS 0 means no audio in that direction, not a rating: it does not count as low MOS.
      return m.mos !== null && m.mos > 0 && m.mos <= threshold
        ? { metric: 'mos', value: m.mos, threshold }
        : null;
    case 'packet-loss':
      return m.packetLossPercent !== null && m.packetLossPercent >= threshold
        ? { metric: 'packetLossPercent', value: m.packetLossPercent, threshold }
        : null;
    case 'jitter':
      return m.jitterMs !== null && m.jitterMs >= threshold
        ? { metric: 'jitterMs', value: m.jitterMs, threshold }
        : null;
    case 'latency':
      return m.rttMs !== null && m.rttMs >= threshold
        ? { metric: 'rttMs', value: m.rttMs, threshold }
        : null;
    default:
      return null;
  }
}

/** Checks one second against a rule (quality triggers with scope 'second' only). */
export function evaluateSecond(rule: WatcherRule, m: SecondMeasures): Breach | null {
  if (rule.scope !== 'second') return null;
  return qualityBreach(rule.kind, rule.threshold, m);
}

/** Checks a call summary against a rule: call-scope quality, contact ended, EventBridge summary. */
export function evaluateCall(rule: WatcherRule, m: CallMeasures): Breach | null {
  if (isQualityKind(rule.kind)) {
    return rule.scope === 'call' ? qualityBreach(rule.kind, rule.threshold, m) : null;
  }
  if (rule.kind === 'eb-summary-data') return { metric: 'summary', value: null, threshold: null };
  if (rule.kind !== 'contact-ended' || m.endTimeMs === null) return null;
  const direction = rule.options.direction;
  if (typeof direction === 'string' && direction !== 'any' && direction !== m.direction)
    return null;
  if (rule.options.onlyPoorQuality === true && !m.poorQuality) return null;
  return { metric: 'contactEnded', value: m.direction, threshold: null };
}

/** A readiness test failed: data.passed false, or data.result / data.status a failure word. */
export function readinessTestFailed(data: Readonly<Record<string, unknown>> | null): boolean {
  if (!data) return false;
  if (data.passed === false) return true;
  const word = String(data.result ?? data.status ?? '').toLowerCase();
  return ['fail', 'failed', 'failure', 'error'].includes(word);
}

/** Checks a telemetry event against a rule (readiness test, issue reported, SOD test data). */
export function evaluateEvent(rule: WatcherRule, e: EventMeasures): Breach | null {
  if (e.type === WATCHED_EVENT_TYPES.readinessTest) {
    if (rule.kind === 'eb-sod-test-data')
      return { metric: 'sodTest', value: null, threshold: null };
    if (rule.kind !== 'agent-readiness-test') return null;
    const failed = readinessTestFailed(e.data);
    if (rule.options.onlyFailures !== false && !failed) return null;
    return { metric: 'readinessTest', value: failed ? 'failed' : 'passed', threshold: null };
  }
  if (e.type === WATCHED_EVENT_TYPES.issueReported && rule.kind === 'agent-issue-reported') {
    const severity = typeof e.data?.severity === 'string' ? e.data.severity : null;
    const wanted = rule.options.severity;
    if (typeof wanted === 'string' && wanted !== 'any' && wanted !== severity) return null;
    return { metric: 'issueReported', value: severity, threshold: null };
  }
  return null;
}

/** The measure of a second each quality kind reads, and how its threshold compares. */
const SECOND_MEASURES = {
  mos: { read: (m: SecondMeasures) => (m.mos !== null && m.mos > 0 ? m.mos : null), lte: true },
  'packet-loss': { read: (m: SecondMeasures) => m.packetLossPercent, lte: false },
  jitter: { read: (m: SecondMeasures) => m.jitterMs, lte: false },
  latency: { read: (m: SecondMeasures) => m.rttMs, lte: false },
} as const;
const METRIC_NAMES = {
  mos: 'mos',
  'packet-loss': 'packetLossPercent',
  jitter: 'jitterMs',
  latency: 'rttMs',
} as const;

/**
 * Second-scope quality rules indexed by kind and sorted by threshold, so that a second costs
 * one comparison per kind when it breaches nothing, whatever the number of watchers.
 */
export class SecondRuleIndex<T extends { rule: WatcherRule }> {
  private readonly lists: { kind: keyof typeof SECOND_MEASURES; items: T[] }[] = [];

  constructor(items: readonly T[]) {
    for (const kind of Object.keys(SECOND_MEASURES) as (keyof typeof SECOND_MEASURES)[]) {
      const lte = SECOND_MEASURES[kind].lte;
      const mine = items
        .filter(
          (i) =>
            i.rule.kind === kind && i.rule.scope === 'second' && !Number.isNaN(i.rule.threshold),
        )
        // Most likely to breach first: highest MOS threshold, lowest threshold of the rest.
        .sort((a, b) =>
          lte ? b.rule.threshold - a.rule.threshold : a.rule.threshold - b.rule.threshold,
        );
      if (mine.length > 0) this.lists.push({ kind, items: mine });
    }
  }

  get size(): number {
    return this.lists.reduce((n, l) => n + l.items.length, 0);
  }

  /** Calls `visit` for every rule the second breaches, with the breach. */
  forEachBreach(m: SecondMeasures, visit: (item: T, breach: Breach) => void): void {
    for (const { kind, items } of this.lists) {
      const measure = SECOND_MEASURES[kind];
      const value = measure.read(m);
      if (value === null) continue;
      for (const item of items) {
        const t = item.rule.threshold;
        if (measure.lte ? value > t : value < t) break;
        visit(item, { metric: METRIC_NAMES[kind], value, threshold: t });
      }
    }
  }
}
