import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Locator, type Page } from './support/test.ts';
import { groupIdOf, signInAs } from './support/auth.ts';
import { createApiKey, createTestGroup, ingest, json, restoreSuperGroup } from './support/api.ts';

/**
 * Issue 33 §2, what an admin reads on the usage, billing and coverage pages and in the AI summary:
 * figures named in words (not field names) with headers shown whole, extension coverage as spec
 * 000 §9 defines low coverage, and dates as DD-MM-YYYY HH:mm:ss.
 */

const RUN = Date.now().toString(36);
const MIN = 60_000;
const SHOTS = process.env.E2E_SCREENSHOTS;

/** The words of each usage figure, in the Usage page's order. */
const USAGE_HEADERS = [
  'Agents',
  'Billing minutes (rounded)',
  'Agent minutes (rounded)',
  'Cloud minutes (rounded)',
  'Assurance tests',
];

/** Texts of a grid's column headers. */
const headers = (table: Locator) => table.getByRole('columnheader').allTextContents();

/** Header titles cut short (an ellipsis, or lines outside their header cell): none should be. */
function cutHeaders(table: Locator): Promise<string[]> {
  return table.locator('.MuiDataGrid-columnHeaderTitle').evaluateAll((titles) =>
    titles
      .filter((t) => {
        const cell = t.closest('.MuiDataGrid-columnHeader')?.getBoundingClientRect();
        const own = t.getBoundingClientRect();
        const outside = !cell || own.top < cell.top - 1 || own.bottom > cell.bottom + 1;
        return outside || t.scrollWidth > t.clientWidth + 1 || t.scrollHeight > t.clientHeight + 1;
      })
      .map((t) => t.textContent ?? ''),
  );
}

