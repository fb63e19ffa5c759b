import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { Providers } from '../../../../app/providers.tsx';
import { CrumbLabelsProvider } from '../../../../components/breadcrumbs/index.ts';
import { createQueryClient } from '../../../../lib/query-client.ts';
import { setSession } from '../../../../lib/session.ts';
import { makeToken } from '../../../../test/factories.ts';

/** One page under /:groupId at `path` (its route pattern `route`), signed in as an admin. */
export function renderSynthetic(route: string, element: ReactNode, path: string) {
  setSession(makeToken({ claims: { permissions: ['user:admin'] } }));
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      {
        path: '/:groupId',
        element: (
          <CrumbLabelsProvider>
            <Outlet />
          </CrumbLabelsProvider>
        ),
        children: [{ path: route, element }],
      },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, queryClient, ...view };
}
