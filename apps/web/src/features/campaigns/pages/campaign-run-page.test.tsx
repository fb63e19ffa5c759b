import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import '../../../test/setup.ts';
import type { CampaignRun } from '@callsight/shared';
import type { EChartProps } from '../../../components/charts/index.ts';
import { clearSession } from '../../../lib/session.ts';
import { GROUP_ID, jsonResponse } from '../../../test/factories.ts';
import { mockApi } from '../../../test/render-app.tsx';
import { CAMPAIGN_ID, RUN_ID, makeCall, makeGraph, makeRun, makeStats } from '../test/factories.ts';

// ECharts draws on a canvas jsdom does not have: a chart shows its series and their points.
vi.mock('../../../components/charts/index.ts', () => ({
  EChart: ({ ariaLabel, option }: EChartProps) => (
    <figure aria-label={ariaLabel}>
      {(Array.isArray(option.series) ? option.series : [])
        .map((s) => `${String(s.name ?? '')}:${JSON.stringify(s.data)}`)
        .join(' | ')}
    </figure>
  ),
}));

const { renderCampaigns } = await import('../test/render-campaigns.tsx');

const RUN = `/api/campaigns/${CAMPAIGN_ID}/runs/${RUN_ID}`;
const VIEW = `/${GROUP_ID}/campaign/view/${CAMPAIGN_ID}/${RUN_ID}`;
const snackbar = () => screen.queryByTestId('snackbar')?.textContent ?? null;

function runApi(run: () => CampaignRun, extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    [`GET ${RUN}`]: () => jsonResponse(200, run()),
    [`GET ${RUN}/stats`]: () => jsonResponse(200, makeStats()),
    [`GET ${RUN}/graph`]: () => jsonResponse(200, makeGraph()),
    ...extra,
  });
}
const count = (calls: { method: string; url: string }[], path: string) =>
  calls.filter((c) => c.method === 'GET' && c.url.split('?')[0] === path).length;

