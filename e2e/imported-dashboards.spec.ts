import { fileURLToPath } from 'node:url';
import { expect, test } from './support/test.ts';
import { createApiKey, inDemoGroup, ingest } from './support/api.ts';
import { signInAs } from './support/auth.ts';

/**
 * Imported dashboards complete (issue 34) end to end, on the real Superset export: platform staff
 * upload it as a Standard import, map its dataset (cleaned_sales_data) and the columns its charts
 * read to our calls, and publish it from the Standard Imports tab to Acme Support; the group's
 * admin then opens it in Dashboards and sees both of its tabs, every chart drawing the group's
 * calls (no "missing dataset" placeholder).
 */

const SHOTS = process.env.E2E_SCREENSHOTS;
const FIXTURE = fileURLToPath(
  new URL('../../shared/fixtures/superset-export.zip', import.meta.url),
);
const MISSING = 'which Callsight does not have';

/** The export's columns and ours they are mapped to (by the option's text: label (name)). */
const COLUMNS: [string, string][] = [
  ['order_date', 'Start (start_time)'],
  ['sales', 'Duration (s) (duration_seconds)'],
  ['quantity_ordered', 'Duration (s) (duration_seconds)'],
  ['deal_size', 'Direction (direction)'],
  ['product_line', 'Agent (agent)'],
  ['status', 'Ended By (ended_by)'],
];

test('a Superset export mapped to calls and published from Standard Imports draws in every tab', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // Calls of this run in Acme Support, in the last minutes (inside every range the embed offers).
  const admin = await inDemoGroup(page.request, 'admin');
  const supportId = admin.groupId;
  const key = await createApiKey(page.request, admin.headers, `imports-e2e-${Date.now()}`);
  const run = Date.now().toString(36);
  const now = Date.now();
  await ingest(
    page.request,
    key,
    'calls',
    Array.from({ length: 6 }, (_, i) => ({
      contactId: `imported-${run}-${i}`,
      agent: `agent-${i % 3}@imports.example`,
      direction: i % 2 ? 'INBOUND' : 'OUTBOUND',
      endedBy: i % 2 ? 'AGENT' : 'CUSTOMER',
      startTime: now - 8 * 60_000 + i * 1000,
      endTime: now - 8 * 60_000 + i * 1000 + (i + 1) * 30_000,
    })),
  );

  // Platform staff: a Standard import of the export.
  await signInAs(page, 'super');
  const home = new URL(page.url()).pathname.split('/')[1] ?? '';
  await page.goto(`/${home}/admin/manager/dashboard-imports`);
  await page.getByRole('button', { name: 'New Import' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('import-file').setInputFiles(FIXTURE);
  await dialog.getByLabel('Description').fill(`Sales ${run}`);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Import uploaded successfully')).toBeVisible();
  const row = page.getByTestId('import-row').filter({ hasText: `Sales ${run}` });
  const version =
    (await row.getByRole('button', { name: /^Preview v\d+$/ }).getAttribute('aria-label'))?.replace(
      'Preview ',
      '',
    ) ?? '';

  // Its dataset mapped to calls, each column its charts read to one of ours.
  await row.getByRole('button', { name: `Datasets ${version}` }).click();
  const mapping = page.getByRole('dialog');
  await expect(mapping.getByText('cleaned_sales_data', { exact: true })).toBeVisible();
  await mapping.getByRole('combobox', { name: 'Our dataset for cleaned_sales_data' }).click();
  await page.getByRole('option', { name: 'Calls', exact: true }).click();
  for (const [column, ours] of COLUMNS) {
    await mapping.getByRole('combobox', { name: `Our column for ${column}` }).click();
    await page.getByRole('option', { name: ours, exact: true }).click();
  }
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/imports-dataset-mapping.png` });
  await mapping.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Dataset mapping saved successfully')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Published from the Standard Imports tab to Acme Support.
  await row.getByRole('button', { name: `Publish ${version}` }).click();
  const publish = page.getByRole('dialog');
  await publish.getByRole('combobox', { name: 'Group' }).click();
  await page.getByRole('option', { name: 'Acme Support', exact: true }).click();
  await publish.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Import published successfully')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/imports-standard-tab.png` });

  // The group's admin opens it in Dashboards: both tabs, every chart drawn from our calls.
  await page.context().clearCookies();
  await signInAs(page, 'admin');
  await page.goto(`/${supportId}/playbooks/${supportId}_standard_sales-dashboard`);
  const frame = page.frameLocator('[data-testid=dashboard-iframe]');
  const tabs = frame.getByRole('tab');
  await expect(tabs).toHaveText(['\u{1F3AF} Sales Overview', '\u{1F9ED} Exploratory'], {
    timeout: 30_000,
  });
  // Sales Overview: two big numbers, a table and three charts.
  await expect(frame.getByTestId('big-number-total-revenue')).not.toHaveText('–');
  await expect(frame.getByTestId('big-number-total-products-sold')).toBeVisible();
  await expect(frame.getByRole('cell', { name: /@imports\.example/ }).first()).toBeVisible();
  /** A chart drawn by ECharts (SVG or canvas), found by its title. */
  const drawn = (title: string) =>
    expect(
      frame.getByRole('img', { name: title, exact: true }).locator('svg, canvas').first(),
    ).toBeVisible({ timeout: 30_000 });
  for (const title of [
    'Quarterly Revenue',
    'Quarterly Revenue (By Product Line)',
    'Total Revenue By Product',
  ])
    await drawn(title);
  await expect(frame.getByText(MISSING)).toHaveCount(0);
  await expect(frame.getByText(/^No data( Found)?$/)).toHaveCount(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/imports-tab-overview.png`, fullPage: true });

  await tabs.filter({ hasText: 'Exploratory' }).click();
  await expect(tabs.filter({ hasText: 'Exploratory' })).toHaveAttribute('aria-selected', 'true');
  // Exploratory: an area, a heatmap, the horizon chart (as lines) and a bar chart; the first
  // tab's charts are no longer drawn.
  for (const title of [
    'Proportion of Monthly Revenue by Product Line',
    'Number of Deals (for each Combination)',
    'Seasonality of Revenue (per Product Line)',
    'Monthly Revenue by Deal SIze',
  ])
    await drawn(title);
  await expect(frame.getByRole('img', { name: 'Quarterly Revenue', exact: true })).toHaveCount(0);
  await expect(frame.getByText(MISSING)).toHaveCount(0);
  await expect(frame.getByText(/^No data( Found)?$/)).toHaveCount(0);
  if (SHOTS)
    await page.screenshot({ path: `${SHOTS}/imports-tab-exploratory.png`, fullPage: true });
});