/** A saved download's lines (a byte-order mark and the last line break dropped). */
async function savedLines(download: { path(): Promise<string> }): Promise<string[]> {
  return fs
    .readFileSync(await download.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split(/\r?\n/);
}

const ns = (ms: number) => `${BigInt(Math.round(ms)) * 1_000_000n}`;
const hex = (n: number, len: number) => n.toString(16).padStart(len, '0');

/**
 * One single-span journey (a call seen in cloud data) per entry, through POST /v1/traces;
 * answers their trace ids.
 */
async function sendJourneys(
  request: APIRequestContext,
  apiKey: string,
  journeys: { agent: string; contactId: string | null; startMs: number }[],
): Promise<string[]> {
  const prefix = hex(Date.now() % 0xffffffff, 8);
  const spans = journeys.map((j, i) => ({
    traceId: `${prefix}${hex(i + 1, 24)}`,
    spanId: hex(i + 1, 16),
    name: 'cx.journey',
    kind: 1,
    startTimeUnixNano: ns(j.startMs),
    endTimeUnixNano: ns(j.startMs + 90_000),
    attributes: [
      { key: 'cx.agent.username', value: { stringValue: j.agent } },
      ...(j.contactId
        ? [{ key: 'cx.softphone.contact.id', value: { stringValue: j.contactId } }]
        : []),
    ],
  }));
  await json(
    await request.post('/v1/traces', {
      headers: { authorization: `Bearer ${apiKey}` },
      data: {
        resourceSpans: [
          {
            resource: { attributes: [{ key: 'service.name', value: { stringValue: 'cx-e2e' } }] },
            scopeSpans: [{ scope: { name: 'e2e' }, spans }],
          },
        ],
      },
    }),
  );
  return spans.map((s) => s.traceId);
}

/** DD-MM-YYYY HH:mm:ss of an instant in this machine's time zone (the browser's). */
function displayDate(iso: string): string {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getDate())}-${p(d.getMonth() + 1)}-${d.getFullYear()} ${p(d.getHours())}:${p(
    d.getMinutes(),
  )}:${p(d.getSeconds())}`;
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test.describe('report seams (issue 33 §2)', () => {
  test('usage and billing name each figure in words, every header shown whole', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, 'super');
    const groupId = groupIdOf(page);

    await page.goto(`/${groupId}/admin/billing`);
    const current = page.getByTestId('usage-current');
    await expect(current.getByTestId('usage-row')).toHaveCount(1);
    expect(await headers(current)).toEqual(['Period', ...USAGE_HEADERS]);
    expect(await headers(page.getByTestId('usage-previous'))).toEqual(['Month', ...USAGE_HEADERS]);
    await expect(
      page.getByRole('img', { name: 'Billing minutes (rounded) per month' }),
    ).toBeVisible();
    expect(await cutHeaders(current)).toEqual([]);
    await shot(page, 'report-seams-usage');

    await page.goto(`/${groupId}/admin/groups/billing`);
    const billing = page.getByTestId('billing-table');
    await expect(billing.getByTestId('billing-row').first()).toHaveAttribute('data-loaded', 'true');
    const billingHeaders = await headers(billing);
    expect(billingHeaders).toContain('Agent minutes (rounded)');
    expect(billingHeaders).toContain('Billing minutes (rounded)');
    // Every header its own words: none a field name, no two alike, none cut short.
    expect(billingHeaders.filter((h) => /[a-z][A-Z]/.test(h))).toEqual([]);
    expect(new Set(billingHeaders).size).toBe(billingHeaders.length);
    expect(await cutHeaders(billing)).toEqual([]);
    await expect(
      page.getByRole('img', { name: 'Billing minutes (rounded) by group (this page)' }),
    ).toBeVisible();
    await shot(page, 'report-seams-billing');
  });

  test('extension coverage counts agents, low coverage as spec 000 §9 defines it', async ({
    page,
    request,
  }) => {
    const { groupId, superOriginalGroup, session } = await createTestGroup(request, {
      name: `Seams coverage ${RUN}`,
      customerName: `Seams coverage customer ${RUN}`,
      features: { journeyExplorer: true },
    });
    try {
      const apiKey = await createApiKey(request, session.headers, 'Seams coverage');
      const start = Date.now() - 3 * 3_600_000;
      // Calls seen in cloud data (journeys) per agent, and how many of them the agent collector
      // reported: amy 1 of 5 unreported (20 %: low), ben 1 of 6 (17 %: not low), cal none
      // reported (no extension, low); dee has collector calls only.
      const plan = { amy: [5, 4], ben: [6, 5], cal: [2, 0] } as const;
      const journeys: { agent: string; contactId: string | null; startMs: number }[] = [];
      const calls: { contactId: string; agent: string; startTime: number; endTime: number }[] = [];
      let n = 0;
      for (const [agent, [cloud, reported]] of Object.entries(plan)) {
        for (let i = 0; i < cloud; i++) {
          const startMs = start + n++ * MIN;
          const contactId = `seams-${RUN}-${agent}-${i}`;
          journeys.push({ agent, contactId, startMs });
          if (i < reported)
            calls.push({ contactId, agent, startTime: startMs, endTime: startMs + 90_000 });
        }
      }
      for (let i = 0; i < 2; i++) {
        const startMs = start + n++ * MIN;
        calls.push({
          contactId: `seams-${RUN}-dee-${i}`,
          agent: 'dee',
          startTime: startMs,
          endTime: startMs + 90_000,
        });
      }
      await ingest(request, apiKey, 'calls', calls);
      await sendJourneys(request, apiKey, journeys);

      await signInAs(page, 'super');
      await page.goto(`/${groupId}/admin/extutil`);
      await expect(page.getByRole('heading', { name: 'Extension Coverage' })).toBeVisible();
      const table = page.getByTestId('coverage-table');
      // One column counts agents, for every set.
      expect(await headers(table)).toEqual(['Set', 'Agents', 'Description', '']);
      const row = (set: string) => page.locator(`[data-testid="coverage-row"][data-set="${set}"]`);
      await expect(row('All').locator('[data-field="count"]')).toHaveText('4');
      await expect(row('NoExtension').locator('[data-field="count"]')).toHaveText('1');
      await expect(row('LowCoverage').locator('[data-field="count"]')).toHaveText('2');
      await expect(row('LowCoverage').locator('[data-field="description"]')).toHaveText(
        'Agents with 20 percent or more of their calls seen in cloud data with no agent collector data',
      );
      await shot(page, 'report-seams-coverage');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        row('LowCoverage').getByRole('button', { name: 'Download CSV' }).click(),
      ]);
      const [header, ...lines] = await savedLines(download);
      expect(header?.split(',')[0]).toBe('Agent');
      expect(lines.map((l) => l.split(',')[0])).toEqual(['amy', 'cal']);
    } finally {
      await restoreSuperGroup(request, superOriginalGroup);
    }
  });

  test('the AI summary dates itself DD-MM-YYYY HH:mm:ss', async ({ page, request }) => {
    const { groupId, superOriginalGroup, session } = await createTestGroup(request, {
      name: `Seams dates ${RUN}`,
      customerName: `Seams dates customer ${RUN}`,
      features: { journeyExplorer: true },
    });
    try {
      const apiKey = await createApiKey(request, session.headers, 'Seams dates');
      const startMs = Date.now() - 30 * MIN;
      const [id = ''] = await sendJourneys(request, apiKey, [
        { agent: 'amy', contactId: null, startMs },
      ]);

      await signInAs(page, 'super');
      const generated = page.waitForResponse(
        (r) => r.url().endsWith(`/api/traces/${id}/ai-summary`) && r.request().method() === 'POST',
      );
      await page.goto(`/${groupId}/trace/${id}/span/${hex(1, 16)}/ai-summary`);
      const summary = (await (await generated).json()) as { generatedAt: string };
      const caption = page.getByTestId('ai-summary').locator('.MuiTypography-caption');
      await expect(caption).toHaveText(new RegExp(`· ${displayDate(summary.generatedAt)}$`));
      await shot(page, 'report-seams-ai-summary');
    } finally {
      await restoreSuperGroup(request, superOriginalGroup);
    }
  });
});
