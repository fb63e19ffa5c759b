import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { Providers } from '../app/providers.tsx';
import { routes } from '../app/routes.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { jsonResponse } from './factories.ts';

type Handler = (init: RequestInit | undefined, url: string) => Response | Promise<Response>;

/** Answers fetch calls by "METHOD /path"; anything else is a 404 in the API's error shape. */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? 'GET';
    const path = url.split('?')[0] ?? url;
    calls.push({
      method,
      url,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const handler = handlers[`${method} ${path}`];
    if (!handler)
      return jsonResponse(404, {
        error: { code: 'NOT_FOUND', message: `No mock for ${method} ${path}` },
      });
    return handler(init, url);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** Renders the whole app (route table and providers) at a path. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const view = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, queryClient, ...view };
}
