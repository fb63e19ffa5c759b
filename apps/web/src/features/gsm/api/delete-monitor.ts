import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { monitorPath, monitorsQueryKey } from './monitors-query-key.ts';

/** DELETE /api/gsm/monitors/{id} (204). */
export async function deleteMonitor(monitorId: string): Promise<void> {
  await apiRequest(monitorPath(monitorId), { method: 'DELETE', schema: z.unknown() });
}

export function useDeleteMonitor(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMonitor,
    onSettled: () => queryClient.invalidateQueries({ queryKey: monitorsQueryKey(groupId) }),
  });
}
