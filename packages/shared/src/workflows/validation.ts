/**
 * Pure checks of a workflow against its trigger (spec 001 §5 "Workflows"), the webhook body
 * template, and the history time window. Used by the wizard and by the server.
 */
import { resolveTimePoint } from '../time-range/relative-time.ts';
import { zonedTimeToDate } from '../explorer/zoned-time.ts';
import { ACTION_FIELD_LABELS, WORKFLOW_TEXTS, type TriggerDefinition } from './constants.ts';

export type ConditionValue = number | boolean | string;

/** Headers as JSON text or an object → string values; blank is {}; null when not valid JSON. */
export function parseHeadersText(
  value: string | Record<string, unknown> | undefined,
): Record<string, string> | null {
  let obj: unknown = value ?? {};
  if (typeof value === 'string') {
    if (value.trim() === '') return {};
    try {
      obj = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (typeof obj !== 'object' || obj === null || Array.isArray(obj)) return null;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj)) {
    if (v === null || typeof v === 'object') return null;
    out[k] = String(v);
  }
  return out;
}

/** Condition values as JSON text or an object; blank is {}; null when not a JSON object. */
export function parseThresholdText(
  value: string | Record<string, unknown> | null | undefined,
): Record<string, unknown> | null {
  if (value === null || value === undefined) return {};
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The trigger's condition values from what was sent: a number must be numeric ('Invalid
 * number'), a select one of its options, a checkbox a boolean; empty values fall back to the
 * default. Unknown fields are dropped. Answers the values and the field errors.
 */
export function normalizeTriggerThreshold(
  trigger: TriggerDefinition,
  raw: Record<string, unknown>,
): { values: Record<string, ConditionValue>; errors: Record<string, string> } {
  const values: Record<string, ConditionValue> = {};
  const errors: Record<string, string> = {};
  for (const c of trigger.triggerConditions) {
    const sent = raw[c.field];
    const empty = sent === undefined || sent === null || sent === '';
    if (empty) {
      values[c.field] = c.defaultThreshold;
      continue;
    }
    if (c.type === 'number') {
      const n = typeof sent === 'number' ? sent : typeof sent === 'string' ? Number(sent) : NaN;
      if (!Number.isFinite(n)) errors[c.field] = WORKFLOW_TEXTS.invalidNumber;
      else if (c.min !== undefined && n < c.min) errors[c.field] = `Minimum value is ${c.min}`;
      else if (c.max !== undefined && n > c.max) errors[c.field] = `Maximum value is ${c.max}`;
      else values[c.field] = n;
    } else if (c.type === 'checkbox') {
      if (typeof sent === 'boolean') values[c.field] = sent;
      else if (sent === 'true' || sent === 'false') values[c.field] = sent === 'true';
      else errors[c.field] = `${c.thresholdDesc}: must be true or false`;
    } else {
      const text = String(sent);
      if (c.options?.some((o) => o.value === text)) values[c.field] = text;
      else
        errors[c.field] =
          `${c.thresholdDesc}: must be one of ${c.options?.map((o) => o.label).join(', ') ?? ''}`;
    }
  }
  return { values, errors };
}

/**
 * Rules that depend on the trigger (spec 001 §5): e-mail subject and body are required only in
 * the legacy form, that is when the trigger is not a watchdog watcher. Answers field errors.
 */
export function actionErrorsForTrigger(
  trigger: TriggerDefinition,
  action: { type: string; subject?: string | undefined; body?: string | undefined },
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (action.type === 'send-email' && !trigger.watchdogWatcher) {
    const labels = ACTION_FIELD_LABELS['send-email'];
    if (!action.subject?.trim())
      errors['actions.0.subject'] = WORKFLOW_TEXTS.required(labels.subject);
    if (!action.body?.trim()) errors['actions.0.body'] = WORKFLOW_TEXTS.required(labels.body);
  }
  return errors;
}

/** Fields a webhook body, e-mail or Slack text may name as {{field}}. */
export const WEBHOOK_TEMPLATE_FIELDS = [
  'contactId',
  'agent',
  'application',
  'trigger',
  'triggerName',
  'workflowId',
  'workflowName',
  'metric',
  'value',
  'threshold',
  'timestamp',
  'startTime',
  'endTime',
  'direction',
  'mos',
  'packetLossPercent',
  'jitterMs',
  'rttMs',
  'groupId',
] as const;

/**
 * Replaces {{field}} placeholders with the fields' values (numbers rounded to two decimals).
 * With `json`, string values are escaped for use inside a JSON string; a missing field is empty.
 */
export function renderTemplate(
  template: string,
  fields: Readonly<Record<string, string | number | boolean | null | undefined>>,
  options: { json?: boolean } = {},
): string {
  return template.replace(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g, (_m, name: string) => {
    const v = fields[name];
    if (v === null || v === undefined) return '';
    // Measures are floats (MOS 2.0600000000000005): texts show at most two decimals.
    if (typeof v === 'number') return String(Math.round(v * 100) / 100);
    if (typeof v !== 'string') return String(v);
    return options.json ? JSON.stringify(v).slice(1, -1) : v;
  });
}

/**
 * One end of a history or audit-log window: now-15m style, an ISO date-time with an offset, or
 * YYYY-MM-DDTHH:mm:ss on the wall clock of `timeZone`. Null when it does not parse.
 */
export function resolveWindowTime(text: string, timeZone: string, now: Date): Date | null {
  const t = text.trim();
  if (t.startsWith('now')) {
    try {
      return resolveTimePoint(t, now);
    } catch {
      return null;
    }
  }
  return zonedTimeToDate(t, timeZone);
}
