import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

/** DELETE /api/users/:id: removes the teammate from the current group (204, no body). */
export async function deleteTeammate(id: string): Promise<void> {
  await apiRequest(`/users/${encodeURIComponent(id)}`, { method: 'DELETE', schema: z.undefined() });
}

export function useDeleteTeammate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTeammate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['teammates'] }),
  });
}
