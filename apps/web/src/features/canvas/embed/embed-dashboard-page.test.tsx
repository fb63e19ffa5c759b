import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import {
  DASHBOARD_DEFAULT_FILTER,
  encodeFilter,
  type ChartDataRequest,
  type DashboardSpec,
} from '@callsight/shared';
import '../../../test/setup.ts';
import { jsonResponse } from '../../../test/factories.ts';
import { mockApi } from '../../../test/render-app.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { rangeWindow } from './dashboard-range.ts';
import { EmbedDashboardPage, embedFilter } from './embed-dashboard-page.tsx';

const SPEC: DashboardSpec = {
  id: 'd1',
  title: 'Call Overview',
  defaultTimeRange: 'Last 28 days',
  nativeFilters: ['time'],
  rows: [
    {
      cells: [
        {
          width: 4,
          chart: {
            id: 'calls',
            title: 'Calls',
            vizType: 'big_number_total',
            datasetId: 'calls',
            metrics: [{ aggregate: 'COUNT', label: 'Calls' }],
            groupby: [],
            filters: [],
            rowLimit: 1,
          },
        },
      ],
    },
  ],
};

type Seen = { token: string; body: ChartDataRequest };

function renderEmbed(search: string) {
  const seen: Seen[] = [];
  mockApi({
    'GET /api/embed/dashboards/d1': () => jsonResponse(200, SPEC),
    'POST /api/embed/dashboards/d1/charts/calls/data': (init) => {
      const headers = (init?.headers ?? {}) as Record<string, string>;
      seen.push({
        token: headers.authorization ?? '',
        body: JSON.parse(String(init?.body)) as ChartDataRequest,
      });
      return jsonResponse(200, {
        chartId: 'calls',
        columns: [{ name: 'calls', label: 'Calls', type: 'number' }],
        rows: [[seen.length]],
        truncated: false,
      });
    },
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[`/embed/dashboard/d1${search}#token=first`]}>
        <Routes>
          <Route path="/embed/dashboard/:dashboardId" element={<EmbedDashboardPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return seen;
}

const spanMs = (r: ChartDataRequest) => Date.parse(r.to) - Date.parse(r.from);
const pressed = (name: string) =>
  screen.getByRole('button', { name }).getAttribute('aria-pressed') === 'true';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the embed', () => {
  it('reads with each renewed token its framing page posts, without reloading', async () => {
    const seen = renderEmbed('');
    expect(await screen.findByTestId('big-number-calls')).toBeTruthy();
    expect(seen.at(-1)?.token).toBe('Bearer first');

    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: 'token', token: 'renewed' },
          origin: location.origin,
          source: window.parent,
        }),
      );
    });
    // Not from our origin: ignored.
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: 'token', token: 'forged' },
          origin: 'https://elsewhere.example',
          source: window.parent,
        }),
      );
    });
    expect(screen.getByTestId('big-number-calls')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Last week' }));
    await waitFor(() =>
      expect(seen.at(-1)?.body && spanMs(seen.at(-1)?.body as ChartDataRequest)).toBe(
        7 * 86_400_000,
      ),
    );
    expect(seen.at(-1)?.token).toBe('Bearer renewed');
  });

  it("opens on the dashboard's own range without a filter", async () => {
    const seen = renderEmbed('');
    await screen.findByTestId('big-number-calls');
    expect(pressed('Last 28 days')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Last 15 minutes' })).toBeNull();
    expect(spanMs(seen[0]?.body as ChartDataRequest)).toBe(28 * 86_400_000);
  });

  it("takes the range and the auto refresh of the address's filter", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const seen = renderEmbed(
      `?filter=${encodeURIComponent(encodeFilter(DASHBOARD_DEFAULT_FILTER))}`,
    );
    await screen.findByTestId('big-number-calls');
    expect(pressed('Last 15 minutes')).toBe(true);
    expect(spanMs(seen[0]?.body as ChartDataRequest)).toBe(15 * 60_000);
    const before = seen.length;
    // Auto refresh every refreshInterval (10 s): the window slides, the number stays drawn.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(seen.length).toBeGreaterThan(before));
    expect(Date.parse(seen.at(-1)?.body.to ?? '')).toBeGreaterThan(
      Date.parse(seen[0]?.body.to ?? ''),
    );
    expect(screen.getByTestId('big-number-calls')).toBeTruthy();

    // A range picked in the dashboard is read once: no refresh of a week every 10 s.
    fireEvent.click(screen.getByRole('button', { name: 'Last week' }));
    await waitFor(() => expect(spanMs(seen.at(-1)?.body as ChartDataRequest)).toBe(7 * 86_400_000));
    const picked = seen.length;
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(seen.length).toBe(picked);
  });

  it('reads the filter parameter and the windows of its ranges', () => {
    expect(embedFilter('')).toBeNull();
    expect(embedFilter('?filter=range%3DLast%2Bweek')).toMatchObject({
      range: 'Last week',
      autoRefresh: true,
      refreshInterval: 10000,
    });
    const now = new Date('2025-06-15T12:00:00.000Z');
    expect(rangeWindow('Last 15 minutes', now)).toEqual({
      from: '2025-06-15T11:45:00.000Z',
      to: '2025-06-15T12:00:00.000Z',
    });
    expect(rangeWindow('Last day', now).from).toBe('2025-06-14T12:00:00.000Z');
  });
});
