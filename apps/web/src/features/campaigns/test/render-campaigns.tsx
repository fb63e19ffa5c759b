import { render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { Providers } from '../../../app/providers.tsx';
import { CrumbLabelsProvider, useCrumbLabels } from '../../../components/breadcrumbs/index.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { paths } from '../../../lib/paths.ts';
import { setSession } from '../../../lib/session.ts';
import { makeToken } from '../../../test/factories.ts';
import { CampaignHistoryPage } from '../pages/campaign-history-page.tsx';
import { CampaignRunPage } from '../pages/campaign-run-page.tsx';
import { CampaignsPage } from '../pages/campaigns-page.tsx';

/** The breadcrumb labels the page resolved, as text. */
function Crumbs() {
  const labels = useCrumbLabels();
  return (
    <output aria-label="Crumbs">
      {[...labels].map(([key, label]) => `${key}=${label}`).join(';')}
    </output>
  );
}

/** The campaign routes under /:groupId, as the route table nests them, at `path`. */
export function renderCampaigns(
  path: string,
  permission: 'user:admin' | 'user:viewer' = 'user:admin',
) {
  setSession(makeToken({ claims: { permissions: [permission] } }));
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      {
        path: '/:groupId',
        element: (
          <CrumbLabelsProvider>
            <Crumbs />
            <Outlet />
          </CrumbLabelsProvider>
        ),
        children: [
          { path: paths.campaigns.path, element: <CampaignsPage /> },
          { path: paths.campaignStart.path, element: <CampaignsPage /> },
          { path: paths.campaignHistory.path, element: <CampaignHistoryPage /> },
          { path: paths.campaignRun.path, element: <CampaignRunPage /> },
        ],
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
