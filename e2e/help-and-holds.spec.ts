import { expect, test, type APIRequestContext, type Locator, type Page } from './support/test.ts';
import { ACCOUNTS, submitLogin } from './support/auth.ts';
import { createApiKey, createTestGroup, ingest, restoreSuperGroup } from './support/api.ts';

/**
 * The help button (spec 000 §2.4) without a chat widget: it stays clear of the table's controls
 * and opens our own article in a drawer. Holds that only a journey's call.hold / call.resume
 * events tell are shaded in the call's charts; a live call shows no score until measured.
 */

const RUN = Date.now().toString(36);
const SECOND = 1000;
const MIN = 60 * SECOND;
const HOLD_CALL = `e2e-hold-${RUN}`;
const LIVE_CALL = `e2e-live-${RUN}`;
const SHOTS = process.env.E2E_SCREENSHOTS;

let groupId = '';
let superOriginalGroup = '';
let apiKey = '';
let holdStart = 0;

/** A measured call of `seconds` Talk seconds starting `minutesAgo` minutes ago. */
async function seedCall(
  request: APIRequestContext,
  contactId: string,
  start: number,
  seconds: number,
) {
  await ingest(request, apiKey, 'calls', [
    {
      contactId,
      agent: 'e2e-hana',
      direction: 'INBOUND',
      startTime: start,
      endTime: start + seconds * SECOND,
      agentISP: 'Fibre Co',
    },
  ]);
  const dir = { mos: 4.3, packetsCount: 50, packetsLost: 0, audioLevel: 0.1 };
  await ingest(
    request,
    apiKey,
    'samples',
    Array.from({ length: seconds }, (_, s) => ({
      contactId,
      timestamp: start + s * SECOND,
      inbound: dir,
      outbound: dir,
      rttMs: 40,
      jitterMs: 4,
      agentStatus: 'Talk',
    })),
  );
}

const ns = (ms: number) => `${BigInt(ms) * 1_000_000n}`;

