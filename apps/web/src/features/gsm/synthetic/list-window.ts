import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { encodeTimeRangeParams, TIME_RANGE_PARAM_KEYS, type TimeRange } from '@callsight/shared';
import { useTimeRangeParam } from '../../../components/time-range-picker/index.ts';

const PAGE_PARAM = 'page';

/** A zero-based page from the URL; anything malformed is page 0. */
export function readPage(params: URLSearchParams): number {
  const page = Number(params.get(PAGE_PARAM));
  return Number.isInteger(page) && page > 0 ? page : 0;
}

/**
 * A list's time range and page in the URL (shareable by link). A new range starts again at the
 * first page.
 */
export function useListWindow(defaultRange: TimeRange) {
  const [range] = useTimeRangeParam(defaultRange);
  const [params, setParams] = useSearchParams();
  const page = readPage(params);

  const patch = useCallback(
    (changes: Record<string, string | null>) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(changes))
          if (value === null) next.delete(key);
          else next.set(key, value);
        return next;
      }),
    [setParams],
  );
  const setRange = (next: TimeRange) => {
    const { from, to } = encodeTimeRangeParams(next);
    patch({
      [TIME_RANGE_PARAM_KEYS.from]: from,
      [TIME_RANGE_PARAM_KEYS.to]: to,
      [PAGE_PARAM]: null,
    });
  };
  const setPage = (next: number) => patch({ [PAGE_PARAM]: next > 0 ? String(next) : null });
  return { range, setRange, page, setPage };
}
