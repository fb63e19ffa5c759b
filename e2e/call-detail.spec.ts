import { expect, test, type APIRequestContext, type Page } from './support/test.ts';
import { groupIdOf, signInAs, type Role } from './support/auth.ts';
import { apiSession, createApiKey, createGroup, ingest } from './support/api.ts';

/**
 * The call detail page against the real server: a five-minute call ingested through the
 * ingestion API with an API key (a bad stretch, a hold, softphone logs and a telemetry event).
 */

const RUN = Date.now().toString(36);
const SECOND = 1000;
const CONTACT = `e2e-call-detail-${RUN}`;
const FOREIGN = `e2e-call-detail-foreign-${RUN}`;
const SHOTS = process.env.CALL_DETAIL_SHOTS;
const KEY_NAME = `E2E call detail ${RUN}`;

/** Seconds 120-149 are bad (loss, jitter, RTT; no MOS sent), 200-229 on hold, 60 muted. */
async function seedCall(request: APIRequestContext, key: string, contactId: string, start: number) {
  const seconds = 300;
  await ingest(request, key, 'calls', [
    {
      contactId,
      agent: 'e2e-dana',
      direction: 'INBOUND',
      startTime: start,
      endTime: start + seconds * SECOND,
      endedBy: 'AGENT',
      disconnectReason: 'AGENT_DISCONNECT',
      agentISP: 'Aussie Broadband',
      agentLocalIPAddress: '192.168.1.20',
      agentExternalIPAddress: '203.0.113.44',
      browser: { name: 'Chrome', version: '126.0.6478.126' },
      agentCountry: 'Australia',
      agentRegion: 'Victoria',
      networkType: 'wifi',
      holdIntervals: [{ start: start + 200 * SECOND, end: start + 230 * SECOND }],
      sipResponseCode: 487,
    },
  ]);
  await ingest(
    request,
    key,
    'samples',
    Array.from({ length: seconds }, (_, i) => {
      const bad = i >= 120 && i < 150;
      const hold = i >= 200 && i < 230;
      const wave = Math.sin(i / 7);
      return {
        contactId,
        timestamp: start + i * SECOND,
        inbound: bad
          ? { packetsCount: 38 + (i % 5), packetsLost: 6 + (i % 7), audioLevel: 0.02 }
          : {
              mos: 4.3 + 0.05 * wave,
              packetsCount: hold ? 50 : 49 + (i % 2),
              packetsLost: i % 37 === 0 ? 1 : 0,
              audioLevel: hold ? 0.001 : 0.08 + 0.06 * Math.abs(wave),
            },
        outbound: {
          mos: bad ? 3.6 : 4.35,
          packetsCount: 50,
          packetsLost: bad ? 2 : 0,
          audioLevel: i === 60 ? 0 : 0.05 + 0.04 * Math.abs(Math.cos(i / 5)),
        },
        rttMs: bad ? 380 + (i % 9) * 15 : 42 + (i % 6),
        jitterMs: bad ? 55 + (i % 4) * 6 : 3 + (i % 3),
        cpuAvailablePercent: bad ? 35 : 72 - (i % 10),
        agentStatus: hold ? 'On Hold' : i === 60 ? 'On Mute' : 'Talk',
      };
    }),
  );
  await ingest(request, key, 'logs', [
    {
      time: start + 1 * SECOND,
      level: 'INFO',
      agent: 'e2e-dana',
      contactId,
      text: 'Call connected',
    },
    {
      time: start + 125 * SECOND,
      level: 'WARN',
      agent: 'e2e-dana',
      contactId,
      text: 'Jitter above 30 ms',
    },
    {
      time: start + 131 * SECOND,
      level: 'ERROR',
      agent: 'e2e-dana',
      contactId,
      text: 'ICE connection state: disconnected',
    },
    { time: start + 200 * SECOND, level: 'INFO', agent: 'e2e-dana', contactId, text: 'Hold' },
    { time: start + 230 * SECOND, level: 'INFO', agent: 'e2e-dana', contactId, text: 'Resume' },
  ]);
  await ingest(request, key, 'events', [
    {
      time: start + 2 * SECOND,
      type: 'audioDeviceChange',
      agent: 'e2e-dana',
      contactId,
      data: { microphone: 'Jabra Evolve2 65' },
    },
  ]);
}

