import { queryOptions, useQuery } from '@tanstack/react-query';
import { SourceNumbersSchema } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { testPath, testsQueryKey } from './tests-query-key.ts';

/** GET /api/gsm/heartbeat/numbers/source: the numbers a test may call from. */
export function getSourceNumbers(signal?: AbortSignal): Promise<string[]> {
  return apiRequest(testPath('numbers', 'source'), { schema: SourceNumbersSchema, signal });
}

export const getSourceNumbersQueryOptions = (groupId: string) =>
  queryOptions({
    queryKey: [...testsQueryKey(groupId), 'source-numbers'],
    queryFn: ({ signal }) => getSourceNumbers(signal),
  });

export function useSourceNumbers(groupId: string) {
  return useQuery(getSourceNumbersQueryOptions(groupId));
}
