import { expect, test, type Page } from './support/test.ts';
import { inDemoGroup } from './support/api.ts';
import { ACCOUNTS, groupIdOf, signInAs, submitLogin, type Role } from './support/auth.ts';

/** The test ids of the menu entries the sidebar shows (top level, Canvas collapsed). */
async function visibleNav(page: Page): Promise<string[]> {
  const ids = await page
    .getByTestId('sidebar')
    .locator(
      '[data-testid^="nav-"]:not([data-testid^="nav-section-"]):not([data-testid^="nav-canvas-"])',
    )
    .evaluateAll((els) =>
      els
        .filter((e) => (e as HTMLElement).offsetParent !== null)
        .map((e) => e.getAttribute('data-testid') ?? ''),
    );
  return ids;
}

// Acme Support (the demo user's first group) has every demo flag on and heartbeat enabled.
const EXPECTED: Record<Role, string[]> = {
  viewer: [
    'nav-home',
    'nav-canvas',
    'nav-dashboards',
    'nav-explorer',
    'nav-journey-explorer',
    'nav-heartbeat-insights',
    'nav-heartbeat-logs',
    'nav-history',
    'nav-group-settings',
    'nav-profile',
    'nav-logout',
  ],
  user: ['nav-profile', 'nav-logout'],
  admin: [
    'nav-home',
    'nav-canvas',
    'nav-dashboards',
    'nav-explorer',
    'nav-journey-explorer',
    'nav-heartbeat-insights',
    'nav-heartbeat-tests',
    'nav-heartbeat-logs',
    'nav-workflows',
    'nav-simulate',
    'nav-history',
    'nav-teammates',
    'nav-group-settings',
    'nav-coverage',
    'nav-usage',
    'nav-profile',
    'nav-logout',
  ],
  super: [
    'nav-home',
    'nav-canvas',
    'nav-dashboards',
    'nav-explorer',
    'nav-journey-explorer',
    'nav-heartbeat-insights',
    'nav-heartbeat-tests',
    'nav-heartbeat-logs',
    'nav-gsm-monitors',
    'nav-gsm-logs',
    'nav-gsm-insights',
    'nav-gsm-status',
    'nav-workflows',
    'nav-simulate',
    'nav-history',
    'nav-teammates',
    'nav-group-settings',
    'nav-coverage',
    'nav-usage',
    'nav-dashboard-manager',
    'nav-groups',
    'nav-profile',
    'nav-logout',
  ],
};

test.describe('sign-in and sidebar per role', () => {
  for (const role of ['viewer', 'admin', 'super'] as const) {
    test(`${role} lands on the dashboard and sees exactly their menu`, async ({ page }) => {
      await signInAs(page, role);
      await expect(page).toHaveURL(/\/[0-9a-f-]{36}\/dashboard$/);
      if (role === 'super') {
        // The super user may be in any group (the last used); go to Acme Support for the flags.
        await page.getByTestId('group-switcher').click();
        await page
          .getByTestId('switch-groups-dialog')
          .getByText('Acme Support', { exact: true })
          .click();
        await expect(page.getByTestId('breadcrumb-group')).toHaveText('Acme Support');
      }
      expect(await visibleNav(page)).toEqual(EXPECTED[role]);
    });
  }

  test('a group user lands on the playbooks page and sees only Profile and Logout', async ({
    page,
  }) => {
    await signInAs(page, 'user');
    // Playbooks opens the first dashboard of the user's team.
    await expect(page).toHaveURL(/\/playbooks(\/|$)/);
    expect(await visibleNav(page)).toEqual(EXPECTED.user);
  });

  test('a wrong password shows the Login Unsuccessful dialog', async ({ page }) => {
    await submitLogin(page, ACCOUNTS.viewer.email, 'not-the-password');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Login Unsuccessful')).toBeVisible();
    await expect(dialog.getByText("Oops...looks like that Login doesn't exist.")).toBeVisible();
  });

  test('collapsing the sidebar hides the bottom menu and is remembered', async ({ page }) => {
    await signInAs(page, 'admin');
    await expect(page.getByTestId('nav-teammates')).toBeVisible();
    await page.getByTestId('sidebar-toggle').click();
    await expect(page.getByTestId('nav-teammates')).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('sidebarExpanded'))).toBe('false');
    await page.reload();
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await expect(page.getByTestId('nav-teammates')).toBeHidden();
  });
});

