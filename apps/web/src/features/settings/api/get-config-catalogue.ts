import { queryOptions, useQuery } from '@tanstack/react-query';
import { ConfigCatalogueSchema, type ConfigCatalogue, type ModuleKey } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { configQueryKey } from './config-query-key.ts';

/** GET /api/config/catalogue?module=: one module's fields with values and a writable flag each. */
export function getConfigCatalogue(
  module: ModuleKey,
  signal?: AbortSignal,
): Promise<ConfigCatalogue> {
  return apiRequest('/config/catalogue', {
    schema: ConfigCatalogueSchema,
    query: { module },
    signal,
  });
}

export const getConfigCatalogueQueryOptions = (groupId: string, module: ModuleKey) =>
  queryOptions({
    queryKey: [...configQueryKey(groupId), 'catalogue', module],
    queryFn: ({ signal }) => getConfigCatalogue(module, signal),
  });

/** `enabled` false when the caller reads no field of the module: nothing to ask for. */
export function useConfigCatalogue(groupId: string, module: ModuleKey, enabled = true) {
  return useQuery({ ...getConfigCatalogueQueryOptions(groupId, module), enabled });
}
