import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../../../test/setup.ts';
import { clearSession } from '../../../lib/session.ts';
import { paths } from '../../../lib/paths.ts';
import { GROUP_ID, jsonResponse } from '../../../test/factories.ts';
import { mockApi } from '../../../test/render-app.tsx';
import { apiError, makeMonitor, MONITOR_ID, uuid } from '../synthetic/test/factories.ts';
import { renderSynthetic } from '../synthetic/test/render-synthetic.tsx';
import { GsmMonitorsPage } from './gsm-monitors-page.tsx';

const PATH = `/${GROUP_ID}/gsm/monitors`;
const LIST = 'GET /api/gsm/monitors';

const snackbar = () => screen.queryByTestId('snackbar')?.textContent ?? null;
const dialog = () => within(screen.getByTestId('monitor-wizard'));
const next = () => fireEvent.click(dialog().getByRole('button', { name: 'Next' }));
const query = (url: string) => new URL(url, 'http://localhost').searchParams;

function render(path = PATH) {
  return renderSynthetic(paths.gsmMonitors.path, <GsmMonitorsPage />, path);
}

/** Opens the wizard, fills every step and presses Create. */
async function createMonitor(schedule: string) {
  render();
  fireEvent.click(await screen.findByRole('button', { name: 'New Monitor' }));
  fireEvent.change(dialog().getByLabelText(/Description/), { target: { value: 'x' } });
  next();
  fireEvent.click(await dialog().findByRole('checkbox', { name: 'Sydney' }));
  next();
  fireEvent.click(await dialog().findByRole('checkbox', { name: 'London' }));
  next();
  fireEvent.click(await dialog().findByRole('radio', { name: schedule }));
  fireEvent.click(dialog().getByRole('button', { name: 'Create' }));
}

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('GsmMonitorsPage', () => {
  it('lists the monitors of the last 30 days with next run, active and schedule texts', async () => {
    const api = mockApi({
      [LIST]: () =>
        jsonResponse(200, [
          makeMonitor({ monitorId: uuid(1), description: 'Scheduled' }),
          makeMonitor({ monitorId: uuid(2), description: 'Once', schedule: 0, nextRun: null }),
          makeMonitor({ monitorId: uuid(3), description: 'Off', active: false }),
        ]),
    });
    render();
    await screen.findByText('Scheduled');
    for (const header of [
      'Monitor ID',
      'Connect Regions',
      'Agent Regions',
      'Created On',
      'Last Run',
      'Next Run',
      'Active',
      'Description',
      'Schedule',
      'Actions',
    ])
      expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
    const row = (name: string) =>
      within(screen.getByText(name).closest('[data-testid="monitors-table-row"]') as HTMLElement);
    expect(row('Scheduled').getByText('Every 30m')).toBeTruthy();
    expect(row('Once').getByText('Not scheduled')).toBeTruthy();
    expect(row('Once').getByText('Run Once')).toBeTruthy();
    expect(row('Off').getAllByText('Disabled').length).toBe(2);
    expect(row('Off').queryByRole('button', { name: 'Disable Off' })).toBeNull();
    expect(row('Scheduled').getByRole('button', { name: 'Disable Scheduled' })).toBeTruthy();
    expect(screen.getByText('Last 30 days')).toBeTruthy();

    const sent = query(api.calls[0]?.url ?? '');
    const days = (Date.now() - Date.parse(sent.get('fromTime') ?? '')) / 86_400_000;
    expect([Math.round(days), sent.get('toTime')]).toEqual([30, 'now']);
    expect(sent.get('timezone')).toBeTruthy();
  });

  it('clears the Timestamp filter back to its default, Last 30 days', async () => {
    const api = mockApi({ [LIST]: () => jsonResponse(200, [makeMonitor()]) });
    render(`${PATH}?from=now-7d&to=now`);
    expect(await screen.findByText('Last 7 days')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reset to Last 30 days' }));
    expect(await screen.findByText('Last 30 days')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reset to Last 30 days' })).toBeNull();
    await waitFor(() => {
      const sent = query(api.calls.at(-1)?.url ?? '');
      expect(Math.round((Date.now() - Date.parse(sent.get('fromTime') ?? '')) / 86_400_000)).toBe(
        30,
      );
    });
  });

  it('says when the monitors cannot be loaded', async () => {
    mockApi({ [LIST]: () => apiError(403, 'no') });
    render();
    await waitFor(() => expect(snackbar()).toBe('An error occurred while retrieving Monitors.'));
    expect(await screen.findByText('No data Found')).toBeTruthy();
  });

  it('validates each wizard step with the spec texts and creates a Run Once monitor without a schedule', async () => {
    let monitors = [makeMonitor({ monitorId: uuid(9), description: 'Old' })];
    const api = mockApi({
      [LIST]: () => jsonResponse(200, monitors),
      'POST /api/gsm/monitors': (init) => {
        const body = JSON.parse(String(init?.body)) as { description: string };
        const created = makeMonitor({ description: body.description, schedule: 0 });
        monitors = [...monitors, created];
        return jsonResponse(201, created);
      },
    });
    render();
    await screen.findByText('Old');
    fireEvent.click(screen.getByRole('button', { name: 'New Monitor' }));
    expect(screen.getByRole('dialog', { name: 'Create Monitor' })).toBeTruthy();

    next();
    await waitFor(() => expect(snackbar()).toBe('Please enter a Description.'));
    fireEvent.change(dialog().getByLabelText(/Description/), { target: { value: 'Tokyo path' } });
    next();

    await dialog().findByRole('checkbox', { name: 'Oregon' });
    next();
    await waitFor(() => expect(snackbar()).toBe('Please select Connect Region(s).'));
    fireEvent.click(dialog().getByRole('checkbox', { name: 'Tokyo' }));
    fireEvent.click(dialog().getByRole('checkbox', { name: 'North Virginia' }));
    next();

    // Agent regions offer Los Angeles and Mumbai instead of Oregon and Singapore (§9).
    await dialog().findByRole('checkbox', { name: 'Mumbai' });
    expect(dialog().queryByRole('checkbox', { name: 'Oregon' })).toBeNull();
    next();
    await waitFor(() => expect(snackbar()).toBe('Please select Agent Region(s).'));
    fireEvent.click(dialog().getByRole('checkbox', { name: 'Mumbai' }));
    next();

    await dialog().findByRole('radio', { name: 'Every 30m' });
    fireEvent.click(dialog().getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(snackbar()).toBe('Please select a Schedule.'));
    fireEvent.click(dialog().getByRole('radio', { name: 'Run Once' }));
    fireEvent.click(dialog().getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(snackbar()).toBe('Monitor created successfully.'));
    const post = api.calls.find((c) => c.method === 'POST');
    // Regions in the list's order; the schedule left out for Run Once (§7.1).
    expect(post?.body).toEqual({
      description: 'Tokyo path',
      connectRegions: ['North Virginia', 'Tokyo'],
      agentRegions: ['Mumbai'],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Tokyo path')).toBeTruthy();

    // A new wizard starts afresh.
    fireEvent.click(screen.getByRole('button', { name: 'New Monitor' }));
    expect((dialog().getByLabelText(/Description/) as HTMLInputElement).value).toBe('');
  });

  it('sends Every 30m as 30 minutes and shows the server text of a 400', async () => {
    const api = mockApi({
      [LIST]: () => jsonResponse(200, []),
      'POST /api/gsm/monitors': () => apiError(400, 'Sydney is not a known region'),
    });
    await createMonitor('Every 30m');
    await waitFor(() => expect(snackbar()).toBe('Sydney is not a known region'));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({ schedule: 30 });
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('says the spec text when creating fails otherwise', async () => {
    mockApi({
      [LIST]: () => jsonResponse(200, []),
      'POST /api/gsm/monitors': () => apiError(500, 'boom'),
    });
    await createMonitor('Run Once');
    await waitFor(() => expect(snackbar()).toBe('An error occurred while creating the monitor.'));
  });

  it('disables a monitor after confirmation, and says when it fails', async () => {
    let monitor = makeMonitor();
    let disables = 0;
    mockApi({
      [LIST]: () => jsonResponse(200, [monitor]),
      [`POST /api/gsm/monitors/${MONITOR_ID}/disable`]: () => {
        disables++;
        if (disables === 1) return apiError(500, 'boom');
        monitor = makeMonitor({ active: false });
        return jsonResponse(200, monitor);
      },
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Disable Sydney path' }));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(within(confirm).getByText('Disable Monitor')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(disables).toBe(0);

    const disable = async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Disable Sydney path' }));
      fireEvent.click(
        within(await screen.findByTestId('confirm-dialog')).getByRole('button', {
          name: 'Disable',
        }),
      );
    };
    await disable();
    await waitFor(() => expect(snackbar()).toBe('An error occurred while disabling the monitor'));
    await disable();
    await waitFor(() => expect(snackbar()).toBe('Monitor is successfully disabled'));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Disable Sydney path' })).toBeNull(),
    );
    expect(screen.getAllByText('Disabled').length).toBe(2);
  });

  it('refreshes at most every 2 s', async () => {
    const api = mockApi({ [LIST]: () => jsonResponse(200, [makeMonitor()]) });
    render();
    await screen.findByText('Sydney path');
    const gets = () => api.calls.filter((c) => c.method === 'GET').length;
    expect(gets()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(gets()).toBe(1);
    // 2 s later (the clock moved on, not the test's wall time: a loaded machine cannot fail it).
    const realNow = Date.now.bind(Date);
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => realNow() + 2_001);
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
      await waitFor(() => expect(gets()).toBe(2));
    } finally {
      clock.mockRestore();
    }
  });

  it('deletes a monitor after confirmation', async () => {
    let deleted = false;
    mockApi({
      [LIST]: () => jsonResponse(200, deleted ? [] : [makeMonitor()]),
      [`DELETE /api/gsm/monitors/${MONITOR_ID}`]: () => {
        deleted = true;
        return new Response(null, { status: 204 });
      },
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Sydney path' }));
    fireEvent.click(
      within(await screen.findByTestId('confirm-dialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(snackbar()).toBe('Monitor deleted successfully.'));
    expect(await screen.findByText('No data Found')).toBeTruthy();
  });
});
