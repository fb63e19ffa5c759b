import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../../../test/setup.ts';
import { clearSession } from '../../../lib/session.ts';
import { paths } from '../../../lib/paths.ts';
import { GROUP_ID, jsonResponse } from '../../../test/factories.ts';
import { mockApi } from '../../../test/render-app.tsx';
import { apiError, makeTest, TEST_ID, uuid } from '../../gsm/synthetic/test/factories.ts';
import { renderSynthetic } from '../../gsm/synthetic/test/render-synthetic.tsx';
import { HeartbeatTestsPage } from './heartbeat-tests-page.tsx';

const PATH = `/${GROUP_ID}/gsm/heartbeat`;
const LIST = 'GET /api/gsm/heartbeat';
const OPTIONS = {
  targetPhoneNumbers: ['+61390000009', '+61390000010'],
  virtualAgentNames: ['Bot A', 'Bot B'],
};
const snackbar = () => screen.queryByTestId('snackbar')?.textContent ?? null;
const dialog = () => within(screen.getByTestId('test-wizard'));
const next = () => fireEvent.click(dialog().getByRole('button', { name: 'Next' }));
const query = (url: string) => new URL(url, 'http://localhost').searchParams;

/** Picks an option of a select field in the dialog. */
async function choose(label: RegExp, option: string) {
  fireEvent.mouseDown(dialog().getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

function listApi(tests = [makeTest()], extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    [LIST]: () => jsonResponse(200, tests),
    'GET /api/gsm/heartbeat/numbers/source': () => jsonResponse(200, ['+61390000000']),
    'GET /api/gsm/heartbeat/options': () => jsonResponse(200, OPTIONS),
    ...extra,
  });
}

const render = (path = PATH) =>
  renderSynthetic(paths.heartbeatTests.path, <HeartbeatTestsPage />, path);
