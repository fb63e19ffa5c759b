import { queryOptions, useQuery } from '@tanstack/react-query';
import { GroupListSchema, type Group } from '@callsight/shared';
import { apiRequest } from '../api-client.ts';

/** GET /api/groups: the groups the caller may enter (every active group for a super user). */
export function getGroups(signal?: AbortSignal): Promise<Group[]> {
  return apiRequest('/groups', { schema: GroupListSchema, signal });
}

/**
 * ['groups'] is also the prefix of each group and of the archived list: invalidating it after
 * a group changes refreshes the shell, the switcher and group management at once.
 */
export const getGroupsQueryOptions = () =>
  queryOptions({ queryKey: ['groups'], queryFn: ({ signal }) => getGroups(signal) });

export function useGroups() {
  return useQuery(getGroupsQueryOptions());
}
