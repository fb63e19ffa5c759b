import { queryOptions, useQuery } from '@tanstack/react-query';
import { CustomerListSchema, type Customer } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * GET /api/customer: the customers a subscription can be linked to. Same key as Group
 * Management's own customer list, so the two share one cached answer.
 */
export function getCustomers(signal?: AbortSignal): Promise<Customer[]> {
  return apiRequest('/customer', { schema: CustomerListSchema, signal });
}

export const getCustomersQueryOptions = () =>
  queryOptions({ queryKey: ['customers'], queryFn: ({ signal }) => getCustomers(signal) });

export function useCustomers(enabled = true) {
  return useQuery({ ...getCustomersQueryOptions(), enabled });
}
