import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SyntheticJobListSchema, type SyntheticJob, type TimeRange } from '@callsight/shared';
import { getWithCount, type CountedAnswer } from '../../../../lib/api-with-count.ts';
import { windowQuery } from '../window-query.ts';
import { jobsPath, jobsQueryKey, type JobKind } from './job-paths.ts';

export interface JobsRequest {
  range: TimeRange;
  /** Zero-based page. */
  page: number;
  size: number;
}

/** GET /api/gsm/{monitors|heartbeat}/jobs: one page of jobs; the total is in recordcount. */
export function getJobs(
  kind: JobKind,
  request: JobsRequest,
  signal?: AbortSignal,
): Promise<CountedAnswer<SyntheticJob[]>> {
  return getWithCount(
    jobsPath(kind),
    SyntheticJobListSchema,
    { ...windowQuery(request.range), from: request.page * request.size, size: request.size },
    signal,
  );
}

export const getJobsQueryOptions = (groupId: string, kind: JobKind, request: JobsRequest) =>
  queryOptions({
    queryKey: [...jobsQueryKey(groupId, kind), 'list', request],
    queryFn: ({ signal }) => getJobs(kind, request, signal),
    placeholderData: keepPreviousData,
  });

export function useJobs(groupId: string, kind: JobKind, request: JobsRequest) {
  return useQuery(getJobsQueryOptions(groupId, kind, request));
}
