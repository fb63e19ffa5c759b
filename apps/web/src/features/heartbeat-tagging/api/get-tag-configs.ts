import { queryOptions, useQuery } from '@tanstack/react-query';
import { TaggingConfigViewListSchema } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { taggingQueryKey } from './tagging-query-key.ts';

/** GET /api/tagging/tag-configs: the group's tagging configs. */
export function getTagConfigs(signal?: AbortSignal) {
  return apiRequest('/tagging/tag-configs', { schema: TaggingConfigViewListSchema, signal });
}

export const getTagConfigsQueryOptions = (groupId: string) =>
  queryOptions({
    queryKey: [...taggingQueryKey(groupId), 'tag-configs'],
    queryFn: ({ signal }) => getTagConfigs(signal),
  });

export function useTagConfigs(groupId: string) {
  return useQuery(getTagConfigsQueryOptions(groupId));
}
