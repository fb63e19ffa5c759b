import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  decodeTimeRangeParams,
  DEFAULT_RANGES,
  encodeTimeRangeParams,
  TIME_RANGE_PARAM_KEYS,
  type TimeRange,
} from '@callsight/shared/time-range/index';

/**
 * A time range kept in the URL's `from` and `to` search parameters, so a view can be shared by
 * link. Missing or malformed parameters give `defaultRange`; other parameters are kept.
 */
export function useTimeRangeParam(
  defaultRange: TimeRange = DEFAULT_RANGES.picker,
): [TimeRange, (range: TimeRange, options?: { replace?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const from = params.get(TIME_RANGE_PARAM_KEYS.from);
  const to = params.get(TIME_RANGE_PARAM_KEYS.to);
  const { kind, from: defaultFrom, to: defaultTo } = defaultRange;

  // Keyed on the strings so that the range keeps its identity while the URL does not change.
  const range = useMemo<TimeRange>(
    () => decodeTimeRangeParams({ from, to }) ?? { kind, from: defaultFrom, to: defaultTo },
    [from, to, kind, defaultFrom, defaultTo],
  );

  const setRange = useCallback(
    (next: TimeRange, options?: { replace?: boolean }) => {
      setParams(
        (prev) => {
          const updated = new URLSearchParams(prev);
          const encoded = encodeTimeRangeParams(next);
          updated.set(TIME_RANGE_PARAM_KEYS.from, encoded.from);
          updated.set(TIME_RANGE_PARAM_KEYS.to, encoded.to);
          return updated;
        },
        { replace: options?.replace ?? false },
      );
    },
    [setParams],
  );

  return [range, setRange];
}
