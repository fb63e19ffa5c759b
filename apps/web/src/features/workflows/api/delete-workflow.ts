import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { Workflow } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { watcherPath } from './watcher-path.ts';
import { workflowsQueryKey } from './workflows-query-key.ts';

/** DELETE /api/groups/{group}/watchers/{id} or /api/watchdog/watcher/{id} (204, no body). */
export async function deleteWorkflow(
  groupId: string,
  workflow: Pick<Workflow, 'id' | 'family'>,
): Promise<void> {
  await apiRequest(watcherPath(groupId, workflow.family, workflow.id), {
    method: 'DELETE',
    schema: z.unknown(),
  });
}

export function useDeleteWorkflow(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (workflow: Pick<Workflow, 'id' | 'family'>) => deleteWorkflow(groupId, workflow),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workflowsQueryKey(groupId) }),
  });
}
