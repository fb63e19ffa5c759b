import { expect as baseExpect, test, type Page } from './support/test.ts';
import { ACCOUNTS, apiToken, groupIdOf, submitLogin, type Role } from './support/auth.ts';
import { inDemoGroup } from './support/api.ts';

// Pages load several API answers; give a busy machine time before failing.
const expect = baseExpect.configure({ timeout: 15_000 });

const SAVED = 'Config has been set successfully.';
const DID_NOT_SAVE = 'Config did not save. Please correct the error(s) shown before continuing.';

/** Signs in and opens a settings item of the user's current group. */
async function openSettings(page: Page, role: Role, item = '') {
  await submitLogin(page, ACCOUNTS[role].email, ACCOUNTS[role].password);
  // Sign-in hashes the password on the server: allow for a busy machine.
  await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 20_000 });
  const groupId = groupIdOf(page);
  await page.goto(`/${groupId}/configs${item ? `/${item}` : ''}`);
  return groupId;
}

const input = (page: Page, key: string) =>
  page.getByTestId(`field-${key}`).locator('input').first();
const sidebarItems = (page: Page) => page.getByTestId('settings-sidebar').getByRole('link');

test.describe('settings area', () => {
  test('the secondary sidebar shows the items of the modules each role has', async ({
    browser,
  }) => {
    const expected: Record<'viewer' | 'admin' | 'super', string[]> = {
      // Demo users work in Acme Support, where the simulate and eventbridge flags are on.
      viewer: [
        'Softphone Settings',
        'Genesys Settings',
        'NiCE Settings',
        'Simulate',
        'AWS Data Sources',
        'EventBridge',
        'Alerts',
      ],
      admin: [
        'Softphone Settings',
        'Genesys Settings',
        'NiCE Settings',
        'Simulate',
        'Network Labelling',
        'API Management',
        'AWS Data Sources',
        'EventBridge',
        'Alerts',
      ],
      super: ['Heartbeat Config', 'Heartbeat Tagging'],
    };
    for (const role of ['viewer', 'admin', 'super'] as const) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await openSettings(page, role);
      await expect(page.getByRole('heading', { name: 'Softphone Settings' })).toBeVisible();
      const items =
        role === 'super' ? sidebarItems(page).filter({ hasText: 'Heartbeat' }) : sidebarItems(page);
      await expect(items).toHaveText(expected[role]);
      await context.close();
    }
  });

  test('a viewer sees read-only fields and the API refuses the write with 403', async ({
    page,
  }) => {
    await openSettings(page, 'viewer');
    await expect(page.getByTestId('read-only-notice')).toHaveText(
      'You can view these settings but not change them.',
    );
    await expect(page.getByRole('textbox', { name: 'Test agent status' })).toHaveAttribute(
      'readonly',
      '',
    );
    await expect(page.getByRole('textbox', { name: 'Test agent status' })).toHaveValue(
      'Agent Test',
    );
    await expect(page.getByRole('switch', { name: 'Open sign-in in a pop-up' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);

    const { accessToken, groupId } = await apiToken(page, 'viewer');
    const res = await page.request.put('/api/config/string', {
      headers: { authorization: `Bearer ${accessToken}`, 'x-group-id': groupId },
      data: { key: 'SOFTPHONE_CCP_LOG_LEVEL', value: 'DEBUG' },
    });
    expect(res.status()).toBe(403);
    expect((await res.json()).error.message).toBe(
      'You do not have permission to change CCP log level.',
    );
  });

  test('each role clicks through its settings items and the API refuses none of its calls', async ({
    browser,
  }) => {
    for (const role of ['viewer', 'admin'] as const) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const refused: string[] = [];
      page.on('response', (res) => {
        if (res.url().includes('/api/') && res.status() === 403)
          refused.push(`${res.request().method()} ${res.url()}`);
      });
      await openSettings(page, role);
      await expect(page.getByRole('heading', { name: 'Softphone Settings' })).toBeVisible();
      const count = await sidebarItems(page).count();
      for (let i = 0; i < count; i++) {
        const item = sidebarItems(page).nth(i);
        const title = (await item.textContent()) ?? '';
        await item.click();
        await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
        await page.waitForLoadState('networkidle');
      }
      expect(refused, `${role}: calls refused with 403`).toEqual([]);
      await context.close();
    }
  });

  test('an admin is not shown the alert toggles super reads, and the API refuses their write', async ({
    page,
  }) => {
    const catalogue: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/config/catalogue')) catalogue.push(req.url());
    });
    await openSettings(page, 'admin', 'extension-alerts');
    await expect(page.getByRole('heading', { name: 'Alerts' })).toBeVisible();
    await expect(page.getByText('No settings here are available to you.')).toBeVisible();
    await expect(page.getByTestId('field-AGENT_ALERT_MOS_LOW')).toHaveCount(0);
    expect(catalogue.filter((url) => url.includes('AGENT_ALERTS_MODULE'))).toEqual([]);

    const { accessToken, groupId } = await apiToken(page, 'admin');
    const headers = { authorization: `Bearer ${accessToken}`, 'x-group-id': groupId };
    const write = await page.request.put('/api/config/string', {
      headers,
      data: { key: 'AGENT_ALERT_MOS_LOW', value: '3' },
    });
    expect(write.status()).toBe(403);
    expect((await write.json()).error).toMatchObject({
      message:
        'You do not have permission to change AGENT_ALERT_MOS_LOW: only those who may read it may change it.',
      fields: { AGENT_ALERT_MOS_LOW: expect.any(String) },
    });
    const read = await page.request.get('/api/config/AGENT_ALERT_MOS_LOW/string', { headers });
    expect(read.status()).toBe(403);
  });

  test('a super user saves extension alert thresholds after each validation text', async ({
    page,
  }) => {
    await openSettings(page, 'super', 'extension-alerts');
    await expect(page.getByRole('heading', { name: 'Alerts' })).toBeVisible();
    const form = page.getByTestId('config-form');

    await input(page, 'AGENT_ALERT_MOS_LOW').fill('6');
    await input(page, 'AGENT_ALERT_MOS_LOW').blur();
    await expect(form.getByText('Value must be between 1 and 5')).toBeVisible();
    await input(page, 'AGENT_ALERT_COMPUTER_PERFORMANCE_LOW').fill('100');
    await input(page, 'AGENT_ALERT_COMPUTER_PERFORMANCE_LOW').blur();
    await expect(form.getByText('Value must be between 0 and 99')).toBeVisible();
    await input(page, 'AGENT_ALERT_MOS_DURATION_SECONDS').fill('2.5');
    await input(page, 'AGENT_ALERT_MOS_DURATION_SECONDS').blur();
    await expect(form.getByText('Value must be an integer')).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('form-summary')).toHaveText(DID_NOT_SAVE);

    await input(page, 'AGENT_ALERT_MOS_LOW').fill('3');
    await input(page, 'AGENT_ALERT_COMPUTER_PERFORMANCE_LOW').fill('85');
    await input(page, 'AGENT_ALERT_MOS_DURATION_SECONDS').fill('12');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('snackbar')).toHaveText(SAVED);

    await page.reload();
    await expect(input(page, 'AGENT_ALERT_MOS_LOW')).toHaveValue('3');
    await expect(input(page, 'AGENT_ALERT_COMPUTER_PERFORMANCE_LOW')).toHaveValue('85');
    await expect(input(page, 'AGENT_ALERT_MOS_DURATION_SECONDS')).toHaveValue('12');
  });

  test('softphone settings: URL, approved origins and page paths, CCP and 406 from the server', async ({
    page,
  }) => {
    await openSettings(page, 'super');
    const apiServer = page.getByRole('textbox', { name: 'API server' });
    await apiServer.fill('api.example.com');
    await apiServer.blur();
    await expect(page.getByText('Invalid URL')).toBeVisible();

    const origin = page.getByRole('textbox', { name: 'Origin' });
    await origin.fill('ftp://files.acme.com');
    await page.getByRole('button', { name: 'Add origin' }).click();
    await expect(page.getByText('Softphone domain ftp://files.acme.com is invalid.')).toBeVisible();
    // https:// is added and the path removed.
    await origin.fill('desk.acme-e2e.com/agents/desk?x=1');
    await page.getByRole('button', { name: 'Add origin' }).click();
    const row = page.getByTestId('origin-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByText('https://desk.acme-e2e.com', { exact: true })).toBeVisible();
    const pages = row.getByRole('textbox', { name: 'Add to Allowlisted pages' });
    await pages.fill('desk');
    await pages.press('Enter');
    await expect(row.getByText('Page desk must start with /, # or ?')).toBeVisible();
    await pages.fill('/desk');
    await pages.press('Enter');
    await expect(row.getByText('/desk', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('form-summary')).toHaveText(DID_NOT_SAVE);
    await apiServer.fill('https://api.acme-e2e.com');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('snackbar')).toHaveText(SAVED);

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'API server' })).toHaveValue(
      'https://api.acme-e2e.com',
    );
    await expect(page.getByTestId('origin-row').getByText('/desk', { exact: true })).toBeVisible();

    // The CCP URL is hidden from the form; the server still checks it, and answers 406 for an origin.
    const { accessToken, groupId } = await apiToken(page, 'super');
    const headers = { authorization: `Bearer ${accessToken}`, 'x-group-id': groupId };
    const ccp = await page.request.put('/api/config/string', {
      headers,
      data: { key: 'CCP_URL', value: 'https://acme.awsapps.com/ccp' },
    });
    expect(ccp.status()).toBe(400);
    expect((await ccp.json()).error.message).toBe('Invalid CCP.');
    const refused = await page.request.post('/api/config/validate', {
      headers,
      data: { key: 'SOFTPHONE_APPROVED_ORIGINS', value: [{ origin: 'acme.com', pages: [] }] },
    });
    expect(refused.status()).toBe(406);
    expect((await refused.json()).error.message).toBe('Softphone domain acme.com is invalid.');
  });

  test('heartbeat tagging: dial numbers per region and the two-step tagging wizard', async ({
    page,
  }) => {
    // A group without the demo's tagging configs: a first sign-in lands where the data is.
    await inDemoGroup(page.request, 'super', 'Acme Sales');
    const groupId = await openSettings(page, 'super', 'heartbeat-tagging');
    await expect(
      page.getByRole('heading', { name: 'Set the dial number for connect regions' }),
    ).toBeVisible();
    const usEast = page.getByRole('textbox', { name: 'us-east-1' });
    await usEast.fill('12345');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('snackbar')).toHaveText(
      'us-east-1 could not be set. Check the number length',
    );
    await expect(
      page.getByText('us-east-1 could not be set. Check the number length').first(),
    ).toBeVisible();
    await usEast.fill('+12025550123');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('snackbar')).toHaveText(SAVED);
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'us-east-1' })).toHaveValue('+12025550123');

    await page.getByRole('tab', { name: 'Tagging' }).click();
    await page.getByRole('button', { name: 'New Config' }).click();
    const wizard = page.getByRole('dialog');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(wizard.getByText('Required (Name)')).toBeVisible();
    await expect(wizard.getByText('Required (Field)')).toBeVisible();
    await wizard.getByRole('textbox', { name: 'Name' }).fill('Poor MOS');
    await wizard.getByRole('combobox', { name: 'Field' }).click();
    await page.getByRole('option', { name: 'MOS', exact: true }).click();
    await wizard.getByRole('button', { name: 'Next' }).click();

    const conditions = wizard.getByTestId('tagging-condition');
    await conditions.nth(0).getByRole('textbox', { name: 'Condition 1 name' }).fill('Poor');
    await wizard.getByRole('button', { name: 'Save' }).click();
    await expect(wizard.getByText('Required (Threshold)')).toBeVisible();
    await conditions.nth(0).getByRole('textbox', { name: 'Threshold' }).fill('3.5');

    // A new condition takes the current operator; changing one changes all.
    await wizard.getByRole('button', { name: 'Add Condition' }).click();
    await expect(conditions.nth(1).getByRole('combobox', { name: 'Operator' })).toHaveText(
      'Less Than (<)',
    );
    await conditions.nth(1).getByRole('combobox', { name: 'Operator' }).click();
    await page.getByRole('option', { name: 'Greater Than (>)' }).click();
    await expect(conditions.nth(0).getByRole('combobox', { name: 'Operator' })).toHaveText(
      'Greater Than (>)',
    );
    await wizard.getByRole('button', { name: 'Add Condition' }).click();
    await expect(conditions.nth(2).getByRole('combobox', { name: 'Operator' })).toHaveText(
      'Greater Than (>)',
    );
    await wizard.getByRole('button', { name: 'Remove condition 3' }).click();
    await conditions.nth(0).getByRole('combobox', { name: 'Operator' }).click();
    await page.getByRole('option', { name: 'Less Than (<)' }).click();
    await expect(conditions.nth(1).getByRole('combobox', { name: 'Operator' })).toHaveText(
      'Less Than (<)',
    );
    await conditions.nth(1).getByRole('textbox', { name: 'Condition 2 name' }).fill('Very Poor');
    await conditions.nth(1).getByRole('textbox', { name: 'Threshold' }).fill('2');
    await wizard.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('snackbar')).toHaveText(SAVED);
    await expect(wizard).toBeHidden();

    const row = page.getByTestId('tagging-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('gridcell').nth(0)).toHaveText('Poor MOS');
    await expect(row.getByRole('gridcell').nth(1)).toHaveText('MOS');
    await expect(row.getByRole('gridcell').nth(2)).toHaveText('Poor < 3.5Very Poor < 2');

    await row.getByRole('button', { name: 'Edit' }).click();
    await wizard.getByRole('textbox', { name: 'Name' }).fill('Low MOS');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('button', { name: 'Save' }).click();
    await expect(row.getByRole('gridcell').nth(0)).toHaveText('Low MOS');

    const { accessToken } = await apiToken(page, 'super');
    const listed = await page.request.get('/api/tagging/tag-configs', {
      headers: { authorization: `Bearer ${accessToken}`, 'x-group-id': groupId },
    });
    expect(await listed.json()).toEqual([
      {
        name: 'Low MOS',
        field: 'mos',
        conditions: [
          { name: 'Poor', operator: '<', threshold: 3.5 },
          { name: 'Very Poor', operator: '<', threshold: 2 },
        ],
      },
    ]);

    await row.getByRole('button', { name: 'Remove' }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByTestId('tagging-row')).toHaveCount(0);
    await expect(page.getByText('No tagging configs yet.')).toBeVisible();
  });
});
