import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  GroupSaveResultSchema,
  type GroupSaveResult,
  type GroupUpdateInput,
} from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { getGroupsQueryOptions } from '../../../lib/groups/get-groups.ts';
import { getCustomersQueryOptions } from './get-customers.ts';

/** PUT /api/groups: name, customer and CCaaS provider (the region is locked). */
export function updateGroup(input: GroupUpdateInput): Promise<GroupSaveResult> {
  return apiRequest('/groups', { method: 'PUT', body: input, schema: GroupSaveResultSchema });
}

export function useUpdateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGroup,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: getGroupsQueryOptions().queryKey });
      await queryClient.invalidateQueries({ queryKey: getCustomersQueryOptions().queryKey });
    },
  });
}
