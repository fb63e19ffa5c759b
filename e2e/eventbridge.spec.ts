import { expect, test, type Page } from './support/test.ts';
import { apiToken, groupIdOf, signInAs } from './support/auth.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const TEXTS = {
  name: 'Event Source Name is required and can only contain alphanumeric characters, hyphens (-), underscores (_), and periods (.)',
  account: 'Invalid Account Number',
};

/** Opens EventBridge through the settings sidebar (Acme Support has the eventbridge flag on). */
async function openEventBridge(page: Page) {
  await page.getByTestId('nav-group-settings').click();
  await page.getByTestId('settings-sidebar').getByRole('link', { name: 'EventBridge' }).click();
  await expect(page.getByRole('heading', { name: 'EventBridge' })).toBeVisible();
}

async function chooseRegion(page: Page, region: string) {
  await page.getByTestId('add-event-source-dialog').getByLabel('AWS Region').click();
  await page.getByRole('option', { name: new RegExp(`^${region} `) }).click();
}

test.describe('EventBridge event sources', () => {
  test('an admin adds a source with validation, copies its name, activates and deletes it', async ({
    page,
  }) => {
    await signInAs(page, 'admin');
    const groupId = groupIdOf(page);
    await openEventBridge(page);
    const name = `e2e.calls-${Date.now()}`;

    await page.getByRole('button', { name: 'Add Event Source' }).click();
    const dialog = page.getByTestId('add-event-source-dialog');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog.getByText('Required (AWS Region)')).toBeVisible();
    await expect(dialog.getByText(TEXTS.name)).toBeVisible();
    await expect(dialog.getByText(TEXTS.account)).toBeVisible();

    await page.getByTestId('add-event-source-dialog').getByLabel('AWS Region').click();
    await expect(page.getByRole('option')).toHaveCount(21);
    await expect(page.getByRole('option').first()).toHaveText(/^us-east-1 /);
    await expect(page.getByRole('option').last()).toHaveText(/^sa-east-1 /);
    await page.keyboard.press('Escape');
    await chooseRegion(page, 'eu-west-1');

    await dialog.getByLabel('Event Source Name').fill('calls/prod');
    await dialog.getByLabel('AWS Account').fill('12345678901');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog.getByText(TEXTS.name)).toBeVisible();
    await expect(dialog.getByText(TEXTS.account)).toBeVisible();
    await dialog.getByLabel('AWS Account').fill('12345678901a');
    await expect(dialog.getByText(TEXTS.account)).toBeVisible();

    await dialog.getByLabel('Event Source Name').fill(name);
    const fullName = `aws.partner/callsight.local/${groupId}/${name}`;
    await expect(dialog.getByText(`Full name: ${fullName}`)).toBeVisible();
    await dialog.getByLabel('AWS Account').fill('123456789012');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByTestId('snackbar')).toHaveText('Event source is created successfully.');
    await expect(dialog).toBeHidden();

    const row = page.getByTestId('event-source-row').filter({ hasText: fullName });
    await expect(row).toContainText('eu-west-1');
    await expect(row).toContainText('123456789012');
    await row.getByTestId('event-source-status-pending').hover();
    await expect(
      page.getByRole('tooltip', { name: /An event bus must be associated/ }),
    ).toBeVisible();

    await row.getByRole('button', { name: `Copy ${fullName}` }).click();
    await expect(page.getByRole('tooltip', { name: 'Copied!' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(fullName);

    // The same name for the same account is refused with the spec's text.
    await page.getByRole('button', { name: 'Add Event Source' }).click();
    await chooseRegion(page, 'eu-west-1');
    await dialog.getByLabel('Event Source Name').fill(name);
    await dialog.getByLabel('AWS Account').fill('123456789012');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByTestId('snackbar')).toHaveText('Error - Unable to create event source.');
    await expect(page.getByTestId('add-event-source-error')).toHaveText(
      'Event source name already exists with given AWS account. Please try again with a unique name.',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Built-in adapter: associating an event bus makes the source active.
    await row.getByRole('button', { name: `Associate an event bus with ${fullName}` }).click();
    await expect(row.getByTestId('event-source-status-active')).toBeVisible();

    // Delete asks first: Cancel keeps it, Delete removes it.
    await row.getByRole('button', { name: `Delete ${fullName}` }).click();
    const confirm = page.getByTestId('confirm-dialog');
    await expect(confirm).toContainText('Delete event source');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: `Delete ${fullName}` }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByTestId('snackbar')).toHaveText('Event source is deleted successfully.');
    await expect(row).toHaveCount(0);
  });

  test('a viewer sees a read-only table and the API refuses their writes', async ({ page }) => {
    await signInAs(page, 'viewer');
    await openEventBridge(page);
    await expect(page.getByRole('button', { name: 'Add Event Source' })).toHaveCount(0);
    await expect(page.getByTestId('event-sources-table')).toBeVisible();

    const { accessToken, groupId } = await apiToken(page, 'viewer');
    const headers = { authorization: `Bearer ${accessToken}`, 'x-group-id': groupId };
    expect((await page.request.get('/api/users/eventBridge/false', { headers })).status()).toBe(
      200,
    );
    const create = await page.request.post('/api/users/eventBridge', {
      headers,
      data: { awsRegion: 'us-east-1', eventSourceName: 'viewer-try', accountId: '123456789012' },
    });
    expect(create.status()).toBe(403);
    const del = await page.request.delete(
      '/api/users/eventBridge/00000000-0000-4000-8000-000000000000',
      { headers },
    );
    expect(del.status()).toBe(403);
  });

  test('shows the empty state in a group without sources', async ({ page }) => {
    // Acme Sales: the super user switches the flag on there and clears its sources first.
    await signInAs(page, 'super');
    const { accessToken } = await apiToken(page, 'super');
    const auth = { authorization: `Bearer ${accessToken}` };
    const groups = (await (await page.request.get('/api/groups', { headers: auth })).json()) as {
      id: string;
      name: string;
    }[];
    const sales = groups.find((g) => g.name === 'Acme Sales');
    if (!sales) throw new Error('Acme Sales not seeded');
    const inSales = { ...auth, 'x-group-id': sales.id };
    expect(
      (
        await page.request.put(`/api/groups/${sales.id}/features`, {
          headers: inSales,
          data: { eventbridge: true },
        })
      ).status(),
    ).toBe(200);
    const live = (await (
      await page.request.get('/api/users/eventBridge/false', { headers: inSales })
    ).json()) as { eventSourceId: string }[];
    for (const source of live) {
      expect(
        (
          await page.request.delete(`/api/users/eventBridge/${source.eventSourceId}`, {
            headers: inSales,
          })
        ).status(),
      ).toBe(204);
    }

    if (groupIdOf(page) !== sales.id) {
      await page.getByTestId('group-switcher').click();
      await page
        .getByTestId('switch-groups-dialog')
        .getByText('Acme Sales', { exact: true })
        .click();
      await expect(page.getByTestId('breadcrumb-group')).toHaveText('Acme Sales');
    }
    // A fresh session carries the group's flags as they are now.
    await page.reload();
    await openEventBridge(page);
    await expect(page.getByTestId('event-sources-empty')).toHaveText('No event sources configured');
  });
});
