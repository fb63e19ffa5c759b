import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import {
  decodeTimeRangeParams,
  DEFAULT_RANGES,
  encodeFilter,
  encodeTimeRangeParams,
  EXPLORER_LIMITS,
  TIME_RANGE_PARAM_KEYS,
  type ExplorerList,
  type ListFilter,
  type SortDirection,
  type TimeRange,
} from '@callsight/shared';
import { FILTER_PARAM, readFilter } from '../../../lib/url-filter.ts';
import type { ExplorerRequest } from './explorer-request.ts';
import {
  ListFilterSchema,
  readPreferences,
  savePreferences,
  type ExplorerPreferences,
} from './preferences.ts';

export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;

interface ViewConfig {
  list: ExplorerList;
  sortColumns: readonly string[];
  defaultSort: string;
}

export interface ExplorerView {
  request: ExplorerRequest;
  setRange: (range: TimeRange) => void;
  setFilters: (filters: ListFilter[]) => void;
  /** A new column starts descending; the current one toggles (spec 002 §4). */
  toggleSort: (column: string) => void;
  setPage: (page: number) => void;
  setSize: (size: number) => void;
  /** The call list's "Include test calls" (kept in the URL only: each visit starts without). */
  setIncludeTestCalls: (include: boolean) => void;
}

const FiltersJsonSchema = z
  .string()
  .transform((text) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return [];
    }
  })
  .pipe(z.array(ListFilterSchema).catch([]));

interface Patch {
  range?: TimeRange;
  filters?: ListFilter[];
  sortColumn?: string;
  sortDirection?: SortDirection;
  page?: number;
  size?: number;
  includeTestCalls?: boolean;
}

/**
 * The state of one explorer list kept in the URL (time range in `from`/`to`, the rest in the
 * "filter" parameter) so a view can be shared by link; without URL state the page opens with its
 * saved preferences, and every change is saved again. Changes other than paging go to page 1.
 */
export function useExplorerView({ list, sortColumns, defaultSort }: ViewConfig): ExplorerView {
  const [saved] = useState<ExplorerPreferences>(() => readPreferences(list));
  const [params, setParams] = useSearchParams();

  const defaults = useMemo(
    () => ({
      filters: JSON.stringify(saved.filters ?? []),
      sort: saved.sortColumn ?? defaultSort,
      dir: saved.sortDirection ?? 'desc',
      page: 0,
      size: saved.size ?? EXPLORER_LIMITS.pageSize,
      testCalls: false,
    }),
    [saved, defaultSort],
  );
  const savedRange = saved.range ?? DEFAULT_RANGES[list];

  const rangeFrom = params.get(TIME_RANGE_PARAM_KEYS.from);
  const rangeTo = params.get(TIME_RANGE_PARAM_KEYS.to);
  const filterText = params.get(FILTER_PARAM);

  const request = useMemo<ExplorerRequest>(() => {
    const range = decodeTimeRangeParams({ from: rangeFrom, to: rangeTo }) ?? savedRange;
    const raw = readFilter(defaults, filterText);
    const size = Math.min(Math.max(1, Math.trunc(raw.size)), EXPLORER_LIMITS.maxSize);
    return {
      range,
      filters: FiltersJsonSchema.parse(raw.filters),
      sortColumn: sortColumns.includes(raw.sort) ? raw.sort : defaultSort,
      sortDirection: raw.dir === 'asc' ? 'asc' : 'desc',
      page: Math.max(0, Math.trunc(raw.page)),
      size,
      includeTestCalls: list === 'calls' && raw.testCalls,
    };
  }, [rangeFrom, rangeTo, filterText, defaults, savedRange, sortColumns, defaultSort, list]);

  const preferencesJson = JSON.stringify({
    range: request.range,
    filters: request.filters,
    sortColumn: request.sortColumn,
    sortDirection: request.sortDirection,
    size: request.size,
  } satisfies ExplorerPreferences);
  useEffect(() => {
    savePreferences(list, JSON.parse(preferencesJson) as ExplorerPreferences);
  }, [list, preferencesJson]);

  const update = useCallback(
    (patch: Patch) => {
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        const current = { ...request, ...patch };
        const range = encodeTimeRangeParams(current.range);
        next.set(TIME_RANGE_PARAM_KEYS.from, range.from);
        next.set(TIME_RANGE_PARAM_KEYS.to, range.to);
        next.set(
          FILTER_PARAM,
          encodeFilter({
            filters: JSON.stringify(current.filters),
            sort: current.sortColumn,
            dir: current.sortDirection,
            page: patch.page ?? 0,
            size: current.size,
            testCalls: current.includeTestCalls || undefined,
          }),
        );
        return next;
      });
    },
    [request, setParams],
  );

  return {
    request,
    setRange: useCallback((range: TimeRange) => update({ range }), [update]),
    setFilters: useCallback((filters: ListFilter[]) => update({ filters }), [update]),
    toggleSort: useCallback(
      (column: string) =>
        update(
          column === request.sortColumn
            ? { sortDirection: request.sortDirection === 'desc' ? 'asc' : 'desc' }
            : { sortColumn: column, sortDirection: 'desc' },
        ),
      [update, request.sortColumn, request.sortDirection],
    ),
    setPage: useCallback((page: number) => update({ page }), [update]),
    setSize: useCallback((size: number) => update({ size }), [update]),
    setIncludeTestCalls: useCallback(
      (includeTestCalls: boolean) => update({ includeTestCalls }),
      [update],
    ),
  };
}
