import { queryOptions, useQuery } from '@tanstack/react-query';
import { EventSourceListSchema, type EventSource } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { eventBridgeQueryKey } from './event-sources-query-key.ts';

/**
 * GET /api/users/eventBridge/{flag}: the group's sources with a refreshed status; the flag
 * says whether deleted ones are included (the screen shows live ones only).
 */
export function getEventSources(
  includeDeleted: boolean,
  signal?: AbortSignal,
): Promise<EventSource[]> {
  return apiRequest(`/users/eventBridge/${String(includeDeleted)}`, {
    schema: EventSourceListSchema,
    signal,
  });
}

export const getEventSourcesQueryOptions = (groupId: string, includeDeleted = false) =>
  queryOptions({
    queryKey: [...eventBridgeQueryKey(groupId), 'sources', { includeDeleted }],
    queryFn: ({ signal }) => getEventSources(includeDeleted, signal),
  });

export function useEventSources(groupId: string) {
  return useQuery(getEventSourcesQueryOptions(groupId));
}
