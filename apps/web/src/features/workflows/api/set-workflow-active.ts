import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WatcherSchema, type Watcher, type Workflow } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { watcherPath } from './watcher-path.ts';
import { workflowsQueryKey } from './workflows-query-key.ts';

export interface SetWorkflowActiveInput {
  workflow: Pick<Workflow, 'id' | 'family'>;
  active: boolean;
}

/** PUT …/{id}/activate or …/{id}/deactivate on a group or watchdog watcher. */
export function setWorkflowActive(
  groupId: string,
  { workflow, active }: SetWorkflowActiveInput,
): Promise<Watcher> {
  const verb = active ? 'activate' : 'deactivate';
  return apiRequest(`${watcherPath(groupId, workflow.family, workflow.id)}/${verb}`, {
    method: 'PUT',
    schema: WatcherSchema,
  });
}

export function useSetWorkflowActive(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SetWorkflowActiveInput) => setWorkflowActive(groupId, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workflowsQueryKey(groupId) }),
  });
}
