import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import '../../../test/setup.ts';
import { jsonResponse } from '../../../test/factories.ts';
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

const notFound = () =>
  jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'No summary available' } });

describe('AiSummaryTab', () => {
  it('generates the summary once by itself on the root cx.journey span', async () => {
    const api = mockApi({
      [`GET ${URL}`]: notFound,
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
      [`GET ${URL}`]: notFound,
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
});
