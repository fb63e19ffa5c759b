import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  GroupSaveResultSchema,
  type GroupCreateInput,
  type GroupSaveResult,
} from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { getGroupsQueryOptions } from '../../../lib/groups/get-groups.ts';
import { getCustomersQueryOptions } from './get-customers.ts';

/** POST /api/groups: provisions a group; the answer carries a provisioning note. */
export function createGroup(input: GroupCreateInput): Promise<GroupSaveResult> {
  return apiRequest('/groups', { method: 'POST', body: input, schema: GroupSaveResultSchema });
}

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: getGroupsQueryOptions().queryKey });
      await queryClient.invalidateQueries({ queryKey: getCustomersQueryOptions().queryKey });
    },
  });
}
