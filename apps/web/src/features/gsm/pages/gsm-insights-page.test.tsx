import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SyntheticJob } from '@callsight/shared';
import '../../../test/setup.ts';
import { clearSession } from '../../../lib/session.ts';
import { paths } from '../../../lib/paths.ts';
import { GROUP_ID, jsonResponse } from '../../../test/factories.ts';
import { mockApi } from '../../../test/render-app.tsx';
import {
  apiError,
  countedResponse,
  makeJob,
  MONITOR_ID,
  uuid,
} from '../synthetic/test/factories.ts';
import { insightRows, makePeriodStats } from '../synthetic/insights/test/factories.ts';

vi.mock('../../../components/charts/index.ts', async () => {
  const fakes = await import('../synthetic/insights/test/fake-insight-charts.tsx');
  return { EChart: fakes.FakeInsightChart };
});
vi.mock('../../../lib/socket.ts', () => ({ usePageMessages: () => undefined }));

const { renderSynthetic } = await import('../synthetic/test/render-synthetic.tsx');
const { GsmInsightsPage } = await import('./gsm-insights-page.tsx');

const PATH = `/${GROUP_ID}/gsm/insights`;
const JOBS = '/api/gsm/monitors/jobs';
const TABLE_ROW = 'gsm-insights-tabs-table-row';

const monitorJob = (over: Partial<SyntheticJob>) =>
  makeJob({ kind: 'monitor', heartbeatId: null, monitorId: MONITOR_ID, ...over });

const JOBS_LIST = [
  monitorJob({ jobId: uuid(2), status: 'Call Failed', cxScore: null, connectRegion: 'London' }),
  monitorJob({ jobId: uuid(1), status: 'Completed', cxScore: 9, connectRegion: 'Sydney' }),
];

function api(jobs: readonly SyntheticJob[] = JOBS_LIST) {
  return mockApi({
    [`GET ${JOBS}`]: () => countedResponse(insightRows(jobs)),
    [`GET ${JOBS}/stats`]: (_init, url) =>
      jsonResponse(
        200,
        url?.includes('status=')
          ? makePeriodStats({ completedPercentage: 100 }, { completedPercentage: 50 })
          : makePeriodStats({ cxScore: 8.5 }, { cxScore: 9.5 }),
      ),
  });
}

const jobRequests = (calls: { url: string }[]) =>
  calls.filter((c) => c.url.startsWith(`${JOBS}?`)).map((c) => new URL(c.url, 'http://x'));
const render = (path = PATH) => renderSynthetic(paths.gsmInsights.path, <GsmInsightsPage />, path);
const row = (jobId: string) =>
  within(screen.getByText(jobId).closest(`[data-testid="${TABLE_ROW}"]`) as HTMLElement);
