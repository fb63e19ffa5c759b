import { expect, test, type Page } from './support/test.ts';
import { inDemoGroup } from './support/api.ts';
import { groupIdOf, signInAs } from './support/auth.ts';

/**
 * Heartbeat tests (issue 18) end to end: a Run Once test built in the Create Test wizard calls
 * the demo contact centre's virtual agent for real; the job completes and appears in the logs
 * page already open (push, no reload); its report shows scores, waveforms and latency.
 */

const RUN = Date.now().toString(36);
const DESCRIPTION = `E2E heartbeat ${RUN}`;
const SHOTS = process.env.E2E_SCREENSHOTS;

const dialog = (page: Page) => page.getByRole('dialog');
const next = (page: Page) => dialog(page).getByRole('button', { name: 'Next' }).click();

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/heartbeat-${name}.png`, fullPage: true });
}

async function choose(page: Page, label: string, option: string) {
  await dialog(page).getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a Run Once heartbeat test completes, appears in the open logs live, and its report shows scores, waveforms and latency', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  // Acme Support has heartbeat; another spec on this server may have left the admin elsewhere.
  await inDemoGroup(page.request, 'admin');
  await signInAs(page, 'admin');
  const group = groupIdOf(page);

  // The logs page, open before the test exists.
  const logs = await context.newPage();
  await logs.goto(`/${group}/gsm/heartbeat/logs`);
  await expect(logs.getByRole('heading', { name: 'Heartbeat Logs' })).toBeVisible();

  await page.goto(`/${group}/gsm/heartbeat`);
  await page.getByRole('button', { name: 'New Test' }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Create Test' })).toBeVisible();
  await next(page);
  await expect(
    dialog(page)
      .getByText("Please select a 'To' and 'From' Number and enter a description.")
      .first(),
  ).toBeVisible();
  await choose(page, 'From', '+61290000300');
  await choose(page, 'To', '+61290002000');
  await dialog(page).getByLabel('Description').fill(DESCRIPTION);
  await next(page);
  await next(page);
  await expect(dialog(page).getByText('Please select Agent Type.').first()).toBeVisible();
  await dialog(page).getByRole('radio', { name: 'Virtual' }).check();
  await next(page);
  await dialog(page).getByLabel('Virtual Agents').click();
  await page.getByRole('option', { name: 'Billing Bot' }).click();
  await next(page);
  await dialog(page).getByRole('radio', { name: 'Run Once' }).check();
  await shot(page, 'wizard');
  await dialog(page).getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('A new job has been created successfully.')).toBeVisible();

  // The job shows up in the logs already open, and ends Completed, without a reload.
  const row = logs.getByRole('row', { name: new RegExp(DESCRIPTION) });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row.getByText('Completed')).toBeVisible({ timeout: 90_000 });
  await shot(logs, 'logs');

  await row.getByRole('link', { name: 'Report' }).click();
  await expect(logs.getByRole('tab', { name: 'Results' })).toBeVisible();
  await expect(logs.getByText(/CX Score/).first()).toBeVisible();
  await expect(logs.getByText(/\d+(\.\d)?\s*\/\s*10/).first()).toBeVisible();
  await shot(logs, 'report-results');
  await logs.getByRole('tab', { name: 'Audio Analytics' }).click();
  // The waveform comparisons are charts (canvases) in the Inbound and Outbound sections: one a
  // hop, at least one each way, so at least two; the latency diagram names its three points.
  const inbound = logs.getByTestId('heartbeat-audio-inbound');
  const outbound = logs.getByTestId('heartbeat-audio-outbound');
  await expect(inbound.locator('canvas').first()).toBeVisible();
  await expect(outbound.locator('canvas').first()).toBeVisible();
  await expect.poll(() => inbound.or(outbound).locator('canvas').count()).toBeGreaterThanOrEqual(2);
  for (const point of ['Customer', 'CCaaS', 'Agent'])
    await expect(logs.getByText(point, { exact: true }).first()).toBeVisible();
  await expect(logs.getByText(/\d+(\.\d+)?\s*ms/).first()).toBeVisible();
  await shot(logs, 'report-audio');
});
