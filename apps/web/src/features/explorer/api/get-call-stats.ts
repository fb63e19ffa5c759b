import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CallStatsPageSchema, type CallStatsPage } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { toApiQuery, toSearch, type ExplorerRequest } from '../state/explorer-request.ts';

/** GET /api/calls/stats: a page of the Call Stats Log and the total (spec 002 §7.3). */
export function getCallStats(
  request: ExplorerRequest,
  paging?: { size: number; from: number },
  signal?: AbortSignal,
): Promise<CallStatsPage> {
  const search = toSearch(toApiQuery('calls', request, new Date(), paging));
  return apiRequest(`/calls/stats?${search}`, { schema: CallStatsPageSchema, signal });
}

/** Key of every call stats query of a group: a new call invalidates them all. */
export const callStatsKey = (groupId: string) => ['groups', groupId, 'explorer', 'calls'] as const;

export const getCallStatsQueryOptions = (groupId: string, request: ExplorerRequest) =>
  queryOptions({
    queryKey: [...callStatsKey(groupId), request],
    queryFn: ({ signal }) => getCallStats(request, undefined, signal),
    placeholderData: keepPreviousData,
  });

export function useCallStats(groupId: string, request: ExplorerRequest) {
  return useQuery(getCallStatsQueryOptions(groupId, request));
}
