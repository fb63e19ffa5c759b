import { queryOptions, useQuery } from '@tanstack/react-query';
import { SpanInsightsSchema, type SpanInsights } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/traces/{traceId}/spans/{spanId}/insights. */
export function getSpanInsights(
  traceId: string,
  spanId: string,
  signal?: AbortSignal,
): Promise<SpanInsights> {
  return apiRequest(
    `/traces/${encodeURIComponent(traceId)}/spans/${encodeURIComponent(spanId)}/insights`,
    { schema: SpanInsightsSchema, signal },
  );
}

export const getSpanInsightsQueryOptions = (groupId: string, traceId: string, spanId: string) =>
  queryOptions({
    queryKey: ['groups', groupId, 'traces', 'detail', traceId, 'insights', spanId],
    queryFn: ({ signal }) => getSpanInsights(traceId, spanId, signal),
    retry: false,
  });

export function useSpanInsights(groupId: string, traceId: string, spanId: string) {
  return useQuery(getSpanInsightsQueryOptions(groupId, traceId, spanId));
}
