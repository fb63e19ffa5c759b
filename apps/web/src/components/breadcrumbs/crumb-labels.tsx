import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';

/**
 * Labels of dynamic breadcrumb items (a campaign name, a user name), which the page resolves
 * once its data arrives; until then the breadcrumb bar shows "..." (spec 000 §2.4).
 */
interface CrumbLabels {
  labels: ReadonlyMap<string, string>;
  set: (key: string, label: string | null) => void;
}

const CrumbLabelsContext = createContext<CrumbLabels | null>(null);

export const UNRESOLVED_CRUMB = '...';

export function CrumbLabelsProvider({ children }: { children: ReactNode }) {
  const [labels, setLabels] = useState<ReadonlyMap<string, string>>(new Map());
  const set = useCallback((key: string, label: string | null) => {
    setLabels((prev) => {
      if ((prev.get(key) ?? null) === label) return prev;
      const next = new Map(prev);
      if (label === null) next.delete(key);
      else next.set(key, label);
      return next;
    });
  }, []);
  const value = useMemo(() => ({ labels, set }), [labels, set]);
  return <CrumbLabelsContext.Provider value={value}>{children}</CrumbLabelsContext.Provider>;
}

/** The resolved labels (for the breadcrumb bar). */
export function useCrumbLabels(): ReadonlyMap<string, string> {
  return useContext(CrumbLabelsContext)?.labels ?? new Map();
}

/** Resolves the dynamic breadcrumb item `key` to `label` while the calling page is mounted. */
export function useCrumbLabel(key: string, label: string | null | undefined): void {
  const set = useContext(CrumbLabelsContext)?.set;
  useEffect(() => {
    if (!set) return;
    set(key, label ?? null);
    return () => set(key, null);
  }, [set, key, label]);
}
