import { queryOptions, useQuery } from '@tanstack/react-query';
import { GroupListSchema, type Group } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/groups: the groups the caller may enter (all of them for a super user). */
export function getGroups(signal?: AbortSignal): Promise<Group[]> {
  return apiRequest('/groups', { schema: GroupListSchema, signal });
}

export const getGroupsQueryOptions = () =>
  queryOptions({ queryKey: ['groups'], queryFn: ({ signal }) => getGroups(signal) });

export function useGroups() {
  return useQuery(getGroupsQueryOptions());
}
