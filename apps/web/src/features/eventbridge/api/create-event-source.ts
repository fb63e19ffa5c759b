import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  EventSourceSchema,
  type EventSource,
  type EventSourceCreateInput,
} from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { eventBridgeQueryKey } from './event-sources-query-key.ts';

/** POST /api/users/eventBridge: offers a new partner event source to an AWS account. */
export function createEventSource(input: EventSourceCreateInput): Promise<EventSource> {
  return apiRequest('/users/eventBridge', {
    method: 'POST',
    body: input,
    schema: EventSourceSchema,
  });
}

export function useCreateEventSource(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEventSource,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventBridgeQueryKey(groupId) }),
  });
}
