import type { RouteOptions } from 'fastify';

/** Set on the hooks that authenticate a caller (a user's token or a group's API key). */
const AUTHENTICATES = Symbol('authenticates');

/** Marks `hook` as one that authenticates; the route guard accepts a route that runs it first. */
export function authenticating<T extends object>(hook: T): T {
  Object.defineProperty(hook, AUTHENTICATES, { value: true });
  return hook;
}

function isAuthenticating(hook: unknown): boolean {
  return typeof hook === 'function' && AUTHENTICATES in hook;
}

/**
 * Refuses, at start, an API route that neither authenticates in `onRequest` (before its body is
 * parsed or validated, so an anonymous caller learns nothing of its rules) nor is listed public.
 */
export function guardRoute(route: RouteOptions, publicRoutes: ReadonlySet<string>): void {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const url = route.url;
  if (!url.startsWith('/api/') && !url.startsWith('/v1/')) return;
  if (url.startsWith('/api/docs')) return;
  const hooks = route.onRequest === undefined ? [] : [route.onRequest].flat();
  if (hooks.some(isAuthenticating)) return;
  for (const method of methods) {
    if (method === 'HEAD' || method === 'OPTIONS') continue;
    if (!publicRoutes.has(`${method} ${url}`)) {
      throw new Error(
        `${method} ${url} neither authenticates in onRequest nor is listed in PUBLIC_ROUTES`,
      );
    }
  }
}
