import { queryOptions, useQuery } from '@tanstack/react-query';
import { ConfigModuleListSchema, type ConfigModuleList } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { configQueryKey } from './config-query-key.ts';

/** GET /api/config/modules: the settings modules switched on for the caller in this group. */
export function getConfigModules(signal?: AbortSignal): Promise<ConfigModuleList> {
  return apiRequest('/config/modules', { schema: ConfigModuleListSchema, signal });
}

export const getConfigModulesQueryOptions = (groupId: string) =>
  queryOptions({
    queryKey: [...configQueryKey(groupId), 'modules'],
    queryFn: ({ signal }) => getConfigModules(signal),
    staleTime: 60_000,
  });

export function useConfigModules(groupId: string) {
  return useQuery(getConfigModulesQueryOptions(groupId));
}
