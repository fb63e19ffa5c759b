import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HeartbeatTestSchema, type HeartbeatTest } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { testPath, testsQueryKey } from './tests-query-key.ts';

/** POST /api/gsm/heartbeat/{id}/disable: the test, now inactive. */
export function disableTest(heartbeatId: string): Promise<HeartbeatTest> {
  return apiRequest(testPath(heartbeatId, 'disable'), {
    schema: HeartbeatTestSchema,
    method: 'POST',
  });
}

export function useDisableTest(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: testsQueryKey(groupId) }),
  });
}
