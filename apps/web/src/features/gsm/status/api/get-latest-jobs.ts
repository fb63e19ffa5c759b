import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SyntheticJobListSchema, type SyntheticJob, type TimeRange } from '@callsight/shared';
import { apiRequest } from '../../../../lib/api-client.ts';
import { jobsPath, jobsQueryKey, type JobKind } from '../../synthetic/api/job-paths.ts';
import { windowQuery } from '../../synthetic/window-query.ts';

export interface LatestJobsRequest {
  range: TimeRange;
  /** Only the jobs of one connect or agent region; all when absent. */
  region: { role: 'connect' | 'agent'; name: string } | null;
  size: number;
}

/** GET /api/gsm/{monitors|heartbeat}/jobs: the newest jobs of the range (of one region). */
export function getLatestJobs(
  kind: JobKind,
  request: LatestJobsRequest,
  signal?: AbortSignal,
): Promise<SyntheticJob[]> {
  const { region } = request;
  return apiRequest(jobsPath(kind), {
    schema: SyntheticJobListSchema,
    query: {
      ...windowQuery(request.range),
      size: request.size,
      ...(region
        ? { [region.role === 'connect' ? 'connectRegions' : 'agentRegions']: region.name }
        : {}),
    },
    signal,
  });
}

export const getLatestJobsQueryOptions = (
  groupId: string,
  kind: JobKind,
  request: LatestJobsRequest,
) =>
  queryOptions({
    queryKey: [...jobsQueryKey(groupId, kind), 'latest', request],
    queryFn: ({ signal }) => getLatestJobs(kind, request, signal),
    placeholderData: keepPreviousData,
  });

export function useLatestJobs(groupId: string, kind: JobKind, request: LatestJobsRequest) {
  return useQuery(getLatestJobsQueryOptions(groupId, kind, request));
}
