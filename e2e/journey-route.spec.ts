import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from './support/test.ts';
import type { OtlpJsonExportRequest } from '@callsight/shared';
import { ACCOUNTS, groupIdOf, signInAs, submitLogin } from './support/auth.ts';
import {
  apiSession,
  createApiKey,
  createTestGroup,
  json,
  restoreSuperGroup,
} from './support/api.ts';

/**
 * The journey slide-out at the spec's /trace/{traceId} (002 §2.13), old /traces?journey= links,
 * one duration format (419,593 ms is "7m 00s", never "6m 60s"), the AI summary's text, no
 * console error on a first summary, and who sees Regenerate.
 */

const RUN = Date.now().toString(36);
const SHOTS = process.env.E2E_SCREENSHOTS;
const hex = (n: number, len: number) => n.toString(16).padStart(len, '0');
const ns = (ms: number) => `${BigInt(Math.round(ms)) * 1_000_000n}`;
const TRACE = `${hex(Date.now() % 0xffffffff, 8)}dd${'0'.repeat(21)}4`;
const DEMO_TRACE = `${hex(Date.now() % 0xffffffff, 8)}ee${'0'.repeat(21)}5`;
const span = (id: number) => hex(id, 16);
const AGENT = 'tomas.martin@acme.support.example';

let groupId = '';
let superOriginalGroup = '';

/** Root 419,593 ms; IVR (with a prompt), queue, agent interaction with its call leg. */
function journey(traceId: string, startMs: number): OtlpJsonExportRequest {
  const s = (id: number, parent: number | null, name: string, from: number, to: number) => ({
    traceId,
    spanId: span(id),
    ...(parent ? { parentSpanId: span(parent) } : {}),
    name,
    startTimeUnixNano: ns(startMs + from),
    endTimeUnixNano: ns(startMs + to),
  });
  return {
    resourceSpans: [
      {
        resource: { attributes: [{ key: 'service.name', value: { stringValue: 'cx-e2e' } }] },
        scopeSpans: [
          {
            scope: { name: 'e2e' },
            spans: [
              {
                ...s(1, null, 'cx.journey', 0, 419_593),
                attributes: [
                  { key: 'cx.channel', value: { stringValue: 'voice' } },
                  { key: 'cx.telephony.call.from.number', value: { stringValue: '+61290000000' } },
                ],
              },
              s(2, 1, 'cx.ivr', 0, 40_000),
              s(3, 2, 'ivr.prompt.welcome', 200, 6_500),
              s(4, 1, 'cx.queue', 40_000, 100_000),
              {
                ...s(5, 1, 'cx.agent.interaction', 101_500, 419_593),
                attributes: [{ key: 'cx.agent.username', value: { stringValue: AGENT } }],
              },
              {
                ...s(6, 5, 'cx.telephony.call', 101_500, 241_500),
                attributes: [{ key: 'cx.telephony.talk_time', value: { intValue: '140' } }],
              },
            ],
          },
        ],
      },
    ],
  };
}

async function sendJourney(request: APIRequestContext, apiKey: string, traceId: string) {
  const res = await request.post('/v1/traces', {
    headers: { authorization: `Bearer ${apiKey}` },
    data: journey(traceId, Date.now() - 20 * 60_000),
  });
  expect(await json(res)).toEqual({});
}

