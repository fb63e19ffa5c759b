import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ACCOUNT_TEXTS, DEMO_ACCOUNTS, type Group } from '@callsight/shared';
import '../test/setup.ts';
import { GROUP_ID, jsonResponse, makeProfile, makeToken } from '../test/factories.ts';
import { mockApi, renderApp } from '../test/render-app.tsx';
import { clearSession, getSession, setSession } from '../lib/session.ts';

const group: Group = {
  id: GROUP_ID,
  name: 'Acme Support',
  customerID: 'c1',
  customerName: 'Acme Contact Centres',
  region: 'ap-southeast-2',
  status: 'active',
  ccaasProvider: 'AWS',
  heartbeatEnabled: true,
};
const demoAccounts = { accounts: DEMO_ACCOUNTS.map(({ email, role }) => ({ email, role })) };

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('demo accounts', () => {
  it('the sign-in page names them while the server has them', async () => {
    mockApi({ 'GET /api/users/demo-accounts': () => jsonResponse(200, demoAccounts) });
    renderApp('/login');
    const note = await screen.findByTestId('demo-accounts-note');
    expect(note.textContent).toContain(ACCOUNT_TEXTS.demoNote);
    expect(note.textContent).toContain('admin@demo.callsight.local (Group Admin)');
    expect(note.textContent).toContain('Callsight-demo-1');
  });

  it('the sign-in page says nothing once they are removed', async () => {
    const api = mockApi({
      'GET /api/users/demo-accounts': () => jsonResponse(200, { accounts: [] }),
    });
    renderApp('/login');
    await waitFor(() => expect(api.calls.map((c) => c.url)).toContain('/api/users/demo-accounts'));
    expect(screen.queryByTestId('demo-accounts-note')).toBeNull();
  });

  it('the super user sees a banner that removes them after a confirmation', async () => {
    setSession(makeToken({ claims: { permissions: ['user:super'] } }));
    let removed = false;
    const api = mockApi({
      'GET /api/users/profile': () => jsonResponse(200, makeProfile({ isSuper: true })),
      [`GET /api/groups/${GROUP_ID}`]: () => jsonResponse(200, group),
      'GET /api/users/demo-accounts': () =>
        jsonResponse(200, removed ? { accounts: [] } : demoAccounts),
      'DELETE /api/users/demo-accounts': () => {
        removed = true;
        return jsonResponse(200, { removed: DEMO_ACCOUNTS.map((a) => a.email) });
      },
    });
    renderApp(`/${GROUP_ID}/profile`);
    const banner = await screen.findByTestId('demo-accounts-banner');
    fireEvent.click(screen.getByRole('button', { name: ACCOUNT_TEXTS.removeDemoButton }));
    const dialog = await screen.findByRole('dialog', { name: ACCOUNT_TEXTS.removeDemoTitle });
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(banner.isConnected).toBe(false));
    expect(dialog).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('a group admin sees no banner', async () => {
    setSession(makeToken());
    const api = mockApi({
      'GET /api/users/profile': () => jsonResponse(200, makeProfile()),
      [`GET /api/groups/${GROUP_ID}`]: () => jsonResponse(200, group),
      'GET /api/users/demo-accounts': () => jsonResponse(200, demoAccounts),
    });
    renderApp(`/${GROUP_ID}/profile`);
    expect(await screen.findByTestId('profile-card')).toBeTruthy();
    expect(screen.queryByTestId('demo-accounts-banner')).toBeNull();
    expect(api.calls.some((c) => c.url.includes('demo-accounts'))).toBe(false);
  });
});

describe('password change', () => {
  it('from the profile page: names the field the server refuses, then confirms the change', async () => {
    setSession(makeToken());
    let attempts = 0;
    const api = mockApi({
      'GET /api/users/profile': () => jsonResponse(200, makeProfile()),
      [`GET /api/groups/${GROUP_ID}`]: () => jsonResponse(200, group),
      'PUT /api/users/password': () =>
        ++attempts === 1
          ? jsonResponse(400, {
              error: {
                code: 'VALIDATION_FAILED',
                message: ACCOUNT_TEXTS.wrongCurrentPassword,
                fields: { currentPassword: ACCOUNT_TEXTS.wrongCurrentPassword },
              },
            })
          : jsonResponse(200, { ok: true, otherSessionsEnded: 2 }),
    });
    renderApp(`/${GROUP_ID}/profile`);
    await screen.findByTestId('change-password-form');
    fill('New password', 'New-pass-123');
    fill('Confirm new password', 'New-pass-124');
    fireEvent.click(screen.getByRole('button', { name: ACCOUNT_TEXTS.changePasswordTitle }));
    expect(await screen.findByText("Password confirmation doesn't match password.")).toBeTruthy();
    expect(screen.getByText('Required (Current password)')).toBeTruthy();

    fill('Current password', 'Wrong-pass-1');
    fill('Confirm new password', 'New-pass-123');
    fireEvent.click(screen.getByRole('button', { name: ACCOUNT_TEXTS.changePasswordTitle }));
    expect(await screen.findByText(ACCOUNT_TEXTS.wrongCurrentPassword)).toBeTruthy();

    fill('Current password', 'Right-pass-1');
    fireEvent.click(screen.getByRole('button', { name: ACCOUNT_TEXTS.changePasswordTitle }));
    expect((await screen.findByTestId('snackbar')).textContent).toContain(
      ACCOUNT_TEXTS.passwordChanged,
    );
    expect(api.calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
      currentPassword: 'Right-pass-1',
      newPassword: 'New-pass-123',
    });
  });

  it('when required, comes before anything else; the app follows once it is changed', async () => {
    setSession(makeToken({ mustChangePassword: true, claims: { permissions: ['user:super'] } }));
    const api = mockApi({
      'GET /api/users/profile': () => jsonResponse(200, makeProfile({ isSuper: true })),
      [`GET /api/groups/${GROUP_ID}`]: () => jsonResponse(200, group),
      'GET /api/users/demo-accounts': () => jsonResponse(200, { accounts: [] }),
      'PUT /api/users/password': () => jsonResponse(200, { ok: true, otherSessionsEnded: 0 }),
      'POST /api/auth/refresh': () =>
        jsonResponse(200, makeToken({ claims: { permissions: ['user:super'] } })),
    });
    renderApp(`/${GROUP_ID}/profile`);
    expect(await screen.findByTestId('forced-password-change')).toBeTruthy();
    expect(screen.queryByTestId('sidebar')).toBeNull();
    expect(api.calls.some((c) => c.url.startsWith('/api/groups'))).toBe(false);

    fill('Current password', 'Generated-1');
    fill('New password', 'Chosen-pass-1');
    fill('Confirm new password', 'Chosen-pass-1');
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByTestId('profile-card')).toBeTruthy();
    expect(getSession()?.mustChangePassword).toBe(false);
  });
});
