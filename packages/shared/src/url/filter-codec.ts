/**
 * The URL "filter" parameter codec of spec 000 §2.2: the filter object is written as
 * key/value text (URL search-param form) with every & swapped for ~~.
 */
export type FilterValue = string | number | boolean;

/** Encodes a filter object into the text of the "filter" query parameter. */
export function encodeFilter(filter: Record<string, FilterValue | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) {
    if (value === null || value === undefined) continue;
    params.append(key, String(value));
  }
  return params.toString().replaceAll('&', '~~');
}

/** Decodes the "filter" parameter text; values stay strings for each screen's schema to parse. */
export function decodeFilter(text: string | null | undefined): Record<string, string> {
  if (!text) return {};
  const params = new URLSearchParams(text.replaceAll('~~', '&'));
  const out: Record<string, string> = {};
  for (const [key, value] of params) out[key] = value;
  return out;
}
