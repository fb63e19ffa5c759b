import { queryOptions, useQuery } from '@tanstack/react-query';
import { GroupDetailListSchema, type GroupDetail } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/groups/archived: archived groups, most recently archived first (super only). */
export function getArchivedGroups(signal?: AbortSignal): Promise<GroupDetail[]> {
  return apiRequest('/groups/archived', { schema: GroupDetailListSchema, signal });
}

export const getArchivedGroupsQueryOptions = () =>
  queryOptions({
    queryKey: ['groups', 'archived'],
    queryFn: ({ signal }) => getArchivedGroups(signal),
  });

export function useArchivedGroups() {
  return useQuery(getArchivedGroupsQueryOptions());
}
