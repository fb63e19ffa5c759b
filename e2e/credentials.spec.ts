import fs from 'node:fs';
import { expect, test, type Page } from './support/test.ts';
import { ACCOUNTS, signInAs, submitLogin } from './support/auth.ts';
import { superSession } from './support/api.ts';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/h4-shots';
fs.mkdirSync(SHOTS, { recursive: true });

const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}`;

/** Waits for the app shell after a sign-in. */
const shell = (page: Page) => expect(page.getByTestId('sidebar')).toBeVisible();

test.describe('credentials', () => {
  test('the sign-in page says which accounts are demo accounts', async ({ page }) => {
    await page.goto('/login');
    const note = page.getByTestId('demo-accounts-note');
    await expect(note).toBeVisible();
    await expect(note).toContainText('Demo accounts');
    await expect(note).toContainText('their password is published');
    for (const role of ['viewer', 'user', 'admin'] as const)
      await expect(note).toContainText(ACCOUNTS[role].email);
    await expect(note).toContainText('Callsight-demo-1');
    await page.screenshot({ path: `${SHOTS}/sign-in.png`, fullPage: true });
  });

  test('a user changes their password from the profile; the old one stops working', async ({
    page,
    request,
  }) => {
    // An account of its own, so that the demo accounts other specs sign in with stay as they are.
    const session = await superSession(request);
    const email = `${unique('pw')}@example.com`;
    const oldPassword = 'Old-pass-123';
    const newPassword = 'New-pass-456';
    const created = await request.post('/api/users', {
      headers: session.headers,
      data: {
        name: 'Pat Password',
        email,
        role: 'viewer',
        group: session.groupId,
        isMember: true,
        password: oldPassword,
      },
    });
    expect(created.status()).toBe(201);

    await submitLogin(page, email, oldPassword);
    await shell(page);
    await page.getByTestId('nav-profile').click();
    const form = page.getByTestId('change-password-form');
    await expect(form).toBeVisible();
    await form.getByLabel('Current password').fill('Not-my-pass-1');
    await form.getByLabel('New password', { exact: true }).fill('short');
    await form.getByLabel('Confirm new password').fill('short');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form).toContainText('Password should be at least 8 characters long');

    await form.getByLabel('New password', { exact: true }).fill(newPassword);
    await form.getByLabel('Confirm new password').fill(newPassword);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form).toContainText('The current password is not correct.');
    await page.getByTestId('change-password-card').screenshot({
      path: `${SHOTS}/change-password.png`,
    });

    await form.getByLabel('Current password').fill(oldPassword);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByTestId('snackbar')).toContainText('Your password has been changed.');

    await page.getByTestId('nav-logout').click();
    await expect(page).toHaveURL(/\/login$/);
    await submitLogin(page, email, oldPassword);
    await expect(page.getByRole('dialog', { name: 'Login Unsuccessful' })).toBeVisible();
    await page.getByRole('button', { name: 'OK' }).click();
    await submitLogin(page, email, newPassword);
    await shell(page);
  });

  test('the super user sees the demo-accounts banner; removing asks first (cancelled here)', async ({
    page,
    request,
  }) => {
    await signInAs(page, 'super');
    const banner = page.getByTestId('demo-accounts-banner');
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('admin@demo.callsight.local');
    await page.screenshot({ path: `${SHOTS}/banner.png` });
    await banner.getByRole('button', { name: 'Remove demo accounts' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove demo accounts' });
    await expect(dialog).toContainText('The demo groups and their data stay.');
    await page.screenshot({ path: `${SHOTS}/banner-confirm.png` });
    // Later specs sign in as the demo accounts: the removal itself is tested through the API.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(banner).toBeVisible();
    const left = await request.get('/api/users/demo-accounts');
    expect(((await left.json()) as { accounts: unknown[] }).accounts).toHaveLength(3);

    // A group admin gets no banner.
    await page.getByTestId('nav-logout').click();
    await signInAs(page, 'admin');
    await expect(page.getByTestId('breadcrumbs')).toBeVisible();
    await expect(page.getByTestId('demo-accounts-banner')).toHaveCount(0);
  });
});
