import { expect, test, type APIRequestContext, type Page } from './support/test.ts';
import { apiToken, groupIdOf, signInAs } from './support/auth.ts';

interface Entry {
  cidr: string;
  label: string;
}
const IP_URL = '/api/config/ip/';

/** The admin's API session in the group the page is in. */
async function adminApi(page: Page) {
  const { accessToken } = await apiToken(page, 'admin');
  const headers = { authorization: `Bearer ${accessToken}`, 'x-group-id': groupIdOf(page) };
  return {
    get: async (request: APIRequestContext = page.request): Promise<Entry[]> => {
      const res = await request.get(IP_URL, { headers });
      expect(res.status()).toBe(200);
      return ((await res.json()) as { ipMap: Entry[] }).ipMap;
    },
    put: async (ipMap: Entry[]) => {
      const res = await page.request.put(IP_URL, { headers, data: { ipMap } });
      expect(res.status()).toBe(201);
    },
  };
}

/** Signs in as the admin, sets the group's list through the API and opens the screen. */
async function openWith(page: Page, ipMap: Entry[]) {
  await signInAs(page, 'admin');
  const api = await adminApi(page);
  await api.put(ipMap);
  await page.goto(`/${groupIdOf(page)}/configs/network-labelling`);
  await expect(page.getByRole('heading', { name: 'Network Labelling' })).toBeVisible();
  return api;
}

const cidrInput = (page: Page, row: number) =>
  page.getByRole('textbox', { name: `CIDR Range, row ${row}` });
const labelInput = (page: Page, row: number) =>
  page.getByRole('textbox', { name: `Label, row ${row}` });
const viewRows = (page: Page) => page.getByTestId('network-row');

async function expectViewRows(page: Page, rows: [string, string, string][]) {
  await expect(viewRows(page)).toHaveCount(rows.length);
  for (const [i, cells] of rows.entries()) {
    await expect(viewRows(page).nth(i).getByRole('gridcell')).toHaveText(cells);
  }
}

