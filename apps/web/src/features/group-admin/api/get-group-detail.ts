import { queryOptions, useQuery } from '@tanstack/react-query';
import { GroupDetailSchema, type GroupDetail } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/groups/:id: one group with its secret (the secret is answered to super users). */
export function getGroupDetail(id: string, signal?: AbortSignal): Promise<GroupDetail> {
  return apiRequest(`/groups/${encodeURIComponent(id)}`, { schema: GroupDetailSchema, signal });
}

export const getGroupDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['groups', id, 'detail'],
    queryFn: ({ signal }) => getGroupDetail(id, signal),
  });

export function useGroupDetail(id: string | null) {
  return useQuery({ ...getGroupDetailQueryOptions(id ?? ''), enabled: id !== null });
}
