import { queryOptions, useQuery } from '@tanstack/react-query';
import { GroupDetailSchema, type GroupDetail } from '@callsight/shared';
import { apiRequest } from '../api-client.ts';
import { getGroupsQueryOptions } from './get-groups.ts';

/** GET /api/groups/:id: one group the caller may see (404 otherwise), its secret for a super user. */
export function getGroup(id: string, signal?: AbortSignal): Promise<GroupDetail> {
  return apiRequest(`/groups/${encodeURIComponent(id)}`, { schema: GroupDetailSchema, signal });
}

export const getGroupQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...getGroupsQueryOptions().queryKey, id],
    queryFn: ({ signal }) => getGroup(id, signal),
  });

/** The group, once an id is known (none while a page has no id to ask for). */
export function useGroup(id: string | null | undefined) {
  return useQuery({ ...getGroupQueryOptions(id ?? ''), enabled: Boolean(id) });
}