test.describe('Network Labelling', () => {
  test('an admin adds networks and saves them; search, copy and Cancel work', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const api = await openWith(page, []);
    await expect(page.getByText('No Networks Found')).toBeVisible();

    await page.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByText('No Networks To Edit')).toBeVisible();
    await page.getByRole('button', { name: 'Add Network 0/50' }).click();
    await expect(cidrInput(page, 1)).toBeFocused();
    await cidrInput(page, 1).fill('10.1.2.3/16');
    await labelInput(page, 1).fill('Sydney office');
    await page.getByRole('button', { name: 'Add Network 1/50' }).click();
    await cidrInput(page, 2).fill('10.0.0.0/8');
    await labelInput(page, 2).fill('Corporate');
    await expect(page.getByRole('button', { name: 'Add Network 2/50' })).toBeEnabled();

    // Hold the save back a moment to see the button while it is under way.
    await page.route(IP_URL, async (route) => {
      if (route.request().method() === 'PUT') await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Submit Changes' }).click();
    await expect(page.getByRole('button', { name: 'Submitting Changes...' })).toBeDisabled();
    await expect(page.getByTestId('network-labels-view')).toBeVisible();
    await page.unroute(IP_URL);
    // Stored in canonical form (host bits cleared), in the order given.
    await expectViewRows(page, [
      ['1', '10.1.0.0/16', 'Sydney office'],
      ['2', '10.0.0.0/8', 'Corporate'],
    ]);
    expect(await api.get()).toEqual([
      { cidr: '10.1.0.0/16', label: 'Sydney office' },
      { cidr: '10.0.0.0/8', label: 'Corporate' },
    ]);

    const search = page.getByRole('searchbox', { name: 'Search Networks' });
    await search.fill('CORP');
    await expectViewRows(page, [['2', '10.0.0.0/8', 'Corporate']]);
    await search.fill('10.1.');
    await expectViewRows(page, [['1', '10.1.0.0/16', 'Sydney office']]);
    await search.fill('melbourne');
    await expect(page.getByText('No Networks Found')).toBeVisible();
    await search.fill('');

    await viewRows(page).nth(1).getByRole('button', { name: 'Copy 10.0.0.0/8' }).click();
    await expect(page.getByRole('tooltip')).toHaveText('Copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('10.0.0.0/8');

    // Cancel drops the edits and returns to the list as it was.
    await page.getByRole('button', { name: 'Edit' }).click();
    await labelInput(page, 1).fill('Changed');
    await page.getByRole('button', { name: 'Delete row 2' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expectViewRows(page, [
      ['1', '10.1.0.0/16', 'Sydney office'],
      ['2', '10.0.0.0/8', 'Corporate'],
    ]);
  });

  test('shows five skeleton rows while the list loads', async ({ page }) => {
    await signInAs(page, 'admin');
    await page.route(IP_URL, async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.goto(`/${groupIdOf(page)}/configs/network-labelling`);
    await expect(page.getByTestId('network-skeleton-row')).toHaveCount(5);
    await expect(page.getByTestId('network-skeleton-row')).toHaveCount(0);
  });

  test('each validation text, overlap included; an invalid list is not sent', async ({ page }) => {
    const api = await openWith(page, []);
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('button', { name: 'Add Network 0/50' }).click();

    // A new empty row stays quiet until it is touched or submitted.
    await expect(page.getByText('Please enter a valid CIDR range', { exact: false })).toHaveCount(
      0,
    );
    await page.getByRole('button', { name: 'Submit Changes' }).click();
    await expect(
      page.getByText('Please enter a valid CIDR range (e.g. 192.168.1.0/24)'),
    ).toBeVisible();
    await expect(page.getByText('Please enter a label (max 120 characters)')).toBeVisible();

    await cidrInput(page, 1).fill('office');
    await expect(
      page.getByText('Please enter a valid CIDR range (e.g. 192.168.1.0/24)'),
    ).toBeVisible();
    await cidrInput(page, 1).fill('172.16.4.9');
    await expect(
      page.getByText('Please enter a valid CIDR range (e.g. 172.16.4.0/24)'),
    ).toBeVisible();
    await cidrInput(page, 1).fill('10.0.0.0/33');
    await expect(
      page.getByText('Please enter a valid CIDR range (e.g. 10.0.0.0/24)'),
    ).toBeVisible();
    await cidrInput(page, 1).fill('10.0.0.0/8');
    await expect(page.getByText('Please enter a valid CIDR range', { exact: false })).toHaveCount(
      0,
    );

    await labelInput(page, 1).fill('x'.repeat(121));
    await expect(page.getByText('Please enter a label (max 120 characters)')).toBeVisible();
    await labelInput(page, 1).fill('x'.repeat(120));
    await expect(page.getByText('Please enter a label (max 120 characters)')).toHaveCount(0);
    await labelInput(page, 1).fill('   ');
    await expect(page.getByText('Please enter a label (max 120 characters)')).toBeVisible();
    await labelInput(page, 1).fill('Corporate');

    await page.getByRole('button', { name: 'Add Network 1/50' }).click();
    await cidrInput(page, 2).fill('10.20.0.0/16');
    await labelInput(page, 2).fill('Melbourne');
    await expect(page.getByText('Overlaps with 10.0.0.0/8 (Row 1)')).toBeVisible();
    await page.getByRole('button', { name: 'Submit Changes' }).click();
    await expect(page.getByTestId('network-labels-editor')).toBeVisible();
    expect(await api.get()).toEqual([]);

    // Putting the smaller range first is the intended order: the overlap goes away.
    await page.getByRole('button', { name: 'Move row 2 up' }).click();
    await expect(page.getByText('Overlaps with', { exact: false })).toHaveCount(0);
    await page.getByRole('button', { name: 'Submit Changes' }).click();
    await expectViewRows(page, [
      ['1', '10.20.0.0/16', 'Melbourne'],
      ['2', '10.0.0.0/8', 'Corporate'],
    ]);
  });

  test('Add Network is disabled at 50 rows', async ({ page }) => {
    const fifty = Array.from({ length: 50 }, (_, i) => ({
      cidr: `10.${i}.0.0/16`,
      label: `Site ${i + 1}`,
    }));
    await openWith(page, fifty);
    await expect(viewRows(page)).toHaveCount(50);
    await page.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('button', { name: 'Add Network 50/50' })).toBeDisabled();
    await page.getByRole('button', { name: 'Delete row 50' }).click();
    await expect(page.getByRole('button', { name: 'Add Network 49/50' })).toBeEnabled();
    await page.getByRole('button', { name: 'Cancel' }).click();
  });

  test('reordering by buttons and by drag and drop persists', async ({ page }) => {
    const api = await openWith(page, [
      { cidr: '192.168.1.0/24', label: 'Alpha' },
      { cidr: '192.168.2.0/24', label: 'Bravo' },
      { cidr: '192.168.3.0/24', label: 'Charlie' },
    ]);
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('button', { name: 'Move row 3 up' }).click();
    await expect(labelInput(page, 2)).toHaveValue('Charlie');
    await expect(labelInput(page, 3)).toHaveValue('Bravo');
    // Drag row 1 by its handle onto row 3.
    await page
      .getByTestId('network-drag-handle')
      .nth(0)
      .dragTo(page.getByTestId('network-edit-row').nth(2));
    await expect(labelInput(page, 1)).toHaveValue('Charlie');
    await expect(labelInput(page, 3)).toHaveValue('Alpha');
    await page.getByRole('button', { name: 'Submit Changes' }).click();
    await expect(page.getByTestId('network-labels-view')).toBeVisible();

    await page.reload();
    await expectViewRows(page, [
      ['1', '192.168.3.0/24', 'Charlie'],
      ['2', '192.168.2.0/24', 'Bravo'],
      ['3', '192.168.1.0/24', 'Alpha'],
    ]);
    expect((await api.get()).map((e) => e.label)).toEqual(['Charlie', 'Bravo', 'Alpha']);
  });

  test('a viewer gets no item, and the API refuses GET and PUT with 403', async ({ page }) => {
    await signInAs(page, 'viewer');
    const groupId = groupIdOf(page);
    await page.goto(`/${groupId}/configs`);
    const sidebar = page.getByTestId('settings-sidebar');
    await expect(sidebar.getByRole('link').first()).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Network Labelling' })).toHaveCount(0);
    await page.goto(`/${groupId}/configs/network-labelling`);
    await expect(page.getByTestId('network-labels-view')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);

    const { accessToken } = await apiToken(page, 'viewer');
    const headers = { authorization: `Bearer ${accessToken}`, 'x-group-id': groupId };
    const get = await page.request.get(IP_URL, { headers });
    expect(get.status()).toBe(403);
    const put = await page.request.put(IP_URL, {
      headers,
      data: { ipMap: [{ cidr: '10.0.0.0/8', label: 'Viewer' }] },
    });
    expect(put.status()).toBe(403);
    expect(((await put.json()) as { error: { code: string } }).error.code).toBe('FORBIDDEN');
  });
});
