import { queryOptions, useQueries } from '@tanstack/react-query';
import type { BillableGroup, BillingCriteria, BillingUsage } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { createRequestQueue } from '../../../lib/request-queue.ts';
import { DEFAULT_BILLING_REGION } from './criteria.ts';
import { billingKeys } from './query-keys.ts';
import { BillingUsageSchema } from '@callsight/shared';

/** Spec 001 §9: at most 5 billing requests under way at once, across the whole app. */
export const BILLING_CONCURRENCY = 5;
export const billingQueue = createRequestQueue(BILLING_CONCURRENCY);

/** GET /api/billing/{groupId}/{region}?criteria: one group's usage row, sent through the queue. */
export function getGroupUsage(
  group: Pick<BillableGroup, 'GroupID' | 'Region'>,
  criteria: BillingCriteria,
  signal?: AbortSignal,
): Promise<BillingUsage> {
  const region = group.Region || DEFAULT_BILLING_REGION;
  return billingQueue.run(
    () =>
      apiRequest(`/billing/${encodeURIComponent(group.GroupID)}/${encodeURIComponent(region)}`, {
        schema: BillingUsageSchema,
        query: { criteria: JSON.stringify(criteria) },
        signal,
      }),
    signal,
  );
}

export const getGroupUsageQueryOptions = (group: BillableGroup, criteria: BillingCriteria) =>
  queryOptions({
    queryKey: billingKeys.groupUsage(group.GroupID, group.Region, criteria),
    queryFn: ({ signal }) => getGroupUsage(group, criteria, signal),
  });

/**
 * The usage of the groups on the page in view (spec 001 §4: page by page), keyed by group id;
 * a group whose row has not loaded is absent. `failed` when any of them could not be fetched.
 */
export function usePageUsage(groups: readonly BillableGroup[], criteria: BillingCriteria) {
  return useQueries({
    queries: groups.map((g) => getGroupUsageQueryOptions(g, criteria)),
    combine: (results) => {
      const usage = new Map<string, BillingUsage>();
      results.forEach((r, i) => {
        const group = groups[i];
        if (group && r.data) usage.set(group.GroupID, r.data);
      });
      return { usage, failed: results.some((r) => r.isError) };
    },
  });
}