beforeEach(() => {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn(() => 'blob:recording'),
      revokeObjectURL: vi.fn(),
    }),
  );
});

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('CampaignRunPage', () => {
  it('shows the stats: summary counts, status, averages, per-status counts and the charts', async () => {
    runApi(() => makeRun());
    renderCampaigns(VIEW);
    expect(await screen.findByText('Successful 12')).toBeTruthy();
    expect(screen.getByText('Failed 4')).toBeTruthy();
    expect(screen.getByText('Pending 4')).toBeTruthy();
    expect(screen.getByTestId('run-status').textContent).toBe('Complete');
    expect(screen.getByRole('tab', { name: 'Stats', selected: true })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Call Log' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Run Details' })).toBeTruthy();

    expect(
      within(screen.getByLabelText('Average Post Dial Delay')).getByText('1.23 s'),
    ).toBeTruthy();
    expect(within(screen.getByLabelText('Average Time To Answer')).getByText('2.5 s')).toBeTruthy();
    expect(within(screen.getByLabelText('Average Call Duration')).getByText('-')).toBeTruthy();

    const table = screen.getByRole('table', { name: 'Calls per status' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual([
      'Successful12',
      'Failed4',
      'Busy2',
      'Cancelled0',
      'No Answer1',
      'Failed1',
      'Premature0',
      'Pending4',
    ]);
    const chart = await screen.findByRole('figure', {
      name: 'Expected and actual calls per second',
    });
    expect(chart.textContent).toContain('Expected:[[0,2],[1,4]]');
    expect(chart.textContent).toContain('Actual:[[0,1],[1,3]]');
    expect(chart.textContent).toContain('Failed:[[1,1]]');
    expect(screen.getByRole('figure', { name: 'Calls per status' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Crumbs' }).textContent).toBe(
      'campaign=Spring load;campaignRun=First run',
    );
    // A complete run cannot be stopped.
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
  });

  it("counts the summary's groups in the per-status table: Failed is every call that ended unsuccessful", async () => {
    runApi(() => makeRun());
    renderCampaigns(VIEW);
    expect(await screen.findByText('Failed 4')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Calls per status' });
    // Each group of the summary bar is a row of the table with the same count, and its
    // statuses are the rows under it (spec 001 §4: Busy, Cancelled, No Answer, Failed and
    // Premature make the Failed group).
    const groups = within(table)
      .getAllByRole('row')
      .filter((r) => r.hasAttribute('data-summary-group'))
      .map((r) => r.textContent);
    expect(groups).toEqual(['Successful12', 'Failed4', 'Pending4']);
    for (const text of ['Successful 12', 'Failed 4', 'Pending 4'])
      expect(screen.getByTestId(`summary-${text.split(' ')[0] ?? ''}`).textContent).toBe(text);
    const members = within(table)
      .getAllByRole('row')
      .filter((r) => r.getAttribute('data-group') === 'Failed')
      .map((r) => r.textContent);
    expect(members).toEqual(['Busy2', 'Cancelled0', 'No Answer1', 'Failed1', 'Premature0']);
  });

  it('draws a live run up to the present second only: no zeros for seconds still to come', async () => {
    runApi(() => makeRun({ status: 'In Progress', state: 'In Progress', isComplete: false }), {
      [`GET ${RUN}/graph`]: () =>
        jsonResponse(200, {
          ...makeGraph(),
          points: [
            { second: 0, expected: 2, actual: 1, expectedStarts: 2, starts: 2, failed: 0 },
            { second: 1, expected: 4, actual: 3, expectedStarts: 2, starts: 2, failed: 1 },
            { second: 2, expected: 4, actual: null, expectedStarts: 0, starts: null, failed: null },
            { second: 3, expected: 2, actual: null, expectedStarts: 0, starts: null, failed: null },
          ],
        }),
    });
    renderCampaigns(VIEW);
    const chart = await screen.findByRole('figure', {
      name: 'Expected and actual calls per second',
    });
    // The plan is drawn whole; what happened stops at the present.
    expect(chart.textContent).toContain('Expected:[[0,2],[1,4],[2,4],[3,2]]');
    expect(chart.textContent).toContain('Actual:[[0,1],[1,3]] ');
    expect(chart.textContent).toContain('Failed:[[1,1]]');
  });

  it('polls every 2 s while live and stops once the run is complete', async () => {
    let answers = 0;
    const api = runApi(() => {
      answers++;
      return answers === 1
        ? makeRun({ status: 'In Progress', state: 'In Progress', isComplete: false })
        : makeRun();
    });
    renderCampaigns(VIEW);
    expect(await screen.findByRole('button', { name: 'Stop' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull(), {
      timeout: 4000,
    });
    expect(count(api.calls, RUN)).toBe(2);
    // The end fetches the stats once more; then nothing polls.
    await waitFor(() => expect(count(api.calls, `${RUN}/stats`)).toBeGreaterThanOrEqual(2));
    const stats = count(api.calls, `${RUN}/stats`);
    await new Promise((r) => setTimeout(r, 2500));
    expect(count(api.calls, RUN)).toBe(2);
    expect(count(api.calls, `${RUN}/stats`)).toBe(stats);
  });

  it('stops a live run after the confirmation and says the request was sent', async () => {
    let stops = 0;
    const live = makeRun({ status: 'In Progress', state: 'In Progress', isComplete: false });
    runApi(() => live, {
      [`POST ${RUN}/stop`]: () => {
        stops++;
        return jsonResponse(202, live);
      },
    });
    renderCampaigns(VIEW);
    fireEvent.click(await screen.findByRole('button', { name: 'Stop' }));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(within(dialog).getByText('Cancel/Stop Campaign Run')).toBeTruthy();
    expect(
      within(dialog).getByText('Are you sure you want to stop this Campaign Run?'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(snackbar()).toBe('The request to stop the run was sent.'));
    expect(stops).toBe(1);
  });

  it('pages the call log on the server and plays a recording with the auth headers', async () => {
    const calls = [
      makeCall(1, { recordingUrl: `${RUN}/calls/1/recording` }),
      makeCall(2, { status: 'Busy', busyAt: '2026-03-01T10:00:02.000Z', completedAt: null }),
    ];
    let recordingAuth: string | null = null;
    const api = runApi(() => makeRun(), {
      [`GET ${RUN}/calls`]: () =>
        new Response(JSON.stringify(calls), {
          status: 200,
          headers: { 'Content-Type': 'application/json', recordcount: '23' },
        }),
      [`GET ${RUN}/calls/1/recording`]: (init) => {
        recordingAuth = new Headers(init?.headers).get('Authorization');
        return new Response(new Uint8Array([82, 73, 70, 70]), {
          status: 200,
          headers: { 'Content-Type': 'audio/wav' },
        });
      },
    });
    renderCampaigns(VIEW);
    fireEvent.click(await screen.findByRole('tab', { name: 'Call Log' }));
    expect(await screen.findByText('1–2 of 23')).toBeTruthy();
    const first = api.calls.find((c) => c.url.startsWith(`${RUN}/calls?`));
    expect(new URL(first?.url ?? '', 'http://x').searchParams.toString()).toBe('from=0&size=10');
    for (const header of [
      'Call SID',
      'Answer Treatment',
      'Created',
      'Queued',
      'Initiated',
      'Ringing',
      'In Progress',
      'Completed',
      'No Answer',
      'Busy',
      'Terminated Premature',
      'Failed',
      'Duration (s)',
      'Post Dial Delay (s)',
      'Time To Answer (s)',
      'Status',
    ])
      expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
    expect(
      screen.getAllByText(dayjs('2026-03-01T10:00:00.125Z').format('HH:mm:ss.SSS')),
    ).toHaveLength(2);
    expect(screen.getByText('CA0002')).toBeTruthy();

    const noRecording = screen.getByRole('button', { name: 'Play recording of call 2' });
    expect(noRecording.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Play recording of call 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recording of call CA0001' });
    const audio = await within(dialog).findByLabelText('Recording');
    expect(audio.getAttribute('src')).toBe('blob:recording');
    expect(recordingAuth).toBe('Bearer access-token-1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:recording'));

    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.url.includes('from=10&size=10'))).toBe(true),
    );
  });

  it('summarises the run and its campaign on Run Details', async () => {
    runApi(() => makeRun());
    renderCampaigns(`${VIEW}?tab=details`);
    const runList = await screen.findByLabelText('Run');
    expect(within(runList).getByText('First run')).toBeTruthy();
    expect(within(runList).getByText('smoke')).toBeTruthy();
    expect(within(runList).getByText('Built-in SIP dialler')).toBeTruthy();
    const campaign = screen.getByLabelText('Campaign');
    expect(within(campaign).getByText('Full Load')).toBeTruthy();
    expect(within(campaign).getByText('+61390000000')).toBeTruthy();
  });

  it('shows the calls the dialler held back beyond its capacity and the rate it reached', async () => {
    runApi(() => makeRun({ heldBackCalls: 120, rateReached: 412.4, callsPerSecond: 500 }));
    renderCampaigns(`${VIEW}?tab=details`);
    const runList = await screen.findByLabelText('Run');
    expect(within(runList).getByText('412 of 500 calls/s')).toBeTruthy();
    expect(within(runList).getByText(/^120 \(the dialler paced down/)).toBeTruthy();
  });

  it('says when the run does not exist', async () => {
    mockApi({
      [`GET ${RUN}`]: () =>
        jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Campaign run not found' } }),
    });
    renderCampaigns(VIEW);
    expect(await screen.findByText('Campaign run not found')).toBeTruthy();
  });
});
