import { queryOptions, useQuery } from '@tanstack/react-query';
import { JobDetailsSchema, type JobDetails } from '@callsight/shared';
import { apiRequest } from '../../../../lib/api-client.ts';
import { jobQueryKey, jobsPath, type JobKind } from './job-paths.ts';

/** GET /api/gsm/{monitors|heartbeat}/jobs/{id}: the job with its measures. */
export function getJobDetails(
  kind: JobKind,
  jobId: string,
  signal?: AbortSignal,
): Promise<JobDetails> {
  return apiRequest(jobsPath(kind, jobId), { schema: JobDetailsSchema, signal });
}

export const getJobDetailsQueryOptions = (groupId: string, kind: JobKind, jobId: string) =>
  queryOptions({
    queryKey: [...jobQueryKey(groupId, kind, jobId), 'details'],
    queryFn: ({ signal }) => getJobDetails(kind, jobId, signal),
  });

export function useJobDetails(groupId: string, kind: JobKind, jobId: string) {
  return useQuery(getJobDetailsQueryOptions(groupId, kind, jobId));
}
