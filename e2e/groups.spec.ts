import { expect, test, type Page } from './support/test.ts';
import { apiToken, groupIdOf, signInAs } from './support/auth.ts';

const unique = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const snackbar = (page: Page) => page.getByTestId('snackbar');
const textbox = (page: Page, label: RegExp) => page.getByRole('textbox', { name: label });

async function choose(page: Page, label: RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function openGroupManagement(page: Page) {
  await page.getByTestId('nav-groups').click();
  await expect(page.getByRole('heading', { name: 'Group Management' })).toBeVisible();
}

test.describe('Group Management (super user)', () => {
  test('provision, edit with the region locked, update canvas, invite, archive and restore', async ({
    page,
  }) => {
    await signInAs(page, 'super');
    const current = groupIdOf(page);
    await openGroupManagement(page);
    await expect(page).toHaveURL(new RegExp(`/${current}/admin/groups$`));
    for (const tab of [
      'Active Groups',
      'Archived Groups',
      'Billing',
      'Billing Audit Logs',
      'Marketplace',
    ]) {
      await expect(page.getByRole('tab', { name: tab, exact: true })).toBeVisible();
    }

    // Provision: required texts first.
    await page.getByRole('link', { name: 'Provision New Group' }).click();
    await expect(page).toHaveURL(new RegExp(`/${current}/admin/group/0$`));
    await expect(page.getByRole('heading', { name: 'New Group' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Provision Group' })).toBeDisabled();
    await page.getByRole('radio', { name: 'New Customer' }).check();
    await page.getByRole('button', { name: 'Provision Group' }).click();
    await expect(page.getByText('Required (Name)')).toBeVisible();
    await expect(page.getByText('Required (New Customer Name)')).toBeVisible();
    const name = unique('E2E Group');
    const customer = unique('E2E Customer');
    await textbox(page, /^Name/).fill(name);
    await page.getByRole('radio', { name: 'Existing Customer' }).check();
    await page.getByRole('button', { name: 'Provision Group' }).click();
    await expect(page.getByText('Required (Existing Customer Name)')).toBeVisible();

    await page.getByRole('radio', { name: 'New Customer' }).check();
    await textbox(page, /^New Customer Name/).fill(customer);
    await choose(page, /^Region/, 'USA (us-east-2)');
    await choose(page, /^CCaaS Provider/, 'GENESYS');
    await page.getByRole('button', { name: 'Provision Group' }).click();
    await expect(snackbar(page)).toHaveText('creation in progress');
    await expect(page).toHaveURL(new RegExp(`/${current}/admin/groups$`));
    const row = page.getByTestId('group-row').filter({ hasText: name });
    await expect(row).toContainText(customer);
    await expect(row).toContainText('USA');
    await expect(row).toContainText('GENESYS');

    // Edit: region locked, secret shown, New Customer not offered.
    await row.getByRole('link', { name: `Edit ${name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/${current}/admin/group/[0-9a-f-]{36}$`));
    const groupId = page.url().split('/').pop() ?? '';
    await expect(page.getByRole('heading', { name: 'Edit Group' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: /^Region/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(
      page.getByText('Region cannot be changed after the group is created'),
    ).toBeVisible();
    await expect(page.getByRole('radio', { name: 'New Customer' })).toHaveCount(0);
    await expect(page.getByRole('radio', { name: 'Existing Customer' })).toBeChecked();
    await expect(textbox(page, /^Secret/)).toHaveValue(/^[A-Za-z0-9_-]{40,}$/);
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    const renamed = `${name} Renamed`;
    await textbox(page, /^Name/).fill(renamed);
    await choose(page, /^CCaaS Provider/, 'NICE');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(snackbar(page)).toHaveText('updated successfully');
    await expect(page).toHaveURL(new RegExp(`/${current}/admin/groups$`));
    const edited = page.getByTestId('group-row').filter({ hasText: renamed });
    await expect(edited).toContainText('NICE');

    // The API refuses a region change too.
    const { accessToken } = await apiToken(page, 'super');
    const headers = { authorization: `Bearer ${accessToken}`, 'x-group-id': current };
    const detail = (await (
      await page.request.get(`/api/groups/${groupId}`, { headers })
    ).json()) as { customerID: string };
    const regionChange = await page.request.put('/api/groups', {
      headers,
      data: {
        id: groupId,
        name: renamed,
        region: 'ap-southeast-2',
        customerID: detail.customerID,
        ccaasProvider: 'NICE',
      },
    });
    expect(regionChange.status()).toBe(400);

    // Update Canvas asks first, naming the group.
    await edited.getByRole('button', { name: `Update Canvas ${renamed}` }).click();
    const dialog = page.getByTestId('confirm-dialog');
    await expect(dialog.getByRole('heading', { name: 'Update Canvas' })).toBeVisible();
    await expect(dialog).toContainText(renamed);
    await dialog.getByRole('button', { name: 'Update Canvas' }).click();
    await expect(snackbar(page)).toContainText(`Canvas of '${renamed}'`);

    // Invite Teammate opens the group-member form of that group.
    await edited.getByRole('link', { name: `Invite Teammate ${renamed}` }).click();
    await expect(page).toHaveURL(new RegExp(`/${current}/admin/group/${groupId}/member/0$`));
    await expect(page.getByText(`Add someone to ${renamed}.`)).toBeVisible();
    await expect(textbox(page, /^Group/)).toHaveValue(renamed);
    const email = `${unique('invitee').replace(' ', '-')}@example.com`;
    await textbox(page, /^Email/).fill(email);
    await textbox(page, /^Email/).blur();
    await textbox(page, /^Name/).fill('Ivy Invitee');
    await textbox(page, /^Password/).fill('Fresh-pass-42');
    await textbox(page, /^Confirm Password/).fill('Fresh-pass-42');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(snackbar(page)).toHaveText('Teammate created successfully.');

    // Archive (confirmed), then restore from Archived Groups.
    await openGroupManagement(page);
    const active = page.getByTestId('group-row').filter({ hasText: renamed });
    await active.getByRole('button', { name: `Archive ${renamed}` }).click();
    await dialog.getByRole('button', { name: 'Archive' }).click();
    await expect(snackbar(page)).toHaveText(`Group '${renamed}' archived.`);
    await expect(page.getByTestId('group-row').filter({ hasText: renamed })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Archived Groups' }).click();
    await expect(page).toHaveURL(new RegExp(`/${current}/admin/groups/archived$`));
    const archived = page.getByTestId('group-row').filter({ hasText: renamed });
    await expect(archived).toBeVisible();
    await archived.getByRole('button', { name: `Restore ${renamed}` }).click();
    await expect(snackbar(page)).toHaveText(`Group '${renamed}' restored.`);
    await expect(page.getByTestId('group-row').filter({ hasText: renamed })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Active Groups' }).click();
    await expect(page).toHaveURL(new RegExp(`/${current}/admin/groups$`));
    await expect(page.getByTestId('group-row').filter({ hasText: renamed })).toBeVisible();
  });

  test('the billing tabs open at their paths (billing.spec covers what they show)', async ({
    page,
  }) => {
    await signInAs(page, 'super');
    const current = groupIdOf(page);
    await page.goto(`/${current}/admin/groups/billing`);
    await expect(page.getByRole('tab', { name: 'Billing', exact: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.getByRole('tab', { name: 'Billing Audit Logs' }).click();
    await expect(page).toHaveURL(/\/admin\/groups\/billingauditlogs$/);
    await page.getByRole('tab', { name: 'Marketplace' }).click();
    await expect(page).toHaveURL(/\/admin\/groups\/marketplace$/);
  });

  test('an invalid group id in the form says "Group ID is missing"', async ({ page }) => {
    await signInAs(page, 'super');
    await page.goto(`/${groupIdOf(page)}/admin/group/not-a-group`);
    await expect(page.getByText('Group ID is missing')).toBeVisible();
  });
});

test.describe('Group Management is for super users only', () => {
  test('an admin has no Groups entry and the API answers 403', async ({ page }) => {
    await signInAs(page, 'admin');
    const current = groupIdOf(page);
    await expect(page.getByTestId('nav-teammates')).toBeVisible();
    await expect(page.getByTestId('nav-groups')).toHaveCount(0);
    await page.goto(`/${current}/admin/groups`);
    await expect(snackbar(page)).toContainText('You do not have access to that page.');
    const { accessToken } = await apiToken(page, 'admin');
    const headers = { authorization: `Bearer ${accessToken}`, 'x-group-id': current };
    expect((await page.request.get('/api/groups/archived', { headers })).status()).toBe(403);
    const post = await page.request.post('/api/groups', {
      headers,
      data: {
        name: 'Nope',
        region: 'us-east-2',
        customerSelection: 'new',
        newCustomerName: 'Nope',
        ccaasProvider: 'AWS',
      },
    });
    expect(post.status()).toBe(403);
    expect((await page.request.post(`/api/groups/${current}/archive`, { headers })).status()).toBe(
      403,
    );
  });
});
