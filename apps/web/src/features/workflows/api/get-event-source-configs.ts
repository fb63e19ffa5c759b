import { queryOptions, useQuery } from '@tanstack/react-query';
import { EventSourceConfigListSchema, type EventSourceConfig } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { workflowsQueryKey } from './workflows-query-key.ts';

/** GET /api/workflows/event-sources: the group's live EventBridge sources for step 3. */
export function getEventSourceConfigs(signal?: AbortSignal): Promise<EventSourceConfig[]> {
  return apiRequest('/workflows/event-sources', { schema: EventSourceConfigListSchema, signal });
}

export const getEventSourceConfigsQueryOptions = (groupId: string) =>
  queryOptions({
    queryKey: [...workflowsQueryKey(groupId), 'event-sources'],
    queryFn: ({ signal }) => getEventSourceConfigs(signal),
  });

/** Loads only when `enabled`: the four limited triggers load the config on reaching step 3. */
export function useEventSourceConfigs(groupId: string, enabled: boolean) {
  return useQuery({ ...getEventSourceConfigsQueryOptions(groupId), enabled });
}
