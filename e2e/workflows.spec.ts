import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Page } from './support/test.ts';
import { apiToken, groupIdOf, signInAs } from './support/auth.ts';
import { ingest } from './support/api.ts';

/**
 * Workflows (issue 6) end to end: a MOS watcher with a webhook action built in the wizard, a bad
 * call through the ingestion API, the webhook at a local receiver, the firing in History; then
 * the toggle confirmations, edit, delete, the audit log and a viewer's refusal.
 */

const RUN = Date.now().toString(36);
const NAME = `E2E bad MOS ${RUN}`;
const RENAMED = `${NAME} (renamed)`;
const CONTACT = `e2e-wf-${RUN}`;
const SHOTS = process.env.E2E_SCREENSHOTS;

interface Hit {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
const hits: Hit[] = [];
let receiver: http.Server;
let hookUrl = '';

test.beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      hits.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  hookUrl = `http://127.0.0.1:${port}/hook/${RUN}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

const snackbar = (page: Page) => page.getByTestId('snackbar');
const wizard = (page: Page) => page.getByTestId('workflow-wizard');
const next = (page: Page) => wizard(page).getByRole('button', { name: 'Next' }).click();
const row = (page: Page, name: string) =>
  page.getByTestId('workflow-row').filter({ has: page.getByText(name, { exact: true }) });

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/workflows-${name}.png`, fullPage: true });
}

async function openWorkflows(page: Page) {
  await page.goto(`/${groupIdOf(page)}/workflows`);
  await expect(page.getByRole('heading', { name: 'Workflows' })).toBeVisible();
}

