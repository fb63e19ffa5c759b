import { queryOptions, useQuery } from '@tanstack/react-query';
import { GroupListSchema, type Group } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/groups: for a super user, every active group. */
export function getActiveGroups(signal?: AbortSignal): Promise<Group[]> {
  return apiRequest('/groups', { schema: GroupListSchema, signal });
}

/** Same key and shape as the shell's group list, so a change here refreshes the switcher too. */
export const getActiveGroupsQueryOptions = () =>
  queryOptions({ queryKey: ['groups'], queryFn: ({ signal }) => getActiveGroups(signal) });

export function useActiveGroups() {
  return useQuery(getActiveGroupsQueryOptions());
}
