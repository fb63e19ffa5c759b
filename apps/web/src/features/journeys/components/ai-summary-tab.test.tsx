import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import '../../../test/setup.ts';
import { jsonResponse, makeToken } from '../../../test/factories.ts';
import { clearSession, setSession } from '../../../lib/session.ts';
import { mockApi } from '../../../test/render-app.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { AiSummaryTab } from './ai-summary-tab.tsx';

const TRACE = 'abc123';
const URL = `/api/traces/${TRACE}/ai-summary`;
const summary = (response: string) => ({
  traceId: TRACE,
  response,
  threadId: '6f1c1c1e-2d6e-4c55-9a0e-8a1f4b8f2c11',
  engine: 'builtin',
  generatedAt: '2026-03-11T15:30:00.000Z',
});

function renderTab(isRootJourneySpan: boolean) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/g-1']}>
        <Routes>
          <Route
            path="/:groupId"
            element={
              <AiSummaryTab traceId={TRACE} spanId="s1" isRootJourneySpan={isRootJourneySpan} />
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** None stored yet: the server answers 200 with null (no 404 for the browser to log). */
const none = () => jsonResponse(200, null);
const signedInAs = (permission: 'user:viewer' | 'user:admin' | 'user:super') =>
  setSession(makeToken({ claims: { permissions: [permission] } }));

afterEach(() => clearSession());

describe('AiSummaryTab', () => {
  it('generates the summary once by itself on the root cx.journey span', async () => {
    const api = mockApi({
      [`GET ${URL}`]: none,
      [`POST ${URL}`]: () => jsonResponse(200, summary('A calm journey.')),
    });
    renderTab(true);
    expect((await screen.findByTestId('ai-summary-text')).textContent).toBe('A calm journey.');
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ spanId: 's1' });
  });

  it('waits for a click on other spans, and offers Retry after an error', async () => {
    let fail = true;
    const api = mockApi({
      [`GET ${URL}`]: none,
      [`POST ${URL}`]: () =>
        fail
          ? jsonResponse(500, { error: { code: 'INTERNAL', message: 'boom' } })
          : jsonResponse(200, summary('Second try.')),
    });
    renderTab(false);
    expect((await screen.findByTestId('ai-summary-empty')).textContent).toBe(
      'No summary available',
    );
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Generate summary' }));
    expect((await screen.findByTestId('ai-summary-error')).textContent).toContain(
      'Error generating AI summary: HTTP error! status: 500',
    );
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(screen.getByTestId('ai-summary-text').textContent).toBe('Second try.'),
    );
  });

  it('shows Regenerate to admins and super users only', async () => {
    for (const permission of ['user:admin', 'user:super'] as const) {
      signedInAs(permission);
      const api = mockApi({ [`GET ${URL}`]: () => jsonResponse(200, summary('Stored.')) });
      renderTab(true);
      await screen.findByTestId('ai-summary-text');
      fireEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
      await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
      expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
        regenerate: true,
        threadId: summary('').threadId,
      });
      cleanup();
    }
  });

  it('hides Regenerate from a viewer, who still gets the first summary', async () => {
    signedInAs('user:viewer');
    const api = mockApi({
      [`GET ${URL}`]: none,
      [`POST ${URL}`]: () => jsonResponse(200, summary('First one.')),
    });
    renderTab(true);
    expect((await screen.findByTestId('ai-summary-text')).textContent).toBe('First one.');
    expect(screen.queryByRole('button', { name: 'Regenerate' })).toBeNull();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});
