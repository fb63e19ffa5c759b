import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import '../../../test/setup.ts';
import { clearSession } from '../../../lib/session.ts';
import { GROUP_ID, jsonResponse } from '../../../test/factories.ts';
import { mockApi } from '../../../test/render-app.tsx';
import { CAMPAIGN_ID, makeCampaign, makeRun } from '../test/factories.ts';
import { renderCampaigns } from '../test/render-campaigns.tsx';

const runId = (n: number) => `5b1d3c5f-9b68-4b54-8e2d-00000000000${n}`;

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('CampaignHistoryPage', () => {
  it('lists the runs newest first with status and View, under the campaign name', async () => {
    mockApi({
      [`GET /api/campaigns/${CAMPAIGN_ID}`]: () => jsonResponse(200, makeCampaign()),
      [`GET /api/campaigns/${CAMPAIGN_ID}/runs`]: () =>
        jsonResponse(200, [
          makeRun({ id: runId(1), runDescription: 'Old run', createdOn: '2026-03-01T09:00:00Z' }),
          makeRun({
            id: runId(2),
            runDescription: 'Cancelled run',
            createdOn: '2026-03-03T09:00:00Z',
            canceledAt: '2026-03-03T09:00:05Z',
            status: 'Cancelled',
          }),
          makeRun({
            id: runId(3),
            runDescription: 'Live run',
            createdOn: '2026-03-02T09:00:00Z',
            status: 'In Progress',
            isComplete: false,
            outcome: null,
          }),
        ]),
    });
    renderCampaigns(`/${GROUP_ID}/campaign/history/${CAMPAIGN_ID}`);
    expect(await screen.findByRole('heading', { name: 'Spring load' })).toBeTruthy();
    await screen.findByText('Old run');
    const rows = screen.getAllByTestId('campaign-run-row');
    expect(rows.map((r) => r.querySelector('[data-field="runDescription"]')?.textContent)).toEqual([
      'Cancelled run',
      'Live run',
      'Old run',
    ]);
    for (const header of ['Description', 'Tags', 'Run On', 'Cancelled At', 'Status', 'Outcome'])
      expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'ID' })).toBeNull();
    expect(screen.getAllByTestId('run-status').map((c) => c.textContent)).toEqual([
      'Cancelled',
      'In Progress',
      'Complete',
    ]);
    expect(screen.getByRole('link', { name: 'View Old run' }).getAttribute('href')).toBe(
      `/${GROUP_ID}/campaign/view/${CAMPAIGN_ID}/${runId(1)}`,
    );
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Crumbs' }).textContent).toBe(
        'campaign=Spring load',
      ),
    );
  });

  it('says when the runs cannot be loaded', async () => {
    mockApi({
      [`GET /api/campaigns/${CAMPAIGN_ID}`]: () => jsonResponse(200, makeCampaign()),
      [`GET /api/campaigns/${CAMPAIGN_ID}/runs`]: () =>
        jsonResponse(403, { error: { code: 'FORBIDDEN', message: 'No' } }),
    });
    renderCampaigns(`/${GROUP_ID}/campaign/history/${CAMPAIGN_ID}`);
    expect(await screen.findByText('The runs could not be loaded.')).toBeTruthy();
    expect(await screen.findByText('Sorry, no matching records found')).toBeTruthy();
  });
});
