import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PeriodStatsSchema, type PeriodStats, type TimeRange } from '@callsight/shared';
import { apiRequest } from '../../../../../lib/api-client.ts';
import { jobsPath, jobsQueryKey, type JobKind } from '../../api/job-paths.ts';
import { windowQuery } from '../../window-query.ts';
import { filterQuery, type InsightFilters } from '../criteria.ts';

export interface PeriodStatsRequest {
  range: TimeRange;
  filters: InsightFilters;
  /** The statuses counted; the server's default is Completed and Poor Call Quality. */
  statuses?: readonly string[];
}

/** GET /api/gsm/{monitors|heartbeat}/jobs/stats: the window's figures and the previous window's. */
export function getPeriodStats(
  kind: JobKind,
  request: PeriodStatsRequest,
  signal?: AbortSignal,
): Promise<PeriodStats> {
  return apiRequest(jobsPath(kind, 'stats'), {
    schema: PeriodStatsSchema,
    query: {
      ...windowQuery(request.range),
      ...filterQuery(request.filters),
      ...(request.statuses ? { status: request.statuses.join(',') } : {}),
    },
    signal,
  });
}

export const getPeriodStatsQueryOptions = (
  groupId: string,
  kind: JobKind,
  request: PeriodStatsRequest,
) =>
  queryOptions({
    queryKey: [...jobsQueryKey(groupId, kind), 'period-stats', request],
    queryFn: ({ signal }) => getPeriodStats(kind, request, signal),
    placeholderData: keepPreviousData,
  });

export function usePeriodStats(groupId: string, kind: JobKind, request: PeriodStatsRequest) {
  return useQuery(getPeriodStatsQueryOptions(groupId, kind, request));
}
