import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Group, Permission } from '@callsight/shared';
import '../test/setup.ts';
import {
  GROUP_ID,
  OTHER_GROUP_ID,
  jsonResponse,
  makeProfile,
  makeToken,
} from '../test/factories.ts';
import { mockApi, renderApp } from '../test/render-app.tsx';
import { clearSession, setSession } from '../lib/session.ts';
import { reloadPage } from '../lib/navigation.ts';

vi.mock('../lib/navigation.ts', () => ({ loadUrl: vi.fn(), reloadPage: vi.fn() }));

const UNKNOWN_GROUP_ID = '33333333-3333-4333-8333-333333333333';

const group = (overrides: Partial<Group> = {}): Group => ({
  id: GROUP_ID,
  name: 'Acme Support',
  customerID: 'c1',
  customerName: 'Acme Contact Centres',
  region: 'ap-southeast-2',
  status: 'active',
  ccaasProvider: 'AWS',
  heartbeatEnabled: true,
  ...overrides,
});

function signIn(permission: Permission) {
  setSession(makeToken({ claims: { permissions: [permission] } }));
}

function standardApi(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/users/profile': () => jsonResponse(200, makeProfile()),
    [`GET /api/groups/${GROUP_ID}`]: () => jsonResponse(200, group()),
    'POST /api/auth/logout': () => jsonResponse(200, { ok: true }),
    ...extra,
  });
}

