import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { HeartbeatTestListSchema, type HeartbeatTest, type TimeRange } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { windowQuery } from '../../gsm/synthetic/window-query.ts';
import { testPath, testsQueryKey } from './tests-query-key.ts';

/** GET /api/gsm/heartbeat: the tests created in the window (default last 7 days). */
export function getTests(range: TimeRange, signal?: AbortSignal): Promise<HeartbeatTest[]> {
  return apiRequest(testPath(), {
    schema: HeartbeatTestListSchema,
    query: windowQuery(range),
    signal,
  });
}

export const getTestsQueryOptions = (groupId: string, range: TimeRange) =>
  queryOptions({
    queryKey: [...testsQueryKey(groupId), 'list', range],
    queryFn: ({ signal }) => getTests(range, signal),
    placeholderData: keepPreviousData,
  });

export function useTests(groupId: string, range: TimeRange) {
  return useQuery(getTestsQueryOptions(groupId, range));
}
