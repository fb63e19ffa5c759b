import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AiSummarySchema, type AiSummary, type AiSummaryRequest } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { aiSummaryKey } from './get-ai-summary.ts';

/** POST /api/traces/{traceId}/ai-summary: generates it once, or again with regenerate. */
export function generateAiSummary(traceId: string, body: AiSummaryRequest): Promise<AiSummary> {
  return apiRequest(`/traces/${encodeURIComponent(traceId)}/ai-summary`, {
    schema: AiSummarySchema,
    method: 'POST',
    body,
  });
}

export function useGenerateAiSummary(groupId: string, traceId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AiSummaryRequest) => generateAiSummary(traceId, body),
    onSuccess: (summary) => client.setQueryData(aiSummaryKey(groupId, traceId), summary),
  });
}
