import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TeammateSchema, type Teammate, type TeammateUpdateInput } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** PUT /api/users: a teammate's account and role in the group. */
export function updateTeammate(input: TeammateUpdateInput): Promise<Teammate> {
  return apiRequest('/users', { method: 'PUT', body: input, schema: TeammateSchema });
}

export function useUpdateTeammate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTeammate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['teammates'] }),
  });
}