/** Days between now and a list request's fromTime, and its toTime. */
const sentWindow = (url: string | undefined) => {
  const sent = query(url ?? '');
  const days = (Date.now() - Date.parse(sent.get('fromTime') ?? '')) / 86_400_000;
  return [Math.round(days), sent.get('toTime')];
};
const row = (name: string) =>
  within(screen.getByText(name).closest('[data-testid="heartbeat-tests-row"]') as HTMLElement);

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('HeartbeatTestsPage list', () => {
  it('lists the tests of the last 7 days with their columns and row actions', async () => {
    const api = listApi([
      makeTest({ heartbeatId: uuid(1), description: 'Bots', nextRun: '2026-03-01T10:15:00.000Z' }),
      makeTest({
        heartbeatId: uuid(2),
        description: 'People',
        agentType: 'HUMAN_AGENT',
        agentIds: ['ada@example.com', 'bob'],
        active: false,
        schedule: 0,
      }),
    ]);
    render();
    await screen.findByText('Bots');
    for (const header of [
      'Heartbeat ID',
      'Agent Type',
      'Agent ID',
      'Created On',
      'Last Run',
      'Next Schedule',
      'Description',
      'Actions',
    ])
      expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
    expect(screen.getByText('Timestamp')).toBeTruthy();
    expect(screen.getByText('Last 7 days')).toBeTruthy();
    expect(row('Bots').getByText('Virtual')).toBeTruthy();
    expect(row('Bots').getByText('15m')).toBeTruthy();
    expect(row('Bots').getByRole('button', { name: 'Disable Bots' })).toBeTruthy();
    expect(row('Bots').queryByRole('button', { name: 'Retest Bots' })).toBeNull();
    expect(row('People').getByText('Human')).toBeTruthy();
    expect(row('People').getByText('ada@example.com, bob')).toBeTruthy();
    expect(row('People').getByText('Disabled')).toBeTruthy();
    expect(row('People').getByRole('button', { name: 'Retest People' })).toBeTruthy();
    expect(row('People').queryByRole('button', { name: 'Disable People' })).toBeNull();
    expect(sentWindow(api.calls[0]?.url)).toEqual([7, 'now']);
    expect(screen.queryByRole('button', { name: 'Reset to Last 7 days' })).toBeNull();
  });

  it('clears the Timestamp filter back to the default, Last 7 days, and lists that window', async () => {
    const api = listApi();
    render(`${PATH}?from=now-24h&to=now`);
    expect(await screen.findByText('Last 24 hours')).toBeTruthy();
    await waitFor(() => expect(api.calls.length).toBeGreaterThan(0));
    expect(sentWindow(api.calls.at(-1)?.url)).toEqual([1, 'now']);

    fireEvent.click(screen.getByRole('button', { name: 'Reset to Last 7 days' }));
    expect(await screen.findByText('Last 7 days')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reset to Last 7 days' })).toBeNull();
    await waitFor(() => expect(sentWindow(api.calls.at(-1)?.url)).toEqual([7, 'now']));
  });

  it('says when the tests cannot be loaded', async () => {
    listApi([], { [LIST]: () => apiError(403, 'no') });
    render();
    await waitFor(() => expect(snackbar()).toBe('An error occurred while retrieving Tests List'));
  });

  it('disables an active test, and says when it fails', async () => {
    let test = makeTest();
    let calls = 0;
    listApi(undefined, {
      [LIST]: () => jsonResponse(200, [test]),
      [`POST /api/gsm/heartbeat/${TEST_ID}/disable`]: () => {
        calls++;
        if (calls === 1) return apiError(500, 'boom');
        test = makeTest({ active: false });
        return jsonResponse(200, test);
      },
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Disable Morning check' }));
    await waitFor(() => expect(snackbar()).toBe('An error occurred while disabling the test'));
    fireEvent.click(screen.getByRole('button', { name: 'Disable Morning check' }));
    await waitFor(() => expect(snackbar()).toBe('Test is successfully disabled.'));
    expect(await screen.findByRole('button', { name: 'Retest Morning check' })).toBeTruthy();
  });

  it('retests an inactive test once, "[Retest]" prefixed once, with no schedule', async () => {
    const api = listApi(
      [
        makeTest({ heartbeatId: uuid(1), active: false, description: 'Check' }),
        makeTest({ heartbeatId: uuid(2), active: false, description: '[Retest] Again' }),
      ],
      { 'POST /api/gsm/heartbeat': () => jsonResponse(201, makeTest()) },
    );
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Retest Check' }));
    await waitFor(() => expect(snackbar()).toBe('A new job has been created successfully.'));
    fireEvent.click(screen.getByRole('button', { name: 'Retest [Retest] Again' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    const [first, second] = api.calls.filter((c) => c.method === 'POST');
    expect(first?.body).toEqual({
      sourcePhoneNumber: '+61390000000',
      targetPhoneNumber: '+61390000009',
      description: '[Retest] Check',
      agentType: 'VIRTUAL_AGENT',
      agentIds: ['Bot A'],
    });
    expect((second?.body as { description: string }).description).toBe('[Retest] Again');
  });

  it('deletes a test after confirmation', async () => {
    let deleted = false;
    listApi(undefined, {
      [LIST]: () => jsonResponse(200, deleted ? [] : [makeTest()]),
      [`DELETE /api/gsm/heartbeat/${TEST_ID}`]: () => {
        deleted = true;
        return new Response(null, { status: 204 });
      },
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Morning check' }));
    fireEvent.click(
      within(await screen.findByTestId('confirm-dialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(snackbar()).toBe('Test deleted successfully.'));
    expect(await screen.findByText('No data Found')).toBeTruthy();
  });
});

describe('HeartbeatTestsPage Create Test', () => {
  it('validates each step with the spec texts and creates a Run Once virtual-agent test', async () => {
    const api = listApi([], {
      'POST /api/gsm/heartbeat': () => jsonResponse(201, makeTest({ schedule: 0 })),
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'New Test' }));
    expect(screen.getByRole('dialog', { name: 'Create Test' })).toBeTruthy();

    next();
    await waitFor(() =>
      expect(snackbar()).toBe("Please select a 'To' and 'From' Number and enter a description."),
    );
    await choose(/From/, '+61390000000');
    await choose(/To/, '+61390000010');
    fireEvent.change(dialog().getByLabelText(/Description/), { target: { value: 'Bot check' } });
    next();

    await dialog().findByRole('radio', { name: 'Human' });
    next();
    await waitFor(() => expect(snackbar()).toBe('Please select Agent Type.'));
    fireEvent.click(dialog().getByRole('radio', { name: 'Virtual' }));
    next();

    const agents = await dialog().findByRole('combobox', { name: 'Virtual Agents' });
    next();
    await waitFor(() => expect(snackbar()).toBe('Please enter Target Agent(s).'));
    fireEvent.mouseDown(agents);
    fireEvent.click(await screen.findByRole('option', { name: 'Bot B' }));
    next();

    await dialog().findByRole('radio', { name: '60m' });
    fireEvent.click(dialog().getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(snackbar()).toBe('Please select Schedule.'));
    fireEvent.click(dialog().getByRole('radio', { name: 'Run Once' }));
    fireEvent.click(dialog().getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(snackbar()).toBe('A new job has been created successfully.'));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      sourcePhoneNumber: '+61390000000',
      targetPhoneNumber: '+61390000010',
      description: 'Bot check',
      agentType: 'VIRTUAL_AGENT',
      agentIds: ['Bot B'],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('takes typed human agents and a schedule, and drops agents when the type changes', async () => {
    const api = listApi([], {
      'POST /api/gsm/heartbeat': () => jsonResponse(201, makeTest({ schedule: 15 })),
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'New Test' }));
    await choose(/From/, '+61390000000');
    await choose(/To/, '+61390000009');
    fireEvent.change(dialog().getByLabelText(/Description/), { target: { value: 'People' } });
    next();
    fireEvent.click(await dialog().findByRole('radio', { name: 'Virtual' }));
    next();
    fireEvent.mouseDown(await dialog().findByRole('combobox', { name: 'Virtual Agents' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Bot A' }));
    fireEvent.click(dialog().getByRole('button', { name: 'Previous' }));
    fireEvent.click(await dialog().findByRole('radio', { name: 'Human' }));
    next();

    const input = await dialog().findByRole('combobox', { name: 'Agent Usernames or Emails' });
    expect(dialog().queryByText('Bot A')).toBeNull();
    fireEvent.change(input, { target: { value: 'ada@example.com' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await dialog().findByText('ada@example.com')).toBeTruthy();
    next();
    fireEvent.click(await dialog().findByRole('radio', { name: '15m' }));
    fireEvent.click(dialog().getByRole('button', { name: 'Create' }));
    // The spec's one text for a created test, scheduled as well as Run Once (spec 002 §8).
    await waitFor(() => expect(snackbar()).toBe('A new job has been created successfully.'));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      agentType: 'HUMAN_AGENT',
      agentIds: ['ada@example.com'],
      schedule: 15,
    });
  });

  it("says when the 'From' numbers cannot be loaded", async () => {
    listApi([], { 'GET /api/gsm/heartbeat/numbers/source': () => apiError(403, 'no') });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'New Test' }));
    await waitFor(() => expect(snackbar()).toBe("Failed to retrieve available 'From' numbers"));
  });

  it('says when the configs cannot be loaded', async () => {
    listApi([], { 'GET /api/gsm/heartbeat/options': () => apiError(403, 'no') });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'New Test' }));
    await waitFor(() => expect(snackbar()).toBe('An error occurred while retrieving configs'));
  });
});
