import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

const TAB_PARAM = 'tab';

/** The selected tab in the URL's `tab` parameter (shareable by link); the first by default. */
export function useTabParam<K extends string>(keys: readonly [K, ...K[]]): [K, (tab: K) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(TAB_PARAM);
  const tab = keys.find((k) => k === raw) ?? keys[0];
  const first = keys[0];
  const select = useCallback(
    (next: K) =>
      setParams(
        (prev) => {
          const updated = new URLSearchParams(prev);
          if (next === first) updated.delete(TAB_PARAM);
          else updated.set(TAB_PARAM, next);
          return updated;
        },
        { replace: true },
      ),
    [setParams, first],
  );
  return [tab, select];
}
