import { useMutation, useQueryClient } from '@tanstack/react-query';
import { GroupDetailSchema, type GroupDetail } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { getGroupsQueryOptions } from '../../../lib/groups/get-groups.ts';

/** POST /api/groups/:id/restore: an archived group becomes active again. */
export function restoreGroup(id: string): Promise<GroupDetail> {
  return apiRequest(`/groups/${encodeURIComponent(id)}/restore`, {
    method: 'POST',
    schema: GroupDetailSchema,
  });
}

export function useRestoreGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getGroupsQueryOptions().queryKey }),
  });
}
