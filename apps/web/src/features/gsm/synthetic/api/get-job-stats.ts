import { queryOptions, useQuery } from '@tanstack/react-query';
import { JobStatsSchema, type JobStats } from '@callsight/shared';
import { apiRequest } from '../../../../lib/api-client.ts';
import { jobQueryKey, jobsPath, type JobKind } from './job-paths.ts';

/** GET /api/gsm/{monitors|heartbeat}/jobs/{id}/stats: per-second stats of the agent leg. */
export function getJobStats(kind: JobKind, jobId: string, signal?: AbortSignal): Promise<JobStats> {
  return apiRequest(jobsPath(kind, jobId, 'stats'), { schema: JobStatsSchema, signal });
}

export const getJobStatsQueryOptions = (groupId: string, kind: JobKind, jobId: string) =>
  queryOptions({
    queryKey: [...jobQueryKey(groupId, kind, jobId), 'stats'],
    queryFn: ({ signal }) => getJobStats(kind, jobId, signal),
  });

export function useJobStats(groupId: string, kind: JobKind, jobId: string) {
  return useQuery(getJobStatsQueryOptions(groupId, kind, jobId));
}
