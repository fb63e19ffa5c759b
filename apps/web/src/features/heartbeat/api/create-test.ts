import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  HeartbeatTestSchema,
  type HeartbeatTest,
  type HeartbeatTestCreateInput,
} from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { jobsQueryKey } from '../../gsm/synthetic/api/job-paths.ts';
import { testPath, testsQueryKey } from './tests-query-key.ts';

/** POST /api/gsm/heartbeat (201 with the test); a Run Once test (no schedule) queues a job. */
export function createTest(input: HeartbeatTestCreateInput): Promise<HeartbeatTest> {
  return apiRequest(testPath(), { schema: HeartbeatTestSchema, method: 'POST', body: input });
}

/** Key of the create mutation, so that the dialog frame can tell a save is running. */
export const createTestMutationKey = (groupId: string) =>
  ['create-heartbeat-test', groupId] as const;

/** Creates a test (the wizard) or runs one again (Retest); both lists may change. */
export function useCreateTest(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: createTestMutationKey(groupId),
    mutationFn: createTest,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: testsQueryKey(groupId) }),
        queryClient.invalidateQueries({ queryKey: jobsQueryKey(groupId, 'heartbeat') }),
      ]),
  });
}
