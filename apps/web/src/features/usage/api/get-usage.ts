import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { UsageRecord } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';

const UsageRecordSchema: z.ZodType<UsageRecord> = z.object({
  Period: z.string(),
  Month: z.string(),
  From: z.string(),
  To: z.string(),
  AgentCount: z.number(),
  DurationRoundedMin: z.number(),
  AgentDurationRoundedMin: z.number(),
  CloudDurationRoundedMin: z.number(),
  AssuranceTestCount: z.number(),
});
const UsageRecordListSchema = z.array(UsageRecordSchema);

/**
 * GET /api/usage: the current group's usage, the current period first, then up to 12 previous
 * months, newest first (spec 002 §7.2).
 */
export function getUsage(signal?: AbortSignal): Promise<UsageRecord[]> {
  return apiRequest('/usage', { schema: UsageRecordListSchema, signal });
}

export const getUsageQueryOptions = (groupId: string) =>
  queryOptions({ queryKey: ['usage', groupId], queryFn: ({ signal }) => getUsage(signal) });

export function useUsage(groupId: string) {
  return useQuery(getUsageQueryOptions(groupId));
}
