import {
  BILLING_USAGE_COLUMNS,
  type BillableGroup,
  type BillingAuditLog,
  type BillingUsage,
  type MarketplaceCustomer,
} from '@callsight/shared';

/** A group id whose last digits are `n` (a valid UUID). */
export const groupId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function makeBillableGroup(n: number, over: Partial<BillableGroup> = {}): BillableGroup {
  return {
    GroupID: groupId(n),
    GroupName: `Group ${String(n).padStart(2, '0')}`,
    Region: 'ap-southeast-2',
    Status: 'active',
    ...over,
  };
}

/** A loaded usage row whose every figure is derived from `n` (column i holds n * 100 + i). */
export function makeUsage(n: number): BillingUsage {
  const figures = Object.fromEntries(BILLING_USAGE_COLUMNS.map((c, i) => [c, n * 100 + i]));
  return {
    GroupID: groupId(n),
    GroupName: `Group ${String(n).padStart(2, '0')}`,
    Region: 'ap-southeast-2',
    ...(figures as Record<(typeof BILLING_USAGE_COLUMNS)[number], number>),
    UsageLoaded: true,
  };
}

export function makeAuditLog(n: number, over: Partial<BillingAuditLog> = {}): BillingAuditLog {
  return {
    id: `log-${n}`,
    provider: 'AWS',
    customerID: `cust-${n}`,
    customerName: `Customer ${n}`,
    groupID: groupId(n),
    groupName: `Group ${n}`,
    sentAt: '2025-03-01T10:20:30.000Z',
    status: 'success',
    billingData: { month: '2025-02', quantity: 120 + n, dimension: 'minutes' },
    ...over,
  };
}

export const CUSTOMER_ID = '33333333-3333-4333-8333-333333333333';

export function makeCustomer(over: Partial<MarketplaceCustomer> = {}): MarketplaceCustomer {
  return {
    customerName: 'Acme Contact Centres',
    customerID: CUSTOMER_ID,
    customerCode: 'acme-aws-code',
    subscriptions: [
      {
        includedMinutes: 5000,
        billingMinutesType: 'AgentDurationRoundedMin',
        subscriptionStart: '2025-01-01T00:00:00.000Z',
        subscriptionEnd: null,
        status: 'active',
      },
    ],
    monthMinutes: [
      { month: '2025-01', minutes: 310 },
      { month: '2025-02', minutes: 420 },
    ],
    ...over,
  };
}
