import type { Params, UIMatch } from 'react-router';
import type { AccessContext, PageKey } from '@callsight/shared';

/** One breadcrumb item: a fixed label, or a key whose label the page resolves ("..." until then). */
export interface Crumb {
  label?: string;
  dynamicKey?: string;
  /** Link target relative to the group; the last item is never a link. */
  to?: string;
  /** The page `to` opens: a caller who may not open it sees the item as text, not a link. */
  page?: PageKey;
}

/** What a route of the table tells the shell. */
export interface RouteHandle {
  /** The path items after the group; `access` lets a route offer a trail the caller may follow. */
  crumbs?: (params: Params, access: AccessContext) => Crumb[];
  /** The help article of the page; pages without one show no help button. */
  help?: (params: Params) => string | null;
}

function handleOf(match: UIMatch): RouteHandle | undefined {
  const handle = match.handle;
  return typeof handle === 'object' && handle !== null ? (handle as RouteHandle) : undefined;
}

/** The deepest match that declares a value for `key`. */
export function deepestHandle<K extends keyof RouteHandle>(
  matches: readonly UIMatch[],
  key: K,
): { value: NonNullable<RouteHandle[K]>; params: Params } | null {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const match = matches[i];
    const value = match ? handleOf(match)?.[key] : undefined;
    if (match && value)
      return { value: value as NonNullable<RouteHandle[K]>, params: match.params };
  }
  return null;
}
