import { queryOptions, useQuery } from '@tanstack/react-query';
import { ConnectNumberViewListSchema } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { taggingQueryKey } from './tagging-query-key.ts';

/** GET /api/gsm/connect/numbers: the dial number of each Connect region. */
export function getConnectNumbers(signal?: AbortSignal) {
  return apiRequest('/gsm/connect/numbers', { schema: ConnectNumberViewListSchema, signal });
}

export const getConnectNumbersQueryOptions = (groupId: string) =>
  queryOptions({
    queryKey: [...taggingQueryKey(groupId), 'connect-numbers'],
    queryFn: ({ signal }) => getConnectNumbers(signal),
  });

export function useConnectNumbers(groupId: string) {
  return useQuery(getConnectNumbersQueryOptions(groupId));
}
