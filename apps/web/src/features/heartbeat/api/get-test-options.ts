import { queryOptions, useQuery } from '@tanstack/react-query';
import { HeartbeatOptionsSchema, type HeartbeatOptions } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { testPath, testsQueryKey } from './tests-query-key.ts';

/** GET /api/gsm/heartbeat/options: the 'To' numbers and the virtual agents' names. */
export function getTestOptions(signal?: AbortSignal): Promise<HeartbeatOptions> {
  return apiRequest(testPath('options'), { schema: HeartbeatOptionsSchema, signal });
}

export const getTestOptionsQueryOptions = (groupId: string) =>
  queryOptions({
    queryKey: [...testsQueryKey(groupId), 'options'],
    queryFn: ({ signal }) => getTestOptions(signal),
  });

export function useTestOptions(groupId: string) {
  return useQuery(getTestOptionsQueryOptions(groupId));
}
