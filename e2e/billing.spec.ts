import fs from 'node:fs';
import { expect, test, type Page } from './support/test.ts';
import { BILLING_USAGE_COLUMNS, COVERAGE_CSV_HEADERS, toCsv } from '@callsight/shared';
import { groupIdOf, signInAs } from './support/auth.ts';
import { createApiKey, createTestGroup, ingest, restoreSuperGroup } from './support/api.ts';

/**
 * Billing (issue 22) end to end: the super user (who holds user:billing) sees every group's
 * usage load row by row in Group Management's Billing tab and downloads it as CSV; the Usage
 * page shows the month under way and the 12 before it; Extension Coverage downloads a set.
 */

const SHOTS = process.env.E2E_SCREENSHOTS;
/** One group's usage: /api/billing/{groupId}/{region}?criteria=... (not billable-groups or usage). */
const GROUP_USAGE_URL = /\/api\/billing\/[0-9a-f-]{36}\/[a-z0-9-]+\?/;

const billingRows = (page: Page) => page.getByTestId('billing-row');

/** A file Playwright saved, as lines (a byte-order mark and the last line break dropped). */
async function savedLines(download: { path(): Promise<string> }): Promise<string[]> {
  return fs
    .readFileSync(await download.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split(/\r?\n/);
}

test.describe('billing', () => {
  test('billing rows show dashes until their usage loads; Download CSV matches the table', async ({
    page,
  }) => {
    // Hold every group's usage until the dashes have been seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(GROUP_USAGE_URL, async (route) => {
      await held;
      await route.continue();
    });

    await signInAs(page, 'super');
    const current = groupIdOf(page);
    await page.goto(`/${current}/admin/groups/billing`);
    await expect(page.getByRole('tab', { name: 'Billing', exact: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const first = billingRows(page).first();
    await expect(first).toBeVisible();
    await expect(first).toHaveAttribute('data-loaded', 'false');
    for (const column of BILLING_USAGE_COLUMNS)
      await expect(first.locator(`[data-field="${column}"]`)).toHaveText('-');

    release();
    const count = await billingRows(page).count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(10);
    for (let i = 0; i < count; i++)
      await expect(billingRows(page).nth(i)).toHaveAttribute('data-loaded', 'true');
    for (const column of BILLING_USAGE_COLUMNS)
      await expect(first.locator(`[data-field="${column}"]`)).toHaveText(/^\d+(\.\d+)?$/);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/billing-tab.png`, fullPage: true });

    // The table's rows, as the CSV would write them.
    const fields = ['GroupID', 'GroupName', ...BILLING_USAGE_COLUMNS];
    const tableLines: string[] = [];
    for (let i = 0; i < count; i++) {
      const row = billingRows(page).nth(i);
      const cells: string[] = [];
      for (const field of fields)
        cells.push((await row.locator(`[data-field="${field}"]`).textContent()) ?? '');
      tableLines.push(toCsv(cells, []).trimEnd());
    }

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('tableDownload.csv');
    const lines = await savedLines(download);
    expect(lines[0]).toBe(fields.join(','));
    // Every group, not only the page in view; each row of the table is in the file as shown.
    expect(lines.length - 1).toBeGreaterThanOrEqual(count);
    for (const line of tableLines) expect(lines).toContain(line);
  });

  test('the Usage page shows the current period and the previous 12 months', async ({ page }) => {
    await signInAs(page, 'super');
    await page.goto(`/${groupIdOf(page)}/admin/billing`);
    await expect(page.getByRole('heading', { name: 'Current Usage' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Previous 12 months' })).toBeVisible();
    const currentRows = page.getByTestId('usage-current').getByTestId('usage-row');
    await expect(currentRows).toHaveCount(1);
    await expect(currentRows.first().locator('[data-field="Period"]')).toHaveText('Current Usage');
    // The server's clock is now: all 12 previous months are after July 2023.
    const previous = page.getByTestId('usage-previous').getByTestId('usage-row');
    await expect(previous).toHaveCount(12);
    const months = await previous.locator('[data-field="Month"]').allTextContents();
    expect(months.every((m) => /^\d{4}-\d{2}$/.test(m) && m >= '2023-07')).toBe(true);
    expect([...months].sort().reverse()).toEqual(months);
    await expect(page.getByTestId('usage-note')).toHaveText(
      'Usage is available from July 2023. Each call is rounded up to the nearest minute.',
    );
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/usage-page.png`, fullPage: true });
  });

  test('Extension Coverage downloads each set as CSV with the rows of its count', async ({
    page,
    request,
  }) => {
    // A fresh group with known calls (ann twice, bob once) and no contact records.
    const tag = Date.now().toString(36);
    const { groupId, superOriginalGroup, session } = await createTestGroup(request, {
      name: `Coverage ${tag}`,
      customerName: `Coverage customer ${tag}`,
    });
    try {
      const key = await createApiKey(request, session.headers, 'Coverage');
      const start = Date.now() - 2 * 3_600_000;
      const calls = [
        ['ann', 120],
        ['ann', 300],
        ['bob', 90],
      ].map(([agent, seconds], i) => ({
        contactId: `coverage-${tag}-${i}`,
        agent,
        startTime: start + i * 600_000,
        endTime: start + i * 600_000 + Number(seconds) * 1000,
      }));
      await ingest(request, key, 'calls', calls);

      await signInAs(page, 'super');
      await page.goto(`/${groupId}/admin/extutil`);
      await expect(page.getByRole('heading', { name: 'Extension Coverage' })).toBeVisible();
      const coverageCall = page.waitForRequest((r) =>
        r.url().includes('/api/coverage?range=now-7d'),
      );
      await page.getByRole('button', { name: '7d' }).click();
      await coverageCall;
      await expect(page.getByRole('button', { name: '7d' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(page.getByTestId('coverage-row')).toHaveCount(3);
      const expected = {
        All: [
          // No contact records (cloud calls) in this group: the share without collector data is
          // unknown, not 0 %, and nobody has low coverage (report-seams.spec.ts has cloud calls).
          ['ann', '0', '0', '', '2'],
          ['bob', '0', '0', '', '1'],
        ],
        NoExtension: [],
        LowCoverage: [],
      } as const;
      for (const set of ['All', 'NoExtension', 'LowCoverage'] as const) {
        const row = page.locator(`[data-testid="coverage-row"][data-set="${set}"]`);
        await expect(row.locator('[data-field="count"]')).toHaveText(String(expected[set].length));
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          row.getByRole('button', { name: 'Download CSV' }).click(),
        ]);
        expect(download.suggestedFilename()).toBe(`extension-coverage-${set}.csv`);
        const [header, ...lines] = await savedLines(download);
        expect(header).toBe(COVERAGE_CSV_HEADERS[set].join(','));
        // Each row starts with the agent's figures.
        expect(lines.map((l) => l.split(',').slice(0, expected[set][0]?.length ?? 0))).toEqual(
          expected[set],
        );
      }
    } finally {
      await restoreSuperGroup(request, superOriginalGroup);
    }
  });
});
