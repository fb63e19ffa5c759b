import { expect, test, type APIRequestContext } from './support/test.ts';
import { createApiKey, inDemoGroup, ingest, json, type ApiSession } from './support/api.ts';
import { ACCOUNTS, signInAs } from './support/auth.ts';

/**
 * Teams (issue 20) end to end: an admin creates a team restricted to one agent group with two
 * dashboards and adds a member; the member sees only those two dashboards, and numbers of that
 * agent group's calls only, as the API counts them for an admin.
 */

const SHOTS = process.env.E2E_SCREENSHOTS;

type ChartData = { rows: (string | number | null)[][] };

/**
 * Call Overview's calls number as the API answers an admin (a user in no team: every call of
 * the group) over the dashboard's default window (28 days), for these agents' calls.
 */
async function adminCallCount(
  request: APIRequestContext,
  admin: ApiSession,
  dashboard: string,
  agents: string[],
): Promise<number> {
  const token = await json<{ token: string }>(
    await request.post(`/api/dataRoles/default/token/${dashboard}`, { headers: admin.headers }),
  );
  const to = new Date();
  const from = new Date(to.getTime() - 28 * 86_400_000);
  const data = await json<ChartData>(
    await request.post(`/api/embed/dashboards/${dashboard}/charts/calls/data`, {
      headers: { authorization: `Bearer ${token.token}` },
      data: { from: from.toISOString(), to: to.toISOString(), agent: agents },
    }),
  );
  return Number(data.rows[0]?.[0] ?? -1);
}

/** The account's API session, switched to Acme Support (its current group from then on). */
test("a team's member sees its two dashboards and its agent group's calls only", async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  const sales = `Sales-${run}`;
  // Acme Support has embeddedCanvasApi; another spec may have left the admin in Acme Sales.
  const admin = await inDemoGroup(page.request, 'admin');
  await inDemoGroup(page.request, 'user');
  const group = admin.groupId;
  const key = await createApiKey(page.request, admin.headers, `teams-e2e-${run}`);
  const now = Date.now();
  // Agents of this run only: the admin's count by agent is then exactly the agent group's.
  const calls = ['s1', 's2', 's3', 'p1', 'p2'].map((id, i) => ({
    contactId: `team-${run}-${id}`,
    agent: `agent-${id}-${run}@teams.example`,
    startTime: now - (i + 1) * 3_600_000,
    endTime: now - (i + 1) * 3_600_000 + 60_000,
    agentGroups: id.startsWith('s') ? [sales] : [`Support-${run}`],
  }));
  await ingest(page.request, key, 'calls', calls);
  const callOverview = `${group}_Technology-CallOverview`;
  const salesAgents = calls.filter((c) => c.agentGroups[0] === sales).map((c) => c.agent);
  const expected = await adminCallCount(page.request, admin, callOverview, salesAgents);
  // The admin sees the other agent group's calls too: the team's number is not everyone's.
  const everyone = await adminCallCount(
    page.request,
    admin,
    callOverview,
    calls.map((c) => c.agent),
  );
  expect(expected).toBeGreaterThan(0);
  expect(everyone).toBeGreaterThan(expected);

  // The admin builds the team on the roles page.
  await signInAs(page, 'admin');
  await page.goto(`/${group}/playbooks/roles`);
  await page.getByRole('button', { name: 'Create Team' }).click();
  const create = page.getByRole('dialog');
  await expect(create.getByRole('button', { name: 'Create' })).toBeDisabled();
  await create.getByLabel('Name').fill(`Sales ${run}`);
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Role created successfully')).toBeVisible();

  const row = page.getByRole('row', { name: new RegExp(`Sales ${run}`) });
  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog');
  await edit.getByRole('button', { name: 'Add Condition' }).click();
  await edit.getByLabel('Value').fill(sales);
  await edit.getByRole('checkbox', { name: 'All Dashboards' }).uncheck();
  await edit.getByRole('checkbox', { name: 'Overview', exact: true }).check();
  await edit.getByRole('checkbox', { name: 'Call Overview' }).check();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Role updated successfully')).toBeVisible();
  await expect(row).toContainText(`Agent Group 1 equals ${sales}`);

  await row.getByRole('button', { name: 'Members' }).click();
  const members = page.getByRole('dialog');
  await expect(members.getByText('No users have access to this role.')).toBeVisible();
  await members.getByLabel('User').fill(ACCOUNTS.user.email);
  await page.getByRole('option', { name: new RegExp(ACCOUNTS.user.email) }).click();
  await members.getByRole('button', { name: 'Add' }).click();
  await expect(members.getByText(ACCOUNTS.user.email)).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/teams-roles.png`, fullPage: true });

  // The member: lands on Dashboards, sees the team's two, and its agent group's calls only.
  const context = await browser.newContext();
  const member = await context.newPage();
  await signInAs(member, 'user');
  await member.goto(`/${group}/playbooks`);
  const nav = member.getByRole('navigation', { name: 'Dashboards' });
  await expect(nav.getByRole('link')).toHaveCount(2);
  await expect(nav.getByRole('link', { name: 'Overview', exact: true })).toBeVisible();
  await nav.getByRole('link', { name: 'Call Overview' }).click();
  const memberCalls = member
    .frameLocator('[data-testid=dashboard-iframe]')
    .getByTestId('big-number-calls');
  await expect(memberCalls).toHaveText(expected.toLocaleString('en-US'), { timeout: 30_000 });
  // Overview too: its calls number is the agent group's as the API counts it.
  const overviewCount = await adminCallCount(page.request, admin, `default_${group}`, salesAgents);
  await nav.getByRole('link', { name: 'Overview', exact: true }).click();
  await expect(member).toHaveURL(new RegExp(`/playbooks/default_${group}$`));
  await expect(memberCalls).toHaveText(overviewCount.toLocaleString('en-US'), {
    timeout: 30_000,
  });
  // A call link opens the call over the dashboard: read with the dashboard's guest token, as a
  // Group User may not use the call-detail API, and only the team's calls are listed.
  await nav.getByRole('link', { name: 'Call Overview' }).click();
  const frame = member.frameLocator('[data-testid=dashboard-iframe]');
  const salesCall = `team-${run}-s1`;
  const link = frame.getByRole('button', { name: salesCall });
  await expect(link).toBeVisible({ timeout: 30_000 });
  await expect(frame.getByRole('button', { name: `team-${run}-p1` })).toHaveCount(0);
  await link.click();
  const modal = member.getByRole('dialog');
  await expect(modal.getByText('Call Details')).toBeVisible();
  await expect(modal).toContainText(`Contact ID: ${salesCall}`, { timeout: 30_000 });
  await expect(modal).toContainText(calls[0]?.agent ?? 'no agent');
  await expect(member).toHaveURL(new RegExp(`/call/${salesCall}$`));
  await modal.getByRole('button', { name: 'Close' }).click();
  await nav.getByRole('link', { name: 'Overview', exact: true }).click();
  if (SHOTS) await member.screenshot({ path: `${SHOTS}/teams-member.png` });
  // A dashboard outside the team: back to the list.
  await member.goto(`/${group}/playbooks/${group}_Technology-AgentOverview`);
  await expect(member).toHaveURL(
    new RegExp(`/${group}/playbooks/${group}_Technology-CallOverview|/${group}/playbooks/default_`),
  );
  await context.close();
});