const gauge = () => screen.getByTestId('gauge-header');

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('GsmInsightsPage', () => {
  it('shows the scores chart, the four gauge tabs and the last 4 hours by default', async () => {
    const calls = api().calls;
    render();
    expect(await screen.findByRole('heading', { name: 'GSM Insights' })).toBeTruthy();
    expect(screen.getByText('Last 4 hours')).toBeTruthy();
    expect(await screen.findByRole('button', { name: `CX Score 9 ${uuid(1)}` })).toBeTruthy();
    for (const series of ['CX Score', 'AX Score', 'Network Score'])
      expect(screen.getByRole('list', { name: series })).toBeTruthy();
    const window = jobRequests(calls)[0]?.searchParams;
    expect(window?.get('toTime')).toBe('now');
    // The insights rows' shape: only the fields the page reads.
    expect(window?.get('view')).toBe('insights');
    // fromTime is the local wall clock 4 hours ago.
    const hours = (Date.now() - Date.parse(window?.get('fromTime') ?? '')) / 3600_000;
    expect(Math.abs(hours - 4)).toBeLessThan(0.05);

    // 100 % against 50 %: green, 'Up 100%'.
    await waitFor(() => expect(gauge().dataset.colour).toBe('green'));
    expect(within(gauge()).getByTestId('gauge-change').textContent).toBe('Up 100%');
    // 8.5 against 9.5 is 10.53 % down: red.
    fireEvent.click(screen.getByRole('tab', { name: /CX Score/ }));
    await waitFor(() => expect(gauge().dataset.colour).toBe('red'));
    expect(within(gauge()).getByTestId('gauge-change').textContent).toBe('Down 10.53%');
  });

  it("shows '-' for failed runs and links only runs with a report", async () => {
    api();
    render(`${PATH}?tab=cx`);
    await screen.findByText(uuid(1));
    expect(row(uuid(1)).getByText('9')).toBeTruthy();
    expect(
      row(uuid(1))
        .getByRole('link', { name: uuid(1) })
        .getAttribute('href'),
    ).toBe(paths.gsmJobReport.getHref(GROUP_ID, uuid(1)));
    expect(row(uuid(2)).getAllByText('-')).toHaveLength(2);
    expect(row(uuid(2)).queryByRole('link')).toBeNull();
  });

  it('pages the table 5 rows at a time, with 5, 10 and 50 rows a page to choose from', async () => {
    const jobs = Array.from({ length: 12 }, (_, i) =>
      monitorJob({
        jobId: uuid(100 + i),
        createdOn: new Date(Date.UTC(2026, 2, 1, 10, 59 - i)).toISOString(),
      }),
    );
    api(jobs);
    render();
    await screen.findByText(uuid(100));
    expect(screen.getAllByTestId(TABLE_ROW)).toHaveLength(5);
    await userEvent.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['5', '10', '50']);
    await userEvent.click(screen.getByRole('option', { name: '10' }));
    await waitFor(() => expect(screen.getAllByTestId(TABLE_ROW)).toHaveLength(10));
    expect(screen.getByText('1–10 of 12')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(screen.getAllByTestId(TABLE_ROW)).toHaveLength(2));
  });

  it('filters by connect region and keeps the choice and the tab after a remount', async () => {
    const calls = api().calls;
    const first = render();
    await screen.findByText(uuid(1));
    await userEvent.click(screen.getByRole('combobox', { name: 'Regions' }));
    for (const region of ['North Virginia', 'Oregon', 'Singapore', 'Tokyo', 'Frankfurt', 'London'])
      expect(screen.getByRole('option', { name: region })).toBeTruthy();
    await userEvent.click(screen.getByRole('option', { name: 'Sydney' }));
    await waitFor(() =>
      expect(jobRequests(calls).at(-1)?.searchParams.get('connectRegions')).toBe('Sydney'),
    );
    fireEvent.click(screen.getByRole('tab', { name: /Network Performance/ }));
    first.unmount();

    const before = jobRequests(calls).length;
    render();
    expect(
      await screen.findByRole('tab', { name: /Network Performance/, selected: true }),
    ).toBeTruthy();
    expect(screen.getByText('Sydney', { selector: '.MuiChip-label' })).toBeTruthy();
    await waitFor(() => expect(jobRequests(calls).length).toBeGreaterThan(before));
    expect(jobRequests(calls).at(-1)?.searchParams.get('connectRegions')).toBe('Sydney');
  });

  it('filters by agent region, offering Los Angeles and Mumbai instead of Oregon and Singapore', async () => {
    const calls = api().calls;
    render();
    await screen.findByRole('heading', { name: 'GSM Insights' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Agent Regions' }));
    const offered = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(offered).toContain('Los Angeles');
    expect(offered).toContain('Mumbai');
    expect(offered).not.toContain('Oregon');
    expect(offered).not.toContain('Singapore');
    await userEvent.click(screen.getByRole('option', { name: 'Mumbai' }));
    await waitFor(() =>
      expect(jobRequests(calls).at(-1)?.searchParams.get('agentRegions')).toBe('Mumbai'),
    );
    const stats = calls.filter((c) => c.url.startsWith(`${JOBS}/stats?`)).at(-1);
    expect(new URL(stats?.url ?? '/', 'http://x').searchParams.get('agentRegions')).toBe('Mumbai');
  });

  it('resets a cleared time range to Last 4 hours', async () => {
    api();
    render(`${PATH}?from=now-24h&to=now`);
    expect(await screen.findByText('Last 24 hours')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reset to Last 4 hours' }));
    expect(await screen.findByText('Last 4 hours')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reset to Last 4 hours' })).toBeNull();
  });

  it("says 'No data Found' without runs, and when the runs cannot be loaded", async () => {
    mockApi({
      [`GET ${JOBS}`]: () => apiError(403, 'no'),
      [`GET ${JOBS}/stats`]: () => jsonResponse(200, makePeriodStats()),
    });
    render();
    await waitFor(() =>
      expect(screen.queryByTestId('snackbar')?.textContent).toBe(
        'An error occurred while retrieving the insights.',
      ),
    );
    expect(screen.getAllByText('No data Found').length).toBeGreaterThanOrEqual(2);
  });
});
