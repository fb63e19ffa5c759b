import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  InsightJobListSchema,
  JOB_STATUSES,
  SYNTHETIC_LIMITS,
  type InsightJob,
  type JobListView,
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
 * page and sort them), in the insights rows' shape (view=insights: only the fields these pages
 * read); the total is in recordcount.
 */
export function getInsightJobs(
  kind: JobKind,
  request: InsightJobsRequest,
  signal?: AbortSignal,
): Promise<CountedAnswer<InsightJob[]>> {
  return getWithCount(
    jobsPath(kind),
    InsightJobListSchema,
    {
      ...windowQuery(request.range),
      ...filterQuery(request.filters),
      status: JOB_STATUSES.join(','),
      size: SYNTHETIC_LIMITS.maxPageSize,
      view: 'insights' satisfies JobListView,
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
