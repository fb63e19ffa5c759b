import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from './support/test.ts';
import { ACCOUNTS, apiToken, submitLogin, type Role } from './support/auth.ts';
import { createApiKey, createTestGroup, ingest, restoreSuperGroup } from './support/api.ts';

/**
 * The Calls and Logs explorer against calls sent through the real ingestion API into a group of
 * its own (created by the super user), so demo traffic never mixes in.
 */

const RUN = Date.now().toString(36);
const MIN = 60_000;
const SHOTS = process.env.E2E_SCREENSHOTS;

interface SeedCall {
  contactId: string;
  agent: string;
  isp: string;
  minutesAgo: number;
  seconds: number;
  mos: number;
  rttMs: number;
  jitterMs: number;
  lost: number;
}

const AGENTS = ['alice', 'bob', 'carol'] as const;
/** Twelve calls, newest first: c01 is 5 minutes old, c12 the oldest; MOS from 4.4 down to 2.2. */
const CALLS: SeedCall[] = Array.from({ length: 12 }, (_, i) => ({
  contactId: `e2e-${RUN}-c${String(i + 1).padStart(2, '0')}`,
  agent: `e2e-${AGENTS[i % 3] ?? 'alice'}`,
  isp: i % 2 === 0 ? 'Fibre Co' : 'Cable Inc',
  minutesAgo: 5 + i * 7,
  seconds: 30 + i * 5,
  mos: Math.round((4.4 - i * 0.2) * 100) / 100,
  rttMs: 40 + i * 40,
  jitterMs: 3 + i * 6,
  lost: i >= 9 ? 2 : 0,
}));
const byId = (n: number) => CALLS[n - 1]?.contactId ?? '';

let groupId = '';
let superOriginalGroup = '';
let apiKey = '';

async function seedCall(request: APIRequestContext, call: SeedCall, now: number) {
  const start = now - call.minutesAgo * MIN;
  await ingest(request, apiKey, 'calls', [
    {
      contactId: call.contactId,
      agent: call.agent,
      direction: 'INBOUND',
      startTime: start,
      endTime: start + call.seconds * 1000,
      agentISP: call.isp,
    },
  ]);
  const dir = { mos: call.mos, packetsCount: 50, packetsLost: call.lost };
  await ingest(
    request,
    apiKey,
    'samples',
    Array.from({ length: call.seconds }, (_, s) => ({
      contactId: call.contactId,
      timestamp: start + s * 1000,
      inbound: dir,
      outbound: dir,
      rttMs: call.rttMs,
      jitterMs: call.jitterMs,
      agentStatus: 'Talk',
    })),
  );
}

/** Signs in through the form; the first sign-in may wait while the demo history is generated. */
async function signInAs(page: Page, role: Role) {
  await submitLogin(page, ACCOUNTS[role].email, ACCOUNTS[role].password);
  await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 30_000 });
}

