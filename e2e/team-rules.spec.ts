import { canvasDashboardId } from '@callsight/shared';
import { expect, test, type APIRequestContext } from './support/test.ts';
import { submitLogin } from './support/auth.ts';
import {
  createApiKey,
  createTestGroup,
  ingest,
  json,
  restoreSuperGroup,
  type ApiSession,
} from './support/api.ts';

/**
 * Issue 33 §1: a Group Viewer in the team "Manila team" (Agent Group 1 equals Manila) sees only
 * Manila's calls on every screen: the explorer, call detail (a Sydney call's URL says it cannot
 * be read), Home and the copilot, with the chip naming the team; the super user, exempt, counts
 * both sites' calls and, filtered to the team's condition, the member's number.
 */

const RUN = Date.now().toString(36);
const MIN = 60_000;
const PASSWORD = 'Team-rules-pass-9';
const VIEWER = { email: `team-viewer-${RUN}@e2e.example`, name: 'Team Viewer' };
const TEAM = `Manila team ${RUN}`;

const CALLS = [
  { site: 'Manila', agent: 'e2e-manila-ana', minutesAgo: 10, mos: 4.3 },
  { site: 'Manila', agent: 'e2e-manila-ben', minutesAgo: 20, mos: 3.9 },
  { site: 'Manila', agent: 'e2e-manila-ana', minutesAgo: 30, mos: 3.4 },
  { site: 'Sydney', agent: 'e2e-sydney-olivia', minutesAgo: 15, mos: 2.1 },
  { site: 'Sydney', agent: 'e2e-sydney-kai', minutesAgo: 25, mos: 2.4 },
].map((c, i) => ({ ...c, contactId: `team-${RUN}-${c.site.toLowerCase()}-${i}` }));
const manila = CALLS.filter((c) => c.site === 'Manila');
const sydney = CALLS.filter((c) => c.site === 'Sydney');

let groupId = '';
let superOriginalGroup = '';
let admin: ApiSession;
let teamId = '';

async function seed(request: APIRequestContext, apiKey: string) {
  const now = Date.now();
  for (const c of CALLS) {
    const start = now - c.minutesAgo * MIN;
    await ingest(request, apiKey, 'calls', [
      {
        contactId: c.contactId,
        agent: c.agent,
        direction: 'INBOUND',
        startTime: start,
        endTime: start + 60_000,
        agentISP: 'Team ISP',
        agentGroups: [c.site],
      },
    ]);
    const dir = { mos: c.mos, packetsCount: 50, packetsLost: 0 };
    await ingest(
      request,
      apiKey,
      'samples',
      Array.from({ length: 30 }, (_, k) => ({
        contactId: c.contactId,
        timestamp: start + k * 1000,
        inbound: dir,
        outbound: dir,
        rttMs: 50,
        jitterMs: 5,
      })),
    );
  }
}

