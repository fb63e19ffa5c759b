import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillableGroup, BillingCriteria } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { billingKeys } from './query-keys.ts';
import { BillableGroupsSchema } from '@callsight/shared';

/** GET /api/billing/billable-groups?criteria: the groups the billing table lists. */
export async function getBillableGroups(
  criteria: BillingCriteria,
  signal?: AbortSignal,
): Promise<BillableGroup[]> {
  const answer = await apiRequest('/billing/billable-groups', {
    schema: BillableGroupsSchema,
    query: { criteria: JSON.stringify(criteria) },
    signal,
  });
  return answer.groups;
}

export const getBillableGroupsQueryOptions = (criteria: BillingCriteria) =>
  queryOptions({
    queryKey: billingKeys.groups(criteria),
    queryFn: ({ signal }) => getBillableGroups(criteria, signal),
  });

export function useBillableGroups(criteria: BillingCriteria) {
  return useQuery(getBillableGroupsQueryOptions(criteria));
}
