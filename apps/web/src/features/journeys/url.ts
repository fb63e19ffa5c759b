import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams, type To } from 'react-router';
import {
  DEFAULT_RANGES,
  TIME_RANGE_PARAM_KEYS,
  TRACE_FILTER_FIELDS,
  encodeTimeRangeParams,
  TRACE_LIST,
  resolveTimeRange,
  type TraceFilterField,
  type TimeRange,
  type TraceFilterOperator,
} from '@callsight/shared';
import { useTimeRangeParam } from '../../components/time-range-picker/index.ts';
import { paths } from '../../lib/paths.ts';

/** A filter of the list as kept in the URL, under the API's own parameter name. */
export interface TraceListFilter {
  field: TraceFilterField;
  op: TraceFilterOperator;
  value: string;
}

const FILTER_PARAM = /^filter\[([^\]]+)\]\[(gte|lte)\]$/;
export const filterParam = (f: Pick<TraceListFilter, 'field' | 'op'>) =>
  `filter[${f.field}][${f.op}]`;

/** The search parameters of the list besides the range and the filters. */
export const LIST_PARAMS = {
  sort: 'sort',
  size: 'size',
  cursor: 'cursor',
  page: 'page',
} as const;

/** Paging parameters: cleared by any filter, size, sort or range change (spec 002 §4). */
const PAGING = [LIST_PARAMS.cursor, LIST_PARAMS.page];

/**
 * The journey list's state in the URL (so a view can be shared by link): range, sort, page
 * size, cursor and page number, and the field filters.
 */
export function useTraceListState() {
  const [params, setParams] = useSearchParams();
  const [range] = useTimeRangeParam(DEFAULT_RANGES.traces);

  const sortDirection: 'asc' | 'desc' =
    params.get(LIST_PARAMS.sort) === 'createddate' ? 'asc' : 'desc';
  const sizeParam = Number(params.get(LIST_PARAMS.size));
  const size = (TRACE_LIST.pageSizeOptions as readonly number[]).includes(sizeParam)
    ? sizeParam
    : TRACE_LIST.pageSize;
  const cursor = params.get(LIST_PARAMS.cursor) ?? undefined;
  const page = Math.max(0, Number(params.get(LIST_PARAMS.page)) || 0);

  const filterKey = [...params.entries()]
    .filter(([k]) => FILTER_PARAM.test(k))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const filters = useMemo<TraceListFilter[]>(() => {
    const out: TraceListFilter[] = [];
    for (const pair of filterKey ? filterKey.split('&') : []) {
      const at = pair.indexOf('=');
      const match = FILTER_PARAM.exec(pair.slice(0, at));
      const field = match?.[1];
      const op = match?.[2];
      if (!field || !(field in TRACE_FILTER_FIELDS) || (op !== 'gte' && op !== 'lte')) continue;
      out.push({ field: field as TraceFilterField, op, value: pair.slice(at + 1) });
    }
    return out;
  }, [filterKey]);

  const update = useCallback(
    (change: (next: URLSearchParams) => void, resetPaging = true) => {
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (resetPaging) for (const p of PAGING) next.delete(p);
        change(next);
        return next;
      });
    },
    [setParams],
  );

  const setRange = useCallback(
    (next: TimeRange) =>
      update((n) => {
        const encoded = encodeTimeRangeParams(next);
        n.set(TIME_RANGE_PARAM_KEYS.from, encoded.from);
        n.set(TIME_RANGE_PARAM_KEYS.to, encoded.to);
      }),
    [update],
  );

  const resolved = useMemo(
    () => resolveTimeRange(range, new Date()),
    // Resolved once per chosen range, so that paging keeps one window.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [range.from, range.to, range.kind],
  );

  const apiQuery = useMemo(() => {
    const q: Record<string, string> = {
      'page[size]': String(size),
      sort: sortDirection === 'asc' ? 'createddate' : '-createddate',
      'filter[start_timestamp][gte]': resolved.fromTime.toISOString(),
      'filter[end_timestamp][lte]': resolved.toTime.toISOString(),
    };
    if (cursor) q['page[cursor]'] = cursor;
    for (const f of filters) q[filterParam(f)] = f.value;
    return q;
  }, [size, sortDirection, resolved, cursor, filters]);

  return {
    range,
    setRange,
    sortDirection,
    /** Toggles asc and desc; the one sortable column starts at desc (spec 002 §4). */
    toggleSort: () =>
      update((n) =>
        n.set(LIST_PARAMS.sort, sortDirection === 'desc' ? 'createddate' : '-createddate'),
      ),
    size,
    setSize: (value: number) => update((n) => n.set(LIST_PARAMS.size, String(value))),
    page,
    /** Moves to a neighbouring page through the cursor its link carries. */
    goToPage: (nextPage: number, nextCursor: string | null) =>
      update((n) => {
        if (nextPage <= 0 || !nextCursor) {
          n.delete(LIST_PARAMS.cursor);
          n.delete(LIST_PARAMS.page);
          return;
        }
        n.set(LIST_PARAMS.cursor, nextCursor);
        n.set(LIST_PARAMS.page, String(nextPage));
      }),
    filters,
    addFilters: (fs: readonly TraceListFilter[]) =>
      update((n) => {
        for (const f of fs) n.set(filterParam(f), f.value);
      }),
    removeFilter: (f: TraceListFilter) => update((n) => n.delete(filterParam(f))),
    clearFilters: () =>
      update((n) => {
        for (const k of [...n.keys()]) if (FILTER_PARAM.test(k)) n.delete(k);
      }),
    apiQuery,
  };
}

