import { truncateText } from '@callsight/shared/common/limits';
import { CALL_GROUPING_LIMITS, INGEST_LIMITS } from '@callsight/shared/telemetry/constants';
import type { CallBody, CallDetails } from './types.ts';

/**
 * The bounds of `agentGroups` and `ctrAttributes` in the ingestion API's call summary (the
 * ingest schema's own, CALL_GROUPING_LIMITS): a summary past them is refused as a whole by the
 * server, so the collector never sends one.
 */
export const CALL_DETAIL_LIMITS = CALL_GROUPING_LIMITS;

const L = CALL_DETAIL_LIMITS;

/**
 * The agent's hierarchy groups as the summary carries them: level 1 first, a blank or missing
 * level null, trailing empty levels left out (null when none is left). More than five levels, a
 * level that is not a text, longer than 200 characters or holding U+0000 is refused with a
 * TypeError, as the server would refuse the whole summary: a host's mistake, said at once.
 */
export function agentGroupLevels(
  levels: readonly (string | null | undefined)[] | null | undefined,
): (string | null)[] | null {
  if (levels == null) return null;
  if (!Array.isArray(levels)) throw new TypeError('agentGroups must be a list of group names');
  if (levels.length > L.agentGroupLevels) {
    throw new TypeError(
      `agentGroups has at most ${L.agentGroupLevels} levels (Agent Group 1-5), got ${levels.length}`,
    );
  }
  const out = levels.map((level, i) => {
    if (level == null) return null;
    if (typeof level !== 'string') throw new TypeError(`agentGroups[${i}] must be a string`);
    const name = level.trim();
    if (name.length > L.agentGroupMaxLength)
      throw new TypeError(`agentGroups[${i}] must be at most ${L.agentGroupMaxLength} characters`);
    if (name.includes('\u0000'))
      throw new TypeError(`agentGroups[${i}] must not contain the NUL character`);
    return name === '' ? null : name;
  });
  while (out.length > 0 && out[out.length - 1] === null) out.pop();
  return out.length > 0 ? out : null;
}

/** Contact attributes bounded for the summary, and what had to be left out or cut to get there. */
export interface BoundedAttributes {
  /** null when no attribute is left. */
  attributes: Record<string, string> | null;
  /** Attribute names not sent: past the first 50, a name over 200 characters, a NUL, a non-text. */
  dropped: string[];
  /** Attribute names whose value was cut to 1000 characters (with truncateText's marker). */
  cut: string[];
}

/**
 * Contact (CTR) attributes as the summary carries them: texts (numbers and booleans written as
 * text, null and undefined left out), the first 50 in the object's order, values over 1000
 * characters cut with a marker. Attributes are data from the contact flow, so nothing is refused:
 * what cannot be sent is named in `dropped` (the collector logs a WARN line about it).
 */
export function boundCtrAttributes(
  attributes: Readonly<Record<string, unknown>> | null | undefined,
): BoundedAttributes {
  const dropped: string[] = [];
  const cut: string[] = [];
  if (attributes == null) return { attributes: null, dropped, cut };
  if (typeof attributes !== 'object' || Array.isArray(attributes))
    throw new TypeError('ctrAttributes must be an object of texts');
  const out: Record<string, string> = {};
  let count = 0;
  for (const [key, raw] of Object.entries(attributes)) {
    if (raw === null || raw === undefined) continue;
    const text =
      typeof raw === 'string'
        ? raw
        : typeof raw === 'number' || typeof raw === 'boolean'
          ? String(raw)
          : null;
    if (
      text === null ||
      count >= L.ctrAttributes ||
      key.length > L.ctrAttributeKeyMaxLength ||
      key.includes('\u0000') ||
      text.includes('\u0000')
    ) {
      dropped.push(key);
      continue;
    }
    if (text.length > L.ctrAttributeValueMaxLength) cut.push(key);
    out[key] = truncateText(text, L.ctrAttributeValueMaxLength);
    count++;
  }
  return { attributes: count > 0 ? out : null, dropped, cut };
}

/** What was wrong with the attributes, as a softphone log line; null when all went as given. */
export function attributesWarning(bounded: BoundedAttributes): string | null {
  const parts: string[] = [];
  const names = (keys: string[]) =>
    keys
      .slice(0, 5)
      .map((k) => JSON.stringify(k.slice(0, 60)))
      .join(', ') + (keys.length > 5 ? ` and ${keys.length - 5} more` : '');
  if (bounded.dropped.length > 0) parts.push(`not sent: ${names(bounded.dropped)}`);
  if (bounded.cut.length > 0)
    parts.push(`cut to ${L.ctrAttributeValueMaxLength} characters: ${names(bounded.cut)}`);
  return parts.length > 0
    ? `ctrAttributes ${parts.join('; ')} (at most ${L.ctrAttributes} texts, names up to ${L.ctrAttributeKeyMaxLength} characters)`
    : null;
}

/**
 * The host's call details in the summary's shape: agent groups checked (a TypeError when
 * refused) and attributes bounded. `warning` says what was left out of the attributes.
 */
export function summaryFields(details: CallDetails | undefined): {
  fields: Partial<CallBody>;
  warning: string | null;
} {
  if (!details) return { fields: {}, warning: null };
  const { agentGroups, ctrAttributes, ...rest } = details;
  const fields: Partial<CallBody> = { ...rest };
  let warning: string | null = null;
  // An empty list (or null) clears what an earlier call of setCallDetails gave.
  if (agentGroups !== undefined) fields.agentGroups = agentGroupLevels(agentGroups) ?? undefined;
  if (ctrAttributes !== undefined) {
    const bounded = boundCtrAttributes(ctrAttributes);
    fields.ctrAttributes = bounded.attributes ?? undefined;
    warning = attributesWarning(bounded);
  }
  return { fields, warning };
}

/**
 * An event's data as the server will keep it (boundEventData of the shared ingest schemas, which
 * the collector does not import: it would bring zod into the page): a copy with texts over 4,096
 * characters cut with the marker; the reason instead when it is not a JSON object, holds U+0000,
 * or is still over 32,768 characters as JSON (the server would refuse the event).
 */
export function boundEventData(
  data: unknown,
): { data: Record<string, unknown> } | { error: string } {
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return { error: 'data must be an object' };
  let nul = false;
  let json: string | undefined;
  try {
    json = JSON.stringify(data, (key, value: unknown) => {
      if (key.includes('\u0000')) nul = true;
      if (typeof value !== 'string') return value;
      if (value.includes('\u0000')) nul = true;
      return truncateText(value, INGEST_LIMITS.eventDataTextMaxLength);
    });
  } catch {
    return { error: 'data is not JSON (a cycle or a BigInt)' };
  }
  if (json === undefined) return { error: 'data is not JSON' };
  if (nul) return { error: 'data must not contain the NUL character (U+0000)' };
  if (json.length > INGEST_LIMITS.eventDataMaxLength)
    return { error: `data must be at most ${INGEST_LIMITS.eventDataMaxLength} characters as JSON` };
  return { data: JSON.parse(json) as Record<string, unknown> };
}
