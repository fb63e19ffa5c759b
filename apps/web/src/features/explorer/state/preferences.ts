import { z } from 'zod';
import {
  FILTER_OPERATORS,
  SORT_DIRECTIONS,
  TimeRangeSchema,
  type ExplorerList,
} from '@callsight/shared';

/** One applied list filter as kept in the URL and in the preferences. */
export const ListFilterSchema = z.object({
  field: z.string().min(1),
  operator: z.enum(FILTER_OPERATORS),
  value: z.string(),
});

/**
 * The filter preferences of one explorer page (spec 002 §3): range, filter list, sort and page
 * size, saved per page in local storage so that the page opens as it was left.
 */
export const ExplorerPreferencesSchema = z.object({
  range: TimeRangeSchema.optional(),
  filters: z.array(ListFilterSchema).optional(),
  sortColumn: z.string().optional(),
  sortDirection: z.enum(SORT_DIRECTIONS).optional(),
  size: z.number().int().positive().optional(),
});
export type ExplorerPreferences = z.infer<typeof ExplorerPreferencesSchema>;

const TABS = ['calls', 'logs'] as const satisfies readonly ExplorerList[];
const preferencesKey = (list: ExplorerList) => `filterPreferences:explorer/${list}`;
const TAB_KEY = 'filterPreferences:explorer/tab';

function store(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function readJson(key: string): unknown {
  const raw = store()?.getItem(key);
  if (!raw) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    console.warn(`Ignoring unparseable local storage value for "${key}"`);
    return undefined;
  }
}

function write(key: string, value: string) {
  try {
    store()?.setItem(key, value);
  } catch (err) {
    console.warn(`Could not save "${key}" in local storage`, err);
  }
}

/** The saved preferences of a page; {} when none or unparseable (logged and ignored). */
export function readPreferences(list: ExplorerList): ExplorerPreferences {
  const json = readJson(preferencesKey(list));
  if (json === undefined) return {};
  const parsed = ExplorerPreferencesSchema.safeParse(json);
  if (!parsed.success) console.warn(`Ignoring saved explorer preferences of ${list}`);
  return parsed.success ? parsed.data : {};
}

export function savePreferences(list: ExplorerList, preferences: ExplorerPreferences): void {
  write(preferencesKey(list), JSON.stringify(preferences));
}

/** The tab the explorer opens on: the last one selected, else Call Stats Log. */
export function readSelectedTab(): ExplorerList {
  const raw = store()?.getItem(TAB_KEY);
  return TABS.find((tab) => tab === raw) ?? 'calls';
}

export function saveSelectedTab(tab: ExplorerList): void {
  write(TAB_KEY, tab);
}
