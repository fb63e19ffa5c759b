import { queryOptions, useQuery } from '@tanstack/react-query';
import { GroupSchema, type Group } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/groups/:id: the group a teammate is added to (its name for the form). */
export function getTeamGroup(id: string, signal?: AbortSignal): Promise<Group> {
  return apiRequest(`/groups/${encodeURIComponent(id)}`, { schema: GroupSchema, signal });
}

/** Same key and shape as the shell's group query, so both share one cache entry. */
export const getTeamGroupQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['groups', id], queryFn: ({ signal }) => getTeamGroup(id, signal) });

export function useTeamGroup(id: string) {
  return useQuery({ ...getTeamGroupQueryOptions(id), enabled: id !== '' });
}