/** The journey of the hold call: its telephony span holds the call 40-70 s in. */
function holdJourney() {
  const traceId = `${Date.now().toString(16).padStart(16, '0')}${'ef'.repeat(8)}`;
  const span = (id: string, name: string, from: number, to: number, parent?: string) => ({
    traceId,
    spanId: id,
    ...(parent ? { parentSpanId: parent } : {}),
    name,
    kind: 1,
    startTimeUnixNano: ns(from),
    endTimeUnixNano: ns(to),
  });
  return {
    resourceSpans: [
      {
        resource: { attributes: [{ key: 'service.name', value: { stringValue: 'e2e-cx' } }] },
        scopeSpans: [
          {
            scope: { name: 'e2e' },
            spans: [
              span('00000000000000b1', 'cx.journey', holdStart - MIN, holdStart + 3 * MIN),
              {
                ...span(
                  '00000000000000b2',
                  'cx.telephony.call',
                  holdStart,
                  holdStart + 2 * MIN,
                  '00000000000000b1',
                ),
                attributes: [{ key: 'cx.telephony.call.id', value: { stringValue: HOLD_CALL } }],
                events: [
                  { name: 'call.hold', timeUnixNano: ns(holdStart + 40 * SECOND), attributes: [] },
                  {
                    name: 'call.resume',
                    timeUnixNano: ns(holdStart + 70 * SECOND),
                    attributes: [],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  };
}

async function signInAsSuper(page: Page) {
  await submitLogin(page, ACCOUNTS.super.email, ACCOUNTS.super.password);
  await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 30_000 });
}

function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element has no box');
  return box;
}

test.describe.serial('Help button and holds', () => {
  test.beforeAll(async ({ playwright, serverURL }) => {
    const request = await playwright.request.newContext({ baseURL: serverURL });
    const created = await createTestGroup(request, {
      name: `E2E Help ${RUN}`,
      customerName: `E2E Help Customer ${RUN}`,
    });
    groupId = created.groupId;
    superOriginalGroup = created.superOriginalGroup;
    apiKey = await createApiKey(request, created.session.headers, 'E2E help collector');
    const now = Date.now();
    // Twelve measured calls (two pages of ten), the oldest the one the journey holds.
    holdStart = now - 60 * MIN;
    await seedCall(request, HOLD_CALL, holdStart, 120);
    for (let i = 0; i < 11; i++)
      await seedCall(request, `e2e-help-${RUN}-${i}`, now - (5 + i * 4) * MIN, 20);
    // A live call: its summary came, no second yet.
    await ingest(request, apiKey, 'calls', [
      { contactId: LIVE_CALL, agent: 'e2e-live', direction: 'INBOUND', startTime: now - MIN },
    ]);
    await request.dispose();
  });

  test.afterAll(async ({ playwright, serverURL }) => {
    const request = await playwright.request.newContext({ baseURL: serverURL });
    await restoreSuperGroup(request, superOriginalGroup);
    await request.dispose();
  });

  test.use({ viewport: { width: 1280, height: 720 } });

  test('the help tab never covers the Details links or the page arrows, and opens our article', async ({
    page,
  }) => {
    const widgetErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && m.text().includes('Help widget')) widgetErrors.push(m.text());
    });
    await signInAsSuper(page);
    await page.goto(`/${groupId}/explorer/calls`);
    const rows = page.getByTestId('call-stats-row');
    await expect(rows).toHaveCount(10);

    // The live call: "-" for every measure and for its score, not a green 10.
    const live = rows.filter({ hasText: LIVE_CALL });
    await expect(live.locator('[role="gridcell"][data-field="score"]')).toHaveText('-');
    await expect(live.locator('[role="gridcell"][data-field="mos"]')).toHaveText('-');

    const help = page.getByTestId('help-button');
    await expect(help).toBeVisible();
    const next = page.getByRole('button', { name: 'Go to next page' });
    const details = page.getByRole('button', { name: /^Details / });
    await expect(details).toHaveCount(10);
    for (const scroll of ['top', 'bottom'] as const) {
      if (scroll === 'bottom') await page.mouse.wheel(0, 5000);
      await page.waitForTimeout(300);
      const helpBox = await boxOf(help);
      const controls = [next, ...(await details.all())];
      for (const control of controls) {
        if (!(await control.isVisible())) continue;
        expect(
          overlaps(helpBox, await boxOf(control)),
          `${scroll}: ${await control.innerText()}`,
        ).toBe(false);
      }
    }
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/help-explorer-bottom.png` });

    await help.click();
    const drawer = page.getByRole('dialog', { name: 'Calls and Logs' });
    await expect(drawer.getByRole('heading', { name: 'Call Stats Log' })).toBeVisible();
    await expect(drawer.getByText('Download CSV').first()).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/help-drawer.png` });
    // A link in the article opens the other article in the same drawer.
    await drawer
      .getByTestId('help-article-body')
      .getByRole('button', { name: 'Call detail' })
      .click();
    const callHelp = page.getByRole('dialog', { name: 'Call detail' });
    await expect(callHelp.getByRole('heading', { name: 'Charts' })).toBeVisible();
    await callHelp.getByRole('button', { name: 'Close help' }).click();
    await expect(page.getByTestId('help-drawer')).toHaveCount(0);
    expect(widgetErrors).toEqual([]);
  });

  test("a hold told only by the journey's events is shaded in the charts and counted", async ({
    page,
    request,
  }) => {
    await signInAsSuper(page);
    const charts = page.getByTestId('time-series-chart').locator('canvas');
    const picture = async (title: string) => {
      await page.mouse.move(0, 0);
      await page.waitForTimeout(1500);
      return page.getByRole('img', { name: title, exact: true }).screenshot();
    };

    await page.goto(`/${groupId}/call/${HOLD_CALL}`);
    await expect(charts).toHaveCount(9);
    const statusBefore = await picture('Agent Status');
    const mosBefore = await picture('MOS');

    const res = await request.post('/v1/traces', {
      headers: { authorization: `Bearer ${apiKey}` },
      data: holdJourney(),
    });
    expect(res.status(), await res.text()).toBe(200);

    await page.reload();
    await expect(charts).toHaveCount(9);
    // The hold shades every chart and the status line drops to Hold: both pictures change.
    expect((await picture('Agent Status')).equals(statusBefore)).toBe(false);
    expect((await picture('MOS')).equals(mosBefore)).toBe(false);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/hold-charts.png`, fullPage: true });

    await page.getByRole('tab', { name: 'Summary' }).click();
    const holdCount = page.getByText('Hold Count', { exact: true });
    await expect(holdCount.locator('xpath=following-sibling::dd[1]')).toHaveText('1');

    // The live call's header: no score until measured.
    await page.goto(`/${groupId}/call/${LIVE_CALL}`);
    await expect(page.getByText('Score: -', { exact: true })).toBeVisible();
    await expect(page.getByTestId('call-score')).toHaveCount(0);
  });
});
