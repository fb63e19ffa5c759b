import { expect, test, type Page } from './support/test.ts';
import { apiToken, groupIdOf, signInAs } from './support/auth.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** Opens API Management through the settings sidebar. */
async function openApiManagement(page: Page) {
  await page.getByTestId('nav-group-settings').click();
  await page.getByTestId('settings-sidebar').getByRole('link', { name: 'API Management' }).click();
  await expect(page.getByRole('heading', { name: 'API Management' })).toBeVisible();
}

test.describe('API Management', () => {
  test('an admin creates a key, sees it once, copies it, uses it, and revokes it', async ({
    page,
  }) => {
    await signInAs(page, 'admin');
    const groupId = groupIdOf(page);
    await openApiManagement(page);
    const name = `e2e key ${Date.now()}`;

    await page.getByRole('button', { name: 'Create New Key' }).click();
    const create = page.getByTestId('create-api-key-dialog');
    await create.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(create.getByText('Required (Name)')).toBeVisible();
    await create.getByLabel('Name').fill('   ');
    await create.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(create.getByText('Required (Name)')).toBeVisible();
    await create.getByLabel('Name').fill(name);
    await create.getByRole('button', { name: 'Create', exact: true }).click();

    const save = page.getByTestId('save-api-key-dialog');
    await expect(save).toBeVisible();
    await expect(page.getByTestId('snackbar')).toHaveText('API token created successfully');
    const key = (await save.getByTestId('api-key-value').textContent()) ?? '';
    expect(key).toMatch(/^cs_[0-9A-Za-z]{43}$/);

    // The modal cannot be dismissed by Escape or the backdrop.
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await expect(save).toBeVisible();

    await save.getByRole('button', { name: 'Copy' }).click();
    await expect(save.getByTestId('copy-api-key')).toHaveText('Copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await expect(save.getByTestId('copy-api-key')).toHaveText('Copy', { timeout: 4000 });
    await save.getByRole('button', { name: 'Done' }).click();
    await expect(save).toBeHidden();

    const row = page.getByTestId('api-key-row').filter({ hasText: name });
    await expect(row).toBeVisible();
    await expect(row).toContainText(key.slice(0, 7));
    await expect(row).not.toContainText(key);
    await expect(row).toContainText('Never');

    // The key authenticates API calls for this group; Last used is then filled in.
    const whoami = await page.request.get('/api/ingest/v1/whoami', {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(whoami.status()).toBe(200);
    expect((await whoami.json()) as unknown).toMatchObject({ groupId });
    await page.reload();
    await expect(row).toBeVisible();
    await expect(row).not.toContainText('Never');

    // Revoke: cancel first keeps it, then confirm.
    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    const confirm = page.getByTestId('confirm-dialog');
    await expect(confirm).toContainText('Revoke API key');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByTestId('snackbar')).toHaveText('API token revoked successfully');
    await expect(row).toHaveCount(0);
    const refused = await page.request.get('/api/ingest/v1/whoami', {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(refused.status()).toBe(401);
  });

  test('a viewer sees no API Management item and the API refuses them the keys', async ({
    page,
  }) => {
    await signInAs(page, 'viewer');
    const groupId = groupIdOf(page);
    await page.getByTestId('nav-group-settings').click();
    await expect(
      page.getByTestId('settings-sidebar').getByRole('link', { name: 'EventBridge' }),
    ).toBeVisible();
    await expect(
      page.getByTestId('settings-sidebar').getByRole('link', { name: 'API Management' }),
    ).toHaveCount(0);
    await page.goto(`/${groupId}/configs/api`);
    await expect(page.getByTestId('settings-unavailable')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create New Key' })).toHaveCount(0);

    const { accessToken } = await apiToken(page, 'viewer');
    const headers = { authorization: `Bearer ${accessToken}`, 'x-group-id': groupId };
    // The API module is admin and super only (spec 000 §6): not even the masked list.
    expect((await page.request.get('/api/config/token', { headers })).status()).toBe(403);
    const create = await page.request.post('/api/config/token', {
      headers,
      data: { name: 'nope' },
    });
    expect(create.status()).toBe(403);
    const revoke = await page.request.delete(
      '/api/config/token/00000000-0000-4000-8000-000000000000',
      { headers },
    );
    expect(revoke.status()).toBe(403);
  });

  test('a group user has no settings and the API refuses them', async ({ page }) => {
    await signInAs(page, 'user');
    await expect(page.getByTestId('nav-group-settings')).toHaveCount(0);
    const { accessToken, groupId } = await apiToken(page, 'user');
    const headers = { authorization: `Bearer ${accessToken}`, 'x-group-id': groupId };
    expect((await page.request.get('/api/config/token', { headers })).status()).toBe(403);
    expect(
      (await page.request.post('/api/config/token', { headers, data: { name: 'nope' } })).status(),
    ).toBe(403);
  });
});
