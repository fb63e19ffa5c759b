import { queryOptions, useQuery } from '@tanstack/react-query';
import { TraceSchema, type Trace } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/traces/{traceId}: every span of one journey. */
export function getTrace(traceId: string, signal?: AbortSignal): Promise<Trace> {
  return apiRequest(`/traces/${encodeURIComponent(traceId)}`, { schema: TraceSchema, signal });
}

export const getTraceQueryOptions = (groupId: string, traceId: string) =>
  queryOptions({
    queryKey: ['groups', groupId, 'traces', 'detail', traceId],
    queryFn: ({ signal }) => getTrace(traceId, signal),
    retry: (count, error) => !('status' in error && error.status === 404) && count < 2,
  });

export function useTrace(groupId: string, traceId: string) {
  return useQuery(getTraceQueryOptions(groupId, traceId));
}
