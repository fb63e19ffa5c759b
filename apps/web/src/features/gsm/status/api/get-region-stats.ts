import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { RegionStatsSchema, type RegionStats, type TimeRange } from '@callsight/shared';
import { apiRequest } from '../../../../lib/api-client.ts';
import { jobsPath, jobsQueryKey, type JobKind } from '../../synthetic/api/job-paths.ts';
import { windowQuery } from '../../synthetic/window-query.ts';

/** GET /api/gsm/{monitors|heartbeat}/jobs/regions: per-region figures of the range's jobs. */
export function getRegionStats(
  kind: JobKind,
  range: TimeRange,
  signal?: AbortSignal,
): Promise<RegionStats> {
  return apiRequest(jobsPath(kind, 'regions'), {
    schema: RegionStatsSchema,
    query: windowQuery(range),
    signal,
  });
}

/** Under the kind's jobs key: a job update that invalidates the jobs refetches the map too. */
export const getRegionStatsQueryOptions = (groupId: string, kind: JobKind, range: TimeRange) =>
  queryOptions({
    queryKey: [...jobsQueryKey(groupId, kind), 'regions', range],
    queryFn: ({ signal }) => getRegionStats(kind, range, signal),
    placeholderData: keepPreviousData,
  });

export function useRegionStats(groupId: string, kind: JobKind, range: TimeRange) {
  return useQuery(getRegionStatsQueryOptions(groupId, kind, range));
}
