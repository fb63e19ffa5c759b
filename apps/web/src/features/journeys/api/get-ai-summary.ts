import { queryOptions, useQuery } from '@tanstack/react-query';
import { AiSummarySchema, type AiSummary } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/traces/{traceId}/ai-summary: the stored AI summary, or null before one exists. */
export function getAiSummary(traceId: string, signal?: AbortSignal): Promise<AiSummary | null> {
  return apiRequest(`/traces/${encodeURIComponent(traceId)}/ai-summary`, {
    schema: AiSummarySchema.nullable(),
    signal,
  });
}

export const aiSummaryKey = (groupId: string, traceId: string) =>
  ['groups', groupId, 'traces', 'detail', traceId, 'ai-summary'] as const;

export const getAiSummaryQueryOptions = (groupId: string, traceId: string) =>
  queryOptions({
    queryKey: aiSummaryKey(groupId, traceId),
    queryFn: ({ signal }) => getAiSummary(traceId, signal),
    retry: false,
  });

export function useAiSummary(groupId: string, traceId: string) {
  return useQuery(getAiSummaryQueryOptions(groupId, traceId));
}
