import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';

export const DEMO_PASSWORD = 'Callsight-demo-1';
export const ACCOUNTS = {
  viewer: { email: 'viewer@demo.callsight.local', password: DEMO_PASSWORD },
  user: { email: 'user@demo.callsight.local', password: DEMO_PASSWORD },
  admin: { email: 'admin@demo.callsight.local', password: DEMO_PASSWORD },
  super: E2E_ADMIN,
} as const;
export type Role = keyof typeof ACCOUNTS;

/** Fills the sign-in form and submits it; does not wait for the landing page. */
export async function submitLogin(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in as one of the seeded accounts and waits until the app shell is shown. */
export async function signInAs(page: Page, role: Role) {
  const { email, password } = ACCOUNTS[role];
  await submitLogin(page, email, password);
  await expect(page.getByTestId('sidebar')).toBeVisible();
}

/** The current group id, read from the URL (/{groupId}/...). */
export function groupIdOf(page: Page): string {
  const id = new URL(page.url()).pathname.split('/')[1];
  if (!id) throw new Error(`no group id in ${page.url()}`);
  return id;
}

/** Calls the API with the page's session: signs in through the API with the same account. */
export async function apiToken(
  page: Page,
  role: Role,
): Promise<{ accessToken: string; groupId: string }> {
  const res = await page.request.post('/api/auth/login', { data: ACCOUNTS[role] });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { accessToken: string; claims: { groupId: string } };
  return { accessToken: body.accessToken, groupId: body.claims.groupId };
}
