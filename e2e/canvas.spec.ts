import { expect, test } from './support/test.ts';
import { apiSession, createApiKey, ingest } from './support/api.ts';
import { apiToken, groupIdOf, signInAs } from './support/auth.ts';

/**
 * Canvas (issue 20) end to end: Home's four sections are charts of the group's own data, and
 * Call Overview, opened from the Canvas menu, counts the calls the API counts.
 */

const SHOTS = process.env.E2E_SCREENSHOTS;

test('a Group Viewer sees four charted sections on Home and opens Call Overview from the Canvas menu', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Calls of this run, with seconds, tags, networks and who ended them: every section has data.
  const admin = await apiSession(page.request, 'admin');
  const key = await createApiKey(page.request, admin.headers, `canvas-e2e-${Date.now()}`);
  const run = Date.now().toString(36);
  const now = Date.now();
  const ingested = Array.from({ length: 6 }, (_, i) => ({
    contactId: `canvas-${run}-${i}`,
    agent: `agent-${i % 3}@canvas.example`,
    startTime: now - (i + 1) * 86_400_000,
    endTime: now - (i + 1) * 86_400_000 + 60_000,
    endedBy: i % 2 ? 'AGENT' : 'CUSTOMER',
    networkType: i % 2 ? 'wifi' : 'ethernet',
    agentISP: 'Canvas Fibre',
  }));
  await ingest(page.request, key, 'calls', ingested);
  await ingest(
    page.request,
    key,
    'samples',
    ingested.flatMap((c, i) =>
      Array.from({ length: 20 }, (_, s) => ({
        contactId: c.contactId,
        timestamp: c.startTime + s * 1000,
        inbound: { packetsCount: 50, packetsLost: i === 0 ? 10 : 0 },
        outbound: { packetsCount: 50, packetsLost: 0 },
        rttMs: i === 0 ? 900 : 40,
        jitterMs: i === 0 ? 80 : 4,
      })),
    ),
  );

  await signInAs(page, 'viewer');
  const group = groupIdOf(page);
  await page.goto(`/${group}/home`);
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  for (const title of [
    'Reported Issues and Insights',
    'Technology CX Risk',
    'Operational CX Risk',
    'Collection Coverage',
  ]) {
    const section = page.getByRole('region', { name: title, exact: true });
    await expect(section.getByRole('heading', { name: title })).toBeVisible();
    // Collection Coverage is an admin dashboard: a viewer is not led to it.
    if (title === 'Collection Coverage')
      await expect(section.getByRole('link', { name: 'Explore Dashboard' })).toHaveCount(0);
    else await expect(section.getByRole('link', { name: 'Explore Dashboard' })).toBeVisible();
    await expect(section.getByRole('button', { name: 'Learn More' })).toBeVisible();
    // Real charts, drawn once the section's data is in (as SVG: issue 34).
    await expect(section.locator('[_echarts_instance_] svg').first()).toBeVisible();
  }
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/canvas-home.png`, fullPage: true });

  // The calls the API counts over the same 28 days (the ingest of the e2e runs adds to them).
  const { accessToken } = await apiToken(page, 'viewer');
  const headers = { authorization: `Bearer ${accessToken}`, 'x-group-id': group };
  const token = await page.request.post(
    `/api/dataRoles/default/token/${group}_Technology-CallOverview`,
    { headers },
  );
  expect(token.status()).toBe(200);

  await page.getByRole('button', { name: 'Canvas' }).click();
  await page.getByRole('link', { name: 'Call Overview' }).click();
  await expect(page).toHaveURL(new RegExp(`/${group}/canvas/calloverview`));
  const frame = page.frameLocator('[data-testid=dashboard-iframe]');
  const calls = frame.getByTestId('big-number-calls');
  await expect(calls).toBeVisible({ timeout: 30_000 });
  // No filter in the address: the dashboard default filter (Last 15 minutes, auto refresh).
  await expect(frame.getByRole('button', { name: 'Last 15 minutes' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await frame.getByRole('button', { name: 'Last 28 days' }).click();
  await expect(frame.getByRole('button', { name: 'Last 28 days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const to = new Date();
  const from = new Date(to.getTime() - 28 * 86_400_000);
  const count = await page.request.post(
    `/api/embed/dashboards/${group}_Technology-CallOverview/charts/calls/data`,
    {
      headers: { authorization: `Bearer ${((await token.json()) as { token: string }).token}` },
      data: { from: from.toISOString(), to: to.toISOString() },
    },
  );
  const apiCalls = ((await count.json()) as { rows: number[][] }).rows[0]?.[0] ?? -1;
  expect(apiCalls).toBeGreaterThanOrEqual(ingested.length);
  const shownCalls = async () => Number((await calls.textContent())?.replace(/[^\d]/g, ''));
  // The 28 days' number once it replaced the 15 minutes' one (other specs' ingest adds a few).
  await expect
    .poll(async () => Math.abs((await shownCalls()) - apiCalls), { timeout: 30_000 })
    .toBeLessThanOrEqual(5);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/canvas-call-overview.png` });

  // The Agent filter: one agent's calls, in every chart, as the API counts them.
  await frame.getByRole('combobox', { name: 'Agent' }).click();
  await frame.getByRole('option', { name: 'agent-0@canvas.example', exact: true }).click();
  const agentCount = await page.request.post(
    `/api/embed/dashboards/${group}_Technology-CallOverview/charts/calls/data`,
    {
      headers: { authorization: `Bearer ${((await token.json()) as { token: string }).token}` },
      data: { from: from.toISOString(), to: to.toISOString(), agent: ['agent-0@canvas.example'] },
    },
  );
  const agentCalls = ((await agentCount.json()) as { rows: number[][] }).rows[0]?.[0] ?? -1;
  expect(agentCalls).toBeGreaterThanOrEqual(2);
  await expect
    .poll(async () => Number((await calls.textContent())?.replace(/[^\d]/g, '')), {
      timeout: 30_000,
    })
    .toBe(agentCalls);
});
