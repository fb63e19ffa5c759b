import {
  filtersToQuery,
  toQueryRange,
  type ExplorerList,
  type FilterQuery,
  type ListFilter,
  type SortDirection,
  type TimeRange,
} from '@callsight/shared';

/** What one explorer list shows: everything in its query key, the range still unresolved. */
export interface ExplorerRequest {
  range: TimeRange;
  filters: ListFilter[];
  sortColumn: string;
  sortDirection: SortDirection;
  /** Zero-based page. */
  page: number;
  size: number;
  /** The call list with our own test calls too (GSM monitors, heartbeat tests; issue 33). */
  includeTestCalls: boolean;
}

/** The browser's IANA time zone, sent with the local fromTime/toTime. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * The API query of a list (spec 002 §7.3): the range resolved at `now` in local time with the
 * time zone, paging as from = page × size, and the filters as field=value or From/To; the call
 * list's includeTestCalls only when on (the server leaves test calls out by default).
 */
export function toApiQuery(
  list: ExplorerList,
  request: ExplorerRequest,
  now: Date,
  paging: { size: number; from: number } = {
    size: request.size,
    from: request.page * request.size,
  },
): FilterQuery {
  const { fromTime, toTime } = toQueryRange(request.range, now);
  return {
    fromTime,
    toTime,
    timezone: browserTimeZone(),
    size: String(paging.size),
    from: String(paging.from),
    sortColumn: request.sortColumn,
    sortDirection: request.sortDirection,
    ...filtersToQuery(list, request.filters),
    ...(list === 'calls' && request.includeTestCalls ? { includeTestCalls: 'true' } : {}),
  };
}

/** Builds a query string; text filters with several values repeat their key. */
export function toSearch(query: FilterQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, v);
  return params.toString();
}
