import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EventSourceSchema, type EventSource } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { eventBridgeQueryKey } from './event-sources-query-key.ts';

/** POST /api/users/eventBridge/{id}/associate (built-in adapter): pending becomes active. */
export function associateEventBus(eventSourceId: string): Promise<EventSource> {
  return apiRequest(`/users/eventBridge/${encodeURIComponent(eventSourceId)}/associate`, {
    method: 'POST',
    body: {},
    schema: EventSourceSchema,
  });
}

export function useAssociateEventBus(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: associateEventBus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventBridgeQueryKey(groupId) }),
  });
}
