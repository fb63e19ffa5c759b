import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  JOB_STATUSES,
  SYNTHETIC_LIMITS,
  SyntheticJobListSchema,
  type SyntheticJob,
  type TimeRange,
} from '@callsight/shared';
import { getWithCount, type CountedAnswer } from '../../../../../lib/api-with-count.ts';
import { jobsPath, jobsQueryKey, type JobKind } from '../../api/job-paths.ts';
import { windowQuery } from '../../window-query.ts';
import { filterQuery, type InsightFilters } from '../criteria.ts';

export interface InsightJobsRequest {
  range: TimeRange;
  filters: InsightFilters;
}

/**
 * GET /api/gsm/{monitors|heartbeat}/jobs for an insights page: the finished jobs of the window
 * and filters, newest first, as many as one answer holds (the chart plots them all, the tables
 * page and sort them); the total is in recordcount.
 */
export function getInsightJobs(
  kind: JobKind,
  request: InsightJobsRequest,
  signal?: AbortSignal,
): Promise<CountedAnswer<SyntheticJob[]>> {
  return getWithCount(
    jobsPath(kind),
    SyntheticJobListSchema,
    {
      ...windowQuery(request.range),
      ...filterQuery(request.filters),
      status: JOB_STATUSES.join(','),
      size: SYNTHETIC_LIMITS.maxPageSize,
    },
    signal,
  );
}

export const getInsightJobsQueryOptions = (
  groupId: string,
  kind: JobKind,
  request: InsightJobsRequest,
) =>
  queryOptions({
    queryKey: [...jobsQueryKey(groupId, kind), 'insights', request],
    queryFn: ({ signal }) => getInsightJobs(kind, request, signal),
    placeholderData: keepPreviousData,
  });

export function useInsightJobs(groupId: string, kind: JobKind, request: InsightJobsRequest) {
  return useQuery(getInsightJobsQueryOptions(groupId, kind, request));
}
