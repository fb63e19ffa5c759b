/** Billing, marketplace, usage and coverage texts (spec 001 §8, spec 002 §2.15); others marked. */
export const BILLING_TEXTS = {
  fetchError: 'Error fetching billing details',
  marketplaceError: 'Error fetching marketplace data',
  noData: 'No data Found',
  noMarketplace: 'No marketplace information found',
  downloadCsv: 'Download CSV',
  // Not in the spec: the billing audit log tab's texts are not shown.
  noAuditLogs: 'No billing audit logs found',
  auditLogsError: 'Error fetching billing audit logs',
  // Not in the spec: linking an unlinked marketplace subscription to a customer.
  unlinkedTitle: 'Subscriptions not linked to a customer',
  linkAction: 'Link',
  linked: 'Subscription linked to the customer.',
  linkError: 'Error linking the subscription',
  runBilling: 'Send last month',
  billingRunDone: (sent: number, failed: number) =>
    `Billing run finished: ${sent} sent, ${failed} failed.`,
} as const;

export const USAGE_TEXTS = {
  title: 'Usage',
  current: 'Current Usage',
  previous: 'Previous 12 months',
  // Not in the spec: the usage fetch failure text is not shown (spec 002 §8).
  fetchError: 'Error fetching usage',
  note: 'Usage is available from July 2023. Each call is rounded up to the nearest minute.',
} as const;

export const COVERAGE_TEXTS = {
  title: 'Extension Coverage',
  fetchError: 'Error fetching extension coverage',
  // Not in the spec, but LowCoverage's words its rule (spec 000 §9); every set counts agents.
  subtitle: 'How many calls seen in cloud data also have agent collector data.',
  countHeader: 'Agents',
  sets: {
    All: 'Every agent seen in cloud data or in agent collector data',
    NoExtension: 'Agents with calls seen in cloud data and no agent collector data for any of them',
    LowCoverage:
      'Agents with 20 percent or more of their calls seen in cloud data with no agent collector data',
  },
} as const;
