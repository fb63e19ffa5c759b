import fs from 'node:fs';
import { expect, test, type Page } from './support/test.ts';
import { encodeExportTraceRequest, type OtlpJsonExportRequest } from '@callsight/shared';
import { ACCOUNTS, submitLogin } from './support/auth.ts';
import { createApiKey, createTestGroup, ingest, json, restoreSuperGroup } from './support/api.ts';

/**
 * The Journey Explorer against traces sent through the real OTLP endpoint (POST /v1/traces,
 * JSON and protobuf) with an API key, into a group of its own with the journeyExplorer flag.
 */

const RUN = Date.now().toString(36);
const MIN = 60_000;
const SHOTS = process.env.E2E_SCREENSHOTS;
const CONTACT = `e2e-journey-${RUN}`;

let groupId = '';
let superOriginalGroup = '';
let apiKey = '';

const hex = (n: number, len: number) => n.toString(16).padStart(len, '0');
const ns = (ms: number) => `${BigInt(Math.round(ms)) * 1_000_000n}`;
const TRACE_GOOD = `${hex(Date.now() % 0xffffffff, 8)}aa${'0'.repeat(21)}1`;
const TRACE_POOR = `${hex(Date.now() % 0xffffffff, 8)}bb${'0'.repeat(21)}2`;
const TRACE_BIG = `${hex(Date.now() % 0xffffffff, 8)}cc${'0'.repeat(21)}3`;
const BIG_SPANS = 5_000;
const span = (id: number) => hex(id, 16);

/** A 5,000-span journey: a root and chains of steps under repeated journey phases. */
function bigJourney(startMs: number): OtlpJsonExportRequest {
  const phases = ['cx.ivr', 'cx.queue', 'cx.agent.interaction'];
  const spans = Array.from({ length: BIG_SPANS }, (_, i) => ({
    traceId: TRACE_BIG,
    spanId: span(i + 1),
    ...(i === 0 ? {} : { parentSpanId: span(i % 100 === 1 ? 1 : i) }),
    name: i === 0 ? 'cx.journey' : i % 100 === 1 ? (phases[(i - 1) % 3] ?? 'cx.ivr') : `step.${i}`,
    startTimeUnixNano: ns(startMs + i * 10),
    endTimeUnixNano: ns(startMs + (i === 0 ? BIG_SPANS * 10 + 10 : i * 10 + 8)),
  }));
  return {
    resourceSpans: [
      { resource: { attributes: [] }, scopeSpans: [{ scope: { name: 'big' }, spans }] },
    ],
  };
}

/** A journey: root, IVR, queue, agent interaction with a telephony leg and a CRM call. */
function journey(traceId: string, startMs: number, mos: number, callId?: string) {
  const s = (id: number, parent: number | null, name: string, from: number, to: number) => ({
    traceId,
    spanId: span(id),
    ...(parent ? { parentSpanId: span(parent) } : {}),
    name,
    startTimeUnixNano: ns(startMs + from),
    endTimeUnixNano: ns(startMs + to),
  });
  const request: OtlpJsonExportRequest = {
    resourceSpans: [
      {
        resource: { attributes: [{ key: 'service.name', value: { stringValue: 'cx-e2e' } }] },
        scopeSpans: [
          {
            scope: { name: 'e2e' },
            spans: [
              {
                ...s(1, null, 'cx.journey', 0, 200_000),
                attributes: [{ key: 'cx.platform', value: { stringValue: 'amazon-connect' } }],
              },
              {
                ...s(2, 1, 'cx.ivr', 0, 40_000),
                events: [
                  { name: 'menu.selected', timeUnixNano: ns(startMs + 20_000), attributes: [] },
                ],
              },
              s(3, 1, 'cx.queue', 40_000, 70_000),
              s(4, 1, 'cx.agent.interaction', 70_000, 190_000),
              {
                ...s(5, 4, 'cx.telephony.call', 70_000, 180_000),
                attributes: [
                  { key: 'cx.telephony.quality.mos.avg', value: { doubleValue: mos } },
                  ...(callId
                    ? [{ key: 'cx.telephony.call.id', value: { stringValue: callId } }]
                    : []),
                ],
              },
              s(6, 4, 'crm.lookup', 80_000, 81_000),
            ],
          },
        ],
      },
    ],
  };
  return request;
}

