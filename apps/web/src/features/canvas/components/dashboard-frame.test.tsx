import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import '../../../test/setup.ts';
import { GROUP_ID, activeTeamMock, jsonResponse, makeToken } from '../../../test/factories.ts';
import { mockApi } from '../../../test/render-app.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { clearSession, setSession } from '../../../lib/session.ts';
import { DashboardFrame, embedSrc } from './dashboard-frame.tsx';

const DASHBOARD = `${GROUP_ID}_Technology-CallOverview`;

function renderFrame(search?: string) {
  setSession(makeToken({ claims: { permissions: ['user:viewer'] } }));
  let issued = 0;
  mockApi({
    'GET /api/dataRoles/me': () => jsonResponse(200, []),
    'GET /api/dataRoles/active': activeTeamMock([]),
    [`POST /api/dataRoles/default/token/${DASHBOARD}`]: () =>
      jsonResponse(200, { token: `token-${++issued}`, expiresAt: Date.now() + 300_000 }),
  });
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <DashboardFrame
          groupId={GROUP_ID}
          dashboardId={DASHBOARD}
          callBase={`/${GROUP_ID}`}
          {...(search === undefined ? {} : { search })}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

async function frame() {
  const element = (await screen.findByTestId('dashboard-iframe')) as HTMLIFrameElement;
  const target = element.contentWindow;
  if (!target) throw new Error('the frame has no window');
  return { element, target, post: vi.spyOn(target, 'postMessage') };
}

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('DashboardFrame', () => {
  it('posts each renewed token into the frame, which keeps its first address', async () => {
    const client = renderFrame();
    const { element, target, post } = await frame();
    const first = element.getAttribute('src');
    expect(first).toBe(`/embed/dashboard/${DASHBOARD}#token=token-1`);

    // The token is renewed (every 4 minutes): the frame gets it, without reloading.
    await act(() => client.refetchQueries({ queryKey: ['dashboard-token'] }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith({ type: 'token', token: 'token-2' }, location.origin),
    );
    expect(element.getAttribute('src')).toBe(first);

    // An embed that starts listening late asks, and gets the latest token.
    post.mockClear();
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: 'embed-ready' },
          origin: location.origin,
          source: target,
        }),
      );
    });
    expect(post).toHaveBeenCalledWith({ type: 'token', token: 'token-2' }, location.origin);
    // Another origin's ask is ignored.
    post.mockClear();
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: 'embed-ready' },
          origin: 'https://elsewhere.example',
          source: target,
        }),
      );
    });
    expect(post).not.toHaveBeenCalled();
  });

  it('gives the embed the query string it was handed, before the token fragment', async () => {
    renderFrame('?filter=range%3DLast%2Bweek&x=1');
    const { element } = await frame();
    expect(element.getAttribute('src')).toBe(
      `/embed/dashboard/${DASHBOARD}?filter=range%3DLast%2Bweek&x=1#token=token-1`,
    );
    expect(embedSrc('a b', 't', 'x=1')).toBe('/embed/dashboard/a%20b?x=1#token=t');
  });
});
