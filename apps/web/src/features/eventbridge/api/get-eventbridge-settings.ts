import { queryOptions, useQuery } from '@tanstack/react-query';
import { EventBridgeSettingsSchema, type EventBridgeSettings } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { eventBridgeQueryKey } from './event-sources-query-key.ts';

/** GET /api/users/eventBridge/settings: the name prefix of new sources and the adapter in use. */
export function getEventBridgeSettings(signal?: AbortSignal): Promise<EventBridgeSettings> {
  return apiRequest('/users/eventBridge/settings', { schema: EventBridgeSettingsSchema, signal });
}

export const getEventBridgeSettingsQueryOptions = (groupId: string) =>
  queryOptions({
    queryKey: [...eventBridgeQueryKey(groupId), 'settings'],
    queryFn: ({ signal }) => getEventBridgeSettings(signal),
    staleTime: 5 * 60_000,
  });

export function useEventBridgeSettings(groupId: string) {
  return useQuery(getEventBridgeSettingsQueryOptions(groupId));
}