async function signIn(page: Page, role: Role) {
  await signInAs(page, role);
  return groupIdOf(page);
}

test.describe.serial('Call detail', () => {
  // Tall enough for every chart at once: zooming one must show in the last.
  test.use({ viewport: { width: 1280, height: 1600 } });

  let demoGroup = '';
  let otherGroup = '';

  test.beforeAll(async ({ playwright, serverURL }) => {
    const request = await playwright.request.newContext({ baseURL: serverURL });
    const admin = await apiSession(request, 'admin');
    demoGroup = admin.groupId;
    const start = Date.now() - 20 * 60 * SECOND;
    await seedCall(request, await createApiKey(request, admin.headers, KEY_NAME), CONTACT, start);

    // Another group (created by the super user) with a call of its own.
    const root = await apiSession(request, 'super');
    otherGroup = await createGroup(request, root, {
      name: `E2E Call Detail ${RUN}`,
      customerName: `E2E Call Detail Customer ${RUN}`,
    });
    const inOther = await apiSession(request, 'super', otherGroup);
    await seedCall(request, await createApiKey(request, inOther.headers, KEY_NAME), FOREIGN, start);
    await request.dispose();
  });

  test('charts of the call render, synchronized, with holds and logs', async ({ page }) => {
    const groupId = await signIn(page, 'admin');
    await page.goto(`/${groupId}/call/${CONTACT}`);
    await expect(page.getByRole('heading', { name: 'Call Details' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Charts' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    for (const title of [
      'MOS',
      'Packet Count',
      'Packets Lost',
      'RTT (ms)',
      'Jitter (ms)',
      'Audio Level',
      'CPU Available (%)',
      'Agent Status',
      'Log Level',
    ]) {
      await expect(page.getByRole('img', { name: title, exact: true })).toBeVisible();
    }
    await expect(page.getByTestId('time-series-chart').locator('canvas')).toHaveCount(9);
    await expect(page.getByText('Contact ID:')).toContainText(CONTACT);
    await expect(page.getByTestId('call-score')).toContainText('/ 10');
    await expect(page.getByText('Very High Jitter')).toBeVisible();
    await expect(page.getByText('Softphone Error')).toBeVisible();

    // Zooming one chart zooms all of them (echarts connect): the last chart's picture changes.
    const last = page.getByRole('img', { name: 'Log Level', exact: true });
    await page.mouse.move(0, 0);
    await page.waitForTimeout(400);
    const before = await last.screenshot();
    const mos = page.getByRole('img', { name: 'MOS', exact: true });
    await mos.scrollIntoViewIfNeeded();
    const box = await mos.boundingBox();
    if (!box) throw new Error('no chart box');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    for (let i = 0; i < 5; i++) {
      await page.mouse.wheel(0, -200);
      await page.waitForTimeout(150);
    }
    await page.waitForTimeout(400);
    await page.mouse.move(0, 0);
    await page.waitForTimeout(400);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/charts-zoomed.png`, fullPage: true });
    expect((await last.screenshot()).equals(before)).toBe(false);
  });

  test('the Summary, WebRTC, Softphone Logs and Telemetry tabs show the call', async ({ page }) => {
    const groupId = await signIn(page, 'admin');
    await page.goto(`/${groupId}/call/${CONTACT}`);
    if (SHOTS) {
      await expect(page.getByTestId('time-series-chart').locator('canvas')).toHaveCount(9);
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${SHOTS}/charts.png`, fullPage: true });
    }

    await page.getByRole('tab', { name: 'Summary' }).click();
    await expect(page).toHaveURL(new RegExp(`/call/${CONTACT}/summary$`));
    const summary = page.getByRole('main');
    await expect(summary.getByText('e2e-dana').first()).toBeVisible();
    await expect(summary.getByText('Aussie Broadband')).toBeVisible();
    await expect(summary.getByText('487: Request Terminated')).toBeVisible();
    await expect(summary.getByText('Chrome 126.0.6478.126')).toBeVisible();
    await expect(summary.getByText('AGENT_DISCONNECT')).toBeVisible();
    await expect(summary.getByText('5m 00s').first()).toBeVisible();
    await expect(page.getByRole('grid', { name: 'Insights' })).toContainText('Very High Jitter');
    // Status per tag group (spec 002 §9): the tag in red for "Very", else Good.
    const status = page.getByTestId('call-status');
    await expect(
      status.locator('[data-tone="error"]', { hasText: 'Very High Jitter' }),
    ).toBeVisible();
    await expect(status.locator('[data-tone="good"]', { hasText: 'Good' }).first()).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/summary.png`, fullPage: true });

    await page.getByRole('tab', { name: 'WebRTC' }).click();
    await expect(page).toHaveURL(new RegExp(`/call/${CONTACT}/rtc$`));
    const rtc = page.getByRole('grid', { name: 'WebRTC statistics' });
    await expect(rtc.getByRole('row', { name: /Round-trip time/ })).toContainText('42');
    await expect(rtc.getByRole('row', { name: /Memory used/ })).toContainText('-');
    await expect(page.getByText('300 seconds measured')).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/rtc.png`, fullPage: true });

    await page.getByRole('tab', { name: 'Softphone Logs' }).click();
    await expect(page).toHaveURL(new RegExp(`/call/${CONTACT}/logs$`));
    const logs = page.getByRole('grid', { name: 'Softphone logs' });
    await expect(logs.getByRole('row')).toHaveCount(6);
    await expect(logs).toContainText('ICE connection state: disconnected');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/logs.png`, fullPage: true });

    await page.getByRole('tab', { name: 'Telemetry' }).click();
    await expect(page.getByRole('grid', { name: 'Telemetry events' })).toContainText(
      'Jabra Evolve2 65',
    );

    // A sub-path opens its tab directly.
    await page.goto(`/${groupId}/call/${CONTACT}/logs`);
    await expect(page.getByRole('tab', { name: 'Softphone Logs' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  test('a viewer sees the call but not the Telemetry tab', async ({ page }) => {
    const groupId = await signIn(page, 'viewer');
    await page.goto(`/${groupId}/call/${CONTACT}/telemetry`);
    await expect(page.getByRole('tab', { name: 'Charts' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('tab', { name: 'Telemetry' })).toHaveCount(0);
    await expect(page.getByTestId('time-series-chart').locator('canvas')).toHaveCount(9);
  });

  test('an unknown contact shows the error text on every tab', async ({ page }) => {
    const groupId = await signIn(page, 'admin');
    await page.goto(`/${groupId}/call/no-such-contact-${RUN}`);
    await expect(page.getByText('Unable to retrieve data', { exact: true })).toBeVisible();
    await page.getByRole('tab', { name: 'Summary' }).click();
    await expect(page.getByText('Unable to retrieve Summary Trace')).toBeVisible();
    await page.getByRole('tab', { name: 'WebRTC' }).click();
    await expect(page.getByText('Unable to retrieve RTC Trace')).toBeVisible();
    await page.getByRole('tab', { name: 'Softphone Logs' }).click();
    await expect(page.getByText('Unable to retrieve Softphone Logs')).toBeVisible();
    await page.getByRole('tab', { name: 'Telemetry' }).click();
    await expect(page.getByText('Unable to retrieve Telemetry Logs')).toBeVisible();
  });

  test('a user of another group gets nothing of the call', async ({ page }) => {
    const groupId = await signIn(page, 'admin');
    expect(groupId).toBe(demoGroup);
    await page.goto(`/${groupId}/call/${FOREIGN}`);
    await expect(page.getByText('Unable to retrieve data', { exact: true })).toBeVisible();
    await expect(page.getByText('Aussie Broadband')).toHaveCount(0);

    const admin = await apiSession(page.request, 'admin');
    const url = `/api/viscall2/call/ap-southeast-2/${FOREIGN}`;
    expect((await page.request.get(url, { headers: admin.headers })).status()).toBe(404);
    const asOther = { ...admin.headers, 'x-group-id': otherGroup };
    expect((await page.request.get(url, { headers: asOther })).status()).toBe(403);
  });
});
