import { useMutation, useQueryClient } from '@tanstack/react-query';
import { GroupDetailSchema, type GroupDetail } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { getGroupsQueryOptions } from '../../../lib/groups/get-groups.ts';

/** POST /api/groups/:id/archive: members lose access until the group is restored. */
export function archiveGroup(id: string): Promise<GroupDetail> {
  return apiRequest(`/groups/${encodeURIComponent(id)}/archive`, {
    method: 'POST',
    schema: GroupDetailSchema,
  });
}

export function useArchiveGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveGroup,
    // ['groups'] covers the active list, the archived list and each group.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getGroupsQueryOptions().queryKey }),
  });
}
