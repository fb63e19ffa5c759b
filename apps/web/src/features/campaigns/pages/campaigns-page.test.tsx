import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../../../test/setup.ts';
import type { EChartProps } from '../../../components/charts/index.ts';
import { clearSession } from '../../../lib/session.ts';
import { GROUP_ID, jsonResponse } from '../../../test/factories.ts';
import { mockApi } from '../../../test/render-app.tsx';
import { CAMPAIGN_ID, makeCampaign, makeListItem, makeRun } from '../test/factories.ts';

// ECharts draws on a canvas jsdom does not have: a chart shows its series names instead.
vi.mock('../../../components/charts/index.ts', () => ({
  EChart: ({ ariaLabel, option }: EChartProps) => (
    <figure aria-label={ariaLabel}>
      {(Array.isArray(option.series) ? option.series : [])
        .map((s) => String(s.name ?? ''))
        .join(', ')}
    </figure>
  ),
}));

const { renderCampaigns } = await import('../test/render-campaigns.tsx');

const LIST = `/${GROUP_ID}/campaigns`;
const id = (n: number) => `3f0c2a4e-8a57-4a43-9d1c-00000000000${n}`;
const CONFIGURATION = {
  account: { cpsLimit: 5 },
  fromNumbers: ['+61390000000'],
  toNumbers: ['+61390000009'],
};
const apiError = (status: number, message: string, fields?: Record<string, string>) =>
  jsonResponse(status, {
    error: { code: status === 400 ? 'VALIDATION' : 'ERROR', message, fields },
  });

const snackbar = () => screen.queryByTestId('snackbar')?.textContent ?? null;
/** Queries inside the open dialog: the page behind it makes role queries slow. */
const inDialog = () => {
  const dialog = document.querySelector<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error('No dialog is open');
  return within(dialog);
};
const button = (name: string | RegExp) => inDialog().getByRole('button', { name });
const next = () => fireEvent.click(button('Next'));
const field = (label: RegExp) => inDialog().getByLabelText(label) as HTMLInputElement;
const type = (label: RegExp, value: string) =>
  fireEvent.change(field(label), { target: { value } });
const rowNames = () =>
  screen
    .getAllByTestId('campaign-row')
    .map((r) => r.querySelector('.MuiTypography-body2')?.textContent);

function listApi(items = [makeListItem()], extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/campaigns': () => jsonResponse(200, items),
    'GET /api/campaigns/configuration': () => jsonResponse(200, CONFIGURATION),
    'GET /api/simulate/numbers': () =>
      jsonResponse(200, {
        fromNumbers: CONFIGURATION.fromNumbers,
        toNumbers: CONFIGURATION.toNumbers,
      }),
    ...extra,
  });
}

