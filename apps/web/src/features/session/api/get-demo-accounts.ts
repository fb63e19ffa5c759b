import { queryOptions, useQuery } from '@tanstack/react-query';
import { DemoAccountsSchema, type DemoAccounts } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/users/demo-accounts (public): the demo accounts that still exist. */
export function getDemoAccounts(signal?: AbortSignal): Promise<DemoAccounts> {
  return apiRequest('/users/demo-accounts', { schema: DemoAccountsSchema, signal, auth: false });
}

export const getDemoAccountsQueryOptions = () =>
  queryOptions({
    queryKey: ['demo-accounts'],
    queryFn: ({ signal }) => getDemoAccounts(signal),
    staleTime: 5 * 60_000,
  });

export function useDemoAccounts(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getDemoAccountsQueryOptions(), enabled: options.enabled ?? true });
}