test.describe('groups', () => {
  // These tests move the viewer and the admin to another group: the next spec finds them home.
  test.afterEach(async ({ request }) => {
    await inDemoGroup(request, 'viewer');
    await inDemoGroup(request, 'admin');
  });

  test('switching group changes the URL, breadcrumb and flag-gated menu entries', async ({
    page,
  }) => {
    await signInAs(page, 'viewer');
    const first = groupIdOf(page);
    await expect(page.getByTestId('nav-journey-explorer')).toBeVisible();
    await page.getByTestId('group-switcher').click();
    const dialog = page.getByTestId('switch-groups-dialog');
    await expect(dialog.getByText('Switch Groups')).toBeVisible();
    await dialog.getByText('Acme Sales', { exact: true }).click();
    await expect(page.getByTestId('breadcrumb-group')).toHaveText('Acme Sales');
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(groupIdOf(page)).not.toBe(first);
    // Acme Sales has no flags and no heartbeat.
    await expect(page.getByTestId('nav-home')).toBeVisible();
    await expect(page.getByTestId('nav-journey-explorer')).toHaveCount(0);
    await expect(page.getByTestId('nav-heartbeat-logs')).toHaveCount(0);
    // The choice is kept on the server: a fresh sign-in lands in Acme Sales.
    await page.getByTestId('nav-logout').click();
    await expect(page).toHaveURL(/\/login$/);
    await signInAs(page, 'viewer');
    await expect(page.getByTestId('breadcrumb-group')).toHaveText('Acme Sales');
  });

  test("a link into another of the user's groups asks to switch first", async ({ page }) => {
    await signInAs(page, 'admin');
    const current = groupIdOf(page);
    const groups = (await page.evaluate(async () => {
      const res = await fetch('/api/auth/refresh', { method: 'POST' });
      const { accessToken, claims } = (await res.json()) as {
        accessToken: string;
        claims: { groupId: string };
      };
      const list = await fetch('/api/groups', {
        headers: { authorization: `Bearer ${accessToken}`, 'x-group-id': claims.groupId },
      });
      return (await list.json()) as { id: string; name: string }[];
    })) as { id: string; name: string }[];
    const other = groups.find((g) => g.id !== current);
    if (!other) throw new Error('admin should be in two groups');
    await page.goto(`/${other.id}/history/lists`);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Switch Group', { exact: true })).toBeVisible();
    await expect(
      dialog.getByText(
        `You are about to access a page on Group '${other.name}'. Do you want to continue?`,
      ),
    ).toBeVisible();
    await dialog.getByRole('button', { name: /ok|continue|yes/i }).click();
    await expect(page.getByTestId('breadcrumb-group')).toHaveText(other.name);
    await expect(page).toHaveURL(new RegExp(`/${other.id}/history/lists$`));
  });

  test('an unknown page tells the user and returns to the dashboard', async ({ page }) => {
    await signInAs(page, 'viewer');
    const groupId = groupIdOf(page);
    await page.goto(`/${groupId}/no/such/page`);
    await expect(page.getByText("Page couldn't be found.", { exact: true })).toBeVisible();
    await expect(
      page.getByText(
        "The requested page couldn't be found. You will be redirected to the dashboard.",
      ),
    ).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${groupId}/dashboard$`), { timeout: 15_000 });
  });

  test('a page the role may not open redirects to the landing page with a warning', async ({
    page,
  }) => {
    await signInAs(page, 'viewer');
    const groupId = groupIdOf(page);
    await page.goto(`/${groupId}/workflows`);
    await expect(page.getByTestId('snackbar')).toContainText(
      'You do not have access to that page.',
    );
    await expect(page).toHaveURL(new RegExp(`/${groupId}/dashboard$`));
  });
});

test.describe('session', () => {
  test('sign out revokes the session: protected pages go back to sign-in', async ({ page }) => {
    await signInAs(page, 'viewer');
    const groupId = groupIdOf(page);
    await page.getByTestId('nav-logout').click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('isLoggedIn'))).not.toBe('true');
    const refresh = await page.request.post('/api/auth/refresh');
    expect(refresh.status()).toBe(401);
    await page.goto(`/${groupId}/explorer`);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a reload keeps the session through the refresh cookie', async ({ page }) => {
    await signInAs(page, 'viewer');
    await page.reload();
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('after the idle time-out the user is signed out, and comes back to the same page', async ({
    page,
  }) => {
    await page.clock.install();
    await signInAs(page, 'viewer');
    const groupId = groupIdOf(page);
    await page.goto(`/${groupId}/history/lists`);
    await expect(page.getByTestId('sidebar')).toBeVisible();
    // Idle time-out = token lifetime (900 s) x 1000 ms.
    await page.clock.fastForward('15:30');
    await expect(page).toHaveURL(/\/login$/);
    await page.clock.resume();
    await page.getByLabel('Email').fill(ACCOUNTS.viewer.email);
    await page.getByLabel('Password', { exact: true }).fill(ACCOUNTS.viewer.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(new RegExp(`/${groupId}/history/lists$`));
  });
});

test.describe('public pages', () => {
  test('the activated page needs no sign-in', async ({ page }) => {
    await page.goto('/activated');
    await expect(page.getByText('Account Activated')).toBeVisible();
    await expect(page).toHaveURL(/\/activated$/);
  });
});