async function signIn(page: Page) {
  await submitLogin(page, ACCOUNTS.super.email, ACCOUNTS.super.password);
  await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 30_000 });
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test.describe.serial('Journey Explorer', () => {
  test.beforeAll(async ({ playwright, serverURL }) => {
    const request = await playwright.request.newContext({ baseURL: serverURL });
    const created = await createTestGroup(request, {
      name: `E2E Journeys ${RUN}`,
      customerName: `E2E Journeys Customer ${RUN}`,
      features: { journeyExplorer: true },
    });
    groupId = created.groupId;
    superOriginalGroup = created.superOriginalGroup;
    apiKey = await createApiKey(request, created.session.headers, 'E2E OTel collector');
    const now = Date.now();
    const auth = { authorization: `Bearer ${apiKey}` };
    const callStart = now - 30 * MIN + 70_000;
    await ingest(request, apiKey, 'calls', [
      {
        contactId: CONTACT,
        agent: 'e2e-ava',
        startTime: callStart,
        endTime: callStart + 110_000,
      },
    ]);
    await ingest(request, apiKey, 'logs', [
      {
        time: callStart + 1_000,
        level: 'INFO',
        agent: 'e2e-ava',
        contactId: CONTACT,
        text: 'Call accepted',
      },
      {
        time: callStart + 5_000,
        level: 'ERROR',
        agent: 'e2e-ava',
        contactId: CONTACT,
        text: 'ICE restart',
      },
    ]);
    // One journey as OTLP JSON, the other as protobuf, as an OpenTelemetry SDK sends them.
    const jsonRes = await request.post('/v1/traces', {
      headers: auth,
      data: journey(TRACE_POOR, now - 30 * MIN, 2.6, CONTACT),
    });
    expect(await json(jsonRes)).toEqual({});
    const protoRes = await request.post('/v1/traces', {
      headers: { ...auth, 'content-type': 'application/x-protobuf' },
      data: Buffer.from(encodeExportTraceRequest(journey(TRACE_GOOD, now - 10 * MIN, 4.3))),
    });
    expect(protoRes.status()).toBe(200);
    const bigRes = await request.post('/v1/traces', {
      headers: { ...auth, 'content-type': 'application/x-protobuf' },
      data: Buffer.from(encodeExportTraceRequest(bigJourney(now - 50 * MIN))),
    });
    expect(bigRes.status()).toBe(200);
    await request.dispose();
  });

  test.afterAll(async ({ playwright, serverURL }) => {
    const request = await playwright.request.newContext({ baseURL: serverURL });
    await restoreSuperGroup(request, superOriginalGroup);
    await request.dispose();
  });

  const rows = (page: Page) => page.getByTestId('trace-row');

  test('lists the journeys, newest first, sorts and filters them', async ({ page }) => {
    await signIn(page);
    await page.goto(`/${groupId}/traces`);
    await expect(rows(page)).toHaveCount(3);
    await expect(rows(page).nth(0)).toHaveAttribute('data-trace-id', TRACE_GOOD);
    await expect(rows(page).nth(0)).toContainText('amazon-connect');
    await expect(rows(page).nth(0)).toContainText('6');
    await expect(rows(page).nth(0)).toContainText('3m 20s');
    await expect(page.getByRole('button', { name: 'Last 7 days' })).toBeVisible();
    await shot(page, 'journeys-list');

    await page.getByRole('columnheader', { name: 'Start Time' }).click();
    await expect(page).toHaveURL(/sort=createddate/);
    await expect(rows(page).nth(0)).toHaveAttribute('data-trace-id', TRACE_BIG);
    await expect(rows(page).nth(1)).toHaveAttribute('data-trace-id', TRACE_POOR);

    await page.getByRole('combobox', { name: 'Field' }).click();
    await page.getByRole('option', { name: 'cx.telephony.quality.mos.avg' }).click();
    await page.getByRole('combobox', { name: 'Operator' }).click();
    await page.getByRole('option', { name: '<=', exact: true }).click();
    await page.getByTestId('trace-filter-value').fill('3');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).nth(0)).toHaveAttribute('data-trace-id', TRACE_POOR);

    await page.getByTestId('trace-filter-chip').locator('svg').click();
    await page.getByRole('combobox', { name: 'Field' }).click();
    await page.getByRole('option', { name: 'cx.platform' }).click();
    await page.getByRole('combobox', { name: 'Operator' }).click();
    await page.getByRole('option', { name: '=', exact: true }).click();
    await page.getByTestId('trace-filter-value').fill('genesys');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('No traces found')).toBeVisible();
  });

  test('opens a journey in the slide-out with its timeline and span tabs', async ({ page }) => {
    await signIn(page);
    await page.goto(`/${groupId}/traces`);
    await rows(page).filter({ hasText: TRACE_POOR }).click();
    const drawer = page.getByTestId('journey-drawer');
    await expect(drawer.getByTestId('journey-drawer-title')).toHaveText(
      `Journey ID: ${TRACE_POOR}`,
    );
    await expect(drawer.getByRole('link', { name: 'Open in new Tab' })).toHaveAttribute(
      'href',
      `/${groupId}/trace/${TRACE_POOR}`,
    );
    const timeline = drawer.getByTestId('trace-timeline');
    await expect(timeline.getByTestId('timeline-row')).toHaveCount(6);
    await expect(timeline.getByTestId('phase-marker')).toHaveCount(3);
    // The first span is selected.
    await expect(drawer.getByTestId('span-title')).toHaveText('cx.journey');
    await shot(page, 'journeys-slide-out');

    await timeline.locator(`[data-span-id="${span(5)}"]`).click();
    await expect(drawer.getByTestId('span-title')).toHaveText('cx.telephony.call');
    await expect(drawer.getByTestId('span-panel-detail')).toContainText(CONTACT);
    await drawer.getByTestId('span-tab-insights').click();
    await expect(drawer.getByTestId('span-insight')).toHaveCount(1);
    await expect(drawer.getByTestId('span-insight')).toContainText('Poor call quality: MOS 2.60');
    await drawer.getByTestId('span-tab-logs').click();
    await expect(drawer.getByTestId('span-log')).toHaveCount(2);
    await expect(drawer.getByTestId('span-panel-logs')).toContainText('ICE restart');
    await drawer.getByTestId('span-tab-charts').click();
    await expect(drawer.getByTestId('span-panel-charts')).toContainText(`Call ${CONTACT}`);
    await drawer.getByTestId('span-tab-events').click();
    await expect(drawer.getByText('No events found for this span.')).toBeVisible();
  });

  test('shows the full trace page with span routes', async ({ page }) => {
    await signIn(page);
    await page.goto(`/${groupId}/trace/${TRACE_POOR}`);
    // The first span is selected in the URL.
    await expect(page).toHaveURL(new RegExp(`/trace/${TRACE_POOR}/span/${span(1)}/detail$`));
    await expect(page.getByTestId('trace-timeline').getByTestId('timeline-row')).toHaveCount(6);
    await page
      .getByTestId('trace-timeline')
      .locator(`[data-span-id="${span(2)}"]`)
      .click();
    await expect(page).toHaveURL(new RegExp(`/span/${span(2)}/detail$`));
    await page.getByTestId('span-tab-events').click();
    await expect(page).toHaveURL(new RegExp(`/span/${span(2)}/events$`));
    await expect(page.getByTestId('span-panel-events')).toContainText('menu.selected');
    await shot(page, 'journeys-trace-page');

    await page.goto(`/${groupId}/traces/trace/${TRACE_POOR}/span/${span(3)}/nonsense`);
    await expect(page).toHaveURL(new RegExp(`/traces/trace/${TRACE_POOR}/span/${span(3)}/detail$`));
    await expect(page.getByTestId('span-title')).toHaveText('cx.queue');
  });

  test('draws only the visible rows of a 5,000-span journey', async ({ page }) => {
    await signIn(page);
    await page.goto(`/${groupId}/trace/${TRACE_BIG}`);
    const timeline = page.getByTestId('trace-timeline');
    await expect(timeline).toContainText(`${BIG_SPANS} spans`);
    await expect(timeline.locator(`[data-span-id="${span(1)}"]`)).toBeVisible();
    const drawn = await timeline.getByTestId('timeline-row').count();
    expect(drawn).toBeGreaterThan(5);
    expect(drawn).toBeLessThan(100);
    await expect(timeline.getByTestId('phase-marker')).toHaveCount(50);
    await shot(page, 'journeys-big-trace');
    // Scrolled to the end, the last span is drawn and can be selected.
    // The root span's selection may remount the timeline once after load: scroll until it holds.
    const last = timeline.locator(`[data-span-id="${span(BIG_SPANS)}"]`);
    await expect(async () => {
      await timeline.getByTestId('timeline-scroller').evaluate((el) => {
        el.scrollTop = el.scrollHeight;
      });
      await expect(last).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await last.click();
    await expect(page.getByTestId('span-title')).toHaveText(`step.${BIG_SPANS - 1}`);
    expect(await timeline.getByTestId('timeline-row').count()).toBeLessThan(100);
  });
});
