import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../../../test/setup.ts';
import { clearSession } from '../../../lib/session.ts';
import { paths } from '../../../lib/paths.ts';
import { GROUP_ID } from '../../../test/factories.ts';
import { mockApi } from '../../../test/render-app.tsx';
import { apiError, countedResponse, makeJob, uuid } from '../../gsm/synthetic/test/factories.ts';

/** The page's push subscriptions: the page names mounted, and their handlers. */
const subscriptions = new Map<string, (data: unknown) => void>();
vi.mock('../../../lib/socket.ts', async () => {
  const { useEffect } = await import('react');
  return {
    // lib/socket's own tests cover subscribeToPage and unsubscribeFromPage on the socket.
    usePageMessages: (page: string, onMessage: (data: unknown) => void) => {
      useEffect(() => {
        subscriptions.set(page, onMessage);
        return () => void subscriptions.delete(page);
      }, [page, onMessage]);
    },
  };
});

const { renderSynthetic } = await import('../../gsm/synthetic/test/render-synthetic.tsx');
const { HeartbeatLogsPage } = await import('./heartbeat-logs-page.tsx');

const PATH = `/${GROUP_ID}/gsm/heartbeat/logs`;
const JOBS = 'GET /api/gsm/heartbeat/jobs';
const snackbar = () => screen.queryByTestId('snackbar')?.textContent ?? null;
const row = (name: string) =>
  within(screen.getByText(name).closest('[data-testid="heartbeat-logs-row"]') as HTMLElement);
const render = (path = PATH) =>
  renderSynthetic(paths.heartbeatLogs.path, <HeartbeatLogsPage />, path);
/** Days between now and a list request's fromTime, its toTime, and its first row. */
const sentWindow = (url: string | undefined) => {
  const sent = new URL(url ?? '', 'http://localhost').searchParams;
  const days = (Date.now() - Date.parse(sent.get('fromTime') ?? '')) / 86_400_000;
  return [Math.round(days), sent.get('toTime'), sent.get('from')];
};

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('HeartbeatLogsPage', () => {
  it('shows every column, N/A scores for the four failure statuses, and Report links', async () => {
    mockApi({
      [JOBS]: () =>
        countedResponse([
          makeJob({ jobId: uuid(1), description: 'Good call' }),
          makeJob({ jobId: uuid(2), description: 'Refused', status: 'Call Not Accepted by Agent' }),
          makeJob({ jobId: uuid(3), description: 'Busy line', status: 'Busy', cxScore: null }),
        ]),
    });
    render();
    await screen.findByText('Good call');
    for (const header of [
      'Created On',
      'Job ID',
      'Heartbeat ID',
      'Agent ID',
      'CX Score',
      'AX Score',
      'Network Score',
      'Dialler Call ID',
      'CCaaS Call ID',
      'Status',
      'Updated On',
      'Description',
      'Carrier',
      'Actions',
    ])
      expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
    expect(screen.getByText('Last 7 days')).toBeTruthy();
    const good = row('Good call');
    for (const text of ['9', '8', '7', 'dialler-1', 'ccaas-1', 'Telstra', 'Completed'])
      expect(good.getByText(text)).toBeTruthy();
    expect(good.getByRole('link', { name: 'Report' }).getAttribute('href')).toBe(
      paths.heartbeatJobReport.getHref(GROUP_ID, uuid(1)),
    );
    expect(row('Refused').getAllByText('N/A')).toHaveLength(3);
    expect(row('Busy line').queryByText('N/A')).toBeNull();
    expect(row('Busy line').getByText('-')).toBeTruthy();
  });

  it('subscribes to heartbeatJobs while shown; an update shows a finished job without reload', async () => {
    let jobs = [makeJob({ jobId: uuid(1), description: 'Earlier' })];
    const api = mockApi({ [JOBS]: () => countedResponse(jobs) });
    const view = render();
    await screen.findByText('Earlier');
    const push = (data: unknown) => act(() => subscriptions.get('heartbeatJobs')?.(data));
    expect([...subscriptions.keys()]).toEqual(['heartbeatJobs']);

    const finished = makeJob({ jobId: uuid(2), description: 'Just finished' });
    jobs = [finished, ...jobs];
    push({ job: finished });
    expect(await screen.findByText('Just finished')).toBeTruthy();

    // A malformed message changes nothing.
    const gets = api.calls.length;
    push({ nope: 1 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls.length).toBe(gets);

    view.unmount();
    expect(subscriptions.size).toBe(0);
  });

  it('refetches at once on an update, then at most every 2 s', async () => {
    const api = mockApi({ [JOBS]: () => countedResponse([makeJob({ description: 'One' })]) });
    render();
    await screen.findByText('One');
    const push = () => act(() => subscriptions.get('heartbeatJobs')?.({ job: makeJob() }));
    push();
    await waitFor(() => expect(api.calls).toHaveLength(2));
    push();
    push();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(api.calls).toHaveLength(2);
    await waitFor(() => expect(api.calls).toHaveLength(3), { timeout: 3000 });
  });

  it('clears the Timestamp filter back to the default, Last 7 days, and loads that window', async () => {
    const api = mockApi({ [JOBS]: () => countedResponse([makeJob({ description: 'One' })]) });
    render(`${PATH}?from=now-24h&to=now&page=2`);
    expect(await screen.findByText('Last 24 hours')).toBeTruthy();
    await waitFor(() => expect(api.calls.length).toBeGreaterThan(0));
    expect(sentWindow(api.calls.at(-1)?.url)).toEqual([1, 'now', '20']);

    fireEvent.click(screen.getByRole('button', { name: 'Reset to Last 7 days' }));
    expect(await screen.findByText('Last 7 days')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reset to Last 7 days' })).toBeNull();
    await waitFor(() => expect(sentWindow(api.calls.at(-1)?.url)).toEqual([7, 'now', '0']));
  });

  it('says when the logs cannot be loaded', async () => {
    mockApi({ [JOBS]: () => apiError(403, 'no') });
    render();
    await waitFor(() => expect(snackbar()).toBe('An error occurred while retrieving heartbeat.'));
  });
});
