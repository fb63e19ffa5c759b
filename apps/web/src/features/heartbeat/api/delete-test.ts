import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { testPath, testsQueryKey } from './tests-query-key.ts';

/** DELETE /api/gsm/heartbeat/{id} (204). */
export async function deleteTest(heartbeatId: string): Promise<void> {
  await apiRequest(testPath(heartbeatId), { method: 'DELETE', schema: z.unknown() });
}

export function useDeleteTest(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: testsQueryKey(groupId) }),
  });
}
