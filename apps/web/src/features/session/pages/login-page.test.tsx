import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import '../../../test/setup.ts';
import { GROUP_ID, jsonResponse, makeProfile, makeToken } from '../../../test/factories.ts';
import { mockApi, renderApp } from '../../../test/render-app.tsx';
import { clearSession, getSession } from '../../../lib/session.ts';

function fillAndSubmit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('login page', () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('validates the form with the shared schema', async () => {
    const api = mockApi({});
    renderApp('/login');
    fillAndSubmit('not-an-email', '');
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    expect(screen.getByText('Required (Password)')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('shows the "Login Unsuccessful" dialog on 401', async () => {
    mockApi({
      'POST /api/auth/login': () =>
        jsonResponse(401, {
          error: {
            code: 'INVALID_CREDENTIALS',
            message: "Oops...looks like that Login doesn't exist.",
          },
        }),
    });
    renderApp('/login');
    fillAndSubmit('ada@example.com', 'wrong');
    const dialog = await screen.findByRole('dialog', { name: 'Login Unsuccessful' });
    expect(dialog.textContent).toContain("Oops...looks like that Login doesn't exist.");
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(getSession()).toBeNull();
  });

  it('shows the server message on 429', async () => {
    mockApi({
      'POST /api/auth/login': () =>
        jsonResponse(429, {
          error: {
            code: 'RATE_LIMITED',
            message: 'Too many failed sign-in attempts. Please wait a few minutes and try again.',
          },
        }),
    });
    renderApp('/login');
    fillAndSubmit('ada@example.com', 'pw');
    expect((await screen.findByTestId('login-error')).textContent).toBe(
      'Too many failed sign-in attempts. Please wait a few minutes and try again.',
    );
  });

  it('signs in, lower-cases the e-mail and goes to the saved redirect URL once', async () => {
    localStorage.setItem('state', JSON.stringify({ redirectUrl: `/${GROUP_ID}/history/lists` }));
    const api = mockApi({
      'POST /api/auth/login': () =>
        jsonResponse(200, makeToken({ claims: { permissions: ['user:viewer'] } })),
      'GET /api/users/profile': () => jsonResponse(200, makeProfile()),
      [`GET /api/groups/${GROUP_ID}`]: () =>
        jsonResponse(200, {
          id: GROUP_ID,
          name: 'Acme Support',
          customerID: 'c1',
          customerName: 'Acme',
          region: 'ap-southeast-2',
          status: 'active',
          ccaasProvider: 'AWS',
          heartbeatEnabled: false,
        }),
    });
    const { router } = renderApp('/login');
    fillAndSubmit('Ada@Example.com', 'secret');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${GROUP_ID}/history/lists`));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      email: 'ada@example.com',
      password: 'secret',
    });
    expect(JSON.parse(localStorage.getItem('state') ?? 'null')).toEqual({});
    expect(localStorage.getItem('isLoggedIn')).toBe('true');
    // currentRoleId is the team chosen on Dashboards, not the session's permission.
    expect(localStorage.getItem('currentRoleId')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'History' })).toBeTruthy();
  });

  it('sends a group user to playbooks even with a saved redirect URL', async () => {
    localStorage.setItem('state', JSON.stringify({ redirectUrl: `/${GROUP_ID}/history/lists` }));
    mockApi({
      'POST /api/auth/login': () =>
        jsonResponse(200, makeToken({ claims: { permissions: ['user:user'] } })),
      'GET /api/users/profile': () => new Promise<Response>(() => undefined),
    });
    const { router } = renderApp('/login');
    fillAndSubmit('umar@example.com', 'secret');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${GROUP_ID}/playbooks`));
  });
});
