import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { eventBridgeQueryKey } from './event-sources-query-key.ts';

/** DELETE /api/users/eventBridge/{eventSourceId}: withdraws the source (204, no body). */
export async function deleteEventSource(eventSourceId: string): Promise<void> {
  await apiRequest(`/users/eventBridge/${encodeURIComponent(eventSourceId)}`, {
    method: 'DELETE',
    schema: z.unknown(),
  });
}

export function useDeleteEventSource(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEventSource,
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventBridgeQueryKey(groupId) }),
  });
}
