import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SyntheticJob } from '@callsight/shared';
import '../../../test/setup.ts';
import { clearSession } from '../../../lib/session.ts';
import { paths } from '../../../lib/paths.ts';
import { GROUP_ID, jsonResponse } from '../../../test/factories.ts';
import { mockApi } from '../../../test/render-app.tsx';
import { countedResponse, makeDetails, makeJob, uuid } from '../../gsm/synthetic/test/factories.ts';
import { insightRows, makePeriodStats } from '../../gsm/synthetic/insights/test/factories.ts';

vi.mock('../../../components/charts/index.ts', async () => {
  const fakes = await import('../../gsm/synthetic/insights/test/fake-insight-charts.tsx');
  return { EChart: fakes.FakeInsightChart };
});

/** The page's push subscriptions: the page names mounted, and their handlers. */
const subscriptions = new Map<string, (data: unknown) => void>();
vi.mock('../../../lib/socket.ts', async () => {
  const { useEffect } = await import('react');
  return {
    usePageMessages: (page: string, onMessage: (data: unknown) => void) => {
      useEffect(() => {
        subscriptions.set(page, onMessage);
        return () => void subscriptions.delete(page);
      }, [page, onMessage]);
    },
  };
});

const { renderSynthetic } = await import('../../gsm/synthetic/test/render-synthetic.tsx');
const { HeartbeatInsightsPage } = await import('./heartbeat-insights-page.tsx');

const PATH = `/${GROUP_ID}/gsm/heartbeat/insights`;
const JOBS = '/api/gsm/heartbeat/jobs';
const TABLE_ROW = 'heartbeat-insights-tabs-table-row';

// Newest first, as the server answers.
const JOBS_LIST: SyntheticJob[] = [
  makeJob({
    jobId: uuid(4),
    status: 'Agent Error',
    cxScore: null,
    axScore: null,
    networkScore: null,
    createdOn: '2026-03-01T10:30:00.000Z',
  }),
  makeJob({
    jobId: uuid(3),
    status: 'Poor Call Quality',
    cxScore: 4,
    axScore: 5,
    networkScore: 6,
    createdOn: '2026-03-01T10:20:00.000Z',
  }),
  makeJob({
    jobId: uuid(2),
    status: 'Busy',
    cxScore: null,
    axScore: null,
    networkScore: null,
    mos: null,
    createdOn: '2026-03-01T10:10:00.000Z',
  }),
  makeJob({
    jobId: uuid(1),
    status: 'Completed',
    cxScore: 9,
    axScore: 8,
    networkScore: 7,
    createdOn: '2026-03-01T10:00:00.000Z',
  }),
];

function api(jobs: () => SyntheticJob[] = () => JOBS_LIST) {
  return mockApi({
    [`GET ${JOBS}`]: () => countedResponse(insightRows(jobs())),
    // The Telephony gauge asks with the telephony statuses; the scores with the default ones.
    [`GET ${JOBS}/stats`]: (_init, url) =>
      jsonResponse(
        200,
        url?.includes('status=')
          ? makePeriodStats({ completedPercentage: 80 }, { completedPercentage: 90 })
          : makePeriodStats(
              { cxScore: 9, axScore: 8, networkScore: 7 },
              { cxScore: 10, axScore: 8, networkScore: 0 },
            ),
      ),
    [`GET ${JOBS}/${uuid(1)}`]: () => jsonResponse(200, makeDetails({ job: JOBS_LIST[3] })),
    'GET /api/gsm/heartbeat/options': () =>
      jsonResponse(200, { targetPhoneNumbers: ['+61290002000'], virtualAgentNames: [] }),
  });
}

const jobRequests = (calls: { url: string }[]) =>
  calls.filter((c) => c.url.startsWith(`${JOBS}?`)).map((c) => new URL(c.url, 'http://x'));
