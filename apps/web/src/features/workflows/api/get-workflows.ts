import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  mergeWatchers,
  watcherToWorkflow,
  WatcherListSchema,
  type Workflow,
} from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { workflowsQueryKey } from './workflows-query-key.ts';

/**
 * GET /api/groups/{group}/watchers and GET /api/watchdog/watcher/list, fetched together and
 * merged (spec 001 §7) into the spec's workflows, newest first.
 */
export async function getWorkflows(groupId: string, signal?: AbortSignal): Promise<Workflow[]> {
  const [group, watchdog] = await Promise.all([
    apiRequest(`/groups/${encodeURIComponent(groupId)}/watchers`, {
      schema: WatcherListSchema,
      signal,
    }),
    apiRequest('/watchdog/watcher/list', { schema: WatcherListSchema, signal }),
  ]);
  return mergeWatchers(group, watchdog).map(watcherToWorkflow);
}

export const getWorkflowsQueryOptions = (groupId: string) =>
  queryOptions({
    queryKey: [...workflowsQueryKey(groupId), 'list'],
    queryFn: ({ signal }) => getWorkflows(groupId, signal),
  });

export function useWorkflows(groupId: string) {
  return useQuery(getWorkflowsQueryOptions(groupId));
}