/** Console errors and failed API answers seen by the page from now on. */
function watchErrors(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') seen.push(`console: ${msg.text()}`);
  });
  page.on('response', (res) => {
    if (res.url().includes('/api/') && res.status() >= 400)
      seen.push(`${res.request().method()} ${res.url()} ${res.status()}`);
  });
  return seen;
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test.describe.serial('Journey slide-out route, durations and AI summary', () => {
  test.beforeAll(async ({ playwright, serverURL }) => {
    const request = await playwright.request.newContext({ baseURL: serverURL });
    const created = await createTestGroup(request, {
      name: `E2E Journey Route ${RUN}`,
      customerName: `E2E Journey Route Customer ${RUN}`,
      features: { journeyExplorer: true },
    });
    groupId = created.groupId;
    superOriginalGroup = created.superOriginalGroup;
    await sendJourney(request, await createApiKey(request, created.session.headers, 'OTel'), TRACE);
    // A journey in the demo group too, where the seeded viewer and admin work.
    const admin = await apiSession(request, 'admin');
    await sendJourney(
      request,
      await createApiKey(request, admin.headers, `OTel ${RUN}`),
      DEMO_TRACE,
    );
    await request.dispose();
  });

  test.afterAll(async ({ playwright, serverURL }) => {
    const request = await playwright.request.newContext({ baseURL: serverURL });
    await restoreSuperGroup(request, superOriginalGroup);
    await request.dispose();
  });

  test('opens the slide-out at /trace/{traceId} over the list and closes back to it', async ({
    page,
  }) => {
    await submitLogin(page, ACCOUNTS.super.email, ACCOUNTS.super.password);
    await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 30_000 });
    await page.goto(`/${groupId}/traces?size=25`);
    const row = page.getByTestId('trace-row').filter({ hasText: TRACE });
    await expect(row).toContainText('7m 00s');
    await expect(page.getByTestId('trace-list')).not.toContainText('60s');

    await row.click();
    await expect(page).toHaveURL(new RegExp(`/${groupId}/trace/${TRACE}\\?size=25$`));
    const drawer = page.getByTestId('journey-drawer');
    await expect(drawer.getByTestId('journey-drawer-title')).toHaveText(`Journey ID: ${TRACE}`);
    await expect(drawer.getByRole('link', { name: 'Open in new Tab' })).toHaveAttribute(
      'href',
      `/${groupId}/trace/${TRACE}`,
    );
    // The timeline header, the root's bar and the span detail: one format.
    const timeline = drawer.getByTestId('trace-timeline');
    await expect(timeline).toContainText('6 spans · 7m 00s');
    await expect(timeline.locator(`[data-span-id="${span(1)}"]`)).toContainText('7m 00s');
    await expect(drawer.getByTestId('span-panel-detail')).toContainText('Duration7m 00s');
    await expect(timeline.locator(`[data-span-id="${span(3)}"]`)).toContainText('6.3s');
    await expect(drawer).not.toContainText('60s');
    await shot(page, 'journey-route-slide-out');

    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(new RegExp(`/${groupId}/traces\\?size=25$`));
    await expect(page.getByTestId('journey-drawer')).toHaveCount(0);
    await expect(row).toBeVisible();

    // Back and forward move between the list and its slide-out.
    await row.click();
    await expect(page.getByTestId('journey-drawer')).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/${groupId}/traces\\?size=25$`));
    await expect(page.getByTestId('journey-drawer')).toHaveCount(0);
    await page.goForward();
    await expect(page.getByTestId('journey-drawer-title')).toHaveText(`Journey ID: ${TRACE}`);
  });

  test('sends an old /traces?journey= link to the slide-out at /trace/{traceId}', async ({
    page,
  }) => {
    await submitLogin(page, ACCOUNTS.super.email, ACCOUNTS.super.password);
    await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 30_000 });
    await page.goto(`/${groupId}/traces?journey=${TRACE}&size=25`);
    await expect(page).toHaveURL(new RegExp(`/${groupId}/trace/${TRACE}\\?size=25$`));
    const drawer = page.getByTestId('journey-drawer');
    await expect(drawer.getByTestId('journey-drawer-title')).toHaveText(`Journey ID: ${TRACE}`);
    await expect(page.getByTestId('trace-row').filter({ hasText: TRACE })).toBeAttached();
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(new RegExp(`/${groupId}/traces\\?size=25$`));
    await expect(page.getByTestId('journey-drawer')).toHaveCount(0);

    // Opened anew (a new tab, a shared link) /trace/{traceId} is the full page.
    await page.goto(`/${groupId}/trace/${TRACE}`);
    await expect(page).toHaveURL(new RegExp(`/trace/${TRACE}/span/${span(1)}/detail$`));
    await expect(page.getByTestId('journey-drawer')).toHaveCount(0);
    await expect(page.getByTestId('trace-list')).toHaveCount(0);
    await expect(page.getByTestId('span-panel-detail')).toContainText('Duration7m 00s');
  });

  test('a viewer gets the first AI summary with no console error, and no Regenerate', async ({
    page,
  }) => {
    await signInAs(page, 'viewer');
    const demoGroup = groupIdOf(page);
    const errors = watchErrors(page);
    const generated = page.waitForResponse(
      (r) => r.url().endsWith(`/ai-summary`) && r.request().method() === 'POST',
    );
    await page.goto(`/${demoGroup}/trace/${DEMO_TRACE}/span/${span(1)}/ai-summary`);
    expect((await generated).status()).toBe(200);
    const text = page.getByTestId('ai-summary-text');
    await expect(text).toContainText(
      'This voice journey (cx.journey) lasted 7m 00s across 6 spans',
    );
    await expect(text).toContainText(`Agent: cx.agent.interaction (agent ${AGENT}).`);
    await expect(text).toContainText('Telephony: cx.telephony.call (talk time 2m 20s).');
    await expect(text).toContainText(
      'Slow spans (we flag leaf spans, those without child spans, over 5 s): ivr.prompt.welcome (6.3s), cx.queue (1m 00s), cx.telephony.call (2m 20s).',
    );
    await expect(text).toContainText('- +0s cx.journey [cx-e2e] took 7m 00s\n');
    await expect(page.getByTestId('ai-summary')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Regenerate' })).toHaveCount(0);
    await shot(page, 'journey-route-ai-summary-viewer');
    expect(errors).toEqual([]);
  });

  test('an admin sees the stored summary and may regenerate it', async ({ page }) => {
    await signInAs(page, 'admin');
    const demoGroup = groupIdOf(page);
    const errors = watchErrors(page);
    await page.goto(`/${demoGroup}/trace/${DEMO_TRACE}/span/${span(1)}/ai-summary`);
    await expect(page.getByTestId('ai-summary-text')).toContainText('lasted 7m 00s');
    const again = page.waitForResponse(
      (r) => r.url().endsWith(`/ai-summary`) && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Regenerate' }).click();
    const res = await again;
    expect(res.status()).toBe(200);
    expect(res.request().postDataJSON()).toMatchObject({ regenerate: true });
    await shot(page, 'journey-route-ai-summary-admin');
    expect(errors).toEqual([]);
  });
});