/** The old link form of the slide-out, /traces?journey={traceId}: redirected to /trace/{traceId}. */
export const LEGACY_JOURNEY_PARAM = 'journey';

/**
 * location.state of /trace/{traceId} shown as the list's slide-out (spec 002 §2.13): 'list' when a
 * row was clicked (the list is the entry behind it), 'link' after the old link's redirect. Without
 * it (a new tab, a shared link) /trace/{traceId} is the full page.
 */
export interface JourneySlideOutState {
  journeySlideOut: 'list' | 'link';
}

export function isJourneySlideOut(state: unknown): state is JourneySlideOutState {
  const value = (state as Partial<JourneySlideOutState> | null)?.journeySlideOut;
  return value === 'list' || value === 'link';
}

/** /trace/{traceId} carrying the list's own parameters, so that the list stays as it was behind. */
export function journeySlideOutTo(groupId: string, traceId: string, listSearch: string): To {
  const params = new URLSearchParams(listSearch);
  params.delete(LEGACY_JOURNEY_PARAM);
  const search = params.toString();
  return { pathname: paths.trace.getHref(groupId, traceId), search: search ? `?${search}` : '' };
}

/** Where an old /traces?journey={traceId} link goes: the slide-out at /trace/{traceId}; else null. */
export function legacyJourneyRedirect(groupId: string, listSearch: string): To | null {
  const traceId = new URLSearchParams(listSearch).get(LEGACY_JOURNEY_PARAM);
  return traceId ? journeySlideOutTo(groupId, traceId, listSearch) : null;
}

/**
 * The journey open in the list's slide-out (the route's traceId) with open and close: opening
 * adds a history entry, so that closing (or Back) returns to the list as it was.
 */
export function useJourneySlideOut() {
  const { groupId = '', traceId } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const openedFromList =
    isJourneySlideOut(location.state) && location.state.journeySlideOut === 'list';
  const open = useCallback(
    (id: string) =>
      void navigate(journeySlideOutTo(groupId, id, location.search), {
        state: { journeySlideOut: 'list' } satisfies JourneySlideOutState,
      }),
    [navigate, groupId, location.search],
  );
  const close = useCallback(() => {
    if (openedFromList) void navigate(-1);
    else
      void navigate(
        { pathname: paths.traces.getHref(groupId), search: location.search },
        { replace: true },
      );
  }, [navigate, openedFromList, groupId, location.search]);
  return { traceId, open, close };
}

/** The page[cursor] a links.next / links.prev URL carries, or null. */
export function cursorOfLink(link: string | null | undefined): string | null {
  if (!link) return null;
  const query = link.split('?')[1] ?? '';
  return new URLSearchParams(query).get('page[cursor]');
}
