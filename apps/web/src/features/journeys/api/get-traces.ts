import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { TraceListPageSchema, type TraceListPage } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/traces with its query parameters (page[size], page[cursor], filter[...], sort). */
export function getTraces(
  query: Record<string, string>,
  signal?: AbortSignal,
): Promise<TraceListPage> {
  return apiRequest('/traces', { schema: TraceListPageSchema, query, signal });
}

/** Key of every trace list query of a group. */
export const tracesKey = (groupId: string) => ['groups', groupId, 'traces', 'list'] as const;

export const getTracesQueryOptions = (groupId: string, query: Record<string, string>) =>
  queryOptions({
    queryKey: [...tracesKey(groupId), query],
    queryFn: ({ signal }) => getTraces(query, signal),
    placeholderData: keepPreviousData,
  });

export function useTraces(groupId: string, query: Record<string, string>) {
  return useQuery(getTracesQueryOptions(groupId, query));
}