const render = (path = PATH) =>
  renderSynthetic(paths.heartbeatInsights.path, <HeartbeatInsightsPage />, path);
const row = (jobId: string) =>
  within(screen.getByText(jobId).closest(`[data-testid="${TABLE_ROW}"]`) as HTMLElement);
const gauge = () => screen.getByTestId('gauge-header');

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('HeartbeatInsightsPage', () => {
  it('shows the filter bar, the Telephony gauge against the previous period, and the four tabs', async () => {
    api();
    render();
    expect(await screen.findByRole('tab', { name: /Telephony/, selected: true })).toBeTruthy();
    for (const name of [/CX Score/, /AX Score/, /Network Performance/])
      expect(screen.getByRole('tab', { name })).toBeTruthy();
    expect(screen.getByText('Timestamp', { selector: 'p' })).toBeTruthy();
    expect(screen.getByText('Last 4 hours')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Agent Type' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Target Phone Number' })).toBeTruthy();

    // 80 % against 90 %: a drop of 11.11 %, red.
    await waitFor(() => expect(gauge().dataset.colour).toBe('red'));
    expect(within(gauge()).getByLabelText('Telephony value').textContent).toBe('80%');
    expect(within(gauge()).getByTestId('gauge-change').textContent).toBe('Down 11.11%');

    // CX 9 against 10: exactly 10 % down, yellow; Network against a previous 0: green, no subtext.
    fireEvent.click(screen.getByRole('tab', { name: /CX Score/ }));
    await waitFor(() => expect(gauge().dataset.colour).toBe('yellow'));
    expect(within(gauge()).getByTestId('gauge-change').textContent).toBe('Down 10%');
    fireEvent.click(screen.getByRole('tab', { name: /Network Performance/ }));
    await waitFor(() => expect(gauge().dataset.colour).toBe('green'));
    expect(within(gauge()).queryByTestId('gauge-change')).toBeNull();
  });

  it("shows '-' for the scores of every status but Completed, and links Timestamp and Job ID to the report", async () => {
    api();
    render(`${PATH}?tab=cx`);
    await screen.findByText(uuid(1));
    for (const header of [
      'Timestamp',
      'Job ID',
      'CX Score',
      'Status',
      'Agent Type',
      'Agent ID',
      'Target Phone Number',
    ])
      expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
    expect(row(uuid(1)).getByText('9')).toBeTruthy();
    // Spec 002 §4: any non-Completed status, Poor Call Quality included, shows '-'.
    for (const other of [uuid(2), uuid(3), uuid(4)])
      expect(row(other).getAllByText('-').length).toBeGreaterThanOrEqual(1);
    expect(row(uuid(3)).queryByText('4')).toBeNull();

    const links = row(uuid(1)).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toContain(uuid(1));
    for (const link of links)
      expect(link.getAttribute('href')).toBe(paths.heartbeatJobReport.getHref(GROUP_ID, uuid(1)));
  });

  it('plots only scored jobs; clicking a point opens its report', async () => {
    api();
    const { router } = render();
    const point = await screen.findByRole('button', { name: `CX Score 9 ${uuid(1)}` });
    expect(screen.queryByRole('button', { name: new RegExp(uuid(2)) })).toBeNull();
    expect(screen.getByRole('button', { name: `AX Score 5 ${uuid(3)}` })).toBeTruthy();
    fireEvent.click(point);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        paths.heartbeatJobReport.getHref(GROUP_ID, uuid(1)),
      ),
    );
  });

  it("gives a target number typed with a leading space its '+', in the box and from a URL", async () => {
    const calls = api().calls;
    render();
    const box = await screen.findByRole('combobox', { name: 'Target Phone Number' });
    await userEvent.type(box, ' 61290002001{Enter}');
    expect(await screen.findByText('+61290002001')).toBeTruthy();
    await waitFor(() =>
      expect(jobRequests(calls).at(-1)?.searchParams.get('targetPhoneNumber')).toBe('+61290002001'),
    );
    const stats = calls.filter((c) => c.url.startsWith(`${JOBS}/stats?`)).at(-1);
    expect(new URL(stats?.url ?? '', 'http://x').searchParams.get('targetPhoneNumber')).toBe(
      '+61290002001',
    );
  });

  it("reads a '+' that a URL query turned into a space as '+'", async () => {
    const calls = api().calls;
    render(`${PATH}?number=+61290002000`);
    expect(await screen.findByText('+61290002000', { selector: '.MuiChip-label' })).toBeTruthy();
    await waitFor(() =>
      expect(jobRequests(calls).at(-1)?.searchParams.get('targetPhoneNumber')).toBe('+61290002000'),
    );
  });

  it('restores the range, filters, tab and sort of the tab after a remount', async () => {
    const calls = api().calls;
    const first = render();
    await screen.findByText(uuid(1));
    fireEvent.click(screen.getByRole('tab', { name: /CX Score/ }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Agent Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Human' }));
    fireEvent.click(
      screen
        .getByRole('columnheader', { name: 'CX Score' })
        .querySelector('.MuiDataGrid-columnHeaderTitleContainer') as HTMLElement,
    );
    await waitFor(() =>
      expect(screen.getAllByTestId(TABLE_ROW)[0]?.textContent).toContain(uuid(1)),
    );
    first.unmount();
    expect(localStorage.getItem('filterPreferences:gsm/heartbeat/insights')).toContain(
      'HUMAN_AGENT',
    );

    render();
    expect(await screen.findByRole('tab', { name: /CX Score/, selected: true })).toBeTruthy();
    expect(screen.getByText('Human', { selector: '.MuiChip-label' })).toBeTruthy();
    expect(screen.getByText('Last 4 hours')).toBeTruthy();
    await waitFor(() =>
      expect(jobRequests(calls).at(-1)?.searchParams.get('agentType')).toBe('HUMAN_AGENT'),
    );
    // CX Score descending: 9 first, then the jobs shown without a score.
    await waitFor(() => {
      const order = screen.getAllByTestId(TABLE_ROW).map((r) => r.textContent ?? '');
      expect(order[0]).toContain(uuid(1));
      expect(order).toHaveLength(4);
    });
  });

  it('refetches on a push update of a Completed or Poor Call Quality heartbeat job only', async () => {
    const calls = api().calls;
    const view = render();
    await screen.findByText(uuid(1));
    expect([...subscriptions.keys()]).toEqual(['heartbeatJobs']);
    const push = (job: SyntheticJob) => act(() => subscriptions.get('heartbeatJobs')?.({ job }));
    const before = jobRequests(calls).length;

    push(makeJob({ status: 'Busy' }));
    push(makeJob({ status: 'Running' }));
    push(makeJob({ kind: 'monitor', status: 'Completed' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(jobRequests(calls)).toHaveLength(before);

    push(makeJob({ status: 'Poor Call Quality' }));
    await waitFor(() => expect(jobRequests(calls)).toHaveLength(before + 1));
    view.unmount();
    expect(subscriptions.size).toBe(0);
  });

  it("previews a job's details in its expanded row", async () => {
    api();
    render();
    await screen.findByText(uuid(1));
    fireEvent.click(row(uuid(1)).getByRole('button', { name: 'Expand row' }));
    const preview = await screen.findByTestId('job-preview');
    expect(await within(preview).findByText('200: OK')).toBeTruthy();
    // The insights row lacks the preview line and the From number: the details bring them.
    expect(within(preview).getByText('Completed in 42 s')).toBeTruthy();
    expect(within(preview).getByText('+61390000000')).toBeTruthy();
    expect(within(preview).getByRole('link', { name: 'Open report' }).getAttribute('href')).toBe(
      paths.heartbeatJobReport.getHref(GROUP_ID, uuid(1)),
    );
  });
});
