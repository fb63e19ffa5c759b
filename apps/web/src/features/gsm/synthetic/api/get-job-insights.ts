import { queryOptions, useQuery } from '@tanstack/react-query';
import { JobInsightsSchema, type JobInsights } from '@callsight/shared';
import { apiRequest } from '../../../../lib/api-client.ts';
import { jobQueryKey, jobsPath, type JobKind } from './job-paths.ts';

/** GET /api/gsm/{monitors|heartbeat}/jobs/{id}/insights: caller, callee, carrier, PDD, SIP. */
export function getJobInsights(
  kind: JobKind,
  jobId: string,
  signal?: AbortSignal,
): Promise<JobInsights> {
  return apiRequest(jobsPath(kind, jobId, 'insights'), { schema: JobInsightsSchema, signal });
}

export const getJobInsightsQueryOptions = (groupId: string, kind: JobKind, jobId: string) =>
  queryOptions({
    queryKey: [...jobQueryKey(groupId, kind, jobId), 'insights'],
    queryFn: ({ signal }) => getJobInsights(kind, jobId, signal),
  });

export function useJobInsights(groupId: string, kind: JobKind, jobId: string) {
  return useQuery(getJobInsightsQueryOptions(groupId, kind, jobId));
}