describe('app routes', () => {
  beforeEach(() => {
    vi.mocked(reloadPage).mockReset();
  });
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('renders a page of the current group inside the shell', async () => {
    signIn('user:admin');
    standardApi();
    renderApp(`/${GROUP_ID}/admin/users`);
    expect(await screen.findByRole('heading', { name: 'Teammates' })).toBeTruthy();
    expect(screen.getByTestId('breadcrumb-group').textContent).toBe('Acme Support');
    expect(screen.getByTestId('breadcrumbs').textContent).toBe('Acme SupportTeammates');
  });

  it('offers to switch when the URL names another group of the user; Cancel goes to the current dashboard', async () => {
    signIn('user:admin');
    standardApi();
    const { router } = renderApp(`/${OTHER_GROUP_ID}/history/lists`);
    const dialog = await screen.findByRole('dialog', { name: 'Switch Group' });
    expect(dialog.textContent).toContain(
      "You are about to access a page on Group 'Acme Sales'. Do you want to continue?",
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${GROUP_ID}/dashboard`));
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('switches group and reloads at the same URL on OK', async () => {
    signIn('user:admin');
    const api = standardApi({
      'PUT /api/users/switchGroup': () =>
        jsonResponse(
          200,
          makeToken({ claims: { groupId: OTHER_GROUP_ID, permissions: ['user:viewer'] } }),
        ),
    });
    const { router } = renderApp(`/${OTHER_GROUP_ID}/history/lists`);
    await screen.findByRole('dialog', { name: 'Switch Group' });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      currentGroupId: OTHER_GROUP_ID,
    });
    expect(router.state.location.pathname).toBe(`/${OTHER_GROUP_ID}/history/lists`);
    expect(localStorage.getItem('currentRoleId')).toBeNull();
  });

  it('treats a group the user does not belong to as a page not found', async () => {
    signIn('user:admin');
    standardApi();
    const { router } = renderApp(`/${UNKNOWN_GROUP_ID}/history/lists`);
    const dialog = await screen.findByRole('dialog', { name: "Page couldn't be found." });
    expect(dialog.textContent).toContain(
      "The requested page couldn't be found. You will be redirected to the dashboard.",
    );
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${GROUP_ID}/dashboard`));
  });

  it('shows the not-found notice for an unknown page of the current group', async () => {
    signIn('user:admin');
    standardApi();
    renderApp(`/${GROUP_ID}/no/such/page`);
    expect(await screen.findByRole('dialog', { name: "Page couldn't be found." })).toBeTruthy();
  });

  it('sends a viewer away from an admin page with a warning', async () => {
    signIn('user:viewer');
    standardApi();
    const { router } = renderApp(`/${GROUP_ID}/admin/users`);
    // Says why: the roles the page is for, and the caller's own.
    expect(
      await screen.findByText(
        'You do not have access to that page. It is for Group Admins; your role in Acme Support is Group Viewer.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${GROUP_ID}/dashboard`));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
  });

  it('sends a group user to playbooks when a gate refuses', async () => {
    signIn('user:user');
    standardApi();
    const { router } = renderApp(`/${GROUP_ID}/explorer`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${GROUP_ID}/playbooks`));
    expect(await screen.findByRole('heading', { name: 'Dashboards' })).toBeTruthy();
  });

  it('hides heartbeat insights when the group has heartbeat off', async () => {
    signIn('user:viewer');
    standardApi({
      [`GET /api/groups/${GROUP_ID}`]: () => jsonResponse(200, group({ heartbeatEnabled: false })),
    });
    const { router } = renderApp(`/${GROUP_ID}/gsm/heartbeat/insights`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${GROUP_ID}/dashboard`));
    expect(screen.getByTestId('snackbar').textContent).toBe(
      'You do not have access to that page. Heartbeat is not turned on for Acme Support.',
    );
  });

  it('redirects / to the landing page and /canvas to the overview keeping the query string', async () => {
    signIn('user:admin');
    standardApi();
    const first = renderApp('/');
    await waitFor(() =>
      expect(first.router.state.location.pathname).toBe(`/${GROUP_ID}/dashboard`),
    );
    first.unmount();
    const second = renderApp(`/${GROUP_ID}/canvas?filter=range%3DLast%2B1%2Bhour`);
    await waitFor(() =>
      expect(second.router.state.location.pathname).toBe(`/${GROUP_ID}/canvas/default`),
    );
    expect(second.router.state.location.search).toBe('?filter=range%3DLast%2B1%2Bhour');
    expect(await screen.findByTestId('canvas-dashboard-id')).toBeTruthy();
    expect(screen.getByTestId('canvas-dashboard-id').textContent).toBe(`default_${GROUP_ID}`);
  });

  it('opens the dashboard a canvas name is mapped to in Dashboard Manager', async () => {
    signIn('user:admin');
    standardApi({
      'GET /api/groups/dashboard/calloverview': () =>
        jsonResponse(200, { id: 'mapped-1', name: 'Sales Dashboard', embeddedID: 'mapped-1' }),
    });
    renderApp(`/${GROUP_ID}/canvas/calloverview`);
    expect(await screen.findByTestId('canvas-dashboard-id')).toBeTruthy();
    expect(screen.getByTestId('canvas-dashboard-id').textContent).toBe('mapped-1');
  });

  it('shows an embedded dashboard frame for an unknown canvas key', async () => {
    signIn('user:admin');
    standardApi();
    renderApp(`/${GROUP_ID}/canvas/my-report`);
    expect(await screen.findByRole('heading', { name: 'Embedded Dashboard' })).toBeTruthy();
    expect(screen.getByTestId('canvas-dashboard-id').textContent).toBe('my-report');
  });

  it('shows "..." for a dynamic breadcrumb until the page resolves it', async () => {
    signIn('user:super');
    let answer: (response: Response) => void = () => undefined;
    standardApi({
      [`GET /api/groups/${OTHER_GROUP_ID}`]: () =>
        new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderApp(`/${GROUP_ID}/admin/group/${OTHER_GROUP_ID}`);
    await screen.findByRole('heading', { name: 'Edit Group' });
    expect(screen.getByTestId('breadcrumbs').textContent).toBe('Acme SupportGroups...');
    answer(jsonResponse(200, group({ id: OTHER_GROUP_ID, name: 'Acme Sales' })));
    await waitFor(() =>
      expect(screen.getByTestId('breadcrumbs').textContent).toBe('Acme SupportGroupsAcme Sales'),
    );
  });

  it('names a new group in the breadcrumb without waiting', async () => {
    signIn('user:super');
    standardApi();
    renderApp(`/${GROUP_ID}/admin/group/0`);
    await screen.findByRole('heading', { name: 'New Group' });
    expect(screen.getByTestId('breadcrumbs').textContent).toBe('Acme SupportGroupsNew Group');
  });

  it("a Group Admin's teammate form links no page they cannot open (issue 33)", async () => {
    signIn('user:admin');
    standardApi();
    renderApp(`/${GROUP_ID}/admin/group/${GROUP_ID}/member/0`);
    const crumbs = await screen.findByTestId('breadcrumbs');
    await waitFor(() => expect(crumbs.textContent).toBe('Acme SupportTeammatesAdd Teammate'));
    const links = [...crumbs.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual([`/${GROUP_ID}/admin/users`]);
  });

  it('a super user adding a teammate keeps the Groups trail', async () => {
    signIn('user:super');
    standardApi();
    renderApp(`/${GROUP_ID}/admin/group/${GROUP_ID}/member/0`);
    const crumbs = await screen.findByTestId('breadcrumbs');
    await waitFor(() =>
      expect(crumbs.textContent).toBe('Acme SupportGroupsAcme SupportAdd Teammate'),
    );
    const links = [...crumbs.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual([`/${GROUP_ID}/admin/groups`, `/${GROUP_ID}/admin/group/${GROUP_ID}`]);
  });

  it('logs out with a notice when the profile cannot be loaded', async () => {
    signIn('user:admin');
    const api = standardApi({
      'GET /api/users/profile': () =>
        jsonResponse(500, { error: { code: 'INTERNAL', message: 'boom' } }),
      'POST /api/auth/login': () => jsonResponse(200, makeToken()),
    });
    const { router } = renderApp(`/${GROUP_ID}/dashboard`);
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Login Unsuccessful' },
      { timeout: 5000 },
    );
    expect(dialog.textContent).toContain('There was an error logging in.');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.calls.some((c) => c.method === 'POST' && c.url === '/api/auth/logout')).toBe(true);
    expect(localStorage.getItem('isLoggedIn')).toBeNull();
    expect(await screen.findByTestId('login-notice')).toBeTruthy();
    expect(screen.getByTestId('login-notice').textContent).toBe('There was an error logging in.');
  });
});

describe('session start', () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('goes to /login and saves the requested URL when no session exists', async () => {
    mockApi({});
    const { router } = renderApp(`/${GROUP_ID}/admin/users?tab=2`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(JSON.parse(localStorage.getItem('state') ?? '{}')).toEqual({
      redirectUrl: `/${GROUP_ID}/admin/users?tab=2`,
    });
  });

  it('renews the session through the refresh cookie when isLoggedIn is "true"', async () => {
    localStorage.setItem('isLoggedIn', 'true');
    const api = standardApi({ 'POST /api/auth/refresh': () => jsonResponse(200, makeToken()) });
    renderApp(`/${GROUP_ID}/workflows`);
    expect(await screen.findByRole('heading', { name: 'Workflows' })).toBeTruthy();
    expect(api.calls.filter((c) => c.url === '/api/auth/refresh')).toHaveLength(1);
  });

  it('goes to /login when the renewal fails', async () => {
    localStorage.setItem('isLoggedIn', 'true');
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockApi({
      'POST /api/auth/refresh': () =>
        jsonResponse(401, { error: { code: 'UNAUTHENTICATED', message: 'no' } }),
    });
    const { router } = renderApp(`/${GROUP_ID}/workflows`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('isLoggedIn')).toBeNull();
  });

  it('skips the session start on public routes', async () => {
    const api = mockApi({});
    renderApp('/activated');
    expect(await screen.findByRole('heading', { name: 'Account Activated' })).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });
});
