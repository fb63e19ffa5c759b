import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../../../test/setup.ts';
import { clearSession } from '../../../lib/session.ts';
import { paths } from '../../../lib/paths.ts';
import { GROUP_ID } from '../../../test/factories.ts';
import { mockApi } from '../../../test/render-app.tsx';
import { apiError, countedResponse, makeJob, uuid } from '../synthetic/test/factories.ts';
import { renderSynthetic } from '../synthetic/test/render-synthetic.tsx';
import { GsmLogsPage } from './gsm-logs-page.tsx';

const PATH = `/${GROUP_ID}/gsm/logs`;
const JOBS = 'GET /api/gsm/monitors/jobs';
const query = (url: string) => new URL(url, 'http://localhost').searchParams;
const snackbar = () => screen.queryByTestId('snackbar')?.textContent ?? null;

const monitorJob = (n: number, over: Parameters<typeof makeJob>[0] = {}) =>
  makeJob({
    jobId: uuid(n),
    kind: 'monitor',
    heartbeatId: null,
    monitorId: uuid(100),
    description: `Run ${n}`,
    ...over,
  });

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('GsmLogsPage', () => {
  it('pages the runs of the last 7 days on the server; completed runs link to their report', async () => {
    const api = mockApi({
      [JOBS]: (_init, url) => {
        const from = Number(query(url).get('from'));
        return from === 0
          ? countedResponse(
              [
                monitorJob(1),
                monitorJob(2, { status: 'Poor Call Quality' }),
                monitorJob(3, { status: 'No Answer' }),
                monitorJob(4, { status: 'Running' }),
              ],
              14,
            )
          : countedResponse([monitorJob(11)], 14);
      },
    });
    const { router } = renderSynthetic(paths.gsmLogs.path, <GsmLogsPage />, PATH);
    await screen.findByText('Run 1');
    expect(screen.getByText('Last 7 days')).toBeTruthy();
    const first = query(api.calls[0]?.url ?? '');
    expect([first.get('from'), first.get('size')]).toEqual(['0', '10']);
    const days = (Date.now() - Date.parse(first.get('fromTime') ?? '')) / 86_400_000;
    expect([Math.round(days), first.get('toTime')]).toEqual([7, 'now']);

    const row = (name: string) =>
      within(screen.getByText(name).closest('[data-testid="gsm-logs-row"]') as HTMLElement);
    expect(row('Run 1').getByRole('link', { name: 'Report' }).getAttribute('href')).toBe(
      paths.gsmJobReport.getHref(GROUP_ID, uuid(1)),
    );
    expect(row('Run 2').getByRole('link', { name: 'Report' })).toBeTruthy();
    expect(row('Run 3').queryByRole('link', { name: 'Report' })).toBeNull();
    expect(row('Run 4').queryByRole('link', { name: 'Report' })).toBeNull();
    expect(row('Run 1').getByText('4.21')).toBeTruthy();
    expect(row('Run 1').getByText('Sydney')).toBeTruthy();

    expect(screen.getByText('1–4 of 14')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await screen.findByText('Run 11');
    expect(query(api.calls.at(-1)?.url ?? '').get('from')).toBe('10');
    expect(router.state.location.search).toContain('page=1');
  });

  it('says when the runs cannot be loaded', async () => {
    mockApi({ [JOBS]: () => apiError(403, 'no') });
    renderSynthetic(paths.gsmLogs.path, <GsmLogsPage />, PATH);
    await waitFor(() => expect(snackbar()).toBe('An error occurred while retrieving GSM logs.'));
    expect(await screen.findByText('No data Found')).toBeTruthy();
  });
});