test.describe.serial('Calls and Logs explorer', () => {
  test.beforeAll(async ({ playwright, serverURL }) => {
    const request = await playwright.request.newContext({ baseURL: serverURL });
    // The super user works in the new group, so the UI lands there after sign-in.
    const created = await createTestGroup(request, {
      name: `E2E Explorer ${RUN}`,
      customerName: `E2E Explorer Customer ${RUN}`,
    });
    groupId = created.groupId;
    superOriginalGroup = created.superOriginalGroup;
    apiKey = await createApiKey(request, created.session.headers, 'E2E collector');
    const now = Date.now();
    for (const call of CALLS) await seedCall(request, call, now);
    await ingest(request, apiKey, 'logs', [
      {
        time: now - 6 * MIN,
        level: 'INFO',
        agent: 'e2e-alice',
        contactId: byId(1),
        text: 'Call connected',
      },
      {
        time: now - 7 * MIN,
        level: 'ERROR',
        agent: 'e2e-alice',
        contactId: byId(1),
        text: 'ICE connection failed',
      },
      {
        time: now - 13 * MIN,
        level: 'WARN',
        agent: 'e2e-bob',
        contactId: byId(2),
        text: 'Jitter above 30 ms',
      },
      { time: now - 20 * MIN, level: 'ERROR', agent: 'e2e-carol', text: 'Microphone not found' },
    ]);
    await request.dispose();
  });

  test.afterAll(async ({ playwright, serverURL }) => {
    const request = await playwright.request.newContext({ baseURL: serverURL });
    await restoreSuperGroup(request, superOriginalGroup);
    await request.dispose();
  });

  const rows = (page: Page) => page.getByTestId('call-stats-row');
  const cell = (page: Page, row: number, column: string) =>
    rows(page).nth(row).locator(`[role="gridcell"][data-field="${column}"]`);

  async function openExplorer(page: Page) {
    await signInAs(page, 'super');
    await page.goto(`/${groupId}/explorer`);
    await expect(page).toHaveURL(new RegExp(`/${groupId}/explorer/calls$`));
    await expect(page.getByRole('tab', { name: 'Call Stats Log' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  }

  async function addFilter(page: Page, field: string, operator: string | null, value: string) {
    await page.getByRole('combobox', { name: 'Field' }).click();
    await page.getByRole('option', { name: field, exact: true }).click();
    if (operator) {
      await page.getByRole('combobox', { name: 'Operator' }).click();
      await page.getByRole('option', { name: operator, exact: true }).click();
    }
    await page.getByRole('textbox', { name: 'Value' }).fill(value);
    await page.getByRole('button', { name: 'Apply' }).click();
  }

  test('lists the calls of the last 4 hours; filters, sorts, pages and downloads CSV', async ({
    page,
  }) => {
    await openExplorer(page);
    await expect(page.getByTestId('time-range-picker-button')).toContainText('Last 4 hours');
    await expect(rows(page)).toHaveCount(10);
    await expect(page.getByText('1–10 of 12')).toBeVisible();
    await expect(cell(page, 0, 'contactId')).toHaveText(byId(1));
    await expect(cell(page, 0, 'mos')).toHaveText('4.40');
    await expect(cell(page, 0, 'mos')).toHaveAttribute('data-band', 'good');
    await expect(cell(page, 0, 'durationSeconds')).toHaveText('30s');
    await expect(cell(page, 0, 'timestamp')).toHaveText(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/explorer-calls.png`, fullPage: true });

    // Paging of 10.
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await expect(rows(page)).toHaveCount(2);
    await expect(page.getByText('11–12 of 12')).toBeVisible();
    await expect(cell(page, 1, 'contactId')).toHaveText(byId(12));
    await expect(cell(page, 1, 'mos')).toHaveAttribute('data-band', 'bad');

    // Sorting: a new column starts descending, a second click ascends; back to page 1.
    await page.getByRole('columnheader', { name: 'RTT (ms)' }).click();
    await expect(page.getByText('1–10 of 12')).toBeVisible();
    await expect(cell(page, 0, 'contactId')).toHaveText(byId(12));
    await page.getByRole('columnheader', { name: 'RTT (ms)' }).click();
    await expect(cell(page, 0, 'contactId')).toHaveText(byId(1));
    await page.getByRole('columnheader', { name: 'Timestamp' }).click();
    await expect(cell(page, 0, 'contactId')).toHaveText(byId(1));

    // Filters: agent = e2e-bob; MOS >= 3.5 narrows further; a non-number is not applied.
    await addFilter(page, 'Agent', null, 'e2e-bob');
    await expect(rows(page)).toHaveCount(4);
    await expect(page.getByText('1–4 of 4')).toBeVisible();
    await addFilter(page, 'MOS', '>=', 'abc');
    await expect(page.getByText('Enter a number')).toBeVisible();
    await page.getByRole('textbox', { name: 'Value' }).fill('3.5');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('explorer-filters')).toContainText('Agent = e2e-bob');
    await expect(page.getByTestId('explorer-filters')).toContainText('MOS >= 3.5');
    // bob's calls are c02 (4.2), c05 (3.6), c08 (3.0), c11 (2.4).
    await expect(rows(page)).toHaveCount(2);
    await expect(cell(page, 0, 'contactId')).toHaveText(byId(2));
    await expect(cell(page, 1, 'contactId')).toHaveText(byId(5));
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/explorer-filtered.png`, fullPage: true });

    // The filters are kept for the page: leaving and coming back shows them again.
    await page.getByTestId('nav-home').click();
    await expect(page).toHaveURL(new RegExp(`/${groupId}/dashboard$`));
    await page.goto(`/${groupId}/explorer`);
    await expect(page.getByTestId('explorer-filters')).toContainText('MOS >= 3.5');
    await expect(rows(page)).toHaveCount(2);

    // CSV of every matching row.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(rows(page)).toHaveCount(10);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('tableDownload.csv');
    const csv = fs
      .readFileSync(await download.path(), 'utf8')
      .trim()
      .split('\r\n');
    expect(csv[0]).toBe(
      'Timestamp,Agent,Contact ID,Agent ISP,MOS,Jitter (ms),RTT (ms),Packet Loss,Duration,Score',
    );
    expect(csv).toHaveLength(13);
    expect(csv[1]).toContain(`,e2e-alice,${byId(1)},Fibre Co,4.40,3,40,0.00%,30s,`);
    expect(csv[12]).toContain(`,${byId(12)},Cable Inc,2.20,`);
  });

  /** Resolves once the page has asked the push socket for the explorer page (polling or WS). */
  function explorerSubscription(page: Page): Promise<void> {
    const wanted = (text: string | null | undefined) =>
      !!text && text.includes('subscribeToPage') && text.includes('explorer');
    return new Promise((resolve) => {
      page.on('request', (req) => {
        if (req.url().includes('/socket.io/') && wanted(req.postData())) resolve();
      });
      page.on('websocket', (ws) =>
        ws.on('framesent', (frame) => {
          if (typeof frame.payload === 'string' && wanted(frame.payload)) resolve();
        }),
      );
    });
  }

  test('a new call appears without reloading when the server announces it', async ({ page }) => {
    const subscribed = explorerSubscription(page);
    await openExplorer(page);
    await subscribed;
    await expect(page.getByText('1–10 of 12')).toBeVisible();
    const extra = { ...CALLS[0], contactId: `e2e-${RUN}-live`, minutesAgo: 1 } as SeedCall;
    await seedCall(page.request, extra, Date.now());
    await expect(cell(page, 0, 'contactId')).toHaveText(extra.contactId, { timeout: 15_000 });
    await expect(page.getByText('1–10 of 13')).toBeVisible();
  });

  test('Details opens the call as a modal with Open in new Tab and Close', async ({
    page,
    context,
  }) => {
    await openExplorer(page);
    await page.getByRole('button', { name: `Details ${byId(3)}` }).click();
    await expect(page).toHaveURL(new RegExp(`/${groupId}/explorer/calls/call/${byId(3)}(\\?.*)?$`));
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(byId(3));
    const newTab = dialog.getByRole('link', { name: 'Open in new Tab' });
    await expect(newTab).toHaveAttribute('href', `/${groupId}/call/${byId(3)}`);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/explorer-details.png` });
    const [opened] = await Promise.all([context.waitForEvent('page'), newTab.click()]);
    await opened.waitForLoadState();
    expect(new URL(opened.url()).pathname).toBe(`/${groupId}/call/${byId(3)}`);
    await opened.close();

    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/${groupId}/explorer/calls(\\?.*)?$`));
    await expect(rows(page)).toHaveCount(10);
  });

  test('Softphone Logs: filter by level, sort and download agent-logs.json', async ({ page }) => {
    await openExplorer(page);
    await page.getByRole('tab', { name: 'Softphone Logs' }).click();
    await expect(page).toHaveURL(new RegExp(`/${groupId}/explorer/logs$`));
    const logRows = page.getByTestId('agent-logs-row');
    await expect(logRows).toHaveCount(4);
    await expect(logRows.first()).toContainText('Call connected');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/explorer-logs.png`, fullPage: true });

    await page.getByRole('columnheader', { name: 'Level' }).click();
    await expect(logRows.first().locator('[role="gridcell"][data-field="level"]')).toHaveText(
      'ERROR',
    );

    await page.getByRole('combobox', { name: 'Field' }).click();
    await page.getByRole('option', { name: 'Level', exact: true }).click();
    await page.getByRole('combobox', { name: 'Value' }).click();
    await page.getByRole('option', { name: 'ERROR', exact: true }).click();
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(logRows).toHaveCount(2);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download JSON' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('agent-logs.json');
    const lines = JSON.parse(fs.readFileSync(await download.path(), 'utf8')) as {
      level: string;
      text: string;
      agent: string;
    }[];
    expect(lines.map((l) => l.text).sort()).toEqual([
      'ICE connection failed',
      'Microphone not found',
    ]);
    expect(lines.every((l) => l.level === 'ERROR')).toBe(true);

    // The explorer reopens on the last tab.
    await page.goto(`/${groupId}/explorer`);
    await expect(page).toHaveURL(new RegExp(`/${groupId}/explorer/logs$`));
    await page.getByRole('tab', { name: 'Call Stats Log' }).click();
    await expect(page).toHaveURL(new RegExp(`/${groupId}/explorer/calls$`));
  });

  test('a viewer of another group never sees these calls', async ({ page }) => {
    await signInAs(page, 'viewer');
    const viewer = await apiToken(page, 'viewer');
    expect(viewer.groupId).not.toBe(groupId);
    const headers = { authorization: `Bearer ${viewer.accessToken}` };
    const own = await page.request.get(`/api/calls/stats?contactId=${byId(1)}`, {
      headers: { ...headers, 'x-group-id': viewer.groupId },
    });
    expect(await own.json()).toMatchObject({ rows: [], total: 0 });
    const foreign = await page.request.get('/api/calls/stats', {
      headers: { ...headers, 'x-group-id': groupId },
    });
    expect(foreign.status()).toBe(403);

    await page.goto(`/${viewer.groupId}/explorer/calls`);
    await addFilter(page, 'Contact ID', null, byId(1));
    await expect(page.getByTestId('explorer-empty')).toHaveText('No data Found');
    await expect(page.getByTestId('call-stats-row')).toHaveCount(0);
  });
});
