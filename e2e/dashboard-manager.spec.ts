import { fileURLToPath } from 'node:url';
import { expect, test } from './support/test.ts';
import { inDemoGroup } from './support/api.ts';
import { signInAs } from './support/auth.ts';

/**
 * Dashboard Manager (issue 21) end to end: platform staff upload a real Superset export to a
 * group's custom imports, preview it and publish it (the Groups tab then shows SUCCESS); the
 * group's admin then finds it among the Dashboards, and each chart says which dataset it misses.
 */

const SHOTS = process.env.E2E_SCREENSHOTS;
const FIXTURE = fileURLToPath(
  new URL('../../shared/fixtures/superset-export.zip', import.meta.url),
);

test('upload, preview and publish a Superset export, then open it in Dashboards', async ({
  page,
}) => {
  test.setTimeout(150_000);
  // The demo admin works in Acme Support from here on.
  const supportId = (await inDemoGroup(page.request, 'admin')).groupId;

  await signInAs(page, 'super');
  const home = new URL(page.url()).pathname.split('/')[1] ?? '';
  await page.goto(`/${home}/admin/manager/group/${supportId}/custom-imports`);
  await expect(page.getByRole('heading', { name: 'Acme Support' })).toBeVisible();
  await page.getByRole('button', { name: 'New Import' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();
  await dialog.getByTestId('import-file').setInputFiles(FIXTURE);
  await dialog.getByLabel('Description').fill('Superset example');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Import uploaded successfully')).toBeVisible();

  // The newest import is the one just made: preview it.
  const previewButton = page.getByRole('button', { name: /^Preview v\d+$/ }).first();
  const version = (await previewButton.getAttribute('aria-label'))?.replace('Preview ', '') ?? '';
  await previewButton.click();
  const preview = page.getByRole('dialog');
  await expect(preview.getByText('Dashboard Import Preview')).toBeVisible();
  await expect(preview.getByText('Sales Dashboard').first()).toBeVisible();
  await expect(preview.getByText('cleaned_sales_data').first()).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-manager-preview.png` });
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: `Publish ${version}` }).click();
  await expect(page.getByText('Import published successfully')).toBeVisible();
  await page.getByRole('tab', { name: 'Execution History' }).click();
  await expect(page.getByText('success', { exact: false }).first()).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-manager-history.png` });
  // The Groups tab's status comes from each group's latest executions (/executions/latest).
  await page.goto(`/${home}/admin/manager`);
  await expect(
    page
      .getByTestId('group-row')
      .filter({ hasText: 'Acme Support' })
      .getByTestId('group-import-status'),
  ).toHaveText('SUCCESS');

  // The group's admin finds it in Dashboards; its charts name the dataset they miss.
  await page.context().clearCookies();
  await signInAs(page, 'admin');
  await page.goto(`/${supportId}/playbooks`);
  await page.getByRole('link', { name: 'Sales Dashboard' }).click();
  const frame = page.frameLocator('[data-testid=dashboard-iframe]');
  await expect(
    frame
      .getByText(
        'This chart reads the dataset cleaned_sales_data (database examples), which Callsight does not have.',
      )
      .first(),
  ).toBeVisible({ timeout: 30_000 });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-manager-published.png` });
});
