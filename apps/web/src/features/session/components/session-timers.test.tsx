import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import '../../../test/setup.ts';
import { jsonResponse, makeToken } from '../../../test/factories.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { clearSession, getSession, registerRefresher, setSession } from '../../../lib/session.ts';
import { SessionTimers } from './session-timers.tsx';

const LIFETIME_S = 60;

function renderTimers() {
  const token = makeToken({
    lifetimeSeconds: LIFETIME_S,
    expiresAt: Date.now() + LIFETIME_S * 1000,
  });
  setSession(token);
  const router = createMemoryRouter(
    [
      { path: '/g1/home', element: <SessionTimers session={token} /> },
      { path: '/login', element: <p>login</p> },
    ],
    { initialEntries: ['/g1/home'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('session timers', () => {
  const fetchMock = vi.fn(() => Promise.resolve(jsonResponse(200, { ok: true })));
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockClear();
  });
  afterEach(() => {
    clearSession();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('renews the token at half of a short lifetime', async () => {
    const refresher = vi.fn(() =>
      Promise.resolve(makeToken({ accessToken: 'renewed', lifetimeSeconds: LIFETIME_S })),
    );
    registerRefresher(refresher);
    renderTimers();
    await act(() => vi.advanceTimersByTimeAsync(29_999));
    expect(refresher).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(refresher).toHaveBeenCalledTimes(1);
    expect(getSession()?.accessToken).toBe('renewed');
  });

  it('sends the user to login with the page saved when renewal fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    registerRefresher(() => Promise.reject(new Error('refresh refused')));
    const router = renderTimers();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(router.state.location.pathname).toBe('/login');
    expect(getSession()).toBeNull();
    expect(sessionStorage.getItem('callsight.loginNotice')).toBe(
      'Your session has expired. Please sign in again.',
    );
  });

  it('logs out after lifetime × 1000 ms without activity, counting from the last activity', async () => {
    registerRefresher(() => Promise.resolve(makeToken({ lifetimeSeconds: LIFETIME_S })));
    const router = renderTimers();
    await act(() => vi.advanceTimersByTimeAsync(50_000));
    fireEvent.mouseMove(window);
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(router.state.location.pathname).toBe('/g1/home');
    fireEvent.keyDown(window, { key: 'a' });
    await act(() => vi.advanceTimersByTimeAsync(59_999));
    expect(router.state.location.pathname).toBe('/g1/home');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(router.state.location.pathname).toBe('/login');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/logout',
      expect.objectContaining({ method: 'POST' }),
    );
    expect(localStorage.getItem('isLoggedIn')).toBeNull();
  });
});
