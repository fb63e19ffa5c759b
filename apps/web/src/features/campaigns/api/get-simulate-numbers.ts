import { queryOptions, useQuery } from '@tanstack/react-query';
import { SimulateNumbersSchema, type SimulateNumbers } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { campaignsQueryKey } from './campaigns-query-key.ts';

/** GET /api/simulate/numbers: the numbers the wizard's From and To dropdowns offer. */
export function getSimulateNumbers(signal?: AbortSignal): Promise<SimulateNumbers> {
  return apiRequest('/simulate/numbers', { schema: SimulateNumbersSchema, signal });
}

export const getSimulateNumbersQueryOptions = (groupId: string) =>
  queryOptions({
    queryKey: [...campaignsQueryKey(groupId), 'numbers'],
    queryFn: ({ signal }) => getSimulateNumbers(signal),
  });

export function useSimulateNumbers(groupId: string) {
  return useQuery(getSimulateNumbersQueryOptions(groupId));
}
