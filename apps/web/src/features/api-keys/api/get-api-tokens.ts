import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiTokenListSchema, type ApiToken } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/config/token: the group's API keys, masked. */
export function getApiTokens(signal?: AbortSignal): Promise<ApiToken[]> {
  return apiRequest('/config/token', { schema: ApiTokenListSchema, signal });
}

export const getApiTokensQueryOptions = (groupId: string) =>
  queryOptions({
    queryKey: ['groups', groupId, 'api-tokens'],
    queryFn: ({ signal }) => getApiTokens(signal),
  });

export function useApiTokens(groupId: string) {
  return useQuery(getApiTokensQueryOptions(groupId));
}
