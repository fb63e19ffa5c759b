import { queryOptions, useQuery } from '@tanstack/react-query';
import { TeammateListSchema, type Teammate } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/users: the members of the current group. */
export function getTeammates(signal?: AbortSignal): Promise<Teammate[]> {
  return apiRequest('/users', { schema: TeammateListSchema, signal });
}

/** Keyed by group: the X-Group-Id header decides whose members are answered. */
export const getTeammatesQueryOptions = (groupId: string) =>
  queryOptions({
    queryKey: ['teammates', groupId],
    queryFn: ({ signal }) => getTeammates(signal),
  });

export function useTeammates(groupId: string) {
  return useQuery(getTeammatesQueryOptions(groupId));
}
