import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../../../test/setup.ts';
import { GROUP_ID, jsonResponse, makeProfile, makeToken } from '../../../test/factories.ts';
import { mockApi, renderApp } from '../../../test/render-app.tsx';
import { clearSession, setSession } from '../../../lib/session.ts';
import { CUSTOMER_ID, makeCustomer } from '../test/fixtures.ts';

vi.mock('../../../components/charts/echart.tsx', async () => {
  const { FakeBarChart } = await import('../test/fake-bar-chart.tsx');
  return { EChart: FakeBarChart };
});

type Handlers = Parameters<typeof mockApi>[0];

const PATH = `/${GROUP_ID}/admin/groups/marketplace`;
const UNLINKED_ID = '44444444-4444-4444-8444-444444444444';
const snackbar = () => screen.queryByTestId('snackbar')?.textContent ?? null;

function open(handlers: Handlers) {
  setSession(makeToken({ claims: { permissions: ['user:super', 'user:billing'] } }));
  const mocked = mockApi({
    'GET /api/users/profile': () => jsonResponse(200, makeProfile({ isSuper: true })),
    ...handlers,
  });
  renderApp(PATH);
  return mocked;
}

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Marketplace tab', () => {
  it('lists each customer with its subscriptions and monthly minutes', async () => {
    open({
      'GET /api/marketplace/customerMarketplaceBilling': () =>
        jsonResponse(200, { customers: [makeCustomer()], unlinked: [] }),
    });
    const card = await screen.findByTestId('marketplace-customer');
    expect(within(card).getByRole('heading', { name: 'Acme Contact Centres' })).toBeTruthy();
    expect(within(card).getByText('Customer code acme-aws-code')).toBeTruthy();
    const subscription = within(card).getByTestId('marketplace-subscription');
    expect(
      within(subscription)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['5000', 'Agent minutes (rounded)', expect.stringMatching(/-2025 /), '-', 'active']);
    const chart = within(card).getByRole('figure', {
      name: 'Monthly minutes of Acme Contact Centres',
    });
    expect(
      within(chart)
        .getAllByTestId('bar')
        .map((b) => b.textContent),
    ).toEqual(['2025-01: 310', '2025-02: 420']);
    expect(screen.queryByTestId('unlinked-subscriptions')).toBeNull();
  });

  it('says "No marketplace information found" when there are no customers', async () => {
    open({
      'GET /api/marketplace/customerMarketplaceBilling': () =>
        jsonResponse(200, { customers: [], unlinked: [] }),
    });
    expect((await screen.findByTestId('marketplace-empty')).textContent).toBe(
      'No marketplace information found',
    );
  });

  it('says "Error fetching marketplace data" when it cannot be fetched', async () => {
    open({
      'GET /api/marketplace/customerMarketplaceBilling': () =>
        jsonResponse(403, { error: { code: 'FORBIDDEN', message: 'nope' } }),
    });
    expect(await screen.findByText('Error fetching marketplace data')).toBeTruthy();
  });

  it('links a subscription to a customer', async () => {
    let linked = false;
    const { calls } = open({
      'GET /api/marketplace/customerMarketplaceBilling': () =>
        jsonResponse(200, {
          customers: linked ? [makeCustomer()] : [],
          unlinked: linked
            ? []
            : [
                {
                  id: UNLINKED_ID,
                  customerCode: 'new-aws-code',
                  productCode: 'callsight-minutes',
                  createdAt: '2025-03-02T00:00:00.000Z',
                },
              ],
        }),
      'GET /api/customer': () =>
        jsonResponse(200, [
          { customerID: CUSTOMER_ID, customerName: 'Acme Contact Centres', groupCount: 1 },
        ]),
      [`PUT /api/marketplace/subscriptions/${UNLINKED_ID}/link`]: () => {
        linked = true;
        return jsonResponse(200, { ok: true });
      },
    });
    const section = await screen.findByTestId('unlinked-subscriptions');
    expect(
      within(section).getByRole('heading', { name: 'Subscriptions not linked to a customer' }),
    ).toBeTruthy();
    const link = within(section).getByRole('button', { name: 'Link new-aws-code' });
    expect((link as HTMLButtonElement).disabled).toBe(true);

    fireEvent.mouseDown(within(section).getByRole('combobox', { name: /Customer/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Acme Contact Centres' }));
    fireEvent.change(within(section).getByLabelText('Included minutes of new-aws-code'), {
      target: { value: '2500' },
    });
    fireEvent.mouseDown(within(section).getByRole('combobox', { name: /Minutes Type/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Cloud minutes (rounded)' }));
    await waitFor(() => expect((link as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(link);

    await waitFor(() => expect(snackbar()).toBe('Subscription linked to the customer.'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      customerId: CUSTOMER_ID,
      includedMinutes: 2500,
      billingMinutesType: 'CloudDurationRoundedMin',
    });
    await waitFor(() => expect(screen.queryByTestId('unlinked-subscriptions')).toBeNull());
    expect(await screen.findByTestId('marketplace-customer')).toBeTruthy();
  });

  it('sends last month after a confirmation and says how it went', async () => {
    const { calls } = open({
      'GET /api/marketplace/customerMarketplaceBilling': () =>
        jsonResponse(200, { customers: [makeCustomer()], unlinked: [] }),
      'POST /api/marketplace/billing/run': () => jsonResponse(200, { sent: 3, failed: 1 }),
    });
    await screen.findByTestId('marketplace-customer');
    fireEvent.click(screen.getByRole('button', { name: 'Send last month' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send last month' }));
    await waitFor(() => expect(snackbar()).toBe('Billing run finished: 3 sent, 1 failed.'));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});
