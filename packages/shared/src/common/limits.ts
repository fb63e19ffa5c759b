/**
 * Limits on what the server echoes back from its input, and the helpers that apply them (issue 14
 * §8, decision "Bounded input"). Each domain keeps its own stored-size limits beside its schemas:
 * OTLP_LIMITS (traces), INGEST_LIMITS (telemetry), CONFIG_LIMITS, WORKFLOW_LIMITS, TAGGING_LIMITS.
 */
export const ECHO_LIMITS = {
  /** Characters of one input value (an id, a key, a region) quoted in a message. */
  quotedChars: 64,
  /** Items named in one message before "and n more". */
  listedItems: 5,
  /** One error answer: a field name, a field's message, the message. */
  fieldNameChars: 120,
  fieldMessageChars: 500,
  messageChars: 1000,
  /** One error answer's fields: at most this many, of at most this many characters in all. */
  fields: 100,
  fieldsChars: 8000,
} as const;

/** The marker that ends a text cut by truncateText: how many characters were cut. */
export const truncationMarker = (removed: number) => `…[truncated ${removed} chars]`;

/**
 * The text when it has at most `max` characters; otherwise its start followed by the truncation
 * marker, `max` characters in all (a surrogate pair is never split).
 */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = max - truncationMarker(text.length).length;
  if (room <= 0) return text.slice(0, max);
  const code = text.charCodeAt(room - 1);
  const keep = code >= 0xd800 && code <= 0xdbff ? room - 1 : room;
  return text.slice(0, keep) + truncationMarker(text.length - keep);
}

/** Input quoted in a message: at most `max` characters, then "…" when it was longer. */
export function quoteInput(value: string, max: number = ECHO_LIMITS.quotedChars): string {
  return value.length <= max ? value : `${value.slice(0, max)}…`;
}

/** Names for a message: the first `max`, each quoted with quoteInput, then "and n more". */
export function listWithMore(
  items: readonly string[],
  max: number = ECHO_LIMITS.listedItems,
): string {
  const shown = items.slice(0, max).map((item) => quoteInput(item));
  const more = items.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}
