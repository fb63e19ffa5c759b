import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { decodeFilter, encodeFilter, type FilterValue } from '@callsight/shared';

/** The query parameter that carries a screen's filter (spec 000 §2.2). */
export const FILTER_PARAM = 'filter';

type FilterShape = Record<string, FilterValue>;
type Widen<T extends FilterShape> = {
  [K in keyof T]: T[K] extends number ? number : T[K] extends boolean ? boolean : string;
};

/**
 * Reads a filter from decoded URL text, typed like the defaults: numbers and booleans are
 * parsed, unknown keys dropped, and a value that does not parse falls back to its default.
 */
export function readFilter<T extends FilterShape>(
  defaults: T,
  text: string | null | undefined,
): Widen<T> {
  const decoded = decodeFilter(text);
  const out: Record<string, FilterValue> = { ...defaults };
  for (const [key, fallback] of Object.entries(defaults)) {
    const raw = decoded[key];
    if (raw === undefined) continue;
    if (typeof fallback === 'number') {
      const value = Number(raw);
      if (raw.trim() !== '' && Number.isFinite(value)) out[key] = value;
    } else if (typeof fallback === 'boolean') {
      if (raw === 'true' || raw === 'false') out[key] = raw === 'true';
    } else {
      out[key] = raw;
    }
  }
  return out as Widen<T>;
}

/**
 * A screen filter kept in the URL's "filter" parameter, so a view can be shared by link.
 * Returns the filter (defaults filled in) and a setter that merges a patch into the URL.
 */
export function useUrlFilter<T extends FilterShape>(
  defaults: T,
): [Widen<T>, (patch: Partial<Widen<T>>, options?: { replace?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const text = params.get(FILTER_PARAM);
  // Defaults are usually a module constant; their JSON keeps the memo stable for literals too.
  const defaultsKey = JSON.stringify(defaults);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const filter = useMemo(() => readFilter(defaults, text), [defaultsKey, text]);

  const setFilter = useCallback(
    (patch: Partial<Widen<T>>, options?: { replace?: boolean }) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set(
            FILTER_PARAM,
            encodeFilter({ ...readFilter(defaults, prev.get(FILTER_PARAM)), ...patch }),
          );
          return next;
        },
        { replace: options?.replace ?? false },
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [defaultsKey, setParams],
  );

  return [filter, setFilter];
}
