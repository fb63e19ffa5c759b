import { z } from 'zod';
import {
  FILTER_OPERATORS,
  SORT_DIRECTIONS,
  TimeRangeSchema,
  type ExplorerList,
} from '@callsight/shared';
import {
  readPagePreferences,
  readPageText,
  savePagePreferences,
  savePageText,
} from '../../../lib/page-preferences.ts';

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
const page = (list: ExplorerList) => `explorer/${list}`;
const TAB_PAGE = 'explorer/tab';

/** The saved preferences of a page; {} when none or unparseable (logged and ignored). */
export function readPreferences(list: ExplorerList): ExplorerPreferences {
  return readPagePreferences(page(list), ExplorerPreferencesSchema) ?? {};
}

export function savePreferences(list: ExplorerList, preferences: ExplorerPreferences): void {
  savePagePreferences(page(list), preferences);
}

/** The tab the explorer opens on: the last one selected, else Call Stats Log. */
export function readSelectedTab(): ExplorerList {
  const raw = readPageText(TAB_PAGE);
  return TABS.find((tab) => tab === raw) ?? 'calls';
}

export function saveSelectedTab(tab: ExplorerList): void {
  savePageText(TAB_PAGE, tab);
}
