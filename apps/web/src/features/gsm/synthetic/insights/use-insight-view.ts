import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import {
  decodeTimeRangeParams,
  DEFAULT_RANGES,
  encodeTimeRangeParams,
  SORT_DIRECTIONS,
  TIME_RANGE_PARAM_KEYS,
  TimeRangeSchema,
  type SortDirection,
  type TimeRange,
} from '@callsight/shared';
import { readPagePreferences, savePagePreferences } from '../../../../lib/page-preferences.ts';
import { normalizeTargetNumber, type InsightFilterKey, type InsightFilters } from './criteria.ts';

/** The four tabs of an insights page (spec 002 §2.4, §2.8), by their URL key. */
export const INSIGHT_TABS = ['telephony', 'cx', 'ax', 'network'] as const;
export type InsightTab = (typeof INSIGHT_TABS)[number];

export interface InsightSort {
  field: string;
  direction: SortDirection;
}

const SortSchema = z.object({ field: z.string().min(1), direction: z.enum(SORT_DIRECTIONS) });

/** What an insights page keeps per page (spec 002 §3): range, filter lists, tab, sort per tab. */
export const InsightPreferencesSchema = z.object({
  range: TimeRangeSchema.optional(),
  filters: z.record(z.string(), z.array(z.string()).readonly()).optional(),
  tab: z.enum(INSIGHT_TABS).optional(),
  sorts: z.partialRecord(z.enum(INSIGHT_TABS), SortSchema).optional(),
});
export type InsightPreferences = z.infer<typeof InsightPreferencesSchema>;

const TAB_PARAM = 'tab';
/** Newest first until a column is chosen. */
export const DEFAULT_SORT: InsightSort = { field: 'createdOn', direction: 'desc' };

/** A list parameter: comma-separated; target numbers get their '+' back (spec 002 §5). */
function readList(key: InsightFilterKey, text: string): string[] {
  const values = text.split(',').map(key === 'number' ? normalizeTargetNumber : (v) => v.trim());
  return [...new Set(values.filter((v) => v !== ''))];
}

export interface InsightView {
  range: TimeRange;
  filters: InsightFilters;
  tab: InsightTab;
  sort: (tab: InsightTab) => InsightSort;
  setRange: (range: TimeRange) => void;
  setFilter: (key: InsightFilterKey, values: readonly string[]) => void;
  setTab: (tab: InsightTab) => void;
  setSort: (tab: InsightTab, sort: InsightSort) => void;
}

/**
 * The view of an insights page: range, filters and tab in the URL (shareable by link), sorts per
 * tab in the page; without URL state the page opens with its saved preferences (`page` names
 * them), and every change is saved again. The URL keeps every part once one changed, so that a
 * cleared filter stays cleared.
 */
export function useInsightView(page: string, filterKeys: readonly InsightFilterKey[]): InsightView {
  const [saved] = useState<InsightPreferences>(
    () => readPagePreferences(page, InsightPreferencesSchema) ?? {},
  );
  const [sorts, setSorts] = useState<NonNullable<InsightPreferences['sorts']>>(
    () => saved.sorts ?? {},
  );
  const [params, setParams] = useSearchParams();

  const from = params.get(TIME_RANGE_PARAM_KEYS.from);
  const to = params.get(TIME_RANGE_PARAM_KEYS.to);
  const range = useMemo(
    () => decodeTimeRangeParams({ from, to }) ?? saved.range ?? DEFAULT_RANGES.insights,
    [from, to, saved],
  );

  const filterTexts = filterKeys.map((key) => params.get(key));
  const filtersKey = JSON.stringify(filterTexts);
  const filters = useMemo<InsightFilters>(() => {
    const texts = JSON.parse(filtersKey) as (string | null)[];
    return Object.fromEntries(
      filterKeys.map((key, i) => {
        const text = texts[i];
        return [
          key,
          text === null || text === undefined ? (saved.filters?.[key] ?? []) : readList(key, text),
        ];
      }),
    );
  }, [filtersKey, filterKeys, saved]);

  const rawTab = params.get(TAB_PARAM);
  const tab = INSIGHT_TABS.find((t) => t === rawTab) ?? saved.tab ?? INSIGHT_TABS[0];

  const preferencesJson = JSON.stringify({
    range,
    filters,
    tab,
    sorts,
  } satisfies InsightPreferences);
  useEffect(() => {
    savePagePreferences(page, JSON.parse(preferencesJson) as InsightPreferences);
  }, [page, preferencesJson]);

  // React Router hands a functional update the last rendered parameters: a second change made
  // before the first one rendered (pick a number, then at once an agent type) starts from the
  // first one's URL instead, so that neither is lost.
  const pending = useRef<{ after: string; params: URLSearchParams } | null>(null);

  // Each change writes its part over the URL as it is, and fills in the parts the URL lacks from
  // what the page shows (so that a cleared filter stays cleared).
  const update = useCallback(
    (patch: { range?: TimeRange; filters?: InsightFilters; tab?: InsightTab }, replace = false) =>
      setParams(
        (prev) => {
          const stale = pending.current?.after === prev.toString();
          const next = new URLSearchParams(
            stale && pending.current ? pending.current.params : prev,
          );
          const put = (key: string, value: string | undefined, current: string) => {
            if (value !== undefined) next.set(key, value);
            else if (!next.has(key)) next.set(key, current);
          };
          const encoded = patch.range ? encodeTimeRangeParams(patch.range) : undefined;
          const shown = encodeTimeRangeParams(range);
          put(TIME_RANGE_PARAM_KEYS.from, encoded?.from, shown.from);
          put(TIME_RANGE_PARAM_KEYS.to, encoded?.to, shown.to);
          for (const key of filterKeys)
            put(key, patch.filters?.[key]?.join(','), (filters[key] ?? []).join(','));
          put(TAB_PARAM, patch.tab, tab);
          pending.current = { after: prev.toString(), params: next };
          return next;
        },
        { replace },
      ),
    [setParams, range, filters, filterKeys, tab],
  );

  return {
    range,
    filters,
    tab,
    sort: useCallback((t: InsightTab) => sorts[t] ?? DEFAULT_SORT, [sorts]),
    setRange: useCallback((next: TimeRange) => update({ range: next }), [update]),
    setFilter: useCallback(
      (key: InsightFilterKey, values: readonly string[]) =>
        update({ filters: { [key]: [...values] } }),
      [update],
    ),
    setTab: useCallback((next: InsightTab) => update({ tab: next }, true), [update]),
    setSort: useCallback(
      (t: InsightTab, sort: InsightSort) => setSorts((current) => ({ ...current, [t]: sort })),
      [],
    ),
  };
}
