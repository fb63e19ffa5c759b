import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AgentLogPageSchema, type AgentLogPage } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { toApiQuery, toSearch, type ExplorerRequest } from '../state/explorer-request.ts';

/** GET /api/calls/logs: a page of softphone log lines and the total (spec 002 §7.3). */
export function getAgentLogs(
  request: ExplorerRequest,
  paging?: { size: number; from: number },
  signal?: AbortSignal,
): Promise<AgentLogPage> {
  const search = toSearch(toApiQuery('logs', request, new Date(), paging));
  return apiRequest(`/calls/logs?${search}`, { schema: AgentLogPageSchema, signal });
}

export const agentLogsKey = (groupId: string) => ['groups', groupId, 'explorer', 'logs'] as const;

export const getAgentLogsQueryOptions = (groupId: string, request: ExplorerRequest) =>
  queryOptions({
    queryKey: [...agentLogsKey(groupId), request],
    queryFn: ({ signal }) => getAgentLogs(request, undefined, signal),
    placeholderData: keepPreviousData,
  });

export function useAgentLogs(groupId: string, request: ExplorerRequest) {
  return useQuery(getAgentLogsQueryOptions(groupId, request));
}
