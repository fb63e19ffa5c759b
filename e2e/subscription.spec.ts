import { expect, test, type Page } from './support/test.ts';

const code = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** The contact e-mail the server gives the public pages. */
async function supportEmail(page: Page): Promise<string> {
  const res = await page.request.get('/api/public/settings');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { supportEmail: string }).supportEmail;
}

test.describe('marketplace subscription (public)', () => {
  test('a new subscription succeeds without sign-in and sends the codes and expiration', async ({
    page,
  }) => {
    const customer = code('CUST');
    const sent = page.waitForRequest(
      (r) => r.url().endsWith('/api/subscription/') && r.method() === 'POST',
    );
    await page.goto(`/subscription/${customer}/prod-e2e?expiration=2099-12-31`);
    expect((await sent).postDataJSON()).toEqual({
      customerCode: customer,
      productCode: 'prod-e2e',
      subscriptionEnd: '2099-12-31',
    });
    await expect(
      page.getByRole('heading', { name: 'Subscription has been successful!' }),
    ).toBeVisible();
    await expect(page.getByTestId('subscription-details')).toContainText(customer);
    await expect(page.getByTestId('snackbar')).toHaveCount(0);
  });

  test('a second subscription of the same customer shows the already-subscribed text', async ({
    page,
  }) => {
    const customer = code('DUP');
    const email = await supportEmail(page);
    await page.goto(`/subscription/${customer}/prod-a`);
    await expect(
      page.getByRole('heading', { name: 'Subscription has been successful!' }),
    ).toBeVisible();

    await page.goto(`/subscription/${customer}/prod-b`);
    const text = `It seems like you already have an active subscription on AWS Marketplace, and only one subscription is allowed. Please contact us at ${email} or chat to support team by clicking the messenger icon at the bottom-right of screen.`;
    await expect(page.getByTestId('snackbar')).toHaveText(text);
    await expect(
      page.getByRole('heading', { name: 'Subscription has been successful!' }),
    ).toHaveCount(0);
    await expect(page.getByTestId('subscription-error')).toHaveText(text);
  });

  test('bad details show the default text with the contact e-mail', async ({ page }) => {
    const email = await supportEmail(page);
    await page.goto('/subscription/bad%20code!/prod-a?expiration=someday');
    await expect(page.getByTestId('snackbar')).toHaveText(
      `Oops, there seems to be a problem with the details provided. Can you please check and try again? Email us at ${email} if you are still having problems.`,
    );
  });

  test('/activated says the account is active and instructions come by e-mail', async ({
    page,
  }) => {
    await page.goto('/activated');
    await expect(page.getByRole('heading', { name: 'Account Activated' })).toBeVisible();
    await expect(
      page.getByText('You will receive an e-mail with instructions', { exact: false }),
    ).toBeVisible();
  });
});
