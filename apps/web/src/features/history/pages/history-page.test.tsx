import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import '../../../test/setup.ts';
import { Providers } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { clearSession, setSession } from '../../../lib/session.ts';
import { GROUP_ID, jsonResponse, makeToken } from '../../../test/factories.ts';
import { mockApi } from '../../../test/render-app.tsx';
import { HistoryPage } from './history-page.tsx';

const HISTORY = `/api/groups/${GROUP_ID}/watchers/actions/history`;

function renderHistory(path = `/${GROUP_ID}/history/lists`) {
  setSession(makeToken());
  const router = createMemoryRouter(
    [{ path: '/:groupId/history/lists', element: <HistoryPage /> }],
    {
      initialEntries: [path],
    },
  );
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

const query = (url: string) => new URL(url, 'http://localhost').searchParams;

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('HistoryPage', () => {
  it('opens Workflow Actions for the last 15 minutes, 10 per page, and says when loading fails', async () => {
    const api = mockApi({
      [`GET ${HISTORY}`]: () => jsonResponse(500, { error: { code: 'X', message: 'boom' } }),
    });
    renderHistory();
    expect(screen.getByRole('tab', { name: 'Workflow Actions', selected: true })).toBeTruthy();
    expect(screen.getByText('Last 15 minutes')).toBeTruthy();
    expect(
      await screen.findByText('An error occurred while retrieving actions history'),
    ).toBeTruthy();
    const sent = query(api.calls[0]?.url ?? '');
    expect([sent.get('from'), sent.get('size')]).toEqual(['0', '10']);
  });

  it('lists firings with the total from the recordcount header', async () => {
    const at = new Date().toISOString();
    const item = (n: number) => ({
      _id: `h${n}`,
      _source: {
        timestamp: at,
        workflowId: 'w1',
        workflowName: 'Bad MOS',
        application: 'aws-connect',
        trigger: 'aws-connect-mos',
        action: 'invoke-webhook',
        contactId: `c-${n}`,
        agentName: 'alice',
        response: 'HTTP 200',
        result: 'success',
        attempts: 1,
      },
    });
    mockApi({
      [`GET ${HISTORY}`]: () =>
        new Response(JSON.stringify(Array.from({ length: 10 }, (_, i) => item(i))), {
          status: 200,
          headers: { 'Content-Type': 'application/json', recordcount: '23' },
        }),
    });
    renderHistory();
    expect(await screen.findByText('1–10 of 23')).toBeTruthy();
    expect(screen.getAllByTestId('action-history-row')).toHaveLength(10);
    expect(screen.getAllByText('Invoke Webhook')).toHaveLength(10);
    expect(screen.getAllByText('Amazon Connect')).toHaveLength(10);
  });

  it('shows a contact id on one line with its whole text on hover and a copy button, and a long response in full on request', async () => {
    const contactId = 'ef5e4e40-7913-4b0d-8fc7-8ef43d39868f';
    const long = `HTTP 200: ${'{"received":true,"message":"ticket opened"} '.repeat(12)}`.trim();
    mockApi({
      [`GET ${HISTORY}`]: () =>
        jsonResponse(200, [
          {
            _id: 'h1',
            _source: {
              timestamp: new Date().toISOString(),
              workflowId: 'w1',
              workflowName: 'Bad MOS',
              application: 'aws-connect',
              trigger: 'aws-connect-mos',
              action: 'invoke-webhook',
              contactId,
              agentName: 'tomas.martin@acme.support.example',
              response: long,
              result: 'failure',
              attempts: 1,
            },
          },
        ]),
    });
    // jsdom lays nothing out: a clamped block of this long text overflows its three lines.
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return (this.textContent ?? '').length > 200 ? 120 : 20;
    });
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(60);
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    vi.stubGlobal('isSecureContext', true);
    renderHistory();

    const link = await screen.findByRole('link', { name: contactId });
    expect(link.getAttribute('href')).toBe(`/${GROUP_ID}/call/${contactId}`);
    expect(link.getAttribute('title')).toBe(contactId);
    expect(getComputedStyle(link).whiteSpace).toBe('nowrap');
    expect(getComputedStyle(link).textOverflow).toBe('ellipsis');
    fireEvent.click(screen.getByRole('button', { name: `Copy contact id ${contactId}` }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(contactId));

    const response = screen.getByTitle(long);
    expect(response.getAttribute('data-result')).toBe('failure');
    expect(getComputedStyle(response).webkitLineClamp).toBe('3');
    const more = screen.getByRole('button', { name: 'Show all' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(getComputedStyle(screen.getByTitle(long)).webkitLineClamp).not.toBe('3');
    fireEvent.click(screen.getByRole('button', { name: 'Show less' }));
    expect(getComputedStyle(screen.getByTitle(long)).webkitLineClamp).toBe('3');
  });

  it('starts Audit Logs at the last hour, 100 per page, and applies the service filter', async () => {
    const api = mockApi({
      'GET /api/auditLogs': () => jsonResponse(200, { data: [] }),
      [`GET ${HISTORY}`]: () => jsonResponse(200, []),
    });
    const router = renderHistory();
    fireEvent.click(screen.getByRole('tab', { name: 'Audit Logs' }));
    expect(await screen.findByText('Last 1 hour')).toBeTruthy();
    await waitFor(() =>
      expect(api.calls.some((c) => c.url.startsWith('/api/auditLogs'))).toBe(true),
    );
    const first = api.calls.find((c) => c.url.startsWith('/api/auditLogs'));
    expect(query(first?.url ?? '').get('size')).toBe('100');
    fireEvent.change(screen.getByRole('textbox', { name: 'Service' }), {
      target: { value: 'workflows' },
    });
    await waitFor(() => expect(router.state.location.search).toContain('service=workflows'));
    await waitFor(() =>
      expect(api.calls.some((c) => query(c.url).get('service') === 'workflows')).toBe(true),
    );
    expect(screen.getByText('Sorry, no matching records found')).toBeTruthy();
  });
});