test.describe('a team restricts the data its member sees (issue 33)', () => {
  test.beforeAll(async ({ playwright, serverURL }) => {
    const request = await playwright.request.newContext({ baseURL: serverURL });
    const created = await createTestGroup(request, {
      name: `Team Rules ${RUN}`,
      customerName: `Team Rules Customer ${RUN}`,
      features: { garvis2: true, embeddedCanvasApi: true },
    });
    groupId = created.groupId;
    superOriginalGroup = created.superOriginalGroup;
    admin = created.session;
    await seed(request, await createApiKey(request, admin.headers, 'team-rules'));
    const viewer = await json<{ id: string }>(
      await request.post('/api/users', {
        headers: admin.headers,
        data: { ...VIEWER, role: 'viewer', group: groupId, isMember: true, password: PASSWORD },
      }),
    );
    const team = await json<{ id: string }>(
      await request.post('/api/dataRoles', { headers: admin.headers, data: { name: TEAM } }),
    );
    teamId = team.id;
    await json(
      await request.put(`/api/dataRoles/${team.id}`, {
        headers: admin.headers,
        data: {
          name: TEAM,
          conditions: [{ type: 'group1', operator: 'equals', value: 'Manila' }],
          dashboards: [],
        },
      }),
    );
    const joined = await request.post(`/api/dataRoles/${team.id}/users/${viewer.id}`, {
      headers: admin.headers,
    });
    expect(joined.status(), await joined.text()).toBeLessThan(300);
    await request.dispose();
  });

  test.afterAll(async ({ playwright, serverURL }) => {
    const request = await playwright.request.newContext({ baseURL: serverURL });
    await restoreSuperGroup(request, superOriginalGroup);
    await request.dispose();
  });

  test('the explorer, call detail, Home and the copilot show only the team’s calls', async ({
    page,
    request,
  }) => {
    // The exempt super user's count, and that count filtered to the team's condition.
    const window = `fromTime=${new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 19)}`;
    const all = await json<{ total: number; rows: { agent: string }[] }>(
      await request.get(`/api/calls/stats?${window}`, { headers: admin.headers }),
    );
    expect(all.total).toBe(CALLS.length);
    const teamCount = all.rows.filter((r) => r.agent.startsWith('e2e-manila')).length;
    expect(teamCount).toBe(manila.length);

    await submitLogin(page, VIEWER.email, PASSWORD);
    await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('team-chip')).toHaveText(`Team: ${TEAM}`);

    // The explorer: the team's calls, as many as the super user's filtered count.
    await page.goto(`/${groupId}/explorer/calls`);
    const rows = page.getByTestId('call-stats-row');
    await expect(rows).toHaveCount(teamCount);
    for (const c of manila) await expect(page.getByText(c.contactId)).toBeVisible();
    for (const c of sydney) await expect(page.getByText(c.contactId)).toHaveCount(0);
    await expect(page.getByTestId('team-chip')).toHaveText(`Team: ${TEAM}`);

    // Call detail: the team's call opens; a Sydney call's URL cannot be read.
    await page.goto(`/${groupId}/call/${manila[0]?.contactId ?? ''}`);
    await expect(page.getByText(manila[0]?.agent ?? '').first()).toBeVisible();
    await page.goto(`/${groupId}/call/${sydney[0]?.contactId ?? ''}`);
    await expect(page.getByText('Unable to retrieve data').first()).toBeVisible();
    await expect(page.getByText(sydney[0]?.agent ?? '')).toHaveCount(0);

    // Home: every chart it draws is read under the team's rules (no Sydney call in any answer).
    const answers: Promise<string>[] = [];
    page.on('response', (r) => {
      if (/\/api\/embed\/dashboards\/.+\/charts\/.+\/data$/.test(r.url()))
        answers.push(r.text().catch(() => ''));
    });
    await page.goto(`/${groupId}`);
    await expect(page.getByTestId('team-chip')).toHaveText(`Team: ${TEAM}`);
    await expect.poll(() => answers.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(5);
    const charts = (await Promise.all(answers)).map(
      (b) => JSON.parse(b) as { chartId: string; rows: unknown[][] },
    );
    const chart = (id: string) => charts.find((c) => c.chartId === id)?.rows ?? [];
    // Calls by network type: the team's count; MOS: the lowest is Manila's, not Sydney's 2.1.
    expect(chart('tech-networks').reduce((n, r) => n + Number(r[1]), 0)).toBe(teamCount);
    const lowest = Math.min(...manila.map((c) => c.mos));
    expect(Number(chart('tech-mos')[0]?.[2])).toBeCloseTo(lowest, 2);

    // The copilot counts the team's calls only.
    await page.getByRole('button', { name: 'CX Copilot' }).click();
    const dialog = page.getByRole('dialog', { name: 'CX Copilot' });
    await dialog.getByLabel('Question').fill('How many calls in the last 7 days?');
    await dialog.getByRole('button', { name: 'Ask' }).click();
    const reply = dialog.getByTestId('copilot-reply-text').first();
    await expect(reply).toContainText(`${teamCount} calls`);
    await dialog.getByLabel('Question').fill('Which agents had the worst MOS in the last 7 days?');
    await dialog.getByRole('button', { name: 'Ask' }).click();
    await expect(dialog.getByTestId('copilot-reply')).toHaveCount(2);
    await expect(dialog.getByText(/e2e-sydney/)).toHaveCount(0);
  });

  test("the Canvas menu and the dashboard lists hold only the team's dashboards", async ({
    page,
    request,
  }) => {
    const callOverview = canvasDashboardId('calloverview', groupId) ?? '';
    await json(
      await request.put(`/api/dataRoles/${teamId}`, {
        headers: admin.headers,
        data: {
          name: TEAM,
          conditions: [{ type: 'group1', operator: 'equals', value: 'Manila' }],
          dashboards: [callOverview],
        },
      }),
    );
    await submitLogin(page, VIEWER.email, PASSWORD);
    await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 30_000 });
    const sidebar = page.getByTestId('sidebar');
    await sidebar.getByText('Canvas', { exact: true }).click();
    await expect(sidebar.getByText('Call Overview')).toBeVisible();
    await expect(sidebar.getByText('Agent Overview')).toHaveCount(0);
    await expect(sidebar.getByText('All Dashboards')).toBeVisible();
    await page.goto(`/${groupId}/canvas/list`);
    await expect(page.getByText(callOverview)).toBeVisible();
    await expect(page.getByText(canvasDashboardId('agentoverview', groupId) ?? '')).toHaveCount(0);
  });
});
