import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TeammateSchema, type Teammate, type TeammateCreateInput } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/users: a new account, or an existing one (id), joins the group as a teammate. */
export function createTeammate(input: TeammateCreateInput): Promise<Teammate> {
  return apiRequest('/users', { method: 'POST', body: input, schema: TeammateSchema });
}

export function useCreateTeammate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTeammate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['teammates'] }),
  });
}
