import { CAMPAIGN_LIMITS } from './constants.ts';

/**
 * Spec 001 §5: digits, w, W, #, *, wait groups w{n} (n seconds; decimals as the dialler takes
 * them) and placeholders {$Key}. Empty is allowed (no treatment).
 */
const ANSWER_TREATMENT = /^(?:[0-9wW#*]|[wW]\{\d+(?:\.\d+)?\}|\{\$[^{}$]+\})*$/;

/** True when the answer treatment follows the spec's rule. */
export function isValidAnswerTreatment(text: string): boolean {
  return ANSWER_TREATMENT.test(text);
}

/** The `{$Key}` names of a treatment, in order of first use. */
export function treatmentPlaceholders(text: string): string[] {
  const keys: string[] = [];
  for (const m of text.matchAll(/\{\$([^{}$]+)\}/g)) {
    const key = m[1];
    if (key !== undefined && !keys.includes(key)) keys.push(key);
  }
  return keys;
}

/** Minimum call duration = round(totalCalls / callsPerSecond * 1.5), 0 if not finite (§5). */
export function minimumCallDuration(totalCalls: number, callsPerSecond: number): number {
  const value = Math.round((totalCalls / callsPerSecond) * CAMPAIGN_LIMITS.minimumDurationFactor);
  return Number.isFinite(value) ? value : 0;
}

/** Approval is needed when totalCalls is above 300 or callsPerSecond above 6 (§5, §9). */
export function requiresApproval(c: { totalCalls: number; callsPerSecond: number }): boolean {
  return (
    c.totalCalls > CAMPAIGN_LIMITS.approvalTotalCalls ||
    c.callsPerSecond > CAMPAIGN_LIMITS.approvalCallsPerSecond
  );
}

/** Run status shown (§4): Cancelled if canceledAt, else Complete if isComplete, else In Progress. */
export function runStatusOf(run: {
  canceledAt: string | null;
  isComplete: boolean;
}): 'Cancelled' | 'Complete' | 'In Progress' {
  if (run.canceledAt) return 'Cancelled';
  return run.isComplete ? 'Complete' : 'In Progress';
}

/**
 * Multipart fields `tags.0`, `tags.1` ... (spec 001 §7) folded into a `tags` list, in index
 * order; every other field kept as it is.
 */
export function foldIndexedTags(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const tags: [number, unknown][] = [];
  for (const [key, value] of Object.entries(fields)) {
    const m = /^tags\.(\d+)$/.exec(key);
    if (m) tags.push([Number(m[1]), value]);
    else out[key] = value;
  }
  if (tags.length > 0 && out.tags === undefined)
    out.tags = tags.sort((a, b) => a[0] - b[0]).map(([, v]) => v);
  return out;
}
