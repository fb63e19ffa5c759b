import { build } from 'esbuild';
import { expect, test, type Page } from './support/test.ts';
import { CallDetailSchema, type CallStatsPage } from '@callsight/shared';
import config from './playwright.config.ts';
import { ACCOUNTS, groupIdOf, submitLogin } from './support/auth.ts';
import { apiSession, createApiKey } from './support/api.ts';
import type { CallSetup } from './fixtures/collector/softphone.ts';

// This spec alone gives Chromium a fake microphone that needs no permission prompt.
const launchOptions = config.use?.launchOptions ?? {};
test.use({
  launchOptions: {
    ...launchOptions,
    args: [
      ...(launchOptions.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  },
});

const SOFTPHONE_PATH = '/__e2e/collector/softphone.html';

/** The test softphone (e2e/fixtures/collector/softphone.ts) with the collector, bundled for the browser. */
async function softphoneHtml(): Promise<string> {
  const result = await build({
    entryPoints: [new URL('./fixtures/collector/softphone.ts', import.meta.url).pathname],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    write: false,
    logLevel: 'silent',
  });
  const js = result.outputFiles[0]?.text ?? '';
  return `<!doctype html><html><head><title>Softphone</title></head><body><script>${js}</script></body></html>`;
}

interface SoftphoneWindow {
  softphone: {
    start(setup: CallSetup): Promise<string>;
    hold(onHold: boolean): void;
    hangUp(): Promise<{ sentSamples: number; queuedSamples: number; droppedSamples: number }>;
    errors: { kind: string; message: string }[];
  };
}

/** The admin's API session and a fresh API key of the group the page is in. */
async function adminSession(page: Page) {
  const groupId = groupIdOf(page);
  const { headers } = await apiSession(page.request, 'admin', groupId);
  const apiKey = await createApiKey(page.request, headers, `collector e2e ${Date.now()}`);
  return { groupId, headers, apiKey };
}

/** Signs in as the admin (the first page of a fresh server can take a while on a busy machine). */
async function signInAsAdmin(page: Page) {
  await submitLogin(page, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
  await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 30_000 });
}

// The call measured by the first test, looked up in the app by the second.
const contactId = `e2e-collector-${Date.now()}`;
const agent = 'collector.e2e@demo.callsight.local';

test.describe.serial('Collector SDK', () => {
  test('a WebRTC call measured by the collector is stored with its seconds and a plausible MOS', async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await signInAsAdmin(page);
    const { headers, apiKey } = await adminSession(page);

    // The softphone runs on the app's origin, so the collector posts to /api/ingest/v1 directly.
    const html = await softphoneHtml();
    const phone = await context.newPage();
    await phone.route(`**${SOFTPHONE_PATH}`, (route) =>
      route.fulfill({ contentType: 'text/html', body: html }),
    );
    await phone.goto(SOFTPHONE_PATH);
    const setup: CallSetup = {
      endpoint: baseURL ?? '',
      apiKey,
      contactId,
      agent,
      flushIntervalMs: 2_000,
    };
    const state = await phone.evaluate(
      (s) => (window as unknown as SoftphoneWindow).softphone.start(s),
      setup,
    );
    expect(state).toBe('connected');

    // About twelve seconds of call: the network drops for four of them, then two are on hold.
    await phone.waitForTimeout(3_000);
    await context.setOffline(true);
    await phone.waitForTimeout(4_000);
    await context.setOffline(false);
    await phone.waitForTimeout(2_000);
    await phone.evaluate(() => (window as unknown as SoftphoneWindow).softphone.hold(true));
    await phone.waitForTimeout(2_000);
    await phone.evaluate(() => (window as unknown as SoftphoneWindow).softphone.hold(false));
    await phone.waitForTimeout(1_500);
    const delivered = await phone.evaluate(() =>
      (window as unknown as SoftphoneWindow).softphone.hangUp(),
    );
    expect(delivered.queuedSamples).toBe(0);
    expect(delivered.droppedSamples).toBe(0);
    expect(delivered.sentSamples).toBeGreaterThanOrEqual(10);
    // The outage was felt (sends failed and were retried), and nothing else went wrong.
    const errors = await phone.evaluate(
      () => (window as unknown as SoftphoneWindow).softphone.errors,
    );
    expect(errors).toContainEqual(expect.objectContaining({ kind: 'retrying' }));
    expect(errors.filter((e) => e.kind !== 'retrying')).toEqual([]);

    // The call detail API: its seconds, a plausible MOS for a clean local call, hold and logs.
    const detailRes = await page.request.get(
      `/api/viscall2/call/us-east-1/${encodeURIComponent(contactId)}`,
      { headers },
    );
    expect(detailRes.status()).toBe(200);
    const detail = CallDetailSchema.parse(await detailRes.json());
    expect(detail.seconds.length).toBe(delivered.sentSamples);
    // Every second is there, the offline ones included: no gap in the trace.
    const times = detail.seconds.map((sec) => Date.parse(sec.timestamp));
    for (let i = 1; i < times.length; i++) {
      expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBeLessThan(2_500);
    }
    const rated = detail.seconds.filter((s) => s.inbound?.mos != null);
    expect(rated.length).toBeGreaterThanOrEqual(5);
    for (const s of rated) {
      expect(s.inbound?.mos).toBeGreaterThanOrEqual(3.5);
      expect(s.inbound?.mos).toBeLessThanOrEqual(4.5);
      expect(s.inbound?.packetsCount).toBeGreaterThan(0);
      expect(s.rttMs).not.toBeNull();
    }
    expect(new Set(detail.seconds.map((s) => s.agentStatus))).toEqual(new Set(['Talk', 'On Hold']));
    const summary = detail.summary.hits.hits[0]?._source;
    expect(summary).toMatchObject({
      serviceAgent: { username: agent },
      contact: { direction: 'INBOUND', endedBy: 'AGENT', disconnectReason: 'AGENT_HUNGUP' },
      summaryReceived: true,
      softphoneSummary: { browser: { name: expect.stringMatching(/Chrom/) } },
    });
    const mos = summary?.softphoneSummary.networkPerformanceMetrics.mos.avg ?? 0;
    expect(mos).toBeGreaterThanOrEqual(3.5);
    expect(mos).toBeLessThanOrEqual(4.5);
    expect(summary?.holdIntervals).toHaveLength(1);
    expect(summary?.holdIntervals[0]?.end).not.toBeNull();
    const logTexts = detail.logs.hits.hits.map((h) => h._source.text);
    expect(logTexts).toEqual(
      expect.arrayContaining(['WebRTC connection connected', 'Agent hung up']),
    );

    // The Call Stats Log lists it with the same MOS.
    const statsRes = await page.request.get(
      `/api/calls/stats?contactId=${encodeURIComponent(contactId)}&fromTime=${encodeURIComponent(
        new Date(Date.now() - 3_600_000).toISOString().slice(0, 19).replace('T', ' '),
      )}`,
      { headers },
    );
    expect(statsRes.status()).toBe(200);
    const stats = (await statsRes.json()) as CallStatsPage;
    expect(stats.total).toBe(1);
    expect(stats.rows[0]).toMatchObject({ agent, callContactId: contactId });
    expect(stats.rows[0]?.mos.avg).toBeCloseTo(mos, 3);
    expect(stats.rows[0]?.durationSeconds).toBeGreaterThanOrEqual(5);
  });

  test('the explorer lists the call and its detail page shows it', async ({ page }) => {
    await signInAsAdmin(page);
    const groupId = groupIdOf(page);
    await page.goto(`/${groupId}/explorer`);
    const row = page.getByRole('row').filter({ hasText: contactId });
    await expect(row).toBeVisible();
    await expect(row).toContainText(agent);
    await page.screenshot({ path: test.info().outputPath('explorer.png') });
    await page.goto(`/${groupId}/call/${encodeURIComponent(contactId)}`);
    await expect(page.getByText(contactId).first()).toBeVisible();
    await expect(page.getByText(agent).first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('call-detail.png') });
  });
});