beforeEach(() => {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }),
  );
});

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('CampaignsPage list', () => {
  it('lists the campaigns last run first, with History only after runs and Delete only before', async () => {
    listApi([
      makeListItem({
        id: id(1),
        name: 'Older',
        lastExecutionTime: '2026-03-01T10:00:00Z',
        runCount: 2,
      }),
      makeListItem({ id: id(2), name: 'Never run', lastExecutionTime: null, runCount: 0 }),
      makeListItem({
        id: id(3),
        name: 'Newer',
        lastExecutionTime: '2026-03-02T10:00:00Z',
        runCount: 1,
      }),
    ]);
    renderCampaigns(LIST);
    await screen.findByText('Older');
    expect(rowNames()).toEqual(['Newer', 'Older', 'Never run']);
    expect(screen.queryByRole('columnheader', { name: 'ID' })).toBeNull();
    for (const header of ['Type', 'Name', 'Tags', 'Volume', 'Last Run', 'Runs', 'Actions'])
      expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
    expect(screen.getAllByTitle('Full Load')).toHaveLength(3);

    expect(screen.getByRole('button', { name: 'History Older' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'History Never run' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete Never run' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete Older' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeTruthy();
  });

  it('searches campaign names only', async () => {
    listApi([makeListItem({ name: 'Spring load', description: 'Autumn text' })]);
    renderCampaigns(LIST);
    await screen.findByText('Spring load');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search Campaigns' }), {
      target: { value: 'autumn' },
    });
    expect(await screen.findByText('Sorry, no matching records found')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search Campaigns' }), {
      target: { value: 'SPRING' },
    });
    expect(await screen.findByText('Spring load')).toBeTruthy();
  });

  it('deletes after the confirmation, and says so when it fails', async () => {
    let deletes = 0;
    listApi([makeListItem()], {
      [`DELETE /api/campaigns/${CAMPAIGN_ID}`]: () => {
        deletes++;
        return deletes === 1 ? new Response(null, { status: 204 }) : apiError(409, 'has runs');
      },
    });
    renderCampaigns(LIST);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Spring load' }));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(within(dialog).getByText('Delete Campaign')).toBeTruthy();
    expect(within(dialog).getByText('Are you sure you want to delete this Campaign?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deletes).toBe(1));

    fireEvent.click(await screen.findByRole('button', { name: 'Delete Spring load' }));
    fireEvent.click(
      within(await screen.findByTestId('confirm-dialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(snackbar()).toBe('An error occurred while deleting the Campaign.'));
  });

  it('shows viewers the list read-only', async () => {
    listApi([makeListItem({ runCount: 1, lastExecutionTime: '2026-03-02T10:00:00Z' })]);
    renderCampaigns(LIST, 'user:viewer');
    await screen.findByText('Spring load');
    expect(screen.getByRole('button', { name: 'History Spring load' })).toBeTruthy();
    for (const name of ['Create Campaign', 'Run Spring load', 'Copy Spring load'])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });
});

describe('Create campaign wizard', () => {
  it('moves on only when each step validates, with the spec texts, and saves multipart', async () => {
    let sent: FormData | null = null;
    let lists = 0;
    listApi([], {
      'GET /api/campaigns': () => {
        lists++;
        return jsonResponse(200, []);
      },
      'POST /api/campaigns': (init) => {
        sent = init?.body as FormData;
        return jsonResponse(201, makeCampaign());
      },
    });
    renderCampaigns(LIST);
    fireEvent.click(await screen.findByRole('button', { name: 'Create Campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Campaign' });
    await within(dialog).findByRole('radiogroup', { name: 'Campaign Type' });

    next();
    expect(snackbar()).toBe('Please select the Campaign Type.');
    expect(
      inDialog()
        .getByRole('radio', { name: /Avalanche/ })
        .getAttribute('aria-disabled'),
    ).toBe('true');
    fireEvent.click(inDialog().getByRole('radio', { name: /Full Load/ }));
    next();

    await inDialog().findByLabelText(/Campaign Name/);
    next();
    expect(snackbar()).toBe('Please enter a Campaign Name.');
    type(/Campaign Name/, 'Spring load');
    next();

    await inDialog().findByLabelText(/From Number/);
    next();
    expect(snackbar()).toBe('Please select/enter the From Number.');
    type(/From Number/, '+61390000000');
    next();

    // Details: the minimum follows the volume and pacing; the CPS limit comes from the group.
    await inDialog().findByLabelText(/Total Calls/);
    expect(screen.getByText('CPS limit is 5')).toBeTruthy();
    type(/Total Calls/, '400');
    expect(field(/Call Duration/).value).toBe('600');
    expect(screen.getByText('Minimum value is 600')).toBeTruthy();
    expect(screen.getByTestId('approval-warning')).toBeTruthy();
    type(/Calls Per Second/, '8');
    next();
    expect(snackbar()).toBe('Please enter valid campaign details.');
    expect(screen.getAllByText('CPS limit is 5')).toBeTruthy();
    type(/Calls Per Second/, '5');
    expect(field(/Call Duration/).value).toBe('120');
    type(/Call Duration/, '100');
    next();
    expect(screen.getByText('Minimum value is 120')).toBeTruthy();
    type(/Call Duration/, '130');
    type(/Answer Treatment/, '1w{2}{$Pin}#');
    next();

    // Data: the placeholder needs a CSV with its column.
    await inDialog().findByText('Upload CSV');
    fireEvent.click(button('Save'));
    await waitFor(() => expect(snackbar()).toBe('Please review your campaign data.'));
    const csv = new File(['Pin,Note\n1234,first\n5678,second\n'], 'pins.csv', { type: 'text/csv' });
    fireEvent.change(inDialog().getByLabelText('Upload CSV'), { target: { files: [csv] } });
    expect(await inDialog().findByText('5678')).toBeTruthy();
    expect(screen.getByText('pins.csv')).toBeTruthy();
    fireEvent.click(button('Save'));

    await waitFor(() => expect(snackbar()).toBe('Campaign created successfully.'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lists).toBe(2);
    const form = sent as FormData | null;
    expect([...(form?.keys() ?? [])]).toEqual([
      'type',
      'name',
      'fromNumber',
      'totalCalls',
      'callDuration',
      'callsPerSecond',
      'answerTreatment',
      'answerTreatmentData',
    ]);
    expect(form?.get('totalCalls')).toBe('400');
    const file = form?.get('answerTreatmentData');
    expect(file instanceof File ? file.name : null).toBe('pins.csv');
  });

  it('returns to the name step when the name is taken; other failures say the spec text', async () => {
    let posts = 0;
    listApi([makeListItem()], {
      [`GET /api/campaigns/${CAMPAIGN_ID}`]: () =>
        jsonResponse(200, makeCampaign({ tags: ['a', 'b'] })),
      'POST /api/campaigns': () => {
        posts++;
        return posts === 1
          ? apiError(400, 'Campaign name must be unique', { name: 'Campaign name must be unique' })
          : apiError(500, 'boom');
      },
    });
    renderCampaigns(LIST);
    fireEvent.click(await screen.findByRole('button', { name: 'Copy Spring load' }));
    await screen.findByRole('dialog', { name: 'Edit Campaign' });
    await inDialog().findByRole('radiogroup', { name: 'Campaign Type' });
    for (let i = 0; i < 4; i++) next();
    await inDialog().findByText('Upload CSV');
    fireEvent.click(button('Save'));

    await waitFor(() => expect(snackbar()).toBe('Campaign name must be unique'));
    const name = await inDialog().findByLabelText(/Campaign Name/);
    expect((name as HTMLInputElement).value).toBe('Spring load (Copy)');
    expect(screen.getByText('Campaign name must be unique', { selector: 'p' })).toBeTruthy();

    type(/Campaign Name/, 'Spring load 2');
    for (let i = 0; i < 3; i++) next();
    await inDialog().findByText('Upload CSV');
    fireEvent.click(button('Save'));
    await waitFor(() => expect(snackbar()).toBe('An error occurred while creating the campaign'));
  });

  it('says when the group configuration cannot be read', async () => {
    listApi([], {
      'GET /api/campaigns/configuration': () => apiError(403, 'No'),
    });
    renderCampaigns(LIST);
    fireEvent.click(await screen.findByRole('button', { name: 'Create Campaign' }));
    await waitFor(() =>
      expect(snackbar()).toBe('An error occurred while receiving group configuration.'),
    );
    expect(await screen.findByRole('radiogroup', { name: 'Campaign Type' })).toBeTruthy();
  });
});

describe('Run campaign wizard', () => {
  const START = `/api/campaigns/${CAMPAIGN_ID}/runs/start`;

  it('opens from Run; the approval tick is needed for a big campaign; starting opens the run', async () => {
    let body: unknown = null;
    const api = listApi([makeListItem({ totalCalls: 400 })], {
      [`GET /api/campaigns/${CAMPAIGN_ID}`]: () =>
        jsonResponse(200, makeCampaign({ totalCalls: 400, callDuration: 300 })),
      [`POST ${START}`]: (init) => {
        body = JSON.parse(String(init?.body));
        return jsonResponse(
          201,
          makeRun({
            state: 'Queued',
            status: 'In Progress',
            outcome: null,
            isComplete: false,
            startedAt: null,
            endedAt: null,
            dialler: null,
            rateReached: null,
          }),
        );
      },
    });
    const { router } = renderCampaigns(LIST);
    fireEvent.click(await screen.findByRole('button', { name: 'Run Spring load' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/${GROUP_ID}/campaigns/start/${CAMPAIGN_ID}`),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Run Campaign' });
    expect(await within(dialog).findByText('+61390000000')).toBeTruthy();
    // No data rows and no placeholder: no Data step.
    expect(within(dialog).queryByText('Data')).toBeNull();
    next();
    expect(await inDialog().findByRole('figure', { name: 'Planned load' })).toBeTruthy();
    next();

    await inDialog().findByLabelText(/Run Description/);
    fireEvent.click(button('Run Campaign'));
    await waitFor(() => expect(snackbar()).toBe('Please enter the run description to continue.'));
    type(/Run Description/, 'First run');
    expect(screen.getByTestId('approval-warning')).toBeTruthy();
    fireEvent.click(button('Run Campaign'));
    await waitFor(() =>
      expect(snackbar()).toBe(
        'Please tick the approval checkbox to confirm you have the approval to run this campaign.',
      ),
    );
    fireEvent.click(inDialog().getByRole('checkbox'));
    fireEvent.click(button('Run Campaign'));

    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/${GROUP_ID}/campaign/view/${CAMPAIGN_ID}/5b1d3c5f-9b68-4b54-8e2d-222222222222`,
      ),
    );
    expect(snackbar()).toBe('Campaign started successfully.');
    expect(body).toEqual({ description: 'First run', approved: true });
    expect(api.calls.some((c) => c.method === 'POST' && c.url === START)).toBe(true);
  });

  it('shows the Data step for data rows, and the start failure texts', async () => {
    let starts = 0;
    listApi([makeListItem()], {
      [`GET /api/campaigns/${CAMPAIGN_ID}`]: () =>
        jsonResponse(200, makeCampaign({ dataHeaders: ['Pin'], data: [{ Pin: '4321' }] })),
      [`POST ${START}`]: () => {
        starts++;
        return starts === 1 ? apiError(400, 'Dialler is not configured') : apiError(500, 'boom');
      },
    });
    const { router } = renderCampaigns(`/${GROUP_ID}/campaigns/start/${CAMPAIGN_ID}`);
    await screen.findByRole('dialog', { name: 'Run Campaign' });
    await screen.findByText('Spring load');
    next();
    next();
    expect(await inDialog().findByText('4321')).toBeTruthy();
    next();
    type(/Run Description/, 'Second');
    fireEvent.click(button('Run Campaign'));
    await waitFor(() => expect(snackbar()).toBe('Dialler is not configured'));
    fireEvent.click(button('Run Campaign'));
    await waitFor(() => expect(snackbar()).toBe('An error occurred while starting the Campaign.'));

    fireEvent.click(button('Close'));
    await waitFor(() => expect(router.state.location.pathname).toBe(LIST));
  });
});
