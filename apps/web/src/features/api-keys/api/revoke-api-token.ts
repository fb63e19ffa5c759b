import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { getApiTokensQueryOptions } from './get-api-tokens.ts';

/** DELETE /api/config/token/{id}: revokes a key (answers 204 with no body). */
export async function revokeApiToken(id: string): Promise<void> {
  await apiRequest(`/config/token/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: z.unknown(),
  });
}

export function useRevokeApiToken(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: getApiTokensQueryOptions(groupId).queryKey }),
  });
}
