import { queryOptions, useQuery } from '@tanstack/react-query';
import { SpanLogsSchema, type SpanLogs } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/traces/{traceId}/spans/{spanId}/logs: the softphone logs of the span's call. */
export function getSpanLogs(
  traceId: string,
  spanId: string,
  signal?: AbortSignal,
): Promise<SpanLogs> {
  return apiRequest(
    `/traces/${encodeURIComponent(traceId)}/spans/${encodeURIComponent(spanId)}/logs`,
    { schema: SpanLogsSchema, signal },
  );
}

export const getSpanLogsQueryOptions = (groupId: string, traceId: string, spanId: string) =>
  queryOptions({
    queryKey: ['groups', groupId, 'traces', 'detail', traceId, 'logs', spanId],
    queryFn: ({ signal }) => getSpanLogs(traceId, spanId, signal),
    retry: false,
  });

export function useSpanLogs(groupId: string, traceId: string, spanId: string) {
  return useQuery(getSpanLogsQueryOptions(groupId, traceId, spanId));
}
