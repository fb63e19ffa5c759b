import type { BillingCriteria } from '@callsight/shared';

/** Query keys of the billing tabs; ['billing'] prefixes them all. */
export const billingKeys = {
  all: ['billing'] as const,
  groups: (criteria: BillingCriteria) => ['billing', 'groups', criteria] as const,
  groupUsage: (groupId: string, region: string, criteria: BillingCriteria) =>
    ['billing', 'usage', groupId, region, criteria] as const,
  auditLogsAll: ['billing', 'audit-logs'] as const,
  auditLogs: (page: number, size: number) => ['billing', 'audit-logs', page, size] as const,
  marketplace: () => ['billing', 'marketplace'] as const,
};
