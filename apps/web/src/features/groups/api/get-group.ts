import { queryOptions, useQuery } from '@tanstack/react-query';
import { GroupSchema, type Group } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { getGroupsQueryOptions } from './get-groups.ts';

/** GET /api/groups/:id: one group the caller may see (404 otherwise). */
export function getGroup(id: string, signal?: AbortSignal): Promise<Group> {
  return apiRequest(`/groups/${encodeURIComponent(id)}`, { schema: GroupSchema, signal });
}

export const getGroupQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...getGroupsQueryOptions().queryKey, id],
    queryFn: ({ signal }) => getGroup(id, signal),
  });

export function useGroup(id: string | undefined) {
  return useQuery({ ...getGroupQueryOptions(id ?? ''), enabled: Boolean(id) });
}