/** A fresh API key of the admin's group, for the ingestion API. */
async function ingestionKey(page: Page): Promise<string> {
  const { accessToken, groupId } = await apiToken(page, 'admin');
  const res = await page.request.post('/api/config/token', {
    headers: { authorization: `Bearer ${accessToken}`, 'x-group-id': groupId },
    data: { name: `workflows e2e ${RUN}` },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { token: string }).token;
}

/** A 20-second call whose every second has MOS 2.1 (far below the 3.5 threshold). */
async function ingestBadCall(request: APIRequestContext, key: string) {
  const start = Date.now() - 30_000;
  await ingest(request, key, 'calls', [
    {
      contactId: CONTACT,
      agent: 'e2e-wf-agent',
      direction: 'INBOUND',
      startTime: start,
      endTime: start + 20_000,
    },
  ]);
  const dir = { mos: 2.1, packetsCount: 50, packetsLost: 0 };
  await ingest(
    request,
    key,
    'samples',
    Array.from({ length: 20 }, (_, s) => ({
      contactId: CONTACT,
      timestamp: start + s * 1000,
      inbound: dir,
      outbound: dir,
      rttMs: 80,
      jitterMs: 5,
      agentStatus: 'Talk',
    })),
  );
}

test.describe.serial('Workflows', () => {
  test('an admin builds a MOS webhook watcher in the wizard and a bad call fires it', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await signInAs(page, 'admin');
    await openWorkflows(page);
    await shot(page, 'list-empty');

    await page.getByRole('button', { name: 'Create Workflow' }).click();
    await expect(wizard(page).getByRole('heading', { name: 'Create New Workflow' })).toBeVisible();
    await next(page);
    await expect(snackbar(page)).toHaveText('Please select an Application');
    await shot(page, 'step-application');
    await wizard(page)
      .getByRole('radio', { name: /^Amazon Connect/ })
      .click();
    await next(page);
    await next(page);
    await expect(snackbar(page)).toHaveText('Please select a Trigger');
    await wizard(page).getByRole('radio', { name: /^MOS/ }).click();
    await shot(page, 'step-trigger');
    await next(page);
    await next(page);
    await expect(snackbar(page)).toHaveText('Please select an Action');
    await expect(wizard(page).getByRole('radio', { name: /^Amazon Eventbridge/ })).toHaveCount(0);
    await wizard(page)
      .getByRole('radio', { name: /^Invoke Webhook/ })
      .click();
    await shot(page, 'step-action');
    await next(page);

    // Configure: the spec's validation texts, then valid values.
    const threshold = wizard(page).getByRole('textbox', { name: /MOS at or below/ });
    await expect(threshold).toHaveValue('3.5');
    await threshold.fill('bad');
    await wizard(page).getByLabel('Headers (JSON)').fill('{"X-E2E":');
    await next(page);
    await expect(wizard(page).getByText('Invalid number')).toBeVisible();
    await expect(wizard(page).getByText('Invalid JSON')).toBeVisible();
    await expect(wizard(page).getByText('Required (URL)')).toBeVisible();
    await threshold.fill('3.5');
    await wizard(page).getByLabel('Headers (JSON)').fill(`{"X-E2E": "${RUN}"}`);
    await wizard(page).getByRole('textbox', { name: /^URL/ }).fill('not a url');
    await next(page);
    await expect(wizard(page).getByText('Invalid URL')).toBeVisible();
    await wizard(page).getByRole('textbox', { name: /^URL/ }).fill(hookUrl);
    await wizard(page)
      .getByRole('textbox', { name: /^Body/ })
      .fill('{"contactId": "{{contactId}}", "workflow": "{{workflowName}}", "mos": "{{value}}"}');
    await shot(page, 'step-configure');
    await next(page);

    // Details: the name is required; tags are added with Enter.
    await wizard(page).getByRole('button', { name: 'Create' }).click();
    await expect(wizard(page).getByText('Please enter a Workflow Name')).toBeVisible();
    await wizard(page)
      .getByRole('textbox', { name: /^Workflow Name/ })
      .fill(NAME);
    await wizard(page).getByLabel('Tags').fill('e2e');
    await wizard(page).getByLabel('Tags').press('Enter');
    await expect(wizard(page).getByTestId('workflow-tags')).toHaveText('e2e');
    await expect(wizard(page).getByLabel('Tags')).toHaveValue('');
    await shot(page, 'step-details');
    await wizard(page).getByRole('button', { name: 'Create' }).click();
    await expect(snackbar(page)).toHaveText('Workflow created successfully.');
    await expect(wizard(page)).toBeHidden();

    const created = row(page, NAME);
    await expect(created).toContainText('Amazon Connect');
    await expect(created).toContainText('MOS');
    await expect(created).toContainText('Invoke Webhook');
    await expect(created.getByTestId('workflow-toggle').locator('input')).toBeChecked();
    await shot(page, 'list');

    // A bad call through the ingestion API fires the webhook once.
    await ingestBadCall(page.request, await ingestionKey(page));
    await expect
      .poll(() => hits.filter((h) => h.body.includes(CONTACT)).length, { timeout: 30_000 })
      .toBe(1);
    const hit = hits.find((h) => h.body.includes(CONTACT));
    expect(hit?.method).toBe('POST');
    expect(hit?.path).toBe(`/hook/${RUN}`);
    expect(hit?.headers['x-e2e']).toBe(RUN);
    expect(JSON.parse(hit?.body ?? '{}')).toMatchObject({ contactId: CONTACT, workflow: NAME });

    // The history row is written once the receiver has answered: wait for it through the API
    // first, so that the page (which loads once) cannot race the server.
    const { accessToken, groupId } = await apiToken(page, 'admin');
    await expect
      .poll(
        async () => {
          const res = await page.request.get(`/api/groups/${groupId}/watchers/actions/history`, {
            headers: { authorization: `Bearer ${accessToken}`, 'x-group-id': groupId },
          });
          return (await res.text()).includes(CONTACT);
        },
        { timeout: 30_000 },
      )
      .toBe(true);

    // The firing is listed in History → Workflow Actions (default last 15 minutes).
    await page.goto(`/${groupIdOf(page)}/history/lists`);
    await expect(page.getByRole('tab', { name: 'Workflow Actions', selected: true })).toBeVisible();
    await expect(page.getByTestId('history-range')).toContainText('Last 15 minutes');
    const firing = page
      .getByTestId('action-history-row')
      .filter({ hasText: CONTACT })
      .filter({ hasText: NAME });
    // The list refreshes itself every 15 s; allow one refresh on a busy machine.
    await expect(firing).toHaveCount(1, { timeout: 40_000 });
    await expect(firing).toContainText(NAME);
    await expect(firing).toContainText('Amazon Connect');
    await expect(firing).toContainText('Invoke Webhook');
    await expect(firing).toContainText('e2e-wf-agent');
    await expect(firing).toContainText('200');
    await shot(page, 'history-actions');
  });

  test('toggling asks first and Cancel reverts; edit and delete', async ({ page }) => {
    await signInAs(page, 'admin');
    await openWorkflows(page);
    const toggle = row(page, NAME).getByTestId('workflow-toggle').locator('input');
    const dialog = page.getByTestId('confirm-dialog');

    await toggle.click();
    await expect(dialog.getByRole('heading', { name: 'Disable Action' })).toBeVisible();
    await expect(dialog).toContainText('Are you sure you want to disable this action?');
    await expect(toggle).not.toBeChecked();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(toggle).toBeChecked();

    await toggle.click();
    await dialog.getByRole('button', { name: 'Disable' }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(toggle).not.toBeChecked();

    await toggle.click();
    await expect(dialog.getByRole('heading', { name: 'Enable Action' })).toBeVisible();
    await expect(dialog).toContainText('Are you sure you want to enable this action?');
    await dialog.getByRole('button', { name: 'Enable' }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(toggle).toBeChecked();

    // Edit opens the wizard filled in; saving shows the update text.
    await row(page, NAME)
      .getByRole('button', { name: `Edit ${NAME}` })
      .click();
    await expect(wizard(page).getByRole('heading', { name: 'Edit Workflow' })).toBeVisible();
    await expect(wizard(page).getByRole('radio', { name: /^Amazon Connect/ })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await next(page);
    await next(page);
    await next(page);
    await expect(wizard(page).getByRole('textbox', { name: /^URL/ })).toHaveValue(hookUrl);
    await next(page);
    await expect(wizard(page).getByRole('textbox', { name: /^Workflow Name/ })).toHaveValue(NAME);
    await wizard(page)
      .getByRole('textbox', { name: /^Workflow Name/ })
      .fill(RENAMED);
    await wizard(page).getByRole('button', { name: 'Save' }).click();
    await expect(snackbar(page)).toHaveText('Workflow updated successfully.');
    await expect(row(page, RENAMED)).toHaveCount(1);

    await row(page, RENAMED)
      .getByRole('button', { name: `Delete ${RENAMED}` })
      .click();
    await expect(dialog.getByRole('heading', { name: 'Delete Workflow' })).toBeVisible();
    await expect(dialog).toContainText('Are you sure you want to delete this Workflow?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(row(page, RENAMED)).toHaveCount(1);
    await row(page, RENAMED)
      .getByRole('button', { name: `Delete ${RENAMED}` })
      .click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(row(page, RENAMED)).toHaveCount(0);
  });

  test('EventBridge triggers offer only the EventBridge action and list the event sources', async ({
    page,
  }) => {
    await signInAs(page, 'admin');
    const { accessToken, groupId } = await apiToken(page, 'admin');
    const source = `wf-e2e-${RUN}`;
    const res = await page.request.post('/api/users/eventBridge', {
      headers: { authorization: `Bearer ${accessToken}`, 'x-group-id': groupId },
      data: { awsRegion: 'eu-west-1', eventSourceName: source, accountId: '123456789012' },
    });
    expect(res.status(), await res.text()).toBeLessThan(300);

    await openWorkflows(page);
    await page.getByRole('button', { name: 'Create Workflow' }).click();
    await wizard(page)
      .getByRole('radio', { name: /^Amazon Connect/ })
      .click();
    await next(page);
    await wizard(page)
      .getByRole('radio', { name: /^EventBridge Summary Data/ })
      .click();
    await next(page);
    await expect(wizard(page).getByRole('radio')).toHaveText(['Amazon Eventbridge']);
    await wizard(page)
      .getByRole('radio', { name: /^Amazon Eventbridge/ })
      .click();
    await next(page);
    await next(page);
    await expect(wizard(page).getByText('Required (Event Source)')).toBeVisible();
    await wizard(page)
      .getByRole('combobox', { name: /^Event Source/ })
      .click();
    // Only the last path segment of the full source name is shown.
    await page.getByRole('option', { name: `${source} (eu-west-1)` }).click();
    await shot(page, 'step-configure-eventbridge');
    await next(page);
    await wizard(page)
      .getByRole('textbox', { name: /^Workflow Name/ })
      .fill(`EB ${RUN}`);
    await wizard(page).getByRole('button', { name: 'Create' }).click();
    await expect(snackbar(page)).toHaveText('Workflow created successfully.');
    await expect(row(page, `EB ${RUN}`)).toContainText('Amazon Eventbridge');
  });

  test('the audit log lists the creation, filtered by service', async ({ page }) => {
    await signInAs(page, 'admin');
    await page.goto(`/${groupIdOf(page)}/history/lists`);
    await page.getByRole('tab', { name: 'Audit Logs' }).click();
    await expect(page.getByTestId('history-range')).toContainText('Last 1 hour');
    await expect(page.getByTestId('audit-logs-pagination')).toContainText('100');
    await page.getByLabel('Service').fill('workflows');
    await expect(page).toHaveURL(/service=workflows/);
    const rows = page.getByTestId('audit-logs-row');
    await expect(rows.filter({ hasText: `Created workflow "${NAME}"` })).toHaveCount(1);
    await expect(rows.filter({ hasNotText: 'workflows' })).toHaveCount(0);
    await shot(page, 'history-audit');

    // Download: every page into audit-logs.json.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('audit-logs.json');
    const path = await file.path();
    const { readFile } = await import('node:fs/promises');
    const saved = JSON.parse(await readFile(path, 'utf8')) as { message: string }[];
    expect(saved.some((r) => r.message === `Created workflow "${NAME}"`)).toBe(true);
  });

  test('a viewer is refused the workflows screen and the API', async ({ page }) => {
    await signInAs(page, 'viewer');
    const groupId = groupIdOf(page);
    await page.goto(`/${groupId}/workflows`);
    await expect(snackbar(page)).toContainText('You do not have access to that page.');
    await expect(page).not.toHaveURL(/\/workflows/);
    const { accessToken } = await apiToken(page, 'viewer');
    const res = await page.request.put(`/api/groups/${groupId}/watchers`, {
      headers: { authorization: `Bearer ${accessToken}`, 'x-group-id': groupId },
      data: {
        workflowId: '-1',
        application: 'aws-connect',
        trigger: 'aws-connect-mos',
        actions: [{ type: 'test-action' }],
        workflowName: 'viewer attempt',
      },
    });
    expect(res.status()).toBe(403);
  });
});
