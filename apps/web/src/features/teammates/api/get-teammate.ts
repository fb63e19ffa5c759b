import { queryOptions, useQuery } from '@tanstack/react-query';
import { TeammateSchema, type Teammate } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { getTeammatesQueryOptions } from './get-teammates.ts';

/** GET /api/users/:id: one member of the current group (404 otherwise). */
export function getTeammate(id: string, signal?: AbortSignal): Promise<Teammate> {
  return apiRequest(`/users/${encodeURIComponent(id)}`, { schema: TeammateSchema, signal });
}

export const getTeammateQueryOptions = (groupId: string, id: string) =>
  queryOptions({
    queryKey: [...getTeammatesQueryOptions(groupId).queryKey, id],
    queryFn: ({ signal }) => getTeammate(id, signal),
  });

export function useTeammate(groupId: string, id: string | null) {
  return useQuery({ ...getTeammateQueryOptions(groupId, id ?? ''), enabled: id !== null });
}
