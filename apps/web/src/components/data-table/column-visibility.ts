import { z } from 'zod';

/** Column id → shown; columns left out keep their default. */
const VisibilitySchema = z.record(z.string(), z.boolean());
export type ColumnVisibility = z.infer<typeof VisibilitySchema>;

const storageKey = (key: string) => `dataTable:columns:${key}`;

/** The columns a user hid or showed on a page, saved in local storage; {} when none or unreadable. */
export function readColumnVisibility(key: string): ColumnVisibility {
  try {
    const raw = window.localStorage.getItem(storageKey(key));
    if (!raw) return {};
    const parsed = VisibilitySchema.safeParse(JSON.parse(raw));
    if (!parsed.success) console.warn(`Ignoring saved columns of table "${key}"`);
    return parsed.success ? parsed.data : {};
  } catch (err) {
    console.warn(`Could not read the saved columns of table "${key}"`, err);
    return {};
  }
}

export function saveColumnVisibility(key: string, visibility: ColumnVisibility): void {
  try {
    window.localStorage.setItem(storageKey(key), JSON.stringify(visibility));
  } catch (err) {
    console.warn(`Could not save the columns of table "${key}"`, err);
  }
}
