import { describe, expect, it, vi, afterEach } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import '../test/setup.ts';
import { NOT_FOUND_REDIRECT_MS, NOT_FOUND_TEXTS, NotFoundNotice } from './not-found.tsx';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/:groupId/dashboard', element: <Where /> },
      { path: '*', element: <NotFoundNotice groupId="g1" /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('not-found handler', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the exact texts of spec 000 §2.3', () => {
    renderAt('/g1/no/such/page');
    const dialog = screen.getByRole('dialog', { name: "Page couldn't be found." });
    expect(dialog.textContent).toContain(
      "The requested page couldn't be found. You will be redirected to the dashboard.",
    );
    expect(NOT_FOUND_TEXTS.title).toBe("Page couldn't be found.");
  });

  it('sends the user to /{groupId}/dashboard on OK', () => {
    const router = renderAt('/g1/no/such/page');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(router.state.location.pathname).toBe('/g1/dashboard');
    expect(screen.getByTestId('where').textContent).toBe('/g1/dashboard');
  });

  it('redirects by itself after the notice has been read', () => {
    vi.useFakeTimers();
    const router = renderAt('/g1/no/such/page');
    act(() => vi.advanceTimersByTime(NOT_FOUND_REDIRECT_MS - 1));
    expect(router.state.location.pathname).toBe('/g1/no/such/page');
    act(() => vi.advanceTimersByTime(1));
    expect(router.state.location.pathname).toBe('/g1/dashboard');
  });
});
