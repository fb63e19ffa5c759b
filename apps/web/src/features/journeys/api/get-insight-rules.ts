import { queryOptions, useQuery } from '@tanstack/react-query';
import { InsightRuleListSchema, type InsightRuleList } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** Session storage key of the insight descriptions (spec 002 §9: cached for the session). */
export const INSIGHT_RULES_STORAGE_KEY = 'callsight.insightRules';

function readCached(): InsightRuleList | null {
  try {
    const text = window.sessionStorage.getItem(INSIGHT_RULES_STORAGE_KEY);
    if (!text) return null;
    const parsed = InsightRuleListSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** GET /api/v1/insights, answered from session storage once fetched (spec 002 §7.5). */
export async function getInsightRules(signal?: AbortSignal): Promise<InsightRuleList> {
  const cached = readCached();
  if (cached) return cached;
  const fresh = await apiRequest('/v1/insights', { schema: InsightRuleListSchema, signal });
  try {
    window.sessionStorage.setItem(INSIGHT_RULES_STORAGE_KEY, JSON.stringify(fresh));
  } catch (err) {
    console.warn('Could not cache the insight descriptions', err);
  }
  return fresh;
}

export const getInsightRulesQueryOptions = (groupId: string) =>
  queryOptions({
    queryKey: ['groups', groupId, 'insight-rules'],
    queryFn: ({ signal }) => getInsightRules(signal),
    staleTime: Infinity,
  });

export function useInsightRules(groupId: string) {
  return useQuery(getInsightRulesQueryOptions(groupId));
}
