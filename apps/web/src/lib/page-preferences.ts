import type { z } from 'zod';

/**
 * Filter preferences saved per page in local storage (spec 002 §3: range, filter lists, sort,
 * selected tab ...), so that a page opens as it was left. Each page owns its zod schema; a value
 * that does not parse is logged and ignored, as are a missing or full store.
 */

const preferencesKey = (page: string) => `filterPreferences:${page}`;

function store(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The raw text saved under a page's key, or null. */
export function readPageText(page: string): string | null {
  try {
    return store()?.getItem(preferencesKey(page)) ?? null;
  } catch {
    return null;
  }
}

/** Saves a page's raw text (a selected tab); a full or missing store is logged. */
export function savePageText(page: string, value: string): void {
  try {
    store()?.setItem(preferencesKey(page), value);
  } catch (err) {
    console.warn(`Could not save "${preferencesKey(page)}" in local storage`, err);
  }
}

/** The saved preferences of a page through its schema; undefined when none or unparseable. */
export function readPagePreferences<S extends z.ZodType>(
  page: string,
  schema: S,
): z.output<S> | undefined {
  const raw = readPageText(page);
  if (!raw) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    console.warn(`Ignoring unparseable local storage value for "${preferencesKey(page)}"`);
    return undefined;
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) console.warn(`Ignoring saved preferences of ${page}`);
  return parsed.success ? parsed.data : undefined;
}

/** Saves a page's preferences as JSON. */
export function savePagePreferences(page: string, preferences: unknown): void {
  savePageText(page, JSON.stringify(preferences));
}
